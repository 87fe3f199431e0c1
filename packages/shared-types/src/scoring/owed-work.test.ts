import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  describeMissingCells,
  describeUnfinishedJudging,
  findMissingCells,
  findUnjudgedSections,
  judgesWithWork,
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
  assert.equal(judgesWithWork(work), [5, 7]);
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
    findUnjudgedSections(work).map((unjudged) => unjudged.section.sectionName),
    ['Tasting'],
  );
  assert.equal(findUnjudgedSections({ ...work, schools: [] }), []);
});

test('an excused judge owes nothing in that section; a section only excused judges hold is unjudged', () => {
  const excused: CategoryWork = {
    ...work,
    sections: work.sections.map((section) =>
      section.sectionId === 1
        ? { ...section, exclusions: [{ judgeId: 7, schoolId: null, reason: 'excused' }] }
        : section,
    ),
  };
  assert.equal(findMissingCells(excused, 7, []), [], 'the excused judge owes no cell');
  assert.is(findMissingCells(excused, 5, []).length, 4, 'the other judge still owes every cell');
  assert.equal(judgesWithWork(excused), [5], 'only judge 5 must submit');
  const onlyExcused: CategoryWork = {
    ...excused,
    sections: [{ ...excused.sections[0]!, assignedJudgeIds: [7] }],
  };
  const [unjudged] = findUnjudgedSections(onlyExcused);
  assert.is(unjudged?.hasNoJudge, false);
  assert.is(unjudged?.isWholeSection, true);
  assert.is(
    describeUnfinishedJudging([
      { kind: 'unjudgedSection', categoryName: 'Pastry', sectionName: 'Plating', excusedOnly: true },
    ]),
    'Pastry: no judge scores Plating (every judge assigned is excused).',
  );
  assert.is(
    describeUnfinishedJudging([{ kind: 'noSection', categoryName: 'Bakery', schoolCount: 2 }]),
    'Bakery: 2 schools registered but no section to judge.',
  );
});

test.run();
