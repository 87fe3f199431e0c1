// The outbox counts kept beside the queue (device-db.ts version 5) against the rows themselves:
// fast-check runs random sequences of every write the device makes to the outbox, on two judges
// sharing a tablet, some saves from a second tab (whose writes leave the first tab's last known
// counts stale), and after each step the kept counts must equal a count of the rows, and
// each cell must show an edit waiting exactly while a row of it is queued.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { RejectionCode, type MutationResult } from '@judging/shared-types';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, OutboxStatus, cellKey, createDeviceDb, type DeviceDb, type OutboxRow } from './device-db.ts';
import {
  applyAnsweredBatches,
  discardRejected,
  listPendingBatch,
  noteFailedAttempt,
  refusePhotoEdits,
  retryRejected,
} from './outbox-acks.ts';
import { countOutbox, followOutboxCounts, recountOutbox } from './outbox-counts.ts';
import { enqueueCategorySubmit, removeCell, saveCell, type CellInput } from './outbox.ts';
import { testCell } from '../test-support/cells.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const JUDGES = [5, 6] as const;
const PHOTO = 'a'.repeat(64);
let dbCounter = 0;

type Answer = 'applied' | 'duplicate' | 'rejected' | 'transient' | 'none';
type Step =
  | { type: 'score'; judge: number; item: number; withPhoto: boolean; otherTab: boolean }
  | { type: 'penalty'; judge: number; item: number }
  | { type: 'removePenalty'; judge: number; item: number }
  | { type: 'submit'; judge: number }
  | {
      type: 'answer';
      judge: number;
      answers: Answer[];
      splitAt: number;
      behind: number;
      /** A second tab's runner stores the same answers too (browsers without Web Locks). */
      twice: boolean;
    }
  | { type: 'fail'; judge: number; size: number }
  | { type: 'refusePhoto'; judge: number }
  | { type: 'retry'; judge: number; pick: number; withoutPhoto: boolean }
  | { type: 'discard'; judge: number; pick: number };

const judge = fc.constantFrom(...JUDGES);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('score' as const),
      judge,
      item: fc.integer({ min: 1, max: 3 }),
      withPhoto: fc.boolean(),
      otherTab: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('penalty' as const), judge, item: fc.integer({ min: 1, max: 2 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('removePenalty' as const), judge, item: fc.integer({ min: 1, max: 2 }) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('submit' as const), judge }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('answer' as const),
      judge,
      answers: fc.array(fc.constantFrom<Answer>('applied', 'applied', 'duplicate', 'rejected', 'transient', 'none'), {
        minLength: 1,
        maxLength: 6,
      }),
      splitAt: fc.nat(6),
      behind: fc.nat(3),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('fail' as const), judge, size: fc.integer({ min: 1, max: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('refusePhoto' as const), judge }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('retry' as const), judge, pick: fc.nat(5), withoutPhoto: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('discard' as const), judge, pick: fc.nat(5) }) },
);

function cellOf(kind: CellKind, judgeId: number, itemId: number, value: number, withPhoto = false): CellInput {
  return testCell({ kind, judgeId, itemId, value, photoSha256: withPhoto ? PHOTO : null });
}

function resultOf(row: OutboxRow, answer: Answer): MutationResult | undefined {
  switch (answer) {
    case 'applied':
      return { id: row.id, status: 'applied', rev: (row.seq ?? 0) + 1 };
    case 'duplicate':
      return { id: row.id, status: 'duplicate' };
    case 'rejected':
      return { id: row.id, status: 'rejected', code: RejectionCode.InvalidValue, message: 'Refused' };
    case 'transient':
      return { id: row.id, status: 'rejected', code: RejectionCode.PhotoMissing, message: 'Photo missing' };
    case 'none':
      return undefined;
  }
}

async function rejectedRows(db: DeviceDb, judgeId: number): Promise<OutboxRow[]> {
  return (await db.outbox.toArray()).filter((row) => row.judgeId === judgeId && row.status === OutboxStatus.Rejected);
}

/** The device's database as two tabs hold it: each keeps its own last known counts. */
interface Tabs {
  db: DeviceDb;
  otherTab: DeviceDb;
}

async function run({ db, otherTab }: Tabs, step: Step): Promise<void> {
  switch (step.type) {
    case 'score': {
      const cell = cellOf(CellKind.Subsection, step.judge, step.item, 5, step.withPhoto);
      await saveCell(step.otherTab ? otherTab : db, cell, 'score', NOW);
      return;
    }
    case 'penalty':
      await saveCell(db, cellOf(CellKind.Penalty, step.judge, step.item, 1), 'penalty', NOW);
      return;
    case 'removePenalty': {
      const key = cellKey(cellOf(CellKind.Penalty, step.judge, step.item, 1));
      if (await db.cells.get(key)) await removeCell(db, key, 'remove', NOW);
      return;
    }
    case 'submit':
      await enqueueCategorySubmit(db, { judgeId: step.judge, eventId: 1, categoryId: 2, label: 'submit', now: NOW });
      return;
    case 'answer': {
      // As the runner stores answers: the pushes in the order sent, some of the rows behind
      // them named (those it has sent or read ahead).
      const pending = await listPendingBatch(db, step.judge, step.answers.length + step.behind);
      const sent = pending.slice(0, step.answers.length);
      const results = sent.flatMap((row, index) => {
        const result = resultOf(row, step.answers[index] ?? 'none');
        return result ? [result] : [];
      });
      const splitAt = Math.min(step.splitAt, sent.length);
      const answered = [
        { sent: sent.slice(0, splitAt), results },
        { sent: sent.slice(splitAt), results },
      ].filter((batch) => batch.sent.length > 0);
      await applyAnsweredBatches(db, answered, pending.slice(sent.length));
      if (step.twice) await applyAnsweredBatches(otherTab, answered, pending.slice(sent.length));
      return;
    }
    case 'fail':
      await noteFailedAttempt(db, await listPendingBatch(db, step.judge, step.size), 'No connection');
      return;
    case 'refusePhoto':
      await refusePhotoEdits(db, step.judge, PHOTO, 'Too large.', NOW);
      return;
    case 'retry': {
      const rejected = await rejectedRows(db, step.judge);
      const row = rejected[step.pick % Math.max(1, rejected.length)];
      if (row?.seq !== undefined)
        await retryRejected(db, step.judge, row.seq, NOW, { withoutPhoto: step.withoutPhoto });
      return;
    }
    case 'discard': {
      const rejected = await rejectedRows(db, step.judge);
      const row = rejected[step.pick % Math.max(1, rejected.length)];
      if (row?.seq !== undefined) await discardRejected(db, step.judge, row.seq);
      return;
    }
  }
}

async function assertCountsMatchRows(db: DeviceDb, after: Step): Promise<void> {
  const rows = await db.outbox.toArray();
  for (const judgeId of JUDGES) {
    const mine = rows.filter((row) => row.judgeId === judgeId);
    assert.equal(
      await countOutbox(db, judgeId),
      {
        pending: mine.filter((row) => row.status === OutboxStatus.Pending).length,
        rejected: mine.filter((row) => row.status === OutboxStatus.Rejected).length,
      },
      `judge ${judgeId}'s counts after ${JSON.stringify(after)}`,
    );
  }
  const queuedCells = new Set(rows.map((row) => row.cellKey));
  for (const cell of await db.cells.toArray()) {
    assert.is(cell.pending, queuedCells.has(cell.key) ? 1 : 0, `cell ${cell.key} after ${JSON.stringify(after)}`);
  }
}

test('the kept counts equal the rows, and cells show an edit waiting exactly while one is queued, whatever the writes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 40 }), async (steps) => {
      dbCounter += 1;
      const db = createDeviceDb(`outbox-counts-${dbCounter}`);
      const otherTab = createDeviceDb(`outbox-counts-${dbCounter}`);
      try {
        for (const step of steps) {
          await run({ db, otherTab }, step);
          await assertCountsMatchRows(db, step);
        }
      } finally {
        db.close();
        otherTab.close();
      }
    }),
    { numRuns: 300 },
  );
});

test('a recount puts drifted counts right from the rows, and leaves right ones alone', async () => {
  const db = createDeviceDb(`outbox-counts-${++dbCounter}`);
  try {
    // Judge 5: two edits waiting and one refused; judge 6: one waiting, then sent.
    await run({ db, otherTab: db }, { type: 'score', judge: 5, item: 1, withPhoto: false, otherTab: false });
    await run({ db, otherTab: db }, { type: 'score', judge: 5, item: 2, withPhoto: false, otherTab: false });
    await run({ db, otherTab: db }, { type: 'score', judge: 5, item: 3, withPhoto: false, otherTab: false });
    await run(
      { db, otherTab: db },
      { type: 'answer', judge: 5, answers: ['rejected'], splitAt: 1, behind: 0, twice: false },
    );
    await run({ db, otherTab: db }, { type: 'score', judge: 6, item: 1, withPhoto: false, otherTab: false });
    await run(
      { db, otherTab: db },
      { type: 'answer', judge: 6, answers: ['applied'], splitAt: 1, behind: 0, twice: false },
    );
    assert.equal(await recountOutbox(db), [], 'kept counts in step need no fix');

    // Drifted, as a bug or an interrupted upgrade could leave them.
    await db.outboxCounts.bulkPut([
      { judgeId: 5, pending: 7, rejected: 0 },
      { judgeId: 6, pending: 1, rejected: 2 },
    ]);
    assert.equal(await recountOutbox(db), [5, 6]);
    assert.equal(await countOutbox(db, 5), { pending: 2, rejected: 1 });
    assert.equal(await countOutbox(db, 6), { pending: 0, rejected: 0 });
  } finally {
    db.close();
  }
});

test('followed counts never stand stale: a failed read makes them unknown, and the next read brings them back', async () => {
  const db = createDeviceDb(`follow-counts-${Math.random()}`);
  const readings: ({ pending: number; rejected: number } | undefined)[] = [];
  const waitForReadings = async (count: number) => {
    for (let tries = 0; readings.length < count && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.ok(readings.length >= count, `waited for ${count} readings, saw ${JSON.stringify(readings)}`);
  };
  const table = db.outboxCounts as unknown as { get: (key: number) => Promise<unknown> };
  const get = table.get.bind(table);
  let failReads = false;
  // Only the follower's reads fail (the save reads the counts too, inside its own write).
  table.get = (key) =>
    failReads && Dexie.currentTransaction?.mode !== 'readwrite'
      ? Promise.reject(new DOMException('The database connection is closing.', 'InvalidStateError'))
      : get(key);
  const stop = followOutboxCounts(db, 5, (counts) => readings.push(counts), 20);
  try {
    await waitForReadings(1);
    assert.equal(readings.at(-1), { pending: 0, rejected: 0 });

    failReads = true;
    await saveCell(
      db,
      testCell({ kind: CellKind.Subsection, judgeId: 5, itemId: 1, value: 8.25 }),
      'Taste',
      new Date().toISOString(),
    );
    await waitForReadings(2);
    assert.is(readings[1], undefined, 'unknown, not the stale zero');

    failReads = false;
    await waitForReadings(3);
    assert.equal(readings.at(-1), { pending: 1, rejected: 0 });
  } finally {
    stop();
    db.close();
  }
});

test.run();
