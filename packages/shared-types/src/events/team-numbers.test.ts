import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  TeamNumberMessages,
  applyTeamNumberEdits,
  numberMissingTeams,
  teamAndSchoolLabel,
  teamLabel,
} from './team-numbers.ts';

test('a category nobody numbered is numbered 1, 2, 3… in running order', () => {
  const given = numberMissingTeams([
    { schoolId: 30, schoolOrder: 2, teamNumber: null },
    { schoolId: 10, schoolOrder: 0, teamNumber: null },
    { schoolId: 20, schoolOrder: 1, teamNumber: null },
  ]);
  assert.equal(
    [...given],
    [
      [10, 1],
      [20, 2],
      [30, 3],
    ],
  );
});

test('numbers given stay; a school added later gets the next after the highest, gaps are not reused', () => {
  const given = numberMissingTeams([
    { schoolId: 10, schoolOrder: 5, teamNumber: 4 },
    { schoolId: 20, schoolOrder: 0, teamNumber: 1 },
    { schoolId: 40, schoolOrder: 1, teamNumber: null },
  ]);
  assert.equal([...given], [[40, 5]]);
  assert.equal([...numberMissingTeams([{ schoolId: 1, schoolOrder: 0, teamNumber: 2 }])], []);
});

test('edits apply over the current numbers; swaps are allowed, clashes and strangers are not', () => {
  const current = new Map<number, number | null>([
    [10, 1],
    [20, 2],
    [30, null],
  ]);
  const swapped = applyTeamNumberEdits(current, [
    { schoolId: 10, teamNumber: 2 },
    { schoolId: 20, teamNumber: 1 },
  ]);
  assert.equal('numbers' in swapped && [...swapped.numbers], [
    [10, 2],
    [20, 1],
    [30, null],
  ]);
  assert.equal(applyTeamNumberEdits(current, [{ schoolId: 30, teamNumber: 1 }]), {
    errors: [{ field: 'teamNumbers.0.teamNumber', message: TeamNumberMessages.duplicateNumber }],
  });
  assert.equal(applyTeamNumberEdits(current, [{ schoolId: 99, teamNumber: 9 }]), {
    errors: [{ field: 'teamNumbers.0.schoolId', message: TeamNumberMessages.schoolNotInCategory }],
  });
  assert.equal(
    applyTeamNumberEdits(current, [
      { schoolId: 30, teamNumber: 7 },
      { schoolId: 30, teamNumber: 8 },
    ]),
    { errors: [{ field: 'teamNumbers.1.schoolId', message: TeamNumberMessages.duplicateSchool }] },
  );
});

test('judges read "Team 3"; coordinators read both', () => {
  assert.is(teamLabel(3), 'Team 3');
  assert.is(teamAndSchoolLabel(3, 'Dover HS'), 'Team 3 — Dover HS');
  assert.is(teamAndSchoolLabel(null, 'Dover HS'), 'Dover HS');
});

test.run();
