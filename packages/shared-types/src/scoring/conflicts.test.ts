// Fair panels: a judge in conflict with a school never scores it. The one owed-cell rule
// (owed-cells.ts) reads conflicts beside excusals; means, completeness and the End check follow.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeJudgeCount } from '../results/published-scores.ts';
import { isCellOwed, judgesOwing, schoolsNobodyOwes, type CellExclusion } from './owed-cells.ts';
import { describeUnfinishedJudging, findMissingCells, findUnjudgedSections, judgesWithWork } from './owed-work.ts';
import type { CategoryWork } from './owed-work.ts';
import { computeCategoryResult, type CategoryScoringInput, type SubsectionScoreRow } from './school-result.ts';

const ALDER = 10;
const BIRCH = 11;
const conflict = (judgeId: number, schoolId: number): CellExclusion => ({ judgeId, schoolId, reason: 'conflict' });
const excused = (judgeId: number): CellExclusion => ({ judgeId, schoolId: null, reason: 'excused' });

function rows(judgeId: number, schoolId: number, first: number, second: number): SubsectionScoreRow[] {
  return [
    { judgeId, sectionId: 1, schoolId, subsectionId: 101, score: first },
    { judgeId, sectionId: 1, schoolId, subsectionId: 102, score: second },
  ];
}

// Judges 1, 2, 3 on one section; judge 2 is tied to Alder, judge 3 was excused.
const input: CategoryScoringInput = {
  categoryId: 1,
  categoryName: 'Pastry',
  sections: [
    {
      sectionId: 1,
      sectionName: 'Plating',
      subsections: [
        { subsectionId: 101, maxScore: 10 },
        { subsectionId: 102, maxScore: 10 },
      ],
      assignedJudgeIds: [1, 2, 3],
      exclusions: [conflict(2, ALDER), excused(3)],
    },
  ],
  schools: [
    { schoolId: ALDER, schoolName: 'Alder', hasStudents: true },
    { schoolId: BIRCH, schoolName: 'Birch', hasStudents: true },
  ],
  // Judge 2 scored Alder before declaring the conflict: stored, never counted.
  subsectionScores: [
    ...rows(1, ALDER, 8, 8),
    ...rows(2, ALDER, 1, 1),
    ...rows(3, ALDER, 2, 2),
    ...rows(1, BIRCH, 6, 6),
  ],
  penaltyScores: [],
  disqualificationScores: [],
  submittedJudgeIds: [1],
};

test('a conflict excludes one school only; an excusal every school', () => {
  const panel = input.sections[0]!;
  assert.is(isCellOwed(panel, 2, ALDER), false, 'in conflict with Alder');
  assert.is(isCellOwed(panel, 2, BIRCH), true, 'still owes Birch');
  assert.is(isCellOwed(panel, 3, BIRCH), false, 'excused from the section');
  assert.equal(judgesOwing(panel, ALDER), [1]);
  assert.equal(judgesOwing(panel, BIRCH), [1, 2]);
});

test('section means leave out conflicted and excused sheets and say so', () => {
  const result = computeCategoryResult(input);
  const alder = result.schools.find((school) => school.schoolId === ALDER)!.sections[0]!;
  assert.is(alder.score, 16, "only judge 1's sheet counts: judge 2 conflicts, judge 3 is excused");
  assert.is(alder.countedJudgeCount, 1);
  assert.equal(alder.excludedJudges, [
    { judgeId: 2, reason: 'conflict' },
    { judgeId: 3, reason: 'excused' },
  ]);
  assert.is(describeJudgeCount(alder), '1 of 3 judges; 1 excused; 1 conflict');
  const birch = result.schools.find((school) => school.schoolId === BIRCH)!.sections[0]!;
  assert.equal(birch.missingJudgeIds, [2], 'judge 2 owes Birch and has not scored it');
  assert.is(describeJudgeCount(birch), '1 of 3 judges; 1 excused');
  assert.equal(result.pendingJudgeIds, [2], 'judge 2 owes Birch and has not submitted; judge 3 owes nothing');
});

const work: CategoryWork = {
  categoryId: 1,
  categoryName: 'Pastry',
  schools: [
    { schoolId: ALDER, schoolName: 'Alder' },
    { schoolId: BIRCH, schoolName: 'Birch' },
  ],
  sections: [
    {
      sectionId: 1,
      sectionName: 'Plating',
      subsections: [{ subsectionId: 101, subsectionName: 'Colour' }],
      assignedJudgeIds: [1, 2, 3],
      exclusions: [conflict(2, ALDER), excused(3)],
    },
  ],
};

test('completeness with conflicts and excusals: a conflicted school is not owed, the rest is', () => {
  assert.equal(
    findMissingCells(work, 2, []).map((cell) => cell.schoolName),
    ['Birch'],
  );
  assert.equal(findMissingCells(work, 3, []), [], 'the excused judge owes nothing');
  assert.equal(judgesWithWork(work), [1, 2]);
  assert.equal(findUnjudgedSections(work), [], 'judge 1 owes both schools');
});

test('every judge in conflict with a school: that (section, school) is unjudged and named', () => {
  const section = { ...work.sections[0]!, exclusions: [conflict(1, ALDER), conflict(2, ALDER), excused(3)] };
  const everyConflict: CategoryWork = { ...work, sections: [section] };
  assert.equal(schoolsNobodyOwes(section, [ALDER, BIRCH]), [ALDER]);
  const [unjudged] = findUnjudgedSections(everyConflict);
  assert.ok(unjudged);
  assert.equal(
    unjudged.schools.map((school) => school.schoolName),
    ['Alder'],
  );
  assert.is(unjudged.hasConflict, true);
  assert.is(unjudged.isWholeSection, false);
  assert.is(
    describeUnfinishedJudging([
      {
        kind: 'unjudgedSection',
        categoryName: 'Pastry',
        sectionName: 'Plating',
        excusedOnly: true,
        withConflicts: true,
        schoolNames: ['Alder'],
      },
    ]),
    'Pastry: no judge scores Plating for Alder (every judge assigned is excused or in conflict).',
  );
  const onlyExcused = findUnjudgedSections({
    ...work,
    sections: [{ ...section, exclusions: [excused(1), excused(2), excused(3)] }],
  });
  assert.is(onlyExcused[0]?.hasConflict, false, 'excusals alone are not conflicts');
});

test.run();
