import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sharedRead } from './shared-reads.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('reads of one key at the same time make one request and get the same answer', async () => {
  const answer = deferred<{ eventId: number }>();
  let requests = 0;
  const load = () => {
    requests += 1;
    return answer.promise;
  };
  const first = sharedRead('event/1', load);
  const second = sharedRead('event/1', load);
  answer.resolve({ eventId: 1 });
  assert.equal(await first, { eventId: 1 });
  assert.is(await second, await first);
  assert.is(requests, 1);
});

test('nothing is kept: a read after the answer asks again; another key is its own request', async () => {
  let requests = 0;
  const load = async () => {
    requests += 1;
    return requests;
  };
  assert.is(await sharedRead('event/2', load), 1);
  assert.is(await sharedRead('event/2', load), 2);
  assert.is(await sharedRead('event/3', load), 3);
});

test('a read started in a later task asks again, even while the first is still out', async () => {
  const before = deferred<string>();
  let requests = 0;
  const first = sharedRead('event/7', () => {
    requests += 1;
    return before.promise;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  // A save happened meanwhile: its reload must not take the answer begun before it.
  const after = sharedRead('event/7', async () => {
    requests += 1;
    return 'after the save';
  });
  before.resolve('before the save');
  assert.is(await after, 'after the save');
  assert.is(await first, 'before the save');
  assert.is(requests, 2);
});

test("a navigation's read stays joinable, answered or not, until its page has taken it over", async () => {
  let requests = 0;
  const load = async () => {
    requests += 1;
    return requests;
  };
  const taken = deferred<void>();
  assert.is(await sharedRead('event/8', load, undefined, taken.promise), 1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  // The page's toolbar mounts after the answer is in: it takes the same answer.
  assert.is(await sharedRead('event/8', load), 1);
  taken.resolve();
  await taken.promise;
  assert.is(await sharedRead('event/8', load), 2, 'once taken over, a read asks again');
  assert.is(requests, 2);
});

test("one caller's abort ends its wait only; the other still gets the answer", async () => {
  const answer = deferred<string>();
  const controller = new AbortController();
  const aborted = sharedRead('event/4', () => answer.promise, controller.signal);
  const kept = sharedRead('event/4', () => answer.promise);
  controller.abort();
  const error = await aborted.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  assert.instance(error, DOMException);
  assert.is((error as DOMException).name, 'AbortError');
  answer.resolve('detail');
  assert.is(await kept, 'detail');
});

test('a failure reaches every caller, and the next read asks again', async () => {
  const answer = deferred<string>();
  const first = sharedRead('event/5', () => answer.promise);
  const second = sharedRead('event/5', () => answer.promise);
  answer.reject(new Error('offline'));
  for (const read of [first, second]) {
    const error = await read.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    assert.is((error as Error).message, 'offline');
  }
  assert.is(await sharedRead('event/5', async () => 'again'), 'again');
});

test('a signal already aborted never starts a request', async () => {
  const controller = new AbortController();
  controller.abort();
  let requests = 0;
  const read = sharedRead(
    'event/6',
    async () => {
      requests += 1;
      return 'x';
    },
    controller.signal,
  );
  await read.then(
    () => assert.unreachable('an aborted read answered'),
    (error: unknown) => assert.is((error as DOMException).name, 'AbortError'),
  );
  assert.is(requests, 0);
});

test.run();
