import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { conflictWarning, conflictsAmong, describeConflicts } from './conflict-warning.ts';

const alder = { schoolId: 1, schoolName: 'Alder High' };
const birch = { schoolId: 2, schoolName: 'Birch Academy' };
const judges = [
  { judgeId: 7, judgeFirstName: 'Ada', judgeLastName: 'Lane', conflicts: [alder, birch] },
  { judgeId: 8, judgeFirstName: 'Ben', judgeLastName: 'Ortiz', conflicts: [] },
];

test('describes a judge’s conflicts, or nothing', () => {
  assert.is(describeConflicts([alder, birch]), 'Conflict of interest: Alder High, Birch Academy');
  assert.is(describeConflicts([]), null);
  assert.is(describeConflicts(undefined), null);
});

test('warns only when a chosen judge is conflicted', () => {
  assert.is(conflictWarning(judges, [8]), null);
  assert.is(
    conflictWarning(judges, [7, 8]),
    'Ada Lane declared a conflict with Alder High, Birch Academy. Assigned, they never score a school named here; the other judges of the section must.',
  );
});

test('conflicts among a category’s schools', () => {
  assert.equal(conflictsAmong([alder, birch], [2, 3]), [birch]);
  assert.equal(conflictsAmong([alder], undefined), [alder]);
  assert.equal(conflictsAmong(undefined, [1]), []);
});

test.run();
