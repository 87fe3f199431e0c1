// Standings, property-based: generated categories whose results must hold whatever the input
// order, the mix of summed and per-subsection rows, or the penalties added.
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
import { rankCategory, StandingGroup } from './standings.ts';

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
