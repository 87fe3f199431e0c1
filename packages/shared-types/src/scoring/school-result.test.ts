import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type {
  CategoryScoringInput,
  DisqualificationScoreRow,
  PenaltyScoreRow,
  SchoolResult,
  SectionInput,
  SubsectionScoreRow,
  SubsectionTotalRow,
} from './school-result.ts';
import { computeCategoryResult } from './school-result.ts';

// Knife Skills: two subsections, judges 1 and 2. Plating: one subsection, judge 3.
const knifeSkills: SectionInput = {
  sectionId: 1,
  sectionName: 'Knife Skills',
  subsections: [
    { subsectionId: 101, maxScore: 10 },
    { subsectionId: 102, maxScore: 10 },
  ],
  assignedJudgeIds: [1, 2],
};
const plating: SectionInput = {
  sectionId: 2,
  sectionName: 'Plating',
  subsections: [{ subsectionId: 201, maxScore: 10 }],
  assignedJudgeIds: [3],
};

function scoreRows(judgeId: number, sectionId: number, schoolId: number, scores: Record<number, number>) {
  return Object.entries(scores).map(([subsectionId, score]): SubsectionScoreRow => ({
    judgeId,
    sectionId,
    schoolId,
    subsectionId: Number(subsectionId),
    score,
  }));
}

function penalty(judgeId: number, sectionId: number, penaltyId: number, amount: number, isConfirmed: boolean | null) {
  return { judgeId, sectionId, schoolId: 1, penaltyId, amount, isConfirmed } satisfies PenaltyScoreRow;
}

function disqualification(judgeId: number, sectionId: number, isConfirmed: boolean | null) {
  return { judgeId, sectionId, schoolId: 1, disqualificationId: 9, isConfirmed } satisfies DisqualificationScoreRow;
}

// School 1: judge 1 gives 8 + 9 = 17, judge 2 gives 7 + 8.5 = 15.5 (mean 16.25); judge 3 gives 5.
const judge1Rows = scoreRows(1, 1, 1, { 101: 8, 102: 9 });
const judge2Rows = scoreRows(2, 1, 1, { 101: 7, 102: 8.5 });
const judge3Rows = scoreRows(3, 2, 1, { 201: 5 });

function category(overrides: Partial<CategoryScoringInput> = {}): CategoryScoringInput {
  return {
    categoryId: 1,
    categoryName: 'Culinary Arts',
    sections: [knifeSkills, plating],
    schools: [{ schoolId: 1, schoolName: 'Alder High', hasStudents: true }],
    subsectionScores: [...judge1Rows, ...judge2Rows, ...judge3Rows],
    penaltyScores: [],
    disqualificationScores: [],
    submittedJudgeIds: [1, 2, 3],
    ...overrides,
  };
}

function onlySchool(input: CategoryScoringInput): SchoolResult {
  const school = computeCategoryResult(input).schools[0];
  if (school === undefined) throw new Error('no school result');
  return school;
}

interface ResultCase {
  name: string;
  input: CategoryScoringInput;
  score: number;
  displayScore: number;
  sectionScores: number[];
  isDisqualified?: boolean;
  isIncomplete?: boolean;
  hasPendingReview?: boolean;
  penaltyCount?: number;
}

const resultCases: ResultCase[] = [
  {
    name: 'two judges are averaged, sections are added',
    input: category(),
    score: 21.25,
    displayScore: 21.25,
    sectionScores: [16.25, 5],
  },
  {
    name: 'a fixed (2) and a time-based (0.75) penalty come off the judge sheet, then the mean',
    input: category({ penaltyScores: [penalty(1, 1, 10, 2, true), penalty(1, 1, 11, 0.75, true)] }),
    // judge 1: 17 - 2.75 = 14.25; (14.25 + 15.5) / 2 = 14.875; + 5 = 19.875
    score: 19.875,
    displayScore: 19.88,
    sectionScores: [14.875, 5],
    penaltyCount: 2,
  },
  {
    name: 'a penalty rejected in review does not count',
    input: category({ penaltyScores: [penalty(1, 1, 10, 2, false)] }),
    score: 21.25,
    displayScore: 21.25,
    sectionScores: [16.25, 5],
    penaltyCount: 0,
  },
  {
    name: 'a pending penalty counts and is flagged',
    input: category({ penaltyScores: [penalty(2, 1, 10, 1, null)] }),
    // judge 2: 14.5; (17 + 14.5) / 2 = 15.75
    score: 20.75,
    displayScore: 20.75,
    sectionScores: [15.75, 5],
    hasPendingReview: true,
    penaltyCount: 1,
  },
  {
    name: 'two judges applying the same penalty deduct it once, through the mean',
    input: category({ penaltyScores: [penalty(1, 1, 10, 1, true), penalty(2, 1, 10, 1, true)] }),
    score: 20.25,
    displayScore: 20.25,
    sectionScores: [15.25, 5],
    penaltyCount: 2,
  },
  {
    name: 'one counting disqualification from any judge gives 0',
    input: category({ disqualificationScores: [disqualification(3, 2, null)] }),
    score: 0,
    displayScore: 0,
    sectionScores: [16.25, 5],
    isDisqualified: true,
    hasPendingReview: true,
  },
  {
    name: 'a rejected disqualification does not',
    input: category({ disqualificationScores: [disqualification(3, 2, false)] }),
    score: 21.25,
    displayScore: 21.25,
    sectionScores: [16.25, 5],
  },
  {
    name: 'a judge with no score yet is left out of the mean and the result is incomplete',
    input: category({ subsectionScores: [...judge1Rows, ...judge3Rows] }),
    score: 22,
    displayScore: 22,
    sectionScores: [17, 5],
    isIncomplete: true,
  },
  {
    name: 'a judge who has not submitted makes the result provisional, so incomplete',
    input: category({ submittedJudgeIds: [1, 3] }),
    score: 21.25,
    displayScore: 21.25,
    sectionScores: [16.25, 5],
    isIncomplete: true,
  },
  {
    name: 'a partial sheet counts as it stands and the result is incomplete',
    input: category({ subsectionScores: [...judge1Rows, ...scoreRows(2, 1, 1, { 101: 7 }), ...judge3Rows] }),
    score: 17,
    displayScore: 17,
    sectionScores: [12, 5],
    isIncomplete: true,
  },
  {
    name: 'a judge with only a penalty so far is not averaged in',
    input: category({
      subsectionScores: [...judge1Rows, ...judge3Rows],
      penaltyScores: [penalty(2, 1, 10, 1, null)],
    }),
    score: 22,
    displayScore: 22,
    sectionScores: [17, 5],
    isIncomplete: true,
    hasPendingReview: true,
    penaltyCount: 1,
  },
  {
    name: 'three judges keep full precision: 10 / 3 + 5',
    input: category({
      sections: [{ ...knifeSkills, assignedJudgeIds: [1, 2, 4] }, plating],
      subsectionScores: [
        ...scoreRows(1, 1, 1, { 101: 1, 102: 2 }),
        ...scoreRows(2, 1, 1, { 101: 1, 102: 2 }),
        ...scoreRows(4, 1, 1, { 101: 2, 102: 2 }),
        ...judge3Rows,
      ],
      submittedJudgeIds: [1, 2, 3, 4],
    }),
    score: 10 / 3 + 5,
    displayScore: 8.33,
    sectionScores: [10 / 3, 5],
  },
];

for (const c of resultCases) {
  test(`school result: ${c.name}`, () => {
    const school = onlySchool(c.input);
    assert.is(school.score, c.score);
    assert.is(school.displayScore, c.displayScore);
    assert.equal(
      school.sections.map((section) => section.score),
      c.sectionScores,
    );
    assert.is(school.isDisqualified, c.isDisqualified ?? false, 'isDisqualified');
    assert.is(school.isIncomplete, c.isIncomplete ?? false, 'isIncomplete');
    assert.is(school.hasPendingReview, c.hasPendingReview ?? false, 'hasPendingReview');
    assert.is(school.penaltyCount, c.penaltyCount ?? 0, 'penaltyCount');
  });
}

test('school result: the DQ keeps the undisqualified score for the report', () => {
  const school = onlySchool(category({ disqualificationScores: [disqualification(3, 2, true)] }));
  assert.is(school.scoreBeforeDisqualification, 21.25);
  assert.is(school.disqualificationCount, 1);
  assert.not.ok(school.hasPendingReview, 'a confirmed DQ is not pending');
});

test('school result: a disqualification counts even from a judge who has not scored the school', () => {
  const school = onlySchool(
    category({
      subsectionScores: [...judge1Rows, ...judge2Rows],
      disqualificationScores: [disqualification(3, 2, null)],
    }),
  );
  assert.ok(school.isDisqualified);
  assert.is(school.score, 0);
});

test('school result: sections list missing judges and every sheet with its lines, by judge id', () => {
  const result = computeCategoryResult(
    category({
      sections: [{ ...knifeSkills, assignedJudgeIds: [2, 1, 5] }, plating],
      penaltyScores: [penalty(2, 1, 11, 0.5, false)],
      submittedJudgeIds: [1, 2, 3],
    }),
  );
  const section = result.schools[0]?.sections[0];
  assert.equal(section?.missingJudgeIds, [5]);
  assert.equal(
    section?.sheets.map((sheet) => [sheet.judgeId, sheet.total, sheet.penalties.length]),
    [
      [1, 17, 0],
      [2, 15.5, 1],
    ],
  );
  assert.is(section?.countedJudgeCount, 2);
  assert.ok(section?.isIncomplete);
  assert.ok(result.isProvisional);
  assert.equal(result.pendingJudgeIds, [5]);
  assert.equal(result.sections[0], {
    sectionId: 1,
    sectionName: 'Knife Skills',
    maxScore: 20,
    subsectionCount: 2,
    assignedJudgeIds: [1, 2, 5],
  });
});

test('school result: rows outside the category setup are ignored and counted', () => {
  const result = computeCategoryResult(
    category({
      subsectionScores: [
        ...judge1Rows,
        ...judge2Rows,
        ...judge3Rows,
        { judgeId: 3, sectionId: 1, schoolId: 1, subsectionId: 101, score: 1 }, // judge not assigned here
        { judgeId: 1, sectionId: 1, schoolId: 1, subsectionId: 999, score: 1 }, // subsection removed
        { judgeId: 1, sectionId: 77, schoolId: 1, subsectionId: 101, score: 1 }, // section not in category
        { judgeId: 1, sectionId: 1, schoolId: 42, subsectionId: 101, score: 1 }, // school not registered
      ],
      penaltyScores: [{ ...penalty(3, 1, 10, 5, true) }],
    }),
  );
  assert.is(result.ignoredRowCount, 5);
  assert.is(result.schools[0]?.score, 21.25);
});

function total(judgeId: number, sectionId: number, sum: number, scoredCount: number): SubsectionTotalRow {
  return { judgeId, sectionId, schoolId: 1, total: sum, scoredCount };
}

test('school result: sheets summed ahead (the server form) give what their subsection rows give', () => {
  const summed = category({
    subsectionScores: undefined,
    subsectionTotals: [total(1, 1, 17, 2), total(2, 1, 15.5, 2), total(3, 2, 5, 1)],
  });
  assert.equal(computeCategoryResult(summed), computeCategoryResult(category()));
  assert.is(onlySchool(summed).score, 21.25);
});

test('school result: a summed sheet is complete by its count; an empty sum opens no sheet; strays count their rows', () => {
  const result = computeCategoryResult(
    category({
      subsectionScores: undefined,
      subsectionTotals: [
        total(1, 1, 8, 1), // one of the two subsections: partial
        total(2, 1, 0, 0), // nothing summed: judge 2 is missing, not a zero sheet
        total(3, 2, 5, 1),
        total(3, 1, 9, 2), // judge 3 is not assigned to Knife Skills: 2 rows ignored
        { ...total(1, 1, 4, 3), schoolId: 42 }, // a school not registered: 3 rows ignored
      ],
    }),
  );
  const knife = result.schools[0]?.sections[0];
  assert.is(knife?.score, 8);
  assert.is(knife?.countedJudgeCount, 1);
  assert.equal(knife?.missingJudgeIds, [2]);
  assert.is(knife?.sheets[0]?.isComplete, false);
  assert.ok(knife?.isIncomplete);
  assert.is(result.ignoredRowCount, 5);
});

test('school result: schools without students are unranked; a section with no judge is incomplete', () => {
  const result = computeCategoryResult(
    category({
      sections: [
        knifeSkills,
        plating,
        { sectionId: 3, sectionName: 'Sanitation', subsections: [], assignedJudgeIds: [] },
      ],
      schools: [
        { schoolId: 1, schoolName: 'Alder High', hasStudents: true },
        { schoolId: 2, schoolName: 'Birch Academy', hasStudents: false },
      ],
      subsectionScores: [...judge1Rows, ...judge2Rows, ...judge3Rows, ...scoreRows(1, 1, 2, { 101: 5 })],
    }),
  );
  assert.equal(
    result.schools.map((school) => school.schoolId),
    [1],
  );
  assert.equal(result.unrankedSchools, [{ schoolId: 2, schoolName: 'Birch Academy' }]);
  assert.is(result.ignoredRowCount, 1);
  const school = result.schools[0];
  assert.is(school?.sections[2]?.score, 0);
  assert.ok(school?.sections[2]?.isIncomplete);
  assert.ok(school?.isIncomplete);
  assert.is(school?.score, 21.25);
});

test('school result: a school nobody has scored is not scored, scores 0 and is incomplete', () => {
  const result = computeCategoryResult(
    category({
      schools: [
        { schoolId: 1, schoolName: 'Alder High', hasStudents: true },
        { schoolId: 2, schoolName: 'Birch Academy', hasStudents: true },
      ],
    }),
  );
  const school = result.schools[1];
  assert.is(school?.isScored, false);
  assert.is(school?.score, 0);
  assert.ok(school?.isIncomplete);
  assert.equal(school?.sections[0]?.missingJudgeIds, [1, 2]);
});

test.run();
