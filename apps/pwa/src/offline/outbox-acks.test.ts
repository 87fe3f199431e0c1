import 'fake-indexeddb/auto';
import type { MutationResult } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, OutboxStatus, cellKey, createDeviceDb, type DeviceDb } from './device-db.ts';
import {
  applyAnsweredBatches,
  applyPushResults,
  discardRejected,
  isWholeBatchAnswered,
  lastSeqOf,
  listPendingBatch,
  noteFailedAttempt,
  retryRejected,
} from './outbox-acks.ts';
import { countOutbox } from './outbox-counts.ts';
import { saveCell, type CellInput } from './outbox.ts';
import { testCell } from '../test-support/cells.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const JUDGE = 5;
const OTHER_JUDGE = 6;
let dbCounter = 0;

function freshDb(): DeviceDb {
  dbCounter += 1;
  return createDeviceDb(`outbox-acks-test-${dbCounter}`);
}

function subsectionCell(itemId: number, value: number, judgeId = JUDGE): CellInput {
  return testCell({ kind: CellKind.Subsection, judgeId, itemId, value });
}

const applied = (id: string, rev = 1): MutationResult => ({ id, status: 'applied', rev });

test('acked applied and duplicate rows leave the outbox; the cell is settled with the server rev', async () => {
  const db = freshDb();
  const a = await saveCell(db, subsectionCell(10, 7.5), 'a', NOW);
  const b = await saveCell(db, subsectionCell(11, 3), 'b', NOW);
  const outcome = await applyPushResults(db, [a, b], [applied(a.id, 4), { id: b.id, status: 'duplicate' }]);
  assert.is(outcome.acked, 2);
  assert.is(await db.outbox.count(), 0);
  const cell = await db.cells.get(cellKey(subsectionCell(10, 7.5)));
  assert.is(cell?.pending, 0);
  assert.is(cell?.rev, 4);
});

test('the answers of several pushes are stored in the order sent, in one transaction: the last acked revision of a cell wins', async () => {
  const db = freshDb();
  const first = await saveCell(db, subsectionCell(10, 7.5), 'first', NOW);
  const other = await saveCell(db, subsectionCell(11, 3), 'other', NOW);
  const second = await saveCell(db, subsectionCell(10, 8), 'second', NOW);
  const outcome = await applyAnsweredBatches(db, [
    { sent: [first, other], results: [applied(first.id, 4), applied(other.id, 1)] },
    { sent: [second], results: [applied(second.id, 5)] },
  ]);
  assert.is(outcome.acked, 3);
  assert.is(await db.outbox.count(), 0);
  const cell = await db.cells.get(cellKey(subsectionCell(10, 8)));
  assert.is(cell?.rev, 5);
  assert.is(cell?.pending, 0);
});

test('a cell stays pending while a later edit of it waits', async () => {
  const db = freshDb();
  const a = await saveCell(db, subsectionCell(10, 7.5), 'a', NOW);
  await saveCell(db, subsectionCell(10, 8), 'b', NOW);
  await applyPushResults(db, [a], [applied(a.id)]);
  const cell = await db.cells.get(cellKey(subsectionCell(10, 8)));
  assert.is(cell?.pending, 1);
  assert.is(cell?.value, 8);
});

test('one store settles every cell it touched: each by its own queue, with its own revision', async () => {
  const db = freshDb();
  const done = await saveCell(db, subsectionCell(10, 7.5), 'done', NOW);
  const earlier = await saveCell(db, subsectionCell(11, 3), 'earlier', NOW);
  const noRevision = await saveCell(db, subsectionCell(12, 4), 'no revision', NOW);
  const refused = await saveCell(db, subsectionCell(13, 5), 'refused', NOW);
  await saveCell(db, subsectionCell(11, 4), 'later, not sent', NOW);
  await applyAnsweredBatches(db, [
    {
      sent: [done, earlier, noRevision, refused],
      results: [
        applied(done.id, 6),
        applied(earlier.id, 2),
        { id: noRevision.id, status: 'duplicate' },
        { id: refused.id, status: 'rejected', code: 'invalid_value', message: 'Out of range' },
      ],
    },
  ]);
  const cellOf = async (itemId: number) => {
    const cell = await db.cells.get(cellKey(subsectionCell(itemId, 0)));
    return { pending: cell?.pending, rev: cell?.rev, value: cell?.value };
  };
  assert.equal(await cellOf(10), { pending: 0, rev: 6, value: 7.5 });
  // Its later edit still waits: pending, with the revision of the edit acked.
  assert.equal(await cellOf(11), { pending: 1, rev: 2, value: 4 });
  // A duplicate answered without a revision keeps the one the cell had.
  assert.equal(await cellOf(12), { pending: 0, rev: 0, value: 4 });
  // A refused edit stays in "needs attention": its cell stays pending.
  assert.equal(await cellOf(13), { pending: 1, rev: 0, value: 5 });
});

test('a cell with a refused edit stays waiting after a later edit of it is acked, in a later store', async () => {
  const db = freshDb();
  const refused = await saveCell(db, subsectionCell(10, 7.5), 'refused', NOW);
  const later = await saveCell(db, subsectionCell(10, 8), 'later', NOW);
  await applyPushResults(db, [refused], [{ id: refused.id, status: 'rejected', code: 'invalid_value', message: 'No' }]);
  await applyPushResults(db, [later], [applied(later.id, 3)]);
  const cell = await db.cells.get(cellKey(subsectionCell(10, 8)));
  assert.equal({ pending: cell?.pending, rev: cell?.rev }, { pending: 1, rev: 3 });
});

test('a rejected row is kept as rejected with its reason; the rest of the batch is applied', async () => {
  const db = freshDb();
  const poison = await saveCell(db, subsectionCell(10, 7.5), 'poison', NOW);
  const fine = await saveCell(db, subsectionCell(11, 3), 'fine', NOW);
  const outcome = await applyPushResults(
    db,
    [poison, fine],
    [
      { id: poison.id, status: 'rejected', code: 'category_submitted', message: 'You submitted this category' },
      applied(fine.id),
    ],
  );
  assert.equal([outcome.acked, outcome.rejected], [1, 1]);
  const kept = await db.outbox.get(poison.seq ?? -1);
  assert.is(kept?.status, OutboxStatus.Rejected);
  assert.is(kept?.rejectionCode, 'category_submitted');
  assert.is(kept?.lastError, 'You submitted this category');
  // The judge's value stays on the device.
  assert.is((await db.cells.get(cellKey(subsectionCell(10, 7.5))))?.value, 7.5);
  assert.equal(await countOutbox(db, JUDGE), { pending: 0, rejected: 1 });
  assert.is((await listPendingBatch(db, JUDGE, 50)).length, 0);
});

test('a transient answer (photo_missing) stops the batch: that row and the ones after stay pending', async () => {
  const db = freshDb();
  const a = await saveCell(db, subsectionCell(10, 7.5), 'a', NOW);
  const b = await saveCell(db, subsectionCell(11, 3), 'b', NOW);
  const c = await saveCell(db, subsectionCell(12, 2), 'c', NOW);
  const outcome = await applyPushResults(
    db,
    [a, b, c],
    [applied(a.id), { id: b.id, status: 'rejected', code: 'photo_missing', message: 'upload it' }],
  );
  assert.is(outcome.transient?.id, b.id);
  const pending = await listPendingBatch(db, JUDGE, 50);
  assert.equal(
    pending.map((row) => row.label),
    ['b', 'c'],
  );
  assert.is(pending[0]?.attempts, 1);
});

test('a failed attempt (network, 5xx, captive portal) keeps every row pending and notes the error', async () => {
  const db = freshDb();
  const a = await saveCell(db, subsectionCell(10, 7.5), 'a', NOW);
  await noteFailedAttempt(db, [a], 'The server answered with something other than JSON.');
  const [row] = await listPendingBatch(db, JUDGE, 50);
  assert.is(row?.id, a.id);
  assert.is(row?.attempts, 1);
  assert.is(row?.lastError, 'The server answered with something other than JSON.');
});

test("each judge's queue is their own: another judge's rows are neither listed nor counted", async () => {
  const db = freshDb();
  await saveCell(db, subsectionCell(10, 7.5, JUDGE), 'mine', NOW);
  await saveCell(db, subsectionCell(10, 6, OTHER_JUDGE), 'theirs', NOW);
  assert.equal(
    (await listPendingBatch(db, OTHER_JUDGE, 50)).map((row) => row.label),
    ['theirs'],
  );
  assert.equal(await countOutbox(db, JUDGE), { pending: 1, rejected: 0 });
  assert.equal(await countOutbox(db, 99), { pending: 0, rejected: 0 });
});

test('the counts of a shared tablet: waiting and refused rows of this judge only, whoever else has rows queued', async () => {
  const db = freshDb();
  for (const judgeId of [JUDGE - 1, JUDGE, JUDGE + 1, JUDGE, 1000]) {
    await saveCell(db, subsectionCell(300 + judgeId, 2, judgeId), `judge ${judgeId}`, NOW);
  }
  const refused = await saveCell(db, subsectionCell(400, 2), 'refused', NOW);
  await applyPushResults(db, [refused], [{ id: refused.id, status: 'rejected', code: 'invalid_value' }]);
  const theirRefused = await saveCell(db, subsectionCell(401, 2, JUDGE + 1), 'theirs refused', NOW);
  await applyPushResults(db, [theirRefused], [{ id: theirRefused.id, status: 'rejected', code: 'invalid_value' }]);
  assert.equal(await countOutbox(db, JUDGE), { pending: 2, rejected: 1 });
  assert.equal(await countOutbox(db, JUDGE + 1), { pending: 1, rejected: 1 });
  assert.equal(await countOutbox(db, JUDGE - 1), { pending: 1, rejected: 0 });
  assert.equal(await countOutbox(db, 1000), { pending: 1, rejected: 0 });
  assert.equal(await countOutbox(db, 7), { pending: 0, rejected: 0 });
});

test('batches are at most the limit, in seq order', async () => {
  const db = freshDb();
  for (let index = 0; index < 7; index += 1) await saveCell(db, subsectionCell(100 + index, 2), `#${index}`, NOW);
  const batch = await listPendingBatch(db, JUDGE, 5);
  assert.equal(
    batch.map((row) => row.label),
    ['#0', '#1', '#2', '#3', '#4'],
  );
});

test('the batch behind one in flight: pending rows after its last seq only, this judge only, in seq order', async () => {
  const db = freshDb();
  for (let index = 0; index < 4; index += 1) await saveCell(db, subsectionCell(100 + index, 2), `#${index}`, NOW);
  await saveCell(db, subsectionCell(100, 3, OTHER_JUDGE), 'theirs', NOW);
  const refused = await saveCell(db, subsectionCell(104, 2), 'refused', NOW);
  await applyPushResults(db, [refused], [{ id: refused.id, status: 'rejected', code: 'invalid_value' }]);
  await saveCell(db, subsectionCell(105, 2), '#5', NOW);
  const inFlight = await listPendingBatch(db, JUDGE, 2);
  assert.equal(
    inFlight.map((row) => row.label),
    ['#0', '#1'],
  );
  const behind = await listPendingBatch(db, JUDGE, 50, lastSeqOf(inFlight));
  assert.equal(
    behind.map((row) => row.label),
    ['#2', '#3', '#5'],
  );
  assert.equal(await listPendingBatch(db, JUDGE, 50, lastSeqOf(behind)), []);
});

test('the batch behind, read by seq or (others mixed in) by the index: the same rows as a plain filter', async () => {
  const db = freshDb();
  // A shared tablet: two judges' edits interleaved, some of this judge's refused.
  const pattern = ['mine', 'mine', 'theirs', 'mine', 'refused', 'mine', 'mine', 'mine', 'theirs', 'theirs', 'mine'];
  for (const [index, kind] of pattern.entries()) {
    const row = await saveCell(
      db,
      subsectionCell(200 + index, 2, kind === 'theirs' ? OTHER_JUDGE : JUDGE),
      `#${index}`,
      NOW,
    );
    if (kind === 'refused') {
      await applyPushResults(db, [row], [{ id: row.id, status: 'rejected', code: 'invalid_value' }]);
    }
  }
  const all = await db.outbox.orderBy(':id').toArray();
  for (const afterSeq of [0, ...all.map((row) => row.seq ?? 0)]) {
    for (const limit of [1, 2, 3, 5, 50]) {
      const expected = all
        .filter((row) => (row.seq ?? 0) > afterSeq && row.judgeId === JUDGE && row.status === OutboxStatus.Pending)
        .slice(0, limit)
        .map((row) => row.label);
      assert.equal(
        (await listPendingBatch(db, JUDGE, limit, afterSeq)).map((row) => row.label),
        expected,
        `after seq ${afterSeq}, at most ${limit}`,
      );
    }
  }
});

test('acked rows leave whether or not their seqs are consecutive; refused ones stay, marked', async () => {
  const db = freshDb();
  const rows = [];
  for (let index = 0; index < 6; index += 1)
    rows.push(await saveCell(db, subsectionCell(100 + index, 2), `#${index}`, NOW));
  await saveCell(db, subsectionCell(100, 3, OTHER_JUDGE), 'theirs', NOW);
  const later = await saveCell(db, subsectionCell(110, 2), 'later', NOW);
  // A run of seqs: removed as one range, and nothing outside it.
  await applyPushResults(
    db,
    rows.slice(0, 3),
    rows.slice(0, 3).map((row) => applied(row.id)),
  );
  // Gaps between seqs (one refused row in the middle, another judge's row before the last).
  const [d, e, f] = rows.slice(3);
  if (!d || !e || !f) throw new Error('seeded rows missing');
  await applyPushResults(
    db,
    [d, e, f, later],
    [applied(d.id), { id: e.id, status: 'rejected', code: 'invalid_value' }, applied(f.id), applied(later.id)],
  );
  assert.equal(
    (await db.outbox.toArray()).map((row) => [row.label, row.status]),
    [
      ['#4', 'rejected'],
      ['theirs', 'pending'],
    ],
  );
});

test('a push answered in full may be followed at once; a short or transient answer may not', () => {
  const row = (id: string) => ({ id }) as Parameters<typeof isWholeBatchAnswered>[0][number];
  assert.ok(
    isWholeBatchAnswered([row('a'), row('b')], [applied('a'), { id: 'b', status: 'rejected', code: 'invalid_value' }]),
  );
  assert.not.ok(isWholeBatchAnswered([row('a'), row('b')], [applied('a')]));
  assert.not.ok(
    isWholeBatchAnswered([row('a'), row('b')], [applied('a'), { id: 'b', status: 'rejected', code: 'photo_missing' }]),
  );
});

test('retry sends a rejected edit again under a new id; discard drops it and asks for a fresh download', async () => {
  const db = freshDb();
  const row = await saveCell(db, subsectionCell(10, 7.5), 'edit', NOW);
  await applyPushResults(
    db,
    [row],
    [{ id: row.id, status: 'rejected', code: 'category_submitted', message: 'locked' }],
  );
  await retryRejected(db, JUDGE, row.seq ?? -1, NOW);
  const [retried] = await listPendingBatch(db, JUDGE, 50);
  assert.ok(retried && retried.id !== row.id);
  assert.equal(retried?.data, row.data);

  await applyPushResults(
    db,
    [retried!],
    [{ id: retried!.id, status: 'rejected', code: 'event_closed', message: 'closed' }],
  );
  await db.eventData.put({
    judgeId: JUDGE,
    eventId: 1,
    event: {
      eventId: 1,
      eventName: 'E',
      eventStartDate: '2026-03-01',
      eventStartTime: null,
      eventEndDate: '2026-03-01',
      eventStatus: 'CLOSED',
      isTestEvent: false,
    },
    judge: { judgeId: JUDGE, judgeFirstName: 'M', judgeLastName: 'S' },
    categories: [],
    version: 1,
    cursor: 1,
    protocolVersion: 1,
    downloadedAt: NOW,
    refreshedAt: NOW,
    needsRefresh: false,
  });
  // Another judge cannot discard it.
  await discardRejected(db, OTHER_JUDGE, retried!.seq ?? -1);
  assert.is(await db.outbox.count(), 1);
  await discardRejected(db, JUDGE, retried!.seq ?? -1);
  assert.is(await db.outbox.count(), 0);
  assert.is(await db.cells.count(), 0);
  assert.is((await db.eventData.get([JUDGE, 1]))?.needsRefresh, true);
});

test.run();
