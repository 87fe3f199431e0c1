import 'fake-indexeddb/auto';
import { MutationKind, ReopenReason, type SyncChange } from '@judging/shared-types';
import Dexie from 'dexie';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, OutboxStatus, cellKey, createDeviceDb, type DeviceDb } from './device-db.ts';
import { applyPulledChanges, storeReferenceData } from './device-store.ts';
import { listPendingBatch } from './outbox-acks.ts';
import { countOutbox } from './outbox-counts.ts';
import {
  enqueueCategorySubmit,
  removeCell,
  saveCell,
  saveCellAndRow,
  type CellInput,
  type SavedCell,
} from './outbox.ts';
import { testCell } from '../test-support/cells.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const JUDGE = 5;
const OTHER_JUDGE = 6;
let dbCounter = 0;

function freshDb(): DeviceDb {
  dbCounter += 1;
  return createDeviceDb(`outbox-test-${dbCounter}`);
}

function subsectionCell(itemId: number, value: number, judgeId = JUDGE): CellInput {
  return testCell({ kind: CellKind.Subsection, judgeId, itemId, value });
}

test('a save writes the cell and its outbox row together, in seq order, as pending', async () => {
  const db = freshDb();
  const first = await saveCell(db, subsectionCell(10, 7.5), 'first', NOW);
  const second = await saveCell(db, subsectionCell(11, 3), 'second', NOW);
  assert.ok((first.seq ?? 0) < (second.seq ?? 0));
  const cell = await db.cells.get(cellKey(subsectionCell(10, 7.5)));
  assert.is(cell?.value, 7.5);
  assert.is(cell?.pending, 1);
  assert.is(cell?.scoreId, (first.data as { scoreId: string }).scoreId);
  const batch = await listPendingBatch(db, JUDGE, 50);
  assert.equal(
    batch.map((row) => row.label),
    ['first', 'second'],
  );
  assert.is(batch[0]?.kind, MutationKind.SubsectionScorePut);
  assert.is(batch[0]?.status, OutboxStatus.Pending);
  assert.match(batch[0]?.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('a save from what the screen knows commits the stored id and revision when they differ, and reports the commit first', async () => {
  const db = freshDb();
  const first = await saveCell(db, subsectionCell(10, 7.5), 'first', NOW);
  const storedId = (first.data as { scoreId: string }).scoreId;
  const key = cellKey(subsectionCell(10, 7.5));
  await db.cells.update(key, { rev: 4 });
  // The screen knew the cell as it was (rev 0) and a stale id: the stored cell wins.
  const events: string[] = [];
  let reported: SavedCell | undefined;
  const saving = saveCellAndRow(db, subsectionCell(10, 8), 'again', NOW, {
    known: { scoreId: '0190e2c0-0000-7000-8000-000000000000', rev: 0 },
    onCommitted: (saved) => {
      events.push('committed');
      reported = saved;
    },
  }).then((saved) => {
    events.push('resolved');
    return saved;
  });
  const saved = await saving;
  assert.equal(events, ['committed', 'resolved']);
  assert.equal(reported, saved);
  assert.is(saved.cell.scoreId, storedId);
  assert.is(saved.cell.rev, 4);
  assert.is((saved.row.data as { scoreId: string }).scoreId, storedId);
  const cell = await db.cells.get(key);
  assert.equal({ scoreId: cell?.scoreId, rev: cell?.rev, value: cell?.value }, { scoreId: storedId, rev: 4, value: 8 });
  const rows = await db.outbox.toArray();
  assert.is(rows.length, 2);
  assert.equal(rows[1], saved.row);
  // Right knowledge: the same result without the second write.
  const third = await saveCellAndRow(db, subsectionCell(10, 9), 'third', NOW, { known: { scoreId: storedId, rev: 4 } });
  assert.is(third.cell.scoreId, storedId);
  assert.is((await db.cells.get(key))?.value, 9);
  // A new cell the screen does not know yet but the store has: the stored id is kept.
  await db.cells.put({
    ...cell!,
    key: cellKey(subsectionCell(11, 1)),
    itemId: 11,
    scoreId: '0190e2c0-0000-7000-8000-000000000011',
    rev: 2,
  });
  const unknown = await saveCellAndRow(db, subsectionCell(11, 2), 'unknown', NOW);
  assert.equal(
    { id: unknown.cell.scoreId, rev: unknown.cell.rev },
    { id: '0190e2c0-0000-7000-8000-000000000011', rev: 2 },
  );
});

test('a save is one transaction: when its queue write fails, neither the cell nor the counts change', async () => {
  const db = freshDb();
  await saveCell(db, subsectionCell(10, 7.5), 'first', NOW);
  const key = cellKey(subsectionCell(10, 7.5));
  // Another tab queued an edit behind this page's back: the counts it last knew are stale.
  await db.outboxCounts.put({ judgeId: JUDGE, pending: 3, rejected: 1 });
  const refuse = () => {
    throw new Error('The queue refused the row.');
  };
  db.outbox.hook('creating', refuse);
  try {
    await saveCellAndRow(db, subsectionCell(10, 9), 'second', NOW);
    assert.unreachable('the save should fail');
  } catch (error) {
    assert.match(String(error), /The queue refused the row/);
  } finally {
    db.outbox.hook('creating').unsubscribe(refuse);
  }
  assert.is((await db.cells.get(key))?.value, 7.5, 'the cell is as it was');
  assert.equal(
    await db.outboxCounts.get(JUDGE),
    { judgeId: JUDGE, pending: 3, rejected: 1 },
    'the counts are as they were',
  );
  assert.is(await db.outbox.count(), 1);

  // The next save counts from the stored counts, not from what the failed one assumed.
  await saveCellAndRow(db, subsectionCell(10, 9), 'third', NOW);
  assert.is((await db.cells.get(key))?.value, 9);
  assert.equal(await db.outboxCounts.get(JUDGE), { judgeId: JUDGE, pending: 4, rejected: 1 });
});

test('an edit of a saved cell keeps its score id; an invalid edit is refused before anything is written', async () => {
  const db = freshDb();
  const first = await saveCell(db, subsectionCell(10, 7.5), 'first', NOW);
  const again = await saveCell(db, subsectionCell(10, 8), 'again', NOW);
  assert.is((again.data as { scoreId: string }).scoreId, (first.data as { scoreId: string }).scoreId);
  const penaltyWithoutComments: CellInput = { ...subsectionCell(20, 1), kind: CellKind.Penalty, comments: '' };
  const refused = await saveCell(db, penaltyWithoutComments, 'bad', NOW).then(
    () => false,
    () => true,
  );
  assert.ok(refused);
  assert.is((await countOutbox(db, JUDGE)).pending, 2);
  assert.is(await db.cells.count(), 1);
});

test('removing a penalty queues its delete; submit queues a category.submit', async () => {
  const db = freshDb();
  const penalty: CellInput = { ...subsectionCell(30, 2), kind: CellKind.Penalty, comments: 'Late' };
  await saveCell(db, penalty, 'add', NOW);
  const removal = await removeCell(db, cellKey(penalty), 'remove', NOW);
  assert.is(removal.kind, MutationKind.PenaltyScoreDelete);
  assert.is(await db.cells.get(cellKey(penalty)), undefined);
  const submit = await enqueueCategorySubmit(db, {
    judgeId: JUDGE,
    eventId: 1,
    categoryId: 2,
    label: 'submit',
    now: NOW,
  });
  assert.equal(submit.data, { eventId: 1, categoryId: 2 });
  assert.is(submit.cellKey, null);
});

test('a pull or a download never overwrites a cell with a queued edit; other cells follow the server', async () => {
  const db = freshDb();
  const event = {
    eventId: 1,
    eventName: 'E',
    eventStartDate: '2026-03-01',
    eventStartTime: null,
    eventEndDate: '2026-03-01',
    eventStatus: 'STARTED' as const,
    isTestEvent: false,
  };
  const serverCell = (subsectionId: number, score: number, rev: number) => ({
    scoreId: `0190e2c0-0000-7000-8000-00000000000${subsectionId % 10}`,
    eventId: 1,
    categoryId: 2,
    sectionId: 3,
    schoolId: 4,
    judgeId: JUDGE,
    subsectionId,
    score,
    comments: null,
    photoSha256: null,
    rev,
    updatedAt: NOW,
  });
  await storeReferenceData(
    db,
    {
      protocolVersion: 1,
      serverTime: NOW,
      cursor: 10,
      judge: { judgeId: JUDGE, judgeFirstName: 'M', judgeLastName: 'S' },
      event,
      categories: [],
      scores: { subsections: [serverCell(10, 5, 1), serverCell(11, 5, 1)], penalties: [], disqualifications: [] },
    },
    NOW,
  );
  await saveCell(db, subsectionCell(10, 9), 'local', NOW);
  const changes: SyncChange[] = [
    { changeId: 11, entity: 'subsectionScore', op: 'put', categoryId: 2, createdAt: NOW, data: serverCell(10, 6, 2) },
    { changeId: 12, entity: 'subsectionScore', op: 'put', categoryId: 2, createdAt: NOW, data: serverCell(11, 6, 2) },
    {
      changeId: 13,
      entity: 'event',
      op: 'put',
      categoryId: null,
      createdAt: NOW,
      data: { eventId: 1, eventStatus: 'CLOSED' },
    },
  ];
  await applyPulledChanges(db, JUDGE, 1, changes, 13, NOW);
  assert.is((await db.cells.get(cellKey(subsectionCell(10, 0))))?.value, 9);
  assert.is((await db.cells.get(cellKey(subsectionCell(11, 0))))?.value, 6);
  const stored = await db.eventData.get([JUDGE, 1]);
  assert.is(stored?.cursor, 13);
  assert.is(stored?.event.eventStatus, 'CLOSED');
});

test('a pulled reopening opens the category with its reason; a later submission clears it', async () => {
  const db = freshDb();
  const category = {
    categoryId: 2,
    categoryName: 'Pastry',
    isSubmitted: true,
    submittedAt: NOW,
    schools: [],
    sections: [],
  };
  await storeReferenceData(
    db,
    {
      protocolVersion: 1,
      serverTime: NOW,
      cursor: 10,
      judge: { judgeId: JUDGE, judgeFirstName: 'M', judgeLastName: 'S' },
      event: {
        eventId: 1,
        eventName: 'E',
        eventStartDate: '2026-03-01',
        eventStartTime: null,
        eventEndDate: '2026-03-01',
        eventStatus: 'STARTED',
        isTestEvent: false,
      },
      categories: [category, { ...category, categoryId: 3 }],
      scores: { subsections: [], penalties: [], disqualifications: [] },
    },
    NOW,
  );
  const reopenedAt = '2026-03-01T12:30:00.000Z';
  const reopening: SyncChange = {
    changeId: 11,
    entity: 'categorySubmission',
    op: 'delete',
    categoryId: 2,
    createdAt: reopenedAt,
    data: { eventId: 1, categoryId: 2, judgeId: JUDGE, unlockedAt: reopenedAt, reason: ReopenReason.schoolRegistered },
  };
  await applyPulledChanges(db, JUDGE, 1, [reopening], 11, NOW);
  let stored = await db.eventData.get([JUDGE, 1]);
  assert.equal(
    stored?.categories.map((entry) => [entry.categoryId, entry.isSubmitted, entry.reopened ?? null]),
    [
      [2, false, { at: reopenedAt, reason: ReopenReason.schoolRegistered }],
      [3, true, null],
    ],
  );
  const resubmitted: SyncChange = {
    changeId: 12,
    entity: 'categorySubmission',
    op: 'put',
    categoryId: 2,
    createdAt: NOW,
    data: { eventId: 1, categoryId: 2, judgeId: JUDGE, submittedAt: '2026-03-01T13:00:00.000Z' },
  };
  await applyPulledChanges(db, JUDGE, 1, [resubmitted], 12, NOW);
  stored = await db.eventData.get([JUDGE, 1]);
  assert.equal([stored?.categories[0]?.isSubmitted, stored?.categories[0]?.reopened], [true, null]);
});

test('upgrading the database keeps the outbox (versions are additive)', async () => {
  dbCounter += 1;
  const name = `outbox-upgrade-${dbCounter}`;
  const old = new Dexie(name, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  old.version(1).stores({
    cells: 'key, [judgeId+eventId], [judgeId+categoryId], [judgeId+categoryId+sectionId+schoolId]',
    eventData: '[judgeId+eventId], judgeId',
    outbox: '++seq, &id, status, judgeId',
    photos: 'sha256, [judgeId+awaitingUpload]',
    judgeEvents: 'judgeId',
    meta: 'key',
  });
  await old.table('outbox').bulkAdd([
    { id: 'queued-before-the-update', judgeId: JUDGE, status: 'pending', label: 'kept' },
    { id: 'refused-before-the-update', judgeId: JUDGE, status: 'rejected', label: 'kept' },
    { id: 'another-judge-queued', judgeId: OTHER_JUDGE, status: 'pending', label: 'kept' },
    { id: 'another-judge-also-queued', judgeId: OTHER_JUDGE, status: 'pending', label: 'kept' },
  ]);
  old.close();
  const upgraded = createDeviceDb(name);
  assert.equal(
    (await listPendingBatch(upgraded, JUDGE, 50)).map((row) => row.id),
    ['queued-before-the-update'],
  );
  // The counts kept since version 5 start from the rows already queued.
  assert.equal(await countOutbox(upgraded, JUDGE), { pending: 1, rejected: 1 });
  assert.equal(await countOutbox(upgraded, OTHER_JUDGE), { pending: 2, rejected: 0 });
});

test('upgrading a version 4 database keeps its cells and outbox and counts the queue', async () => {
  dbCounter += 1;
  const name = `outbox-upgrade-v4-${dbCounter}`;
  const old = new Dexie(name, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange });
  old.version(4).stores({
    cells: 'key, [judgeId+eventId], [judgeId+categoryId], [judgeId+categoryId+sectionId+schoolId]',
    eventData: '[judgeId+eventId], judgeId',
    outbox: '++seq, &id, [judgeId+status+seq], cellKey, [judgeId+kind]',
    photos: 'sha256, [judgeId+awaitingUpload]',
    judgeEvents: 'judgeId',
    meta: 'key',
  });
  await old.table('outbox').bulkAdd([
    { id: 'queued-on-v4', judgeId: JUDGE, status: 'pending', cellKey: 'subsection:7:1:2:3:4', kind: 'x' },
    { id: 'refused-on-v4', judgeId: JUDGE, status: 'rejected', cellKey: 'subsection:7:1:2:3:5', kind: 'x' },
  ]);
  await old.table('cells').put({ key: 'kept-cell', judgeId: JUDGE, eventId: 1, categoryId: 2 });
  old.close();
  const upgraded = createDeviceDb(name);
  assert.equal(
    (await listPendingBatch(upgraded, JUDGE, 50)).map((row) => row.id),
    ['queued-on-v4'],
  );
  assert.equal(await countOutbox(upgraded, JUDGE), { pending: 1, rejected: 1 });
  assert.equal((await upgraded.cells.get('kept-cell'))?.eventId, 1);
  // The index that replaced `cellKey` holds the rows queued before the update.
  const queuedOfCell = await upgraded.outbox
    .where('[cellKey+seq]')
    .between(['subsection:7:1:2:3:4', Dexie.minKey], ['subsection:7:1:2:3:4', Dexie.maxKey])
    .toArray();
  assert.equal(
    queuedOfCell.map((row) => row.id),
    ['queued-on-v4'],
  );
  assert.equal(upgraded.verno, 5);
});

test.run();
