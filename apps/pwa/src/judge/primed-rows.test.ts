import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OutboxStatus, type EventDataRow, type OutboxRow } from '../offline/device-db.ts';
import { createCommittedSaves, withCommittedSaves } from './committed-saves.ts';
import { createPrimedRows } from './primed-rows.ts';
import { testCellRow } from '../test-support/cells.ts';

/** A stored cell the server has (sent, revision 1). */
const cell = (itemId: number, value: number) => testCellRow(itemId, value, { pending: 0, rev: 1 });

// Only the identity of the event's row matters here.
const eventData = { judgeId: 5, eventId: 1 } as EventDataRow;
const sheet = { categoryId: 2, sectionId: 3, schoolId: 4 };

test('the rows a loader read are taken once, by the screen of that sheet only', () => {
  const primed = createPrimedRows();
  const rows = { cells: [cell(1, 5)], outbox: [], readAt: 10 };
  primed.put({ judgeId: 5, eventId: 1, sheet }, { eventData, rows });
  assert.is(primed.take({ judgeId: 5, eventId: 1, sheet: { ...sheet, schoolId: 9 } }), undefined);
  assert.is(primed.take({ judgeId: 5, eventId: 1 }), undefined);
  assert.is(primed.take({ judgeId: 6, eventId: 1, sheet }), undefined);
  assert.is(primed.take({ judgeId: 5, eventId: 1, sheet })?.rows, rows);
  // Shown again (the router's cached loader data): read afresh, never the old rows.
  assert.is(primed.take({ judgeId: 5, eventId: 1, sheet }), undefined);
});

test('a later read replaces an earlier one', () => {
  const primed = createPrimedRows();
  primed.put({ judgeId: 5, eventId: 1, sheet }, { eventData, rows: { cells: [cell(1, 5)], outbox: [], readAt: 10 } });
  const later = { cells: [cell(1, 7)], outbox: [], readAt: 20 };
  primed.put({ judgeId: 5, eventId: 1, sheet }, { eventData, rows: later });
  assert.is(primed.take({ judgeId: 5, eventId: 1, sheet })?.rows, later);
});

test('a save committed after the loader read shows over the primed rows', () => {
  let clock = 10;
  const saves = createCommittedSaves(() => clock);
  const primed = createPrimedRows();
  primed.put({ judgeId: 5, eventId: 1, sheet }, { eventData, rows: { cells: [cell(1, 5)], outbox: [], readAt: 10 } });
  clock = 15;
  const saved = cell(1, 8);
  const edit: OutboxRow = {
    id: 'edit-1',
    seq: 1,
    judgeId: 5,
    eventId: 1,
    kind: 'subsectionScore.put',
    data: {},
    schemaVersion: 1,
    createdAt: '2026-03-01T12:00:00.000Z',
    attempts: 0,
    lastError: null,
    status: OutboxStatus.Pending,
    cellKey: saved.key,
    rejectionCode: null,
    label: 'edit-1',
  };
  saves.add(saved, edit);
  const taken = primed.take({ judgeId: 5, eventId: 1, sheet });
  assert.ok(taken);
  const shown = withCommittedSaves(taken.rows, saves.getSnapshot(), { judgeId: 5, eventId: 1, sheet });
  assert.equal(
    shown.cells.map((item) => item.value),
    [8],
  );
});

test.run();
