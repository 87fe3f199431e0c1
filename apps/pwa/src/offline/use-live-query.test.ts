import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { showAtMostEvery } from './use-live-query.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('without an interval every value is shown at once', () => {
  const shown: number[] = [];
  const sink = showAtMostEvery(0, (value: number) => shown.push(value));
  for (const value of [1, 2, 3]) sink.offer(value);
  assert.equal(shown, [1, 2, 3]);
});

test('with an interval: the first at once, then only the latest of a burst, at the end of the interval', async () => {
  const shown: number[] = [];
  const sink = showAtMostEvery(40, (value: number) => shown.push(value));
  sink.offer(1);
  sink.offer(2);
  sink.offer(3);
  assert.equal(shown, [1], 'a burst waits');
  await wait(70);
  assert.equal(shown, [1, 3], 'the latest arrives; nothing offered is lost at the end');
  await wait(60);
  sink.offer(4);
  assert.equal(shown, [1, 3, 4], 'after a quiet interval a value shows at once');
});

test('cancel drops a value still waiting (the screen is gone)', async () => {
  const shown: number[] = [];
  const sink = showAtMostEvery(30, (value: number) => shown.push(value));
  sink.offer(1);
  sink.offer(2);
  sink.cancel();
  await wait(50);
  assert.equal(shown, [1]);
});

test.run();
