import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, createDeviceDb } from './device-db.ts';
import { countOutbox, saveCell } from './outbox.ts';
import { rereadAtMostEvery, showAtMostEvery } from './use-live-query.ts';

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

test('a throttled query reads at once, then once after a burst of writes, and ends on the latest count', async () => {
  const db = createDeviceDb('throttled-read');
  const shown: number[] = [];
  let reads = 0;
  const stop = rereadAtMostEvery(
    100,
    async () => {
      reads += 1;
      return (await countOutbox(db, 5)).pending;
    },
    (pending) => shown.push(pending),
  );
  await wait(20);
  for (let index = 0; index < 5; index += 1) {
    await saveCell(
      db,
      {
        kind: CellKind.Subsection,
        judgeId: 5,
        eventId: 1,
        categoryId: 2,
        sectionId: 3,
        schoolId: 4,
        itemId: index + 1,
        value: 5,
        comments: null,
        photoSha256: null,
      },
      `#${index}`,
      '2026-03-01T12:00:00.000Z',
    );
  }
  await wait(250);
  stop();
  assert.is(shown[0], 0, 'the first read shows at once');
  assert.is(shown.at(-1), 5, 'the last read has every write');
  assert.ok(reads <= 4, `five writes in a burst are read ${reads} times, not once each`);
});

test.run();
