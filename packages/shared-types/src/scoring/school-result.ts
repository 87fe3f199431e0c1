// Terms: a school's *section score* is the mean of the sheets of the judges who owe the school's
// cells in the section (`owed-cells.ts`: assigned and not excused) and have scored the school; its *category score* is the sum of its section scores, or 0 when any
// counting disqualification applies. A result is *incomplete* while a sheet is missing or partial.
// A sheet's subsection scores arrive one row per subsection, or summed ahead per sheet (a
// *subsection total*, what the server's database reads); every rule below sees the same sheet.

import { roundHalfUp2 } from './display.ts';
import { exclusionOf, isExcusedFromSection, type ExclusionReason, type SectionPanel } from './owed-cells.ts';
import type { IsConfirmedValue, JudgeSheet } from './sheet.ts';
import type { TieBreakRule } from './tie-break-rule.ts';
import {
  addDisqualification,
  addPenalty,
  addSubsectionScore,
  addSubsectionTotal,
  createSheet,
  finishSheet,
} from './sheet.ts';

export interface SubsectionInput {
  subsectionId: number;
  maxScore: number;
}

export interface SectionInput extends SectionPanel {
  sectionId: number;
  sectionName: string;
  /** A subsection belongs to one section: its id appears in no other section. */
  subsections: readonly SubsectionInput[];
}

export interface SchoolInput {
  schoolId: number;
  schoolName: string;
  /** Only schools with students compete; the others are listed as unranked. */
  hasStudents: boolean;
}

export interface SubsectionScoreRow {
  judgeId: number;
  sectionId: number;
  schoolId: number;
  subsectionId: number;
  score: number;
}

/**
 * One judge's subsection scores of one school in one section, summed ahead (the server's database
 * groups them: a few thousand rows instead of about 100,000 in a large final). Only subsections
 * that belong to the section now may be summed: the model cannot see a stale one inside a sum.
 */
export interface SubsectionTotalRow {
  judgeId: number;
  sectionId: number;
  schoolId: number;
  /** Σ the scores. */
  total: number;
  /** How many subsections were scored: compared with the section's subsection count for completeness. */
  scoredCount: number;
}

export interface PenaltyScoreRow {
  judgeId: number;
  sectionId: number;
  schoolId: number;
  penaltyId: number;
  amount: number;
  overtimeSeconds?: number | null;
  isConfirmed?: IsConfirmedValue;
}

export interface DisqualificationScoreRow {
  judgeId: number;
  sectionId: number;
  schoolId: number;
  disqualificationId: number;
  isConfirmed?: IsConfirmedValue;
}

/** Everything one category's results need, as flat rows in any order. */
export interface CategoryScoringInput {
  categoryId: number;
  categoryName: string;
  /** In display order; category scores add section scores in this order. */
  sections: readonly SectionInput[];
  schools: readonly SchoolInput[];
  /** One row per scored subsection (the tablet, tests). */
  subsectionScores?: readonly SubsectionScoreRow[];
  /** Sheets' subsection scores summed ahead (the server). Both forms may be given: they add up. */
  subsectionTotals?: readonly SubsectionTotalRow[];
  penaltyScores: readonly PenaltyScoreRow[];
  disqualificationScores: readonly DisqualificationScoreRow[];
  /** Judges who have submitted (locked) this category. */
  submittedJudgeIds: readonly number[];
  /** The category's tie-break rules, in order (tie-breaks.ts); none: ties stand (decisions §7). */
  tieBreakRules?: readonly TieBreakRule[];
}

export interface SectionSummary {
  sectionId: number;
  sectionName: string;
  /** Σ the subsections' max scores: the best sheet a judge can give. */
  maxScore: number;
  subsectionCount: number;
  /** Ascending. */
  assignedJudgeIds: number[];
}

/** A judge whose sheet of the school does not count, and why (stored, never lost). */
export interface ExcludedJudge {
  judgeId: number;
  reason: ExclusionReason;
}

export interface SectionResult {
  sectionId: number;
  sectionName: string;
  /** Mean of the counted sheets, full precision; 0 when no judge has scored the school yet. */
  score: number;
  displayScore: number;
  /** Sheets that entered the mean. */
  countedJudgeCount: number;
  /** A judge is missing or a sheet is partial, or no judge is assigned. */
  isIncomplete: boolean;
  /** Assigned judges with no subsection score for the school yet, ascending. */
  missingJudgeIds: number[];
  /** Every owing judge's sheet that has any row, by judgeId; see JudgeSheet.hasScores. */
  sheets: JudgeSheet[];
  /** Assigned judges who do not owe the school's cells here (their rows are left out), ascending. */
  excludedJudges: ExcludedJudge[];
}

export interface SchoolResult {
  schoolId: number;
  schoolName: string;
  /** The category score at full precision: 0 when disqualified. */
  score: number;
  /** score rounded half-up to 2 decimals; standings compare this. */
  displayScore: number;
  /** Σ section scores as if no disqualification applied. */
  scoreBeforeDisqualification: number;
  isDisqualified: boolean;
  /** Provisional (a judge has not submitted), or a sheet is missing or partial. */
  isIncomplete: boolean;
  /** At least one judge has scored the school in some section. */
  isScored: boolean;
  hasPendingReview: boolean;
  /** Counting penalties across all sheets. */
  penaltyCount: number;
  /** Counting disqualifications across all sheets. */
  disqualificationCount: number;
  /** In the category's section order. */
  sections: SectionResult[];
}

export interface SchoolRef {
  schoolId: number;
  schoolName: string;
}

export interface CategoryResult {
  categoryId: number;
  categoryName: string;
  /** Some judge who owes work has not submitted: every school is then incomplete. */
  isProvisional: boolean;
  /** Judges who owe work and have not submitted, ascending. */
  pendingJudgeIds: number[];
  sections: SectionSummary[];
  /** Competing schools (with students), in input order. */
  schools: SchoolResult[];
  /** Registered schools without students: not scored, not placed. */
  unrankedSchools: SchoolRef[];
  /**
   * Score rows naming a section, judge, school or subsection outside this category's setup (a
   * subsection total counts as the rows it sums).
   */
  ignoredRowCount: number;
  /** The category's tie-break rules, in order; empty: ties stand. */
  tieBreakRules: TieBreakRule[];
}

interface CellLocator {
  judgeId: number;
  sectionId: number;
  schoolId: number;
}

// One grid per section: a sheet slot per (school, assigned judge), found by two Map lookups,
// so rows are grouped in a single pass whatever their order.
interface SectionGrid {
  summary: SectionSummary;
  panel: SectionPanel;
  judgeIds: number[];
  judgePositions: Map<number, number>;
  subsectionIds: Set<number>;
  sheets: (JudgeSheet | undefined)[];
}

function buildSectionGrid(section: SectionInput, schoolCount: number): SectionGrid {
  const judgeIds = [...new Set(section.assignedJudgeIds)].sort((a, b) => a - b);
  let maxScore = 0;
  const subsectionIds = new Set<number>();
  for (const subsection of section.subsections) {
    maxScore += subsection.maxScore;
    subsectionIds.add(subsection.subsectionId);
  }
  return {
    summary: {
      sectionId: section.sectionId,
      sectionName: section.sectionName,
      maxScore,
      subsectionCount: subsectionIds.size,
      assignedJudgeIds: judgeIds,
    },
    panel: section,
    judgeIds,
    judgePositions: new Map(judgeIds.map((judgeId, position) => [judgeId, position])),
    subsectionIds,
    sheets: new Array<JudgeSheet | undefined>(schoolCount * judgeIds.length).fill(undefined),
  };
}

// The sheet of (school, judge) in a grid, started on first use.
function takeSheet(grid: SectionGrid, schoolPosition: number, judgePosition: number, judgeId: number): JudgeSheet {
  const slot = schoolPosition * grid.judgeIds.length + judgePosition;
  let sheet = grid.sheets[slot];
  if (sheet === undefined) {
    sheet = createSheet(judgeId);
    grid.sheets[slot] = sheet;
  }
  return sheet;
}

/** Computes every competing school's category result from one category's score rows. */
export function computeCategoryResult(input: CategoryScoringInput): CategoryResult {
  const competingSchools: SchoolInput[] = [];
  const unrankedSchools: SchoolRef[] = [];
  const schoolPositions = new Map<number, number>();
  for (const school of input.schools) {
    if (!school.hasStudents) {
      unrankedSchools.push({ schoolId: school.schoolId, schoolName: school.schoolName });
    } else if (!schoolPositions.has(school.schoolId)) {
      schoolPositions.set(school.schoolId, competingSchools.length);
      competingSchools.push(school);
    }
  }

  const grids: SectionGrid[] = [];
  const gridsBySection = new Map<number, SectionGrid>();
  // A subsection belongs to one section, so one lookup finds the grid and proves the subsection current.
  const gridsBySubsection = new Map<number, SectionGrid>();
  const judgesWithWork = new Set<number>();
  for (const section of input.sections) {
    if (gridsBySection.has(section.sectionId)) continue;
    const grid = buildSectionGrid(section, competingSchools.length);
    grids.push(grid);
    gridsBySection.set(section.sectionId, grid);
    for (const subsectionId of grid.subsectionIds) gridsBySubsection.set(subsectionId, grid);
    for (const judgeId of grid.judgeIds) {
      if (owesWorkIn(section, judgeId, competingSchools)) judgesWithWork.add(judgeId);
    }
  }

  let ignoredRowCount = 0;
  const locateSheet = (row: CellLocator): JudgeSheet | undefined => {
    const grid = gridsBySection.get(row.sectionId);
    const judgePosition = grid?.judgePositions.get(row.judgeId);
    const schoolPosition = schoolPositions.get(row.schoolId);
    if (grid === undefined || judgePosition === undefined || schoolPosition === undefined) return undefined;
    return takeSheet(grid, schoolPosition, judgePosition, row.judgeId);
  };

  // Per-subsection rows come mostly grouped by cell (a judge scores a school's subsections
  // together), so the last cell's sheet is kept at hand.
  let lastGrid: SectionGrid | undefined;
  let lastJudgeId = Number.NaN;
  let lastSchoolId = Number.NaN;
  let lastSheet: JudgeSheet | undefined;
  for (const row of input.subsectionScores ?? []) {
    const grid = gridsBySubsection.get(row.subsectionId);
    // A score for a subsection no longer in the section would inflate the sheet: leave it out.
    if (grid === undefined || grid.summary.sectionId !== row.sectionId) {
      ignoredRowCount += 1;
      continue;
    }
    if (lastSheet !== undefined && grid === lastGrid && row.judgeId === lastJudgeId && row.schoolId === lastSchoolId) {
      addSubsectionScore(lastSheet, row.score);
      continue;
    }
    const judgePosition = grid.judgePositions.get(row.judgeId);
    const schoolPosition = schoolPositions.get(row.schoolId);
    if (judgePosition === undefined || schoolPosition === undefined) {
      ignoredRowCount += 1;
      continue;
    }
    const sheet = takeSheet(grid, schoolPosition, judgePosition, row.judgeId);
    addSubsectionScore(sheet, row.score);
    lastGrid = grid;
    lastJudgeId = row.judgeId;
    lastSchoolId = row.schoolId;
    lastSheet = sheet;
  }
  for (const row of input.subsectionTotals ?? []) {
    // An empty sum is no score: it must not open a sheet, which would then count as a judge's.
    if (row.scoredCount <= 0) continue;
    const sheet = locateSheet(row);
    if (sheet === undefined) ignoredRowCount += row.scoredCount;
    else addSubsectionTotal(sheet, row.total, row.scoredCount);
  }
  for (const row of input.penaltyScores) {
    const sheet = locateSheet(row);
    if (sheet === undefined) ignoredRowCount += 1;
    else addPenalty(sheet, row);
  }
  for (const row of input.disqualificationScores) {
    const sheet = locateSheet(row);
    if (sheet === undefined) ignoredRowCount += 1;
    else addDisqualification(sheet, row);
  }

  const submittedJudgeIds = new Set(input.submittedJudgeIds);
  const pendingJudgeIds = [...judgesWithWork].filter((judgeId) => !submittedJudgeIds.has(judgeId));
  pendingJudgeIds.sort((a, b) => a - b);
  const isProvisional = pendingJudgeIds.length > 0;

  const schools = competingSchools.map((school, schoolPosition) =>
    summarizeSchool(school, schoolPosition, grids, isProvisional),
  );

  return {
    categoryId: input.categoryId,
    categoryName: input.categoryName,
    isProvisional,
    pendingJudgeIds,
    sections: grids.map((grid) => grid.summary),
    schools,
    unrankedSchools,
    ignoredRowCount,
    tieBreakRules: [...(input.tieBreakRules ?? [])],
  };
}

// The same reading as `judgesWithWork` in owed-work.ts: with no school competing, every judge not
// excused from the section still owes a submission.
function owesWorkIn(section: SectionInput, judgeId: number, schools: readonly SchoolInput[]): boolean {
  if (schools.length === 0) return !isExcusedFromSection(section, judgeId);
  return schools.some((school) => exclusionOf(section, judgeId, school.schoolId) === null);
}

function summarizeSchool(
  school: SchoolInput,
  schoolPosition: number,
  grids: readonly SectionGrid[],
  isProvisional: boolean,
): SchoolResult {
  const sections: SectionResult[] = [];
  let scoreBeforeDisqualification = 0;
  let isDisqualified = false;
  let isIncomplete = isProvisional;
  let isScored = false;
  let hasPendingReview = false;
  let penaltyCount = 0;
  let disqualificationCount = 0;

  for (const grid of grids) {
    const judgeCount = grid.judgeIds.length;
    const firstSlot = schoolPosition * judgeCount;
    const sheets: JudgeSheet[] = [];
    const missingJudgeIds: number[] = [];
    const excludedJudges: ExcludedJudge[] = [];
    let sheetSum = 0;
    let countedJudgeCount = 0;
    let owingJudgeCount = 0;
    let isSectionIncomplete = false;

    for (const [judgePosition, judgeId] of grid.judgeIds.entries()) {
      // An excluded judge's rows stay stored but never count: not in the mean, not missing, no DQ.
      const exclusion = exclusionOf(grid.panel, judgeId, school.schoolId);
      if (exclusion !== null) {
        excludedJudges.push({ judgeId, reason: exclusion });
        continue;
      }
      owingJudgeCount += 1;
      const sheet = grid.sheets[firstSlot + judgePosition];
      if (sheet === undefined) {
        missingJudgeIds.push(judgeId);
        isSectionIncomplete = true;
        continue;
      }
      finishSheet(sheet, grid.summary.subsectionCount);
      sheets.push(sheet);
      // A disqualification counts from any assigned judge, even one who has not scored yet.
      if (sheet.isDisqualified) isDisqualified = true;
      if (sheet.hasPendingReview) hasPendingReview = true;
      penaltyCount += sheet.penaltyCount;
      disqualificationCount += sheet.disqualificationCount;
      if (sheet.hasScores) {
        sheetSum += sheet.total;
        countedJudgeCount += 1;
        if (!sheet.isComplete) isSectionIncomplete = true;
      } else {
        // Only penalties so far: the judge has not scored the school, and a sheet of bare
        // deductions averaged in would sink the mean.
        missingJudgeIds.push(sheet.judgeId);
        isSectionIncomplete = true;
      }
    }

    if (owingJudgeCount === 0) isSectionIncomplete = true;
    const score = countedJudgeCount > 0 ? sheetSum / countedJudgeCount : 0;
    scoreBeforeDisqualification += score;
    if (countedJudgeCount > 0) isScored = true;
    if (isSectionIncomplete) isIncomplete = true;
    sections.push({
      sectionId: grid.summary.sectionId,
      sectionName: grid.summary.sectionName,
      score,
      displayScore: roundHalfUp2(score),
      countedJudgeCount,
      isIncomplete: isSectionIncomplete,
      missingJudgeIds,
      sheets,
      excludedJudges,
    });
  }

  const score = isDisqualified ? 0 : scoreBeforeDisqualification;
  return {
    schoolId: school.schoolId,
    schoolName: school.schoolName,
    score,
    displayScore: roundHalfUp2(score),
    scoreBeforeDisqualification,
    isDisqualified,
    isIncomplete,
    isScored,
    hasPendingReview,
    penaltyCount,
    disqualificationCount,
    sections,
  };
}
