import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { exclusionOf, isCellOwed, isExcusedFromSection, judgesOwing, type SectionPanel } from './owed-cells.ts';

const panel: SectionPanel = {
  assignedJudgeIds: [3, 1, 2],
  exclusions: [{ judgeId: 2, schoolId: null, reason: 'excused' }],
};

test('a cell is owed by an assigned judge who is not excluded', () => {
  assert.is(isCellOwed(panel, 1, 10), true);
  assert.is(isCellOwed(panel, 2, 10), false, 'excused from the section: no school owed');
  assert.is(isCellOwed(panel, 4, 10), false, 'not assigned');
  assert.is(exclusionOf(panel, 2, 11), 'excused');
  assert.is(exclusionOf(panel, 1, 11), null);
});

test('the judges owing a school, ascending, and whether a judge is excused from a section', () => {
  assert.equal(judgesOwing(panel, 10), [1, 3]);
  assert.equal(judgesOwing({ assignedJudgeIds: [5, 5] }, 10), [5], 'no exclusions: every assigned judge, once');
  assert.is(isExcusedFromSection(panel, 2), true);
  assert.is(isExcusedFromSection(panel, 1), false);
});

test.run();
