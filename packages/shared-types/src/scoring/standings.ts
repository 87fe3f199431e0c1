// Terms: *standings* order a category's schools by score, highest first, and give each a *place*.
// Only a school with a score of at least 1.00 and no counting disqualification is ranked
// (decisions §7). Scores equal at display precision (2 decimals, so 10.004 and 10.001 tie) share
// a place: 1, 2, 2, 4, labelled 'T-2'. After the ranked schools come those no judge has scored
// ('Not scored', no place), then the disqualified ones (a counting disqualification, or a score
// below 1.00: place 'DQ'), each block by name (decisions §8).

import type {
  CategoryResult,
  CategoryScoringInput,
  SchoolResult,
  SectionResult,
  SectionSummary,
  SchoolRef,
} from './school-result.ts';
import { compareNames } from '../common/name-order.ts';
import { computeCategoryResult } from './school-result.ts';
import type { TieBreakRule } from './tie-break-rule.ts';
import { applyTieBreaks } from './tie-breaks.ts';

/** '' is a school with no place: nobody has scored it yet. */
export type PlaceLabel = `${number}` | `T-${number}` | 'DQ' | '';

export interface Placing {
  /** 1-based competition rank (1, 2, 2, 4); null for a school that is not ranked. */
  place: number | null;
  placeLabel: PlaceLabel;
}

/** The block of the standings a school is listed in, in listing order. */
export const StandingGroup = {
  Ranked: 'ranked',
  NotScored: 'notScored',
  Disqualified: 'disqualified',
} as const;
export type StandingGroup = (typeof StandingGroup)[keyof typeof StandingGroup];

const GROUP_ORDER: Record<StandingGroup, number> = { ranked: 0, notScored: 1, disqualified: 2 };

export interface RankableScore {
  schoolId: number;
  schoolName: string;
  /** The score rounded to 2 decimals: the ranking key. */
  displayScore: number;
  group: StandingGroup;
}

/** What a school's results line says beside its score. */
export const SchoolStatus = {
  Scored: 'Scored',
  Incomplete: 'Incomplete',
  NotScored: 'Not scored',
  Disqualified: 'Disqualified',
} as const;
export type SchoolStatus = (typeof SchoolStatus)[keyof typeof SchoolStatus];

export interface SchoolStanding extends SchoolResult, Placing {
  group: StandingGroup;
  statusLabel: SchoolStatus;
  /** Scored but shown below 1.00: Disqualified (seed rule), place 'DQ' like a disqualification. */
  hasScoreBelowOne: boolean;
  /** Why a tie-break put the school where it is ("ahead of Dover HS on Plating & Taste: 45.00 vs 43.50"); null: none applied. */
  tieBreakNote: string | null;
}

export interface SectionStanding extends Placing {
  schoolId: number;
  schoolName: string;
  /** The school's section score, full precision (kept as computed even for a DQ'd school). */
  score: number;
  displayScore: number;
  group: StandingGroup;
  /** The school is disqualified in the category, so it is 'DQ' in every section. */
  isDisqualified: boolean;
  isIncomplete: boolean;
}

export interface SectionRanking {
  sectionId: number;
  sectionName: string;
  standings: SectionStanding[];
}

export interface CategoryStandings {
  categoryId: number;
  categoryName: string;
  isProvisional: boolean;
  pendingJudgeIds: number[];
  sections: SectionSummary[];
  /** Ranked schools in place order, then Not scored, then Disqualified, each block by name. */
  standings: SchoolStanding[];
  /** One per section, in the category's section order, each in place order. */
  sectionRankings: SectionRanking[];
  unrankedSchools: SchoolRef[];
  ignoredRowCount: number;
  /** The category's tie-break rules, in order; empty: ties stand. */
  tieBreakRules: TieBreakRule[];
}

function compareSchoolNames(a: RankableScore, b: RankableScore): number {
  return compareNames(a.schoolName, b.schoolName) || a.schoolId - b.schoolId;
}

/** Which block a school's category result puts it in (decisions §7). */
export function standingGroupOf(
  result: Pick<SchoolResult, 'isDisqualified' | 'isScored' | 'displayScore'>,
): StandingGroup {
  if (result.isDisqualified) return StandingGroup.Disqualified;
  if (!result.isScored) return StandingGroup.NotScored;
  return result.displayScore < 1 ? StandingGroup.Disqualified : StandingGroup.Ranked;
}

// displayScore values are k / 100 for integer k, so equal display scores are identical numbers.
function compareForStandings(a: RankableScore, b: RankableScore): number {
  if (a.group !== b.group) return GROUP_ORDER[a.group] - GROUP_ORDER[b.group];
  if (a.group === StandingGroup.Ranked && a.displayScore !== b.displayScore) return b.displayScore - a.displayScore;
  return compareSchoolNames(a, b);
}

const UNRANKED_PLACING: Record<Exclude<StandingGroup, 'ranked'>, Placing> = {
  notScored: { place: null, placeLabel: '' },
  disqualified: { place: null, placeLabel: 'DQ' },
};

/** Orders schools by group, then display score, and places the ranked ones: equal display scores share a place. */
export function placeSchools<T extends RankableScore>(entries: readonly T[]): (T & Placing)[] {
  const ordered = [...entries].sort(compareForStandings);
  const rankedCountByScore = new Map<number, number>();
  for (const entry of ordered) {
    if (entry.group === StandingGroup.Ranked)
      rankedCountByScore.set(entry.displayScore, (rankedCountByScore.get(entry.displayScore) ?? 0) + 1);
  }
  // Ranked schools come first, so a place is the count of schools ahead plus one; a tie group
  // shares its first member's place.
  let place = 0;
  let previousScore: number | undefined;
  return ordered.map((entry, index): T & Placing => {
    if (entry.group !== StandingGroup.Ranked) return { ...entry, ...UNRANKED_PLACING[entry.group] };
    if (entry.displayScore !== previousScore) place = index + 1;
    previousScore = entry.displayScore;
    const isTied = (rankedCountByScore.get(entry.displayScore) ?? 0) > 1;
    return { ...entry, place, placeLabel: isTied ? `T-${place}` : `${place}` };
  });
}

/** Names a school's status: Disqualified (DQ, or scored below 1.00), Not scored, Incomplete or Scored. */
export function describeSchoolStatus(result: SchoolResult): SchoolStatus {
  const group = standingGroupOf(result);
  if (group === StandingGroup.Disqualified) return SchoolStatus.Disqualified;
  if (group === StandingGroup.NotScored) return SchoolStatus.NotScored;
  return result.isIncomplete ? SchoolStatus.Incomplete : SchoolStatus.Scored;
}

// A school shown Disqualified in the category is DQ in every section; otherwise a section no judge
// has scored yet is Not scored, and any scored section ranks (a low section score is not a DQ).
function sectionGroupOf(school: SchoolResult, section: SectionResult): StandingGroup {
  if (standingGroupOf(school) === StandingGroup.Disqualified) return StandingGroup.Disqualified;
  return section.countedJudgeCount > 0 ? StandingGroup.Ranked : StandingGroup.NotScored;
}

/** Ranks one section's schools by section score, with the category's tie and DQ rules. */
export function rankSection(result: CategoryResult, sectionPosition: number): SectionRanking {
  const summary = result.sections[sectionPosition];
  if (summary === undefined) throw new RangeError(`No section at position ${sectionPosition}`);
  const entries: Omit<SectionStanding, keyof Placing>[] = [];
  for (const school of result.schools) {
    const section = school.sections[sectionPosition];
    if (section === undefined) continue;
    entries.push({
      schoolId: school.schoolId,
      schoolName: school.schoolName,
      score: section.score,
      displayScore: section.displayScore,
      group: sectionGroupOf(school, section),
      isDisqualified: school.isDisqualified,
      isIncomplete: section.isIncomplete,
    });
  }
  return { sectionId: summary.sectionId, sectionName: summary.sectionName, standings: placeSchools(entries) };
}

/**
 * Turns a category's results into standings with places, status labels and per-section rankings;
 * ties among ranked schools are then ordered by the category's tie-break rules (tie-breaks.ts).
 */
export function rankCategory(result: CategoryResult): CategoryStandings {
  const placed = placeSchools(result.schools.map((school) => ({ ...school, group: standingGroupOf(school) })));
  const standings = applyTieBreaks(placed, result.tieBreakRules, result.sections).map((entry) => ({
    ...entry,
    placeLabel: entry.placeLabel as PlaceLabel,
    statusLabel: describeSchoolStatus(entry),
    hasScoreBelowOne: !entry.isDisqualified && entry.isScored && entry.displayScore < 1,
  }));
  return {
    categoryId: result.categoryId,
    categoryName: result.categoryName,
    isProvisional: result.isProvisional,
    pendingJudgeIds: result.pendingJudgeIds,
    sections: result.sections,
    standings,
    sectionRankings: result.sections.map((_, position) => rankSection(result, position)),
    unrankedSchools: result.unrankedSchools,
    ignoredRowCount: result.ignoredRowCount,
    tieBreakRules: result.tieBreakRules,
  };
}

/** Sorts categories by name (then id), as every results report lists them. */
export function sortByCategoryName<T extends { categoryId: number; categoryName: string }>(
  categories: readonly T[],
): T[] {
  return [...categories].sort((a, b) => compareNames(a.categoryName, b.categoryName) || a.categoryId - b.categoryId);
}

/** Computes and ranks every category of an event, sorted by category name. */
export function rankEvent(categories: readonly CategoryScoringInput[]): CategoryStandings[] {
  return sortByCategoryName(categories.map((input) => rankCategory(computeCategoryResult(input))));
}
