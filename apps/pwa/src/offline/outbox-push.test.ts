import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from '../api/api-error.ts';
import type { DeviceDb } from './device-db.ts';
import { countOutbox } from './outbox-counts.ts';
import { MAX_UNSTORED_BATCHES, pushOutbox } from './outbox-push.ts';
import type { SyncApi } from './sync-api.ts';
import { NOW, applyAll, fakeApi, newDeviceDb, seed } from '../test-support/sync-fakes.ts';

/** `pushOutbox` alone: the device store, a fake server, no runner around it. */
function pushAll(db: DeviceDb, api: Pick<SyncApi, 'push'>, now = () => new Date(NOW)) {
  const heard: number[] = [];
  const uploads: number[] = [];
  return {
    heard,
    uploads,
    run: () =>
      pushOutbox(
        { db, api, now, onHeard: () => heard.push(1), uploadPhotos: async (judgeId) => void uploads.push(judgeId) },
        5,
        'device-1',
      ),
  };
}

test('a long queue: one push out at a time; every row once and in seq order, edits saved meanwhile sent too', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 240);
  await seed(db, 6, 3);
  let out = 0;
  let mostOut = 0;
  let savedDuringDrain = false;
  const server = fakeApi(async (mutations) => {
    out += 1;
    mostOut = Math.max(mostOut, out);
    if (!savedDuringDrain) {
      savedDuringDrain = true;
      await seed(db, 5, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
    out -= 1;
    return applyAll(mutations);
  });
  const push = pushAll(db, server.api);
  await push.run();
  const sent = server.pushed.flat().map((mutation) => mutation.seq);
  assert.is(mostOut, 1, 'one push out at once');
  assert.is(sent.length, 241, 'the 240 queued rows and the one saved during the drain; no other judge’s');
  assert.equal(
    sent,
    [...sent].sort((a, b) => a - b),
    'in seq order',
  );
  assert.is(new Set(sent).size, sent.length, 'no row sent twice');
  assert.ok(server.pushed.every((batch) => batch.length <= 50));
  assert.is(push.heard.length, server.pushed.length, 'every answer told as heard');
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  assert.equal(await countOutbox(db, 6), { pending: 3, rejected: 0 });
});

test('a failed push notes the error on its rows, keeps them pending and stores the answers received before it', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 120);
  const server = fakeApi(async (mutations) => {
    if (server.pushed.length === 3) throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
    return applyAll(mutations);
  });
  const push = pushAll(db, server.api);
  await push.run().then(
    () => assert.unreachable('the failure is thrown to the runner'),
    (error: unknown) => assert.instance(error, ApiError),
  );
  assert.equal(await countOutbox(db, 5), { pending: 20, rejected: 0 }, 'the first two pushes’ answers stored');
  const left = await db.outbox.toArray();
  assert.ok(left.every((row) => row.attempts === 1 && row.lastError === 'No connection to the server.'));
});

test('a long queue stores its answers every quarter second or 20 pushes while it drains, and all of them before it ends', async () => {
  const drain = async (rows: number, msPerPush: number) => {
    const db = newDeviceDb();
    await seed(db, 5, rows);
    let clock = Date.parse(NOW);
    const queuedAtEachPush: number[] = [];
    const server = fakeApi(async (mutations) => {
      queuedAtEachPush.push(await db.outbox.count());
      clock += msPerPush;
      return applyAll(mutations);
    });
    await pushAll(db, server.api, () => new Date(clock)).run();
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 }, 'every answer stored before the run ends');
    return queuedAtEachPush;
  };
  // A fast server: 8 pushes within a quarter second; the answers wait (still queued) until the end.
  assert.equal(await drain(400, 10), Array(8).fill(400));
  // 100 ms a push: stored every third answer or so, as the queue drains.
  const slow = await drain(400, 100);
  assert.is(slow[0], 400);
  assert.ok(
    slow.at(-1)! < 400 && slow.at(-1)! > 50,
    `answers stored while draining, a few pushes behind: ${slow.join()}`,
  );
  // However fast the server, never more than 20 answered pushes (1,000 rows) wait for their
  // answers to be stored: the next push after them finds the first 20 stored.
  const fast = await drain(1250, 0);
  const unstoredAtMost = MAX_UNSTORED_BATCHES;
  assert.ok(
    fast.slice(0, unstoredAtMost).every((queued) => queued === 1250) &&
      fast.slice(unstoredAtMost).every((queued) => queued <= 250),
    fast.join(),
  );
});

test.run();
