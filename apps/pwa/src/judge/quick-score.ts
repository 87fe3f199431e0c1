// Quick-score: a subsection's value chosen in place on the sheet, without the score form. A tap
// on a whole number gives that number; a tap on a quarter (+0.25, +0.50, +0.75, or +0 for the
// whole number itself) moves within it. Every value of the shared range (score-range.ts) is one
// or two taps away, and no tap can give a value outside it.
import { MIN_SUBSECTION_SCORE, SCORE_STEP, isValidSubsectionScore } from '@judging/shared-types';

/** The quarters a whole number can carry: +0, +0.25, +0.50, +0.75. */
export const QUARTERS: readonly number[] = [0, SCORE_STEP, 2 * SCORE_STEP, 3 * SCORE_STEP];

/** The whole numbers of the picker: 1 up to the subsection's maximum. */
export function wholeChoices(max: number): number[] {
  const top = Math.floor(max);
  return top < MIN_SUBSECTION_SCORE
    ? []
    : Array.from({ length: top - MIN_SUBSECTION_SCORE + 1 }, (_, index) => MIN_SUBSECTION_SCORE + index);
}

/** The whole number a value is shown on (4.75 is on 4). */
export function wholeOf(value: number): number {
  return Math.floor(value);
}

/** The quarter a value carries (4.75 carries 0.75). */
export function quarterOf(value: number): number {
  return value - Math.floor(value);
}

/**
 * The value a tap on a quarter gives: the current value's whole number plus the quarter, or null
 * when that tap cannot apply (nothing scored yet, or past the maximum).
 */
export function withQuarter(value: number | null, quarter: number, max: number): number | null {
  if (value === null) return null;
  const next = wholeOf(value) + quarter;
  return isValidSubsectionScore(next, max) ? next : null;
}

/** The taps that reach `target` from an unscored cell: its whole number, then its quarter if any. */
export function tapsToReach(target: number): { whole: number; quarter: number | null } {
  const quarter = quarterOf(target);
  return { whole: wholeOf(target), quarter: quarter === 0 ? null : quarter };
}
