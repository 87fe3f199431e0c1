// Standings, table-driven: places, statuses, event and section rankings.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type {
  CategoryScoringInput,
  DisqualificationScoreRow,
  PenaltyScoreRow,
  SchoolInput,
  SectionInput,
  SubsectionScoreRow,
} from './school-result.ts';
import { computeCategoryResult } from './school-result.ts';
import { placeSchools, rankCategory, rankEvent, SchoolStatus, StandingGroup } from './standings.ts';

// One section, one subsection (max 20), one judge: each school's score is its single subsection score,
// less any penalty, so table rows read as "school name: score".
const oneSection: SectionInput = {
  sectionId: 1,
  sectionName: 'Plating',
  subsections: [{ subsectionId: 1, maxScore: 20 }],
  assignedJudgeIds: [1],
};

interface SchoolLine {
  name: string;
  score?: number;
  penalty?: number;
  isDisqualified?: boolean;
}

function categoryOf(
  lines: readonly SchoolLine[],
  categoryName = 'Culinary Arts',
  categoryId = 1,
): CategoryScoringInput {
  const schools: SchoolInput[] = [];
  const subsectionScores: SubsectionScoreRow[] = [];
  const penaltyScores: PenaltyScoreRow[] = [];
  const disqualificationScores: DisqualificationScoreRow[] = [];
  lines.forEach((line, index) => {
    const schoolId = index + 1;
    const cell = { judgeId: 1, sectionId: 1, schoolId };
    schools.push({ schoolId, schoolName: line.name, hasStudents: true });
    if (line.score !== undefined) subsectionScores.push({ ...cell, subsectionId: 1, score: line.score });
    if (line.penalty !== undefined)
      penaltyScores.push({ ...cell, penaltyId: 1, amount: line.penalty, isConfirmed: true });
    if (line.isDisqualified) disqualificationScores.push({ ...cell, disqualificationId: 1, isConfirmed: null });
  });
  return {
    categoryId,
    categoryName,
    sections: [oneSection],
    schools,
    subsectionScores,
    penaltyScores,
    disqualificationScores,
    submittedJudgeIds: [1],
  };
}

function placesOf(lines: readonly SchoolLine[]): string[] {
  return rankCategory(computeCategoryResult(categoryOf(lines))).standings.map(
    (standing) => `${standing.placeLabel} ${standing.schoolName}`,
  );
}

const placeCases: { name: string; lines: SchoolLine[]; expected: string[] }[] = [
  {
    name: 'distinct scores place 1, 2, 3',
    lines: [
      { name: 'Cedar', score: 10 },
      { name: 'Alder', score: 12 },
      { name: 'Birch', score: 11 },
    ],
    expected: ['1 Alder', '2 Birch', '3 Cedar'],
  },
  {
    name: 'a tie shares T-2 and the next place is 4',
    lines: [
      { name: 'Alder', score: 15 },
      { name: 'Dogwood', score: 12.5 },
      { name: 'Birch', score: 12.5 },
      { name: 'Cedar', score: 9 },
    ],
    expected: ['1 Alder', 'T-2 Birch', 'T-2 Dogwood', '4 Cedar'],
  },
  {
    name: 'a tie at the top is T-1, then 3',
    lines: [
      { name: 'Birch', score: 14 },
      { name: 'Alder', score: 14 },
      { name: 'Cedar', score: 13 },
    ],
    expected: ['T-1 Alder', 'T-1 Birch', '3 Cedar'],
  },
  {
    name: 'scores equal at 2 decimals tie (10.004 and 10.001 both show 10.00)',
    lines: [
      { name: 'Alder', score: 10.004 },
      { name: 'Birch', score: 10.001 },
      { name: 'Cedar', score: 10.006 },
    ],
    expected: ['1 Cedar', 'T-2 Alder', 'T-2 Birch'],
  },
  {
    name: 'a penalty drops a school below an equal subsection score',
    lines: [
      { name: 'Alder', score: 12, penalty: 0.75 },
      { name: 'Birch', score: 12 },
    ],
    expected: ['1 Birch', '2 Alder'],
  },
  {
    name: "ranked first, then a school nobody scored (no place), then DQ's, each block by name",
    lines: [
      { name: 'Elm', score: 18, isDisqualified: true },
      { name: 'Alder', score: 10 },
      { name: 'Birch', score: 3, isDisqualified: true },
      { name: 'Cedar' },
      { name: 'Dogwood', score: 9 },
      { name: 'Aspen' },
    ],
    expected: ['1 Alder', '2 Dogwood', ' Aspen', ' Cedar', 'DQ Birch', 'DQ Elm'],
  },
  {
    name: 'a score below 1 (POLYTECH −2.75) is DQ, never a number, and lists with the DQs by name',
    lines: [
      { name: 'POLYTECH', score: 1, penalty: 3.75 },
      { name: 'Alder', score: 10 },
      { name: 'Birch', score: 1, penalty: 0.25 },
      { name: 'Cedar', score: 4, isDisqualified: true },
      { name: 'Dogwood', score: 9 },
    ],
    expected: ['1 Alder', '2 Dogwood', 'DQ Birch', 'DQ Cedar', 'DQ POLYTECH'],
  },
  {
    name: 'a category nobody has scored has no places at all (never T-1 for everyone)',
    lines: [{ name: 'Cedar' }, { name: 'Alder' }, { name: 'Birch' }],
    expected: [' Alder', ' Birch', ' Cedar'],
  },
  {
    name: 'a score of exactly 1.00 (0.995 shown as 1.00) is ranked',
    lines: [
      { name: 'Alder', score: 0.995 },
      { name: 'Birch', score: 1 },
    ],
    expected: ['T-1 Alder', 'T-1 Birch'],
  },
];

for (const c of placeCases) {
  test(`places: ${c.name}`, () => {
    assert.equal(placesOf(c.lines), c.expected);
  });
}

test('places: a DQ scores 0, has no numeric place and says Disqualified', () => {
  const [first, last] = rankCategory(
    computeCategoryResult(
      categoryOf([
        { name: 'Alder', score: 18, isDisqualified: true },
        { name: 'Birch', score: 4 },
      ]),
    ),
  ).standings;
  assert.equal([first?.schoolName, first?.place, first?.placeLabel], ['Birch', 1, '1']);
  assert.equal([last?.score, last?.place, last?.placeLabel, last?.statusLabel], [0, null, 'DQ', 'Disqualified']);
});

const statusCases: { name: string; line: SchoolLine; status: SchoolStatus; isBelowOne: boolean }[] = [
  { name: 'a scored school', line: { name: 'Alder', score: 5 }, status: SchoolStatus.Scored, isBelowOne: false },
  // 1 - 0.25 = 0.75: shown below 1.00, so the seed rule labels it Disqualified (place DQ).
  {
    name: 'a score below 1',
    line: { name: 'Alder', score: 1, penalty: 0.25 },
    status: SchoolStatus.Disqualified,
    isBelowOne: true,
  },
  {
    name: 'a score of 0.995 shows 1.00',
    line: { name: 'Alder', score: 0.995 },
    status: SchoolStatus.Scored,
    isBelowOne: false,
  },
  { name: 'a school not scored yet', line: { name: 'Alder' }, status: SchoolStatus.NotScored, isBelowOne: false },
  {
    name: 'a disqualification',
    line: { name: 'Alder', score: 5, isDisqualified: true },
    status: SchoolStatus.Disqualified,
    isBelowOne: false,
  },
];

for (const c of statusCases) {
  test(`status: ${c.name} shows ${c.status}`, () => {
    const standings = rankCategory(computeCategoryResult(categoryOf([c.line, { name: 'Birch', score: 2 }]))).standings;
    const standing = standings.find((entry) => entry.schoolName === 'Alder');
    assert.is(standing?.statusLabel, c.status);
    assert.is(standing?.hasScoreBelowOne, c.isBelowOne);
  });
}

test('status: below 1 says Disqualified with place DQ and keeps its score', () => {
  const standings = rankCategory(
    computeCategoryResult(
      categoryOf([
        { name: 'Alder', score: 1, penalty: 0.25 },
        { name: 'Birch', score: 2 },
      ]),
    ),
  ).standings;
  assert.equal(
    standings.map((entry) => [entry.schoolName, entry.place, entry.placeLabel, entry.statusLabel, entry.displayScore]),
    [
      ['Birch', 1, '1', 'Scored', 2],
      ['Alder', null, 'DQ', 'Disqualified', 0.75],
    ],
  );
});

test('status: a provisional result reads Incomplete', () => {
  const input = { ...categoryOf([{ name: 'Alder', score: 5 }]), submittedJudgeIds: [] };
  const standings = rankCategory(computeCategoryResult(input));
  assert.ok(standings.isProvisional);
  assert.is(standings.standings[0]?.statusLabel, SchoolStatus.Incomplete);
});

test('event: categories sorted by name, each in place order', () => {
  const event = rankEvent([
    categoryOf([{ name: 'Alder', score: 3 }], 'Pastry', 1),
    categoryOf([{ name: 'Alder', score: 3 }], 'Culinary Arts', 2),
    categoryOf([{ name: 'Alder', score: 3 }], 'hospitality', 3),
    categoryOf([{ name: 'Alder', score: 3 }], 'Culinary 10', 4),
    categoryOf([{ name: 'Alder', score: 3 }], 'Culinary 9', 5),
  ]);
  assert.equal(
    event.map((category) => category.categoryName),
    ['Culinary 9', 'Culinary 10', 'Culinary Arts', 'hospitality', 'Pastry'],
  );
});

test('sections: each section ranks by section score with the same tie and DQ rules', () => {
  const sections: SectionInput[] = [
    {
      sectionId: 1,
      sectionName: 'Knife Skills',
      subsections: [{ subsectionId: 11, maxScore: 10 }],
      assignedJudgeIds: [1],
    },
    { sectionId: 2, sectionName: 'Plating', subsections: [{ subsectionId: 21, maxScore: 10 }], assignedJudgeIds: [1] },
  ];
  const row = (schoolId: number, sectionId: number, score: number): SubsectionScoreRow => ({
    judgeId: 1,
    sectionId,
    schoolId,
    subsectionId: sectionId * 10 + 1,
    score,
  });
  const standings = rankCategory(
    computeCategoryResult({
      categoryId: 1,
      categoryName: 'Culinary Arts',
      sections,
      schools: [
        { schoolId: 1, schoolName: 'Alder', hasStudents: true },
        { schoolId: 2, schoolName: 'Birch', hasStudents: true },
        { schoolId: 3, schoolName: 'Cedar', hasStudents: true },
        { schoolId: 4, schoolName: 'Dogwood', hasStudents: true },
      ],
      subsectionScores: [
        row(1, 1, 6),
        row(1, 2, 9),
        row(2, 1, 8),
        row(2, 2, 7),
        row(3, 1, 8),
        row(3, 2, 2),
        row(4, 1, 10),
      ],
      penaltyScores: [],
      disqualificationScores: [{ judgeId: 1, sectionId: 2, schoolId: 4, disqualificationId: 1, isConfirmed: true }],
      submittedJudgeIds: [1],
    }),
  );
  assert.equal(
    standings.sectionRankings.map((ranking) => [
      ranking.sectionName,
      ranking.standings.map((entry) => `${entry.placeLabel} ${entry.schoolName} ${entry.displayScore}`),
    ]),
    [
      ['Knife Skills', ['T-1 Birch 8', 'T-1 Cedar 8', '3 Alder 6', 'DQ Dogwood 10']],
      ['Plating', ['1 Alder 9', '2 Birch 7', '3 Cedar 2', 'DQ Dogwood 0']],
    ],
  );
  const plating = standings.sectionRankings[1]?.standings[3];
  assert.ok(plating?.isIncomplete, 'Dogwood has no Plating score');
});

test('placeSchools: works on any rankable rows and leaves its input alone', () => {
  const rows = [
    { schoolId: 2, schoolName: 'b', displayScore: 1, group: StandingGroup.Ranked },
    { schoolId: 1, schoolName: 'B', displayScore: 1, group: StandingGroup.Ranked },
  ];
  assert.equal(
    placeSchools(rows).map((row) => [row.schoolId, row.placeLabel]),
    [
      [1, 'T-1'],
      [2, 'T-1'],
    ],
  );
  assert.is(rows[0]?.schoolId, 2);
});

test.run();
