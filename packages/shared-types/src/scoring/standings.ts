// Terms: *standings* order a category's schools by score, highest first, and give each a *place*.
// Scores equal at display precision (2 decimals, so 10.004 and 10.001 tie) share a place: 1, 2, 2, 4,
// labelled 'T-2'. Disqualified (DQ) schools follow all others, with place 'DQ'.

import type { CategoryResult, CategoryScoringInput, SchoolResult, SectionSummary, SchoolRef } from './school-result.ts';
import { computeCategoryResult } from './school-result.ts';

export type PlaceLabel = `${number}` | `T-${number}` | 'DQ';

export interface Placing {
  /** 1-based competition rank (1, 2, 2, 4); null for a disqualified school. */
  place: number | null;
  placeLabel: PlaceLabel;
}

export interface RankableScore {
  schoolId: number;
  schoolName: string;
  /** The score rounded to 2 decimals: the ranking key. */
  displayScore: number;
  isDisqualified: boolean;
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
  statusLabel: SchoolStatus;
  /** Scored but shown below 1.00: labelled Disqualified (seed rule) while keeping its place. */
  hasScoreBelowOne: boolean;
}

export interface SectionStanding extends Placing {
  schoolId: number;
  schoolName: string;
  /** The school's section score, full precision (kept as computed even for a DQ'd school). */
  score: number;
  displayScore: number;
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
  /** In place order; DQ'd schools last, by name. */
  standings: SchoolStanding[];
  /** One per section, in the category's section order, each in place order. */
  sectionRankings: SectionRanking[];
  unrankedSchools: SchoolRef[];
  ignoredRowCount: number;
}

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareNames(a: RankableScore, b: RankableScore): number {
  return nameCollator.compare(a.schoolName, b.schoolName) || a.schoolId - b.schoolId;
}

// displayScore values are k / 100 for integer k, so equal display scores are identical numbers.
function compareForStandings(a: RankableScore, b: RankableScore): number {
  if (a.isDisqualified !== b.isDisqualified) return a.isDisqualified ? 1 : -1;
  if (!a.isDisqualified && a.displayScore !== b.displayScore) return b.displayScore - a.displayScore;
  return compareNames(a, b);
}

/** Orders schools by display score and places them: equal display scores share a place, DQ's come last. */
export function placeSchools<T extends RankableScore>(entries: readonly T[]): (T & Placing)[] {
  const ordered = [...entries].sort(compareForStandings);
  // A place is the count of schools ahead plus one; a tie group shares its first member's place.
  const ranked: { entry: T; place: number }[] = [];
  const groupSizes = new Map<number, number>();
  let previous: T | undefined;
  let place = 0;
  ordered.forEach((entry, index) => {
    const isSameGroup =
      previous !== undefined &&
      previous.isDisqualified === entry.isDisqualified &&
      previous.displayScore === entry.displayScore;
    if (!isSameGroup) place = index + 1;
    ranked.push({ entry, place });
    groupSizes.set(place, (groupSizes.get(place) ?? 0) + 1);
    previous = entry;
  });
  return ranked.map(({ entry, place: entryPlace }): T & Placing => {
    if (entry.isDisqualified) return { ...entry, place: null, placeLabel: 'DQ' };
    const isTied = (groupSizes.get(entryPlace) ?? 0) > 1;
    return { ...entry, place: entryPlace, placeLabel: isTied ? `T-${entryPlace}` : `${entryPlace}` };
  });
}

/** Names a school's status: Disqualified (DQ, or scored below 1.00), Not scored, Incomplete or Scored. */
export function describeSchoolStatus(result: SchoolResult): SchoolStatus {
  if (result.isDisqualified) return SchoolStatus.Disqualified;
  if (!result.isScored) return SchoolStatus.NotScored;
  if (result.displayScore < 1) return SchoolStatus.Disqualified;
  return result.isIncomplete ? SchoolStatus.Incomplete : SchoolStatus.Scored;
}

/** Ranks one section's schools by section score, with the category's tie and DQ rules. */
export function rankSection(result: CategoryResult, sectionPosition: number): SectionRanking {
  const summary = result.sections[sectionPosition];
  if (summary === undefined) throw new RangeError(`No section at position ${sectionPosition}`);
  const entries: SectionStanding[] = [];
  for (const school of result.schools) {
    const section = school.sections[sectionPosition];
    if (section === undefined) continue;
    entries.push({
      schoolId: school.schoolId,
      schoolName: school.schoolName,
      score: section.score,
      displayScore: section.displayScore,
      isDisqualified: school.isDisqualified,
      isIncomplete: section.isIncomplete,
      place: null,
      placeLabel: 'DQ',
    });
  }
  return { sectionId: summary.sectionId, sectionName: summary.sectionName, standings: placeSchools(entries) };
}

/** Turns a category's results into standings with places, status labels and per-section rankings. */
export function rankCategory(result: CategoryResult): CategoryStandings {
  const standings = placeSchools(result.schools).map((entry) => ({
    ...entry,
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
  };
}

/** Sorts categories by name (then id), as every results report lists them. */
export function sortByCategoryName<T extends { categoryId: number; categoryName: string }>(
  categories: readonly T[],
): T[] {
  return [...categories].sort(
    (a, b) => nameCollator.compare(a.categoryName, b.categoryName) || a.categoryId - b.categoryId,
  );
}

/** Computes and ranks every category of an event, sorted by category name. */
export function rankEvent(categories: readonly CategoryScoringInput[]): CategoryStandings[] {
  return sortByCategoryName(categories.map((input) => rankCategory(computeCategoryResult(input))));
}
