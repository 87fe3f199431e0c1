// Tie-break rules on hand-built ties: each rule alone, chained, still tied after every rule, the
// rows a tie-break never moves (DQ, below 1, Not scored), and the words each row carries.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CategoryScoringInput, PenaltyScoreRow, SchoolInput, SubsectionScoreRow } from './school-result.ts';
import { rankEvent, type SchoolStanding } from './standings.ts';
import { describeTieBreakRule, placeWithTieBreak, type TieBreakRule } from './tie-breaks.ts';
import { tieBreakListProblem, TieBreakMessages } from '../events/tie-breaks.schemas.ts';

// Plating & Taste: three subsections of 20 (max 60); Knife Skills: two of 20 (max 40).
const PLATING = 1;
const KNIFE = 2;
const sections = [
  { sectionId: PLATING, sectionName: 'Plating & Taste', subsections: [11, 12, 13], assignedJudgeIds: [1, 2] },
  { sectionId: KNIFE, sectionName: 'Knife Skills', subsections: [21, 22], assignedJudgeIds: [1, 2] },
];

/** A school's sheets: per section, per judge, the subsection scores; penalties per (section, judge). */
interface Team {
  name: string;
  sheets?: Partial<Record<number, Partial<Record<number, number[]>>>>;
  penalties?: { sectionId: number; judgeId: number; amount: number }[];
  disqualified?: boolean;
  noStudents?: boolean;
}

/** Both judges give the same scores in both sections. */
function same(plating: number[], knife: number[]): Team['sheets'] {
  return { [PLATING]: { 1: plating, 2: plating }, [KNIFE]: { 1: knife, 2: knife } };
}

function category(teams: readonly Team[], tieBreakRules: TieBreakRule[]): CategoryScoringInput {
  const schools: SchoolInput[] = [];
  const subsectionScores: SubsectionScoreRow[] = [];
  const penaltyScores: PenaltyScoreRow[] = [];
  teams.forEach((team, index) => {
    const schoolId = index + 1;
    schools.push({ schoolId, schoolName: team.name, hasStudents: team.noStudents !== true });
    for (const section of sections) {
      for (const judgeId of section.assignedJudgeIds) {
        const scores = team.sheets?.[section.sectionId]?.[judgeId] ?? [];
        scores.forEach((score, position) =>
          subsectionScores.push({
            judgeId,
            sectionId: section.sectionId,
            schoolId,
            subsectionId: section.subsections[position] as number,
            score,
          }),
        );
      }
    }
    for (const [penaltyIndex, penalty] of (team.penalties ?? []).entries())
      penaltyScores.push({ ...penalty, schoolId, penaltyId: penaltyIndex + 1, isConfirmed: true });
  });
  return {
    categoryId: 1,
    categoryName: 'Culinary',
    sections: sections.map((section) => ({
      sectionId: section.sectionId,
      sectionName: section.sectionName,
      subsections: section.subsections.map((subsectionId) => ({ subsectionId, maxScore: 20 })),
      assignedJudgeIds: section.assignedJudgeIds,
    })),
    schools,
    subsectionScores,
    penaltyScores,
    disqualificationScores: teams.flatMap((team, index) =>
      team.disqualified
        ? [{ judgeId: 1, sectionId: PLATING, schoolId: index + 1, disqualificationId: 1, isConfirmed: true }]
        : [],
    ),
    submittedJudgeIds: [1, 2],
    tieBreakRules,
  };
}

function standings(teams: readonly Team[], rules: TieBreakRule[]): SchoolStanding[] {
  const [result] = rankEvent([category(teams, rules)]);
  if (result === undefined) throw new Error('no category');
  return result.standings;
}

const rows = (lines: readonly SchoolStanding[]) =>
  lines.map((line) => `${line.schoolName}: ${placeWithTieBreak(line)}`);

// Lincoln 80; Adams 45 + 30 and Dover 43.50 + 31.50 tie on 75.
const leader: Team = { name: 'Lincoln HS', sheets: same([20, 20, 10], [15, 15]) };
const adams: Team = { name: 'Adams HS', sheets: same([15, 15, 15], [15, 15]) };
const dover: Team = { name: 'Dover HS', sheets: same([15, 15, 13.5], [15, 16.5]) };

test('without rules a tie stands: both share the place, no words', () => {
  const lines = standings([leader, dover, adams], []);
  assert.equal(rows(lines), ['Lincoln HS: 1', 'Adams HS: T-2', 'Dover HS: T-2']);
  assert.equal(
    lines.map((line) => line.tieBreakNote),
    [null, null, null],
  );
});

test('higher score in a section breaks the tie and says so on both rows', () => {
  const lines = standings([leader, dover, adams], [{ kind: 'sectionScore', sectionId: PLATING }]);
  assert.equal(rows(lines), [
    'Lincoln HS: 1',
    'Adams HS: 2 – ahead of Dover HS on Plating & Taste: 45.00 vs 43.50',
    'Dover HS: 3 – behind Adams HS on Plating & Taste: 43.50 vs 45.00',
  ]);
  assert.equal(
    lines.map((line) => line.place),
    [1, 2, 3],
  );
});

test('the other section orders the same tie the other way', () => {
  const lines = standings([leader, dover, adams], [{ kind: 'sectionScore', sectionId: KNIFE }]);
  assert.equal(rows(lines).slice(1), [
    'Dover HS: 2 – ahead of Adams HS on Knife Skills: 31.50 vs 30.00',
    'Adams HS: 3 – behind Dover HS on Knife Skills: 30.00 vs 31.50',
  ]);
});

test('fewer penalty deductions: counted amounts at 2 decimals, a rejected penalty not counted', () => {
  // Carver 50.75 − 2.75 (both judges' sheets lose it) = 48; Baker 48 with a rejected penalty only.
  const carver: Team = {
    name: 'Carver HS',
    sheets: { [PLATING]: { 1: [20, 20, 10.75], 2: [20, 20, 10.75] }, [KNIFE]: { 1: [15, 15], 2: [15, 15] } },
    penalties: [
      { sectionId: PLATING, judgeId: 1, amount: 2.75 },
      { sectionId: PLATING, judgeId: 2, amount: 2.75 },
    ],
  };
  const baker: Team = { name: 'Baker HS', sheets: same([20, 20, 8], [15, 15]) };
  const input = category([carver, baker], [{ kind: 'fewerPenalties' }]);
  input.penaltyScores = [
    ...input.penaltyScores,
    { judgeId: 1, sectionId: KNIFE, schoolId: 2, penaltyId: 9, amount: 5, isConfirmed: false },
  ];
  const [result] = rankEvent([input]);
  assert.equal(rows(result?.standings ?? []), [
    'Baker HS: 1 – ahead of Carver HS on penalty deductions: 0.00 vs 5.50',
    'Carver HS: 2 – behind Baker HS on penalty deductions: 5.50 vs 0.00',
  ]);
});

test("higher lowest judge sheet, as a share of its section's maximum", () => {
  // Both 48 + 30 = 78. Evans's judges give 54 and 42 (70.00%); Fisher's 50 and 46 (76.67%),
  // and every Knife Skills sheet is 30 of 40 (75.00%): Fisher's lowest share is 75.00%.
  const evans: Team = {
    name: 'Evans HS',
    sheets: { [PLATING]: { 1: [20, 20, 14], 2: [14, 14, 14] }, [KNIFE]: { 1: [15, 15], 2: [15, 15] } },
  };
  const fisher: Team = {
    name: 'Fisher HS',
    sheets: { [PLATING]: { 1: [20, 20, 10], 2: [16, 15, 15] }, [KNIFE]: { 1: [15, 15], 2: [15, 15] } },
  };
  assert.equal(rows(standings([evans, fisher], [{ kind: 'lowestSheet' }])), [
    'Fisher HS: 1 – ahead of Evans HS on lowest judge sheet: 75.00% vs 70.00%',
    'Evans HS: 2 – behind Fisher HS on lowest judge sheet: 70.00% vs 75.00%',
  ]);
});

test('rules are tried in order: an equal first rule passes the tie to the next', () => {
  const lines = standings(
    [leader, dover, adams],
    [{ kind: 'fewerPenalties' }, { kind: 'lowestSheet' }, { kind: 'sectionScore', sectionId: KNIFE }],
  );
  // No penalties; lowest sheets 30/40 = 75.00% and 43.50/60 = 72.50% vs 30/40 = 75.00%: Adams ahead.
  assert.equal(rows(lines).slice(1), [
    'Adams HS: 2 – ahead of Dover HS on lowest judge sheet: 75.00% vs 72.50%',
    'Dover HS: 3 – behind Adams HS on lowest judge sheet: 72.50% vs 75.00%',
  ]);
});

test('schools equal on every rule still share the place, and the row says so', () => {
  const twin: Team = { name: 'Grant HS', sheets: same([15, 15, 15], [15, 15]) };
  const lines = standings([leader, twin, adams, dover], [{ kind: 'sectionScore', sectionId: PLATING }]);
  assert.equal(rows(lines), [
    'Lincoln HS: 1',
    'Adams HS: T-2 – ahead of Dover HS on Plating & Taste: 45.00 vs 43.50; tied with Grant HS after every tie-break',
    'Grant HS: T-2 – ahead of Dover HS on Plating & Taste: 45.00 vs 43.50; tied with Adams HS after every tie-break',
    'Dover HS: 4 – behind Adams HS and Grant HS on Plating & Taste: 43.50 vs 45.00',
  ]);
});

test('a school in the middle of a three-way tie says both what it beat and what beat it', () => {
  const middle: Team = { name: 'Hayes HS', sheets: same([15, 15, 14], [15, 16]) };
  const lines = standings([dover, middle, adams], [{ kind: 'sectionScore', sectionId: PLATING }]);
  assert.equal(rows(lines), [
    'Adams HS: 1 – ahead of Hayes HS on Plating & Taste: 45.00 vs 44.00',
    'Hayes HS: 2 – behind Adams HS on Plating & Taste: 44.00 vs 45.00; ahead of Dover HS on Plating & Taste: 44.00 vs 43.50',
    'Dover HS: 3 – behind Hayes HS on Plating & Taste: 43.50 vs 44.00',
  ]);
});

test('"no tie-break" stops the list: rules after it are never tried', () => {
  const lines = standings([leader, dover, adams], [{ kind: 'none' }, { kind: 'sectionScore', sectionId: PLATING }]);
  assert.equal(rows(lines), ['Lincoln HS: 1', 'Adams HS: T-2', 'Dover HS: T-2']);
});

test('a rule naming a section the category no longer has is skipped', () => {
  const lines = standings(
    [leader, dover, adams],
    [
      { kind: 'sectionScore', sectionId: 99 },
      { kind: 'sectionScore', sectionId: KNIFE },
    ],
  );
  assert.equal(rows(lines)[1], 'Dover HS: 2 – ahead of Adams HS on Knife Skills: 31.50 vs 30.00');
});

test('DQ, below-1 and Not scored rows are never reordered and carry no tie-break words', () => {
  const disqualifiedA: Team = { name: 'Zeta HS', sheets: same([20, 20, 20], [20, 20]), disqualified: true };
  const disqualifiedB: Team = { name: 'Ames HS', sheets: same([1, 1, 1], [1, 1]), disqualified: true };
  const belowOne: Team = {
    name: 'Kent HS',
    sheets: same([1, 1, 1], [1, 1]),
    penalties: [
      { sectionId: PLATING, judgeId: 1, amount: 3 },
      { sectionId: PLATING, judgeId: 2, amount: 3 },
      { sectionId: KNIFE, judgeId: 1, amount: 2 },
      { sectionId: KNIFE, judgeId: 2, amount: 2 },
    ],
  };
  const notScoredA: Team = { name: 'Young HS' };
  const notScoredB: Team = { name: 'Quinn HS' };
  const teams = [disqualifiedA, notScoredA, leader, belowOne, dover, disqualifiedB, adams, notScoredB];
  const rules: TieBreakRule[] = [
    { kind: 'lowestSheet' },
    { kind: 'fewerPenalties' },
    { kind: 'sectionScore', sectionId: PLATING },
  ];
  const withRules = standings(teams, rules);
  const without = standings(teams, []);
  const unranked = (lines: readonly SchoolStanding[]) =>
    lines
      .filter((line) => line.group !== 'ranked')
      .map((line) => [line.schoolName, line.placeLabel, line.tieBreakNote]);
  assert.equal(unranked(withRules), unranked(without));
  assert.equal(unranked(withRules), [
    ['Quinn HS', '', null],
    ['Young HS', '', null],
    ['Ames HS', 'DQ', null],
    ['Kent HS', 'DQ', null],
    ['Zeta HS', 'DQ', null],
  ]);
  assert.equal(
    withRules.map((line) => line.schoolName),
    ['Lincoln HS', 'Adams HS', 'Dover HS', 'Quinn HS', 'Young HS', 'Ames HS', 'Kent HS', 'Zeta HS'],
  );
});

test('a rule names itself for the coordinator', () => {
  const named = [{ sectionId: PLATING, sectionName: 'Plating & Taste' }];
  assert.is(
    describeTieBreakRule({ kind: 'sectionScore', sectionId: PLATING }, named),
    'Higher score in Plating & Taste',
  );
  assert.is(describeTieBreakRule({ kind: 'fewerPenalties' }, named), 'Fewer penalty deductions');
  assert.is(
    describeTieBreakRule({ kind: 'lowestSheet' }, named),
    "Higher lowest judge sheet (share of the section's maximum)",
  );
  assert.is(describeTieBreakRule({ kind: 'none' }, named), 'No tie-break (places shared)');
});

test('a list that cannot be saved says why', () => {
  assert.is(tieBreakListProblem([{ kind: 'sectionScore', sectionId: 1 }, { kind: 'none' }], [1]), null);
  assert.is(tieBreakListProblem([{ kind: 'none' }, { kind: 'lowestSheet' }], [1]), TieBreakMessages.noneLast);
  assert.is(tieBreakListProblem([{ kind: 'lowestSheet' }, { kind: 'lowestSheet' }], [1]), TieBreakMessages.duplicate);
  assert.is(tieBreakListProblem([{ kind: 'sectionScore', sectionId: 2 }], [1]), TieBreakMessages.sectionNotInCategory);
});

test.run();
