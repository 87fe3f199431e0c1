// Terms: a *sheet* is one judge's scoring of one school in one criteria section; its *total* is the
// judge's subsection scores minus the amounts of the judge's penalties there that *count*.
// A penalty or disqualification *counts* unless a coordinator rejected it in review.

/** Where a coordinator's review of an applied penalty or disqualification stands. */
export const ReviewStatus = { Pending: 'pending', Confirmed: 'confirmed', Rejected: 'rejected' } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

/** The review flag as rows carry it: a boolean from the API, or 0 / 1 / null straight from SQLite. */
export type IsConfirmedValue = boolean | 0 | 1 | null | undefined;

export interface PenaltyLine {
  penaltyId: number;
  /** The deduction the judge applied: the fixed one, or the time-based amount entered. */
  amount: number;
  /** The time over the judge entered for a time-based penalty (seconds), when the row carries it. */
  overtimeSeconds?: number | null;
  reviewStatus: ReviewStatus;
  isCounting: boolean;
}

export interface DisqualificationLine {
  disqualificationId: number;
  reviewStatus: ReviewStatus;
  isCounting: boolean;
}

export interface JudgeSheet {
  judgeId: number;
  /** Σ the judge's subsection scores. */
  subsectionTotal: number;
  /** Σ the amounts of the judge's counting penalties. */
  penaltyTotal: number;
  /** subsectionTotal − penaltyTotal, at full precision. */
  total: number;
  scoredSubsectionCount: number;
  /** At least one subsection scored: only such sheets enter a section's mean. */
  hasScores: boolean;
  /** Every subsection of the section scored. */
  isComplete: boolean;
  /** A counting penalty or disqualification not yet reviewed. */
  hasPendingReview: boolean;
  /** A counting disqualification on this sheet. */
  isDisqualified: boolean;
  /** Counting penalties (rejected ones are listed but not counted). */
  penaltyCount: number;
  /** Counting disqualifications. */
  disqualificationCount: number;
  /** Every penalty applied, rejected ones included, ordered by penaltyId. */
  penalties: PenaltyLine[];
  /** Every disqualification applied, rejected ones included, ordered by disqualificationId. */
  disqualifications: DisqualificationLine[];
}

export interface SheetPenaltyInput {
  penaltyId: number;
  amount: number;
  /** Shown beside the amount ('2:30 over'); never used to compute anything. */
  overtimeSeconds?: number | null;
  isConfirmed?: IsConfirmedValue;
}

export interface SheetDisqualificationInput {
  disqualificationId: number;
  isConfirmed?: IsConfirmedValue;
}

export interface SheetInput {
  judgeId: number;
  /** The section's subsection count, to tell a complete sheet. */
  subsectionCount: number;
  subsectionScores: readonly number[];
  penalties: readonly SheetPenaltyInput[];
  disqualifications: readonly SheetDisqualificationInput[];
}

/** Reads a penalty's or disqualification's review flag (false or 0 = rejected, true or 1 = confirmed). */
export function readReviewStatus(isConfirmed: IsConfirmedValue): ReviewStatus {
  if (isConfirmed === false || isConfirmed === 0) return ReviewStatus.Rejected;
  if (isConfirmed === true || isConfirmed === 1) return ReviewStatus.Confirmed;
  return ReviewStatus.Pending;
}

/** Starts an empty sheet for a judge; fill it with the add functions, then close it with finishSheet. */
export function createSheet(judgeId: number): JudgeSheet {
  return {
    judgeId,
    subsectionTotal: 0,
    penaltyTotal: 0,
    total: 0,
    scoredSubsectionCount: 0,
    hasScores: false,
    isComplete: false,
    hasPendingReview: false,
    isDisqualified: false,
    penaltyCount: 0,
    disqualificationCount: 0,
    penalties: [],
    disqualifications: [],
  };
}

/** Adds one subsection score to a sheet being built. */
export function addSubsectionScore(sheet: JudgeSheet, score: number): void {
  sheet.subsectionTotal += score;
  sheet.scoredSubsectionCount += 1;
}

/**
 * Adds several of a sheet's subsection scores summed ahead (their sum and how many): the same as
 * adding them one by one, since scores are quarter steps, which binary floating point adds exactly.
 */
export function addSubsectionTotal(sheet: JudgeSheet, total: number, scoredCount: number): void {
  sheet.subsectionTotal += total;
  sheet.scoredSubsectionCount += scoredCount;
}

/** Adds one applied penalty to a sheet being built; it deducts unless rejected. */
export function addPenalty(sheet: JudgeSheet, penalty: SheetPenaltyInput): void {
  const reviewStatus = readReviewStatus(penalty.isConfirmed);
  // A pending penalty counts until rejected, so nothing a judge applied silently disappears.
  const isCounting = reviewStatus !== ReviewStatus.Rejected;
  sheet.penalties.push({
    penaltyId: penalty.penaltyId,
    amount: penalty.amount,
    ...(penalty.overtimeSeconds === undefined ? {} : { overtimeSeconds: penalty.overtimeSeconds }),
    reviewStatus,
    isCounting,
  });
  if (!isCounting) return;
  sheet.penaltyTotal += penalty.amount;
  sheet.penaltyCount += 1;
  if (reviewStatus === ReviewStatus.Pending) sheet.hasPendingReview = true;
}

/** Adds one applied disqualification to a sheet being built; it disqualifies unless rejected. */
export function addDisqualification(sheet: JudgeSheet, disqualification: SheetDisqualificationInput): void {
  const reviewStatus = readReviewStatus(disqualification.isConfirmed);
  const isCounting = reviewStatus !== ReviewStatus.Rejected;
  sheet.disqualifications.push({ disqualificationId: disqualification.disqualificationId, reviewStatus, isCounting });
  if (!isCounting) return;
  sheet.isDisqualified = true;
  sheet.disqualificationCount += 1;
  if (reviewStatus === ReviewStatus.Pending) sheet.hasPendingReview = true;
}

/** Closes a built sheet: its total, completeness and line order (rows may arrive in any order). */
export function finishSheet(sheet: JudgeSheet, subsectionCount: number): JudgeSheet {
  sheet.total = sheet.subsectionTotal - sheet.penaltyTotal;
  sheet.hasScores = sheet.scoredSubsectionCount > 0;
  sheet.isComplete = sheet.scoredSubsectionCount >= subsectionCount;
  if (sheet.penalties.length > 1) sheet.penalties.sort((a, b) => a.penaltyId - b.penaltyId);
  if (sheet.disqualifications.length > 1) {
    sheet.disqualifications.sort((a, b) => a.disqualificationId - b.disqualificationId);
  }
  return sheet;
}

/** Scores one judge's sheet from its parts (the tablet's running total for a school and section). */
export function computeSheet(input: SheetInput): JudgeSheet {
  const sheet = createSheet(input.judgeId);
  for (const score of input.subsectionScores) addSubsectionScore(sheet, score);
  for (const penalty of input.penalties) addPenalty(sheet, penalty);
  for (const disqualification of input.disqualifications) addDisqualification(sheet, disqualification);
  return finishSheet(sheet, input.subsectionCount);
}
