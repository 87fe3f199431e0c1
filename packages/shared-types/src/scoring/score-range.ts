// The values a judge may enter. A subsection score runs from 1.00 to the subsection's max
// (1–20) in steps of 0.25; a penalty amount is the fixed deduction, or for a time-based
// (dynamic) penalty 0.25 up to the deduction in steps of 0.25 (decisions.md §1).

/** The step every score and penalty amount moves in. */
export const SCORE_STEP = 0.25;
/** The lowest subsection score; below it a school counts as disqualified (seed rule). */
export const MIN_SUBSECTION_SCORE = 1;
/** Bounds of a subsection's max score and of a penalty's deduction. */
export const MAX_SCORE_LIMIT = 20;

/** True when `value` is a whole number of 0.25 steps (0.25 is exact in binary, so no tolerance). */
export function isOnScoreStep(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value / SCORE_STEP);
}

/** The choices of a score dropdown: 1.00, 1.25, … max. */
export function scoreOptions(max: number): number[] {
  return stepsBetween(MIN_SUBSECTION_SCORE, max);
}

/** The choices of a time-based penalty's amount: 0.25, 0.50, … deduction. */
export function penaltyAmountOptions(deduction: number): number[] {
  return stepsBetween(SCORE_STEP, deduction);
}

/** True when `value` is a valid score for a subsection whose maximum is `max`. */
export function isValidSubsectionScore(value: number, max: number): boolean {
  return isOnScoreStep(value) && value >= MIN_SUBSECTION_SCORE && value <= max;
}

export interface PenaltyRule {
  /** The fixed deduction, or the maximum of a time-based penalty. */
  deduction: number;
  isDynamic: boolean;
}

/** True when `amount` may be applied for the penalty: the fixed deduction, or a step within 0.25..deduction. */
export function isValidPenaltyAmount(amount: number, penalty: PenaltyRule): boolean {
  if (!penalty.isDynamic) return amount === penalty.deduction;
  return isOnScoreStep(amount) && amount >= SCORE_STEP && amount <= penalty.deduction;
}

function stepsBetween(from: number, to: number): number[] {
  const count = Math.floor((to - from) / SCORE_STEP) + 1;
  return count > 0 ? Array.from({ length: count }, (_, index) => from + index * SCORE_STEP) : [];
}
