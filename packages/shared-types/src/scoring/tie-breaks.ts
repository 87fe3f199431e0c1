// Terms: a *tie* is two or more ranked schools showing the same category score (decisions §7: they
// share a place). A category may name *tie-break rules*, tried in order on each tie: the first rule
// on which two schools differ orders them, and the row says why ("ahead of Dover HS on Plating &
// Taste: 45.00 vs 43.50"). Schools equal on every rule still share their place. Every rule compares
// values as shown (2 decimals, half-up), like the score itself. Only ranked schools are ever
// reordered: Not scored and Disqualified rows (a DQ or a score below 1.00) keep their place.

import { formatScore, toHundredths } from './display.ts';
import type { SchoolResult, SectionSummary } from './school-result.ts';
import { TieBreakKind, type TieBreakRule } from './tie-break-rule.ts';

export * from './tie-break-rule.ts';

/** The rules that actually order a tie: those before the first 'no tie-break'. */
export function effectiveTieBreakRules(rules: readonly TieBreakRule[]): TieBreakRule[] {
  const stop = rules.findIndex((rule) => rule.kind === TieBreakKind.None);
  return stop === -1 ? [...rules] : rules.slice(0, stop);
}

/** How a rule is named in the coordinator's list and the results' legend. */
export function describeTieBreakRule(
  rule: TieBreakRule,
  sections: readonly Pick<SectionSummary, 'sectionId' | 'sectionName'>[],
): string {
  switch (rule.kind) {
    case 'sectionScore': {
      const section = sections.find((candidate) => candidate.sectionId === rule.sectionId);
      return `Higher score in ${section?.sectionName ?? 'a section no longer in the category'}`;
    }
    case 'fewerPenalties':
      return 'Fewer penalty deductions';
    case 'lowestSheet':
      return "Higher lowest judge sheet (share of the section's maximum)";
    case 'none':
      return 'No tie-break (places shared)';
  }
}

/** One school's value on one rule: `rank` is larger for the better school; `shown` is what the row prints. */
interface RuleValue {
  rank: number;
  shown: string;
}

interface RuleReading {
  /** What the row calls the rule: "Plating & Taste", "penalty deductions". */
  label: string;
  valueOf(school: SchoolResult): RuleValue;
}

const NO_SHEET: RuleValue = { rank: Number.NEGATIVE_INFINITY, shown: '—' };

// A rule naming a section the category no longer has cannot order anything: it is skipped.
function readRule(rule: TieBreakRule, sections: readonly SectionSummary[]): RuleReading | undefined {
  switch (rule.kind) {
    case 'sectionScore': {
      const position = sections.findIndex((section) => section.sectionId === rule.sectionId);
      const summary = sections[position];
      if (summary === undefined) return undefined;
      return {
        label: summary.sectionName,
        valueOf(school) {
          const section = school.sections[position];
          if (section === undefined || section.countedJudgeCount === 0) return NO_SHEET;
          return { rank: toHundredths(section.score), shown: formatScore(section.score) };
        },
      };
    }
    case 'fewerPenalties':
      return {
        label: 'penalty deductions',
        valueOf(school) {
          let total = 0;
          for (const section of school.sections) for (const sheet of section.sheets) total += sheet.penaltyTotal;
          return { rank: -toHundredths(total), shown: formatScore(total) };
        },
      };
    case 'lowestSheet':
      return {
        label: 'lowest judge sheet',
        valueOf(school) {
          let lowest: number | undefined;
          school.sections.forEach((section, position) => {
            const maxScore = sections[position]?.maxScore ?? 0;
            if (maxScore <= 0) return;
            for (const sheet of section.sheets) {
              if (!sheet.hasScores) continue;
              const share = toHundredths((sheet.total / maxScore) * 100);
              if (lowest === undefined || share < lowest) lowest = share;
            }
          });
          return lowest === undefined ? NO_SHEET : { rank: lowest, shown: `${formatScore(lowest / 100)}%` };
        },
      };
    case 'none':
      return undefined;
  }
}

/** A ranked school as the tie-break sees it: its result and the place the score alone gave it. */
export interface TiedEntry extends SchoolResult {
  place: number | null;
  placeLabel: string;
}

/** What a tie-break decided for one school: its place, and the words that say why. */
export interface TieBreakOutcome {
  place: number;
  placeLabel: `${number}` | `T-${number}`;
  /** "ahead of Dover HS on Plating & Taste: 45.00 vs 43.50"; null when no rule applies. */
  tieBreakNote: string | null;
}

const nameList = (schools: readonly TiedEntry[]) => schools.map((school) => school.schoolName).join(' and ');

/**
 * Orders one tie (schools of equal display score sharing `firstPlace`, listed by name) by the
 * rules, and says on each row what decided it. Returns the schools in their new order.
 */
export function breakTie<T extends TiedEntry>(
  tied: readonly T[],
  firstPlace: number,
  rules: readonly TieBreakRule[],
  sections: readonly SectionSummary[],
): (T & TieBreakOutcome)[] {
  const readings = effectiveTieBreakRules(rules)
    .map((rule) => readRule(rule, sections))
    .filter((reading): reading is RuleReading => reading !== undefined);
  if (readings.length === 0) {
    const placeLabel = tied.length > 1 ? (`T-${firstPlace}` as const) : (`${firstPlace}` as const);
    return tied.map((school) => ({ ...school, place: firstPlace, placeLabel, tieBreakNote: null }));
  }
  const values = new Map(tied.map((school) => [school, readings.map((reading) => reading.valueOf(school))]));
  const valuesOf = (school: T): RuleValue[] => values.get(school) ?? [];
  const decidingRule = (a: T, b: T): number =>
    readings.findIndex((_, index) => valuesOf(a)[index]?.rank !== valuesOf(b)[index]?.rank);
  // Array.prototype.sort is stable: schools equal on every rule keep their order by name.
  const ordered = [...tied].sort((a, b) => {
    const index = decidingRule(a, b);
    if (index === -1) return 0;
    return (valuesOf(b)[index]?.rank ?? 0) - (valuesOf(a)[index]?.rank ?? 0);
  });
  // Runs of schools equal on every rule: each run shares a place.
  const runs: T[][] = [];
  for (const school of ordered) {
    const run = runs.at(-1);
    if (run !== undefined && decidingRule(run[0] as T, school) === -1) run.push(school);
    else runs.push([school]);
  }
  const compared = (from: T, to: readonly T[], index: number): string => {
    const reading = readings[index] as RuleReading;
    const other = to[0] as T;
    return `on ${reading.label}: ${valuesOf(from)[index]?.shown ?? ''} vs ${valuesOf(other)[index]?.shown ?? ''}`;
  };
  const outcome: (T & TieBreakOutcome)[] = [];
  let place = firstPlace;
  runs.forEach((run, runIndex) => {
    const above = runs[runIndex - 1];
    const below = runs[runIndex + 1];
    for (const school of run) {
      const words: string[] = [];
      if (above !== undefined)
        words.push(`behind ${nameList(above)} ${compared(school, above, decidingRule(above[0] as T, school))}`);
      if (below !== undefined)
        words.push(`ahead of ${nameList(below)} ${compared(school, below, decidingRule(school, below[0] as T))}`);
      const others = run.filter((other) => other !== school);
      if (others.length > 0) words.push(`tied with ${nameList(others)} after every tie-break`);
      outcome.push({
        ...school,
        place,
        placeLabel: run.length > 1 ? `T-${place}` : `${place}`,
        tieBreakNote: words.join('; '),
      });
    }
    place += run.length;
  });
  return outcome;
}

/**
 * Applies a category's tie-break rules to standings already placed by score (placeSchools): each
 * run of ranked schools sharing a place is ordered by breakTie; every other row keeps its place and
 * gets no note.
 */
export function applyTieBreaks<T extends TiedEntry & { group: string }>(
  placed: readonly T[],
  rules: readonly TieBreakRule[],
  sections: readonly SectionSummary[],
): (T & { tieBreakNote: string | null })[] {
  const result: (T & { tieBreakNote: string | null })[] = [];
  let index = 0;
  while (index < placed.length) {
    const entry = placed[index] as T;
    if (entry.group !== 'ranked' || entry.place === null) {
      result.push({ ...entry, tieBreakNote: null });
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < placed.length) {
      const next = placed[end] as T;
      if (next.group !== 'ranked' || next.place !== entry.place) break;
      end += 1;
    }
    const tie = placed.slice(index, end);
    if (tie.length === 1) result.push({ ...entry, tieBreakNote: null });
    else result.push(...breakTie(tie, entry.place, rules, sections));
    index = end;
  }
  return result;
}

/** The row's place as results, print and CSV say it: "2 – ahead of Dover HS on Plating & Taste: 45.00 vs 43.50". */
export function placeWithTieBreak(line: { placeLabel: string; tieBreakNote?: string | null | undefined }): string {
  const note = line.tieBreakNote ?? null;
  return note === null || note === '' ? line.placeLabel : `${line.placeLabel} – ${note}`;
}
