import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OutboxStatus, type OutboxRow } from '../offline/device-db.ts';
import { nextShown } from '../offline/use-live-query.ts';
import { createCommittedSaves, isSameLiveRows, withCommittedSaves } from './committed-saves.ts';
import { testCellRow } from '../test-support/cells.ts';

const cell = testCellRow;

function row(id: string, cellKey: string): OutboxRow {
  return {
    id,
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
    cellKey,
    rejectionCode: null,
    label: id,
  };
}

const scope = { judgeId: 5, eventId: 1, sheet: { categoryId: 2, sectionId: 3, schoolId: 4 } };

test('a committed save shows until a read that began after it arrives', () => {
  let clock = 100;
  const saves = createCommittedSaves(() => clock);
  const before = { cells: [cell(1, 5), cell(2, 6)], outbox: [], readAt: 90 };
  saves.add(cell(1, 9), row('edit-1', cell(1, 9).key));
  const shown = withCommittedSaves(before, saves.getSnapshot(), scope);
  assert.equal(
    shown.cells.map((item) => [item.itemId, item.value]),
    [
      [1, 9],
      [2, 6],
    ],
  );
  assert.equal(
    shown.outbox.map((item) => item.id),
    ['edit-1'],
  );
  assert.is(shown.cells[1], before.cells[1], 'untouched cells keep their identity');

  // A read begun after the commit has the save: the live rows are shown as they are.
  clock = 120;
  const after = { cells: [cell(1, 9), cell(2, 6)], outbox: [row('edit-1', cell(1, 9).key)], readAt: 110 };
  assert.is(withCommittedSaves(after, saves.getSnapshot(), scope), after);
});

test('saves of other sheets, judges or events are not shown; a new save replaces the cell’s older one', () => {
  let clock = 100;
  const saves = createCommittedSaves(() => clock);
  saves.add(cell(1, 9, { schoolId: 8 }), row('other-school', 'x'));
  saves.add(cell(1, 9, { judgeId: 6, key: 'subsection:6:2:3:4:1' }), row('other-judge', 'y'));
  saves.add(cell(3, 2), row('first', cell(3, 2).key));
  clock = 101;
  saves.add(cell(3, 4), row('second', cell(3, 4).key));
  const live = { cells: [cell(1, 5)], outbox: [], readAt: 50 };
  const shown = withCommittedSaves(live, saves.getSnapshot(), scope);
  assert.equal(
    shown.cells.map((item) => [item.itemId, item.value]),
    [
      [1, 5],
      [3, 4],
    ],
  );
  assert.equal(
    shown.outbox.map((item) => item.id),
    ['second'],
  );
  const snapshot = saves.getSnapshot();
  saves.add(cell(3, 5), row('third', cell(3, 5).key));
  assert.is.not(saves.getSnapshot(), snapshot, 'each save gives a new snapshot');
});

test('rows read again unchanged are the same rows, whenever read; any change to a cell or queued edit is not', () => {
  const shown = { cells: [cell(1, 5), cell(2, 6)], outbox: [row('submit-1', 'x')], readAt: 90 };
  assert.ok(isSameLiveRows(shown, { cells: [cell(1, 5), cell(2, 6)], outbox: [row('submit-1', 'x')], readAt: 250 }));
  assert.not.ok(isSameLiveRows(shown, { ...shown, cells: [cell(1, 5), cell(2, 6, { pending: 0 })], readAt: 250 }));
  assert.not.ok(
    isSameLiveRows(shown, { ...shown, cells: [cell(1, 5), cell(2, 6, { updatedAt: '2026-03-01T12:00:01.000Z' })] }),
  );
  assert.not.ok(isSameLiveRows(shown, { ...shown, outbox: [] }));
  assert.ok(isSameLiveRows(null, null));
  assert.not.ok(isSameLiveRows(shown, null));
});

test('a live query answering the same again keeps the answer shown (no new render); a new answer or new deps replace it', () => {
  const deps = [5, 1];
  const shown = { deps, value: { pending: 3, rejected: 0 } };
  assert.is(nextShown(shown, { deps, value: { pending: 3, rejected: 0 } }), shown);
  const changed = { deps, value: { pending: 2, rejected: 0 } };
  assert.is(nextShown(shown, changed), changed);
  const otherQuery = { deps: [6, 1], value: { pending: 3, rejected: 0 } };
  assert.is(nextShown(shown, otherQuery), otherQuery);
  const first = { deps, value: { pending: 0, rejected: 0 } };
  assert.is(nextShown(undefined, first), first);
  const rows = { deps, value: { cells: [cell(1, 5)], outbox: [], readAt: 1 } };
  assert.is(nextShown(rows, { deps, value: { cells: [cell(1, 5)], outbox: [], readAt: 2 } }, isSameLiveRows), rows);
});

test('a save is its row’s own until a screen’s render has taken it in; a later save of the cell is again', () => {
  const saves = createCommittedSaves(() => 100);
  let notified = 0;
  saves.subscribe(() => (notified += 1));
  const key = cell(1, 9).key;
  assert.is(saves.unshownOf(key), undefined, 'no save: the row shows the snapshot’s cell');

  saves.add(cell(1, 9), row('edit-1', key));
  assert.is(notified, 1);
  const first = saves.unshownOf(key);
  assert.is(first?.cell.value, 9);
  assert.is(saves.unshownOf(key), first, 'the same object while unshown: a row renders once for it');
  assert.is(saves.unshownOf(cell(2, 6).key), undefined, 'other rows are not concerned');

  const rendered = saves.getSnapshot();
  saves.add(cell(2, 6), row('edit-2', cell(2, 6).key));
  saves.markShown(rendered);
  assert.is(saves.unshownOf(key), undefined, 'the screen has it: the row shows the snapshot’s cell again');
  assert.is(saves.unshownOf(cell(2, 6).key)?.cell.value, 6, 'a save after the rendered ones stays its row’s');
  assert.is(notified, 3, 'the rows hear that their saves are shown');

  saves.markShown(rendered);
  assert.is(notified, 3, 'an older render tells nothing new');
  saves.add(cell(1, 4), row('edit-3', key));
  assert.is(saves.unshownOf(key)?.cell.value, 4);
  saves.markShown(saves.getSnapshot());
  assert.is(saves.unshownOf(key), undefined);
  assert.is(saves.unshownOf(cell(2, 6).key), undefined);
});

test.run();
