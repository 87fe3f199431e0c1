import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type {
  CategoryScoringInput,
  DisqualificationScoreRow,
  PenaltyScoreRow,
  SchoolInput,
  SectionInput,
  SubsectionScoreRow,
  SubsectionTotalRow,
} from './school-result.ts';
import { computeCategoryResult } from './school-result.ts';
import type { IsConfirmedValue } from './sheet.ts';
import type { CategoryStandings, Placing } from './standings.ts';
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

// ---- Properties over random categories -------------------------------------------------

const REVIEW_FLAGS: IsConfirmedValue[] = [null, undefined, true, false, 1, 0];
const COUNTING_FLAGS: IsConfirmedValue[] = [null, undefined, true, 1];
const SCHOOL_NAMES = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'alder'];
const JUDGE_POOL = [1, 2, 3, 4];

type Gen = fc.GeneratorValue;

function quarter(g: Gen, min: number, max: number): number {
  return g(fc.integer, { min: min * 4, max: max * 4 }) / 4;
}

/** A random category: small maxima so that ties are common; quarter-step scores as the product allows. */
function generateCategory(g: Gen): CategoryScoringInput {
  const sectionCount = g(fc.integer, { min: 1, max: 3 });
  const sections: SectionInput[] = Array.from({ length: sectionCount }, (_, s) => ({
    sectionId: s + 1,
    sectionName: `Section ${s + 1}`,
    subsections: Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, (_, k) => ({
      subsectionId: (s + 1) * 10 + k,
      maxScore: g(fc.integer, { min: 1, max: 3 }),
    })),
    assignedJudgeIds: g(fc.subarray, JUDGE_POOL, { minLength: 1 }),
  }));
  const schools: SchoolInput[] = Array.from({ length: g(fc.integer, { min: 1, max: 7 }) }, (_, index) => ({
    schoolId: index + 1,
    schoolName: g(fc.constantFrom, ...SCHOOL_NAMES),
    hasStudents: g(fc.integer, { min: 0, max: 7 }) > 0,
  }));
  const subsectionScores: SubsectionScoreRow[] = [];
  const penaltyScores: PenaltyScoreRow[] = [];
  const disqualificationScores: DisqualificationScoreRow[] = [];
  for (const section of sections) {
    for (const judgeId of section.assignedJudgeIds) {
      for (const school of schools) {
        const cell = { judgeId, sectionId: section.sectionId, schoolId: school.schoolId };
        const coverage = g(fc.integer, { min: 0, max: 5 }); // 0: not scored, 1: partial, else: full
        for (const subsection of section.subsections) {
          if (coverage === 0 || (coverage === 1 && g(fc.boolean))) continue;
          subsectionScores.push({
            ...cell,
            subsectionId: subsection.subsectionId,
            score: quarter(g, 1, subsection.maxScore),
          });
        }
        for (const penaltyId of [1, 2]) {
          if (g(fc.integer, { min: 0, max: 3 }) > 0) continue;
          const isConfirmed = g(fc.constantFrom, ...REVIEW_FLAGS);
          penaltyScores.push({ ...cell, penaltyId, amount: quarter(g, 0.25, 3), isConfirmed });
        }
        for (const disqualificationId of [1, 2]) {
          if (g(fc.integer, { min: 0, max: 20 }) > 0) continue;
          const isConfirmed = g(fc.constantFrom, ...REVIEW_FLAGS);
          disqualificationScores.push({ ...cell, disqualificationId, isConfirmed });
        }
      }
    }
  }
  return {
    categoryId: 1,
    categoryName: 'Culinary Arts',
    sections,
    schools,
    subsectionScores,
    penaltyScores,
    disqualificationScores,
    submittedJudgeIds: g(fc.subarray, JUDGE_POOL),
  };
}

function shuffle<T>(items: readonly T[], seed: number): T[] {
  // mulberry32: a seeded shuffle, so a failure replays from fast-check's seed.
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function rank(input: CategoryScoringInput): CategoryStandings {
  return rankCategory(computeCategoryResult(input));
}

function assertPlacesConsistent(entries: readonly (Placing & { displayScore: number; group: StandingGroup })[]) {
  const groupOrder = [StandingGroup.Ranked, StandingGroup.NotScored, StandingGroup.Disqualified];
  const positions = entries.map((entry) => groupOrder.indexOf(entry.group));
  assert.equal(
    positions,
    [...positions].sort((a, b) => a - b),
    'ranked, then Not scored, then DQ',
  );
  const placed = entries.filter((entry) => entry.group === StandingGroup.Ranked);
  for (const entry of entries.slice(placed.length)) {
    const expected = entry.group === StandingGroup.Disqualified ? 'DQ' : '';
    assert.equal([entry.place, entry.placeLabel], [null, expected], 'an unranked school has no number');
  }
  let index = 0;
  while (index < placed.length) {
    const place = placed[index]?.place;
    assert.is(place, index + 1, 'a place is the count of schools ahead plus one');
    const group = placed.filter((entry) => entry.place === place);
    assert.ok(
      group.every((entry) => entry.displayScore === placed[index]?.displayScore),
      'a shared place means an equal display score',
    );
    for (const entry of group) assert.is(entry.placeLabel, group.length > 1 ? `T-${place}` : `${place}`);
    const nextEntry = placed[index + group.length];
    if (nextEntry !== undefined) {
      assert.ok((nextEntry.place ?? 0) > (place ?? 0), 'places rise down the list');
      assert.ok(nextEntry.displayScore < (placed[index]?.displayScore ?? 0), 'a lower place has a lower score');
    }
    index += group.length;
  }
}

const PROPERTY_RUNS = { numRuns: 300 };

test('property: input row order and judge order do not change results', () => {
  fc.assert(
    fc.property(fc.gen(), fc.integer(), (g, seed) => {
      const input = generateCategory(g);
      const reordered: CategoryScoringInput = {
        ...input,
        sections: input.sections.map((section) => ({
          ...section,
          assignedJudgeIds: shuffle(section.assignedJudgeIds, seed),
        })),
        subsectionScores: shuffle(input.subsectionScores ?? [], seed),
        penaltyScores: shuffle(input.penaltyScores, seed + 1),
        disqualificationScores: shuffle(input.disqualificationScores, seed + 2),
        submittedJudgeIds: shuffle(input.submittedJudgeIds, seed + 3),
      };
      assert.equal(rank(reordered), rank(input));
    }),
    PROPERTY_RUNS,
  );
});

/**
 * Rows outside the category's setup, which the model must leave out in either form. (Not a
 * subsection of another section: the database refuses such a row, migration 0005.)
 */
function strayRows(g: Gen, input: CategoryScoringInput): SubsectionScoreRow[] {
  const section = g(fc.constantFrom, ...input.sections);
  const school = g(fc.constantFrom, ...input.schools);
  const judgeId = g(fc.constantFrom, ...section.assignedJudgeIds);
  const subsectionId = section.subsections[0]?.subsectionId ?? 0;
  const cell = { judgeId, sectionId: section.sectionId, schoolId: school.schoolId };
  const unassigned = JUDGE_POOL.find((id) => !section.assignedJudgeIds.includes(id));
  const rows: SubsectionScoreRow[] = [
    { ...cell, sectionId: 77, subsectionId: 7701, score: 1 }, // a section no longer in the category
    { ...cell, schoolId: 42, subsectionId, score: 1 }, // a school not registered
  ];
  if (unassigned !== undefined) rows.push({ ...cell, judgeId: unassigned, subsectionId, score: 1 });
  return g(fc.subarray, rows);
}

/** What the server's database does (results.repository.ts): sums each sheet, grouped by (judge, section, school). */
function sumLikeTheDatabase(rows: readonly SubsectionScoreRow[]): SubsectionTotalRow[] {
  const totals = new Map<string, SubsectionTotalRow>();
  for (const row of rows) {
    const key = `${row.judgeId}:${row.sectionId}:${row.schoolId}`;
    const total = totals.get(key);
    if (total) {
      total.total += row.score;
      total.scoredCount += 1;
    } else {
      const { judgeId, sectionId, schoolId, score } = row;
      totals.set(key, { judgeId, sectionId, schoolId, total: score, scoredCount: 1 });
    }
  }
  return [...totals.values()];
}

test('property: sheets summed ahead give the same results as per-subsection rows, in any mix', () => {
  fc.assert(
    fc.property(fc.gen(), fc.integer(), (g, seed) => {
      const generated = generateCategory(g);
      const rows = [...(generated.subsectionScores ?? []), ...strayRows(g, generated)];
      const input: CategoryScoringInput = { ...generated, subsectionScores: rows };
      // Any split: some rows stay single, the rest arrive summed (a sheet may come both ways).
      const isSummed = rows.map(() => g(fc.boolean));
      const mixed: CategoryScoringInput = {
        ...input,
        subsectionScores: rows.filter((_, index) => !isSummed[index]),
        subsectionTotals: shuffle(sumLikeTheDatabase(rows.filter((_, index) => isSummed[index])), seed),
      };
      const onlyTotals: CategoryScoringInput = {
        ...input,
        subsectionScores: undefined,
        subsectionTotals: sumLikeTheDatabase(rows),
      };
      const expected = computeCategoryResult(input);
      for (const form of [mixed, onlyTotals]) {
        const actual = computeCategoryResult(form);
        assert.equal(actual, expected);
        assert.equal(rankCategory(actual), rankCategory(expected));
      }
    }),
    PROPERTY_RUNS,
  );
});

test('property: adding a counting penalty never raises a school score', () => {
  fc.assert(
    fc.property(fc.gen(), (g) => {
      const input = generateCategory(g);
      const section = g(fc.constantFrom, ...input.sections);
      const school = g(fc.constantFrom, ...input.schools);
      const judgeId = g(fc.constantFrom, ...section.assignedJudgeIds);
      const added: PenaltyScoreRow = {
        judgeId,
        sectionId: section.sectionId,
        schoolId: school.schoolId,
        penaltyId: 3,
        amount: quarter(g, 0.25, 20),
        isConfirmed: g(fc.constantFrom, ...COUNTING_FLAGS),
      };
      const before = computeCategoryResult(input).schools;
      const after = computeCategoryResult({ ...input, penaltyScores: [...input.penaltyScores, added] }).schools;
      after.forEach((result, index) => {
        const previous = before[index];
        assert.ok(previous !== undefined && result.score <= previous.score, 'score not raised');
        if (result.schoolId !== school.schoolId) assert.equal(result, previous, 'other schools untouched');
      });
    }),
    PROPERTY_RUNS,
  );
});

test('property: a counting disqualification or a score below 1 always sorts last with place DQ', () => {
  fc.assert(
    fc.property(fc.gen(), (g) => {
      const input = generateCategory(g);
      const competing = new Set(input.schools.filter((school) => school.hasStudents).map((school) => school.schoolId));
      const assigned = new Map(input.sections.map((section) => [section.sectionId, section.assignedJudgeIds]));
      const disqualified = new Set(
        input.disqualificationScores
          .filter((row) => row.isConfirmed !== false && row.isConfirmed !== 0)
          .filter((row) => competing.has(row.schoolId) && assigned.get(row.sectionId)?.includes(row.judgeId))
          .map((row) => row.schoolId),
      );
      const { standings } = rank(input);
      for (const entry of standings) if (entry.isScored && entry.displayScore < 1) disqualified.add(entry.schoolId);
      const dqIds = standings.filter((entry) => entry.placeLabel === 'DQ').map((entry) => entry.schoolId);
      assert.equal(new Set(dqIds), disqualified);
      assert.equal(
        standings.slice(standings.length - dqIds.length).map((entry) => entry.schoolId),
        dqIds,
        'every DQ after every placed school',
      );
      for (const entry of standings) if (entry.isDisqualified) assert.is(entry.score, 0);
    }),
    PROPERTY_RUNS,
  );
});

test('property: places never fall down the list and each place is shared by its tie group', () => {
  fc.assert(
    fc.property(fc.gen(), (g) => {
      const standings = rank(generateCategory(g));
      assertPlacesConsistent(standings.standings);
      for (const entry of standings.standings)
        assert.is(
          entry.group === StandingGroup.Ranked,
          entry.isScored && !entry.isDisqualified && entry.displayScore >= 1,
        );
      for (const ranking of standings.sectionRankings) assertPlacesConsistent(ranking.standings);
    }),
    PROPERTY_RUNS,
  );
});

test.run();
