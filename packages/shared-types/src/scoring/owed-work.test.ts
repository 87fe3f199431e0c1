import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  assignedJudgesOf,
  describeMissingCells,
  describeUnfinishedJudging,
  findMissingCells,
  findUnjudgedSections,
  type CategoryWork,
} from './owed-work.ts';

const work: CategoryWork = {
  categoryId: 1,
  categoryName: 'Pastry',
  schools: [
    { schoolId: 10, schoolName: 'Alder' },
    { schoolId: 11, schoolName: 'Birch' },
  ],
  sections: [
    {
      sectionId: 1,
      sectionName: 'Plating',
      subsections: [
        { subsectionId: 100, subsectionName: 'Colour' },
        { subsectionId: 101, subsectionName: 'Balance' },
      ],
      assignedJudgeIds: [7, 5],
    },
    {
      sectionId: 2,
      sectionName: 'Tasting',
      subsections: [{ subsectionId: 200, subsectionName: 'Flavour' }],
      assignedJudgeIds: [],
    },
  ],
};

test('missing cells: every (school × assigned section × subsection) the judge has not scored, in order', () => {
  const scored = [
    { judgeId: 7, schoolId: 10, sectionId: 1, subsectionId: 100 },
    { judgeId: 5, schoolId: 10, sectionId: 1, subsectionId: 101 },
    { judgeId: 7, schoolId: 99, sectionId: 1, subsectionId: 101 },
  ];
  assert.equal(
    findMissingCells(work, 7, scored).map((cell) => `${cell.schoolName}/${cell.subsectionName}`),
    ['Alder/Balance', 'Birch/Colour', 'Birch/Balance'],
  );
  assert.equal(findMissingCells(work, 42, scored), [], 'a judge assigned nowhere owes nothing');
  assert.equal(assignedJudgesOf(work), [5, 7]);
});

test('descriptions name the first cells and count the rest', () => {
  const missing = findMissingCells(work, 5, []);
  assert.is(
    describeMissingCells(missing),
    '4 cells not scored: Alder – Plating: Colour; Alder – Plating: Balance; Birch – Plating: Colour; and 1 more',
  );
  assert.is(describeMissingCells(missing.slice(0, 1)), '1 cell not scored: Alder – Plating: Colour');
  assert.is(
    describeUnfinishedJudging([
      { kind: 'judge', categoryName: 'Pastry', judgeName: 'Ada Lovelace', isSubmitted: false, missing: [] },
      { kind: 'unjudgedSection', categoryName: 'Pastry', sectionName: 'Tasting' },
    ]),
    'Ada Lovelace (Pastry): has not submitted. Pastry: no judge is assigned to Tasting.',
  );
});

test('a section nobody judges blocks only when schools compete', () => {
  assert.equal(
    findUnjudgedSections(work).map((section) => section.sectionName),
    ['Tasting'],
  );
  assert.equal(findUnjudgedSections({ ...work, schools: [] }), []);
});

test.run();
