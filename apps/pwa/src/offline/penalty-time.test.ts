// A time-based penalty keeps its time on the device too (issue 28): the judge's save queues it
// with the amount and keeps it in the cell; a download or a pull brings the server's. Old cells
// and pushes without a time keep working (the field is optional, not indexed: no new version).
import 'fake-indexeddb/auto';
import type { PenaltyScoreCell, SyncChange } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, cellKey, createDeviceDb } from './device-db.ts';
import { applyPulledChanges, storeReferenceData } from './device-store.ts';
import { saveCell } from './outbox.ts';

const NOW = '2026-11-26T10:42:00.000Z';
const JUDGE = 7;
let counter = 0;

const penalty = (overtimeSeconds?: number | null) => ({
  kind: CellKind.Penalty,
  judgeId: JUDGE,
  eventId: 1,
  categoryId: 2,
  sectionId: 3,
  schoolId: 4,
  itemId: 20,
  value: 2.5,
  ...(overtimeSeconds === undefined ? {} : { overtimeSeconds }),
  comments: 'Plated late',
  photoSha256: null,
});

test('a timed penalty is queued and kept with its time; one without a time sends none', async () => {
  const db = createDeviceDb(`penalty-time-${++counter}`);
  const row = await saveCell(db, penalty(150), 'timed', NOW);
  assert.equal([row.data.amount, row.data.overtimeSeconds], [2.5, 150]);
  assert.is((await db.cells.get(cellKey(penalty())))?.overtimeSeconds, 150);
  const picked = await saveCell(db, { ...penalty(null), value: 3 }, 'picked', NOW);
  assert.not.ok(
    'overtimeSeconds' in picked.data,
    'an amount picked sends no time (and an older server reads it as before)',
  );
  assert.is((await db.cells.get(cellKey(penalty())))?.overtimeSeconds, null);
  db.close();
});

test('a download and a pull bring the server’s time with the amount', async () => {
  const db = createDeviceDb(`penalty-time-${++counter}`);
  const cell = (amount: number, overtimeSeconds: number | null | undefined, rev: number): PenaltyScoreCell => ({
    scoreId: '0190e2c0-0000-7000-8000-000000000001',
    eventId: 1,
    categoryId: 2,
    sectionId: 3,
    schoolId: 4,
    judgeId: JUDGE,
    penaltyId: 20,
    amount,
    ...(overtimeSeconds === undefined ? {} : { overtimeSeconds }),
    comments: 'Plated late',
    photoSha256: null,
    rev,
    updatedAt: NOW,
    isConfirmed: null,
  });
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
        eventStartDate: '2026-11-26',
        eventStartTime: null,
        eventEndDate: '2026-11-26',
        eventStatus: 'STARTED',
        isTestEvent: false,
      },
      categories: [],
      scores: { subsections: [], penalties: [cell(2.5, 150, 1)], disqualifications: [] },
    },
    NOW,
  );
  const key = cellKey(penalty());
  assert.equal([(await db.cells.get(key))?.value, (await db.cells.get(key))?.overtimeSeconds], [2.5, 150]);
  const changes: SyncChange[] = [
    { changeId: 11, entity: 'penaltyScore', op: 'put', categoryId: 2, createdAt: NOW, data: cell(1.25, 70, 2) },
  ];
  await applyPulledChanges(db, JUDGE, 1, changes, 11, NOW);
  assert.equal([(await db.cells.get(key))?.value, (await db.cells.get(key))?.overtimeSeconds], [1.25, 70]);
  // A change logged before the server kept times has none: the cell then has none either.
  await applyPulledChanges(
    db,
    JUDGE,
    1,
    [{ changeId: 12, entity: 'penaltyScore', op: 'put', categoryId: 2, createdAt: NOW, data: cell(2, undefined, 3) }],
    12,
    NOW,
  );
  assert.equal([(await db.cells.get(key))?.value, (await db.cells.get(key))?.overtimeSeconds], [2, null]);
  db.close();
});

test.run();
