// The parts of a results answer's lines that the results references draw (bench/bare-results.ts,
// ./main.tsx): the cells of the app's rows (results/plain-rows.tsx), notes included.

/** A team's line of a section's ranking: rank, team, score. */
export interface Line {
  placeLabel: string;
  schoolName: string;
  score: number;
}

/** A team's line of a category's standings, with what its notes column shows. */
export interface Standing extends Line {
  isDisqualified: boolean;
  hasScoreBelowOne: boolean;
  isIncomplete: boolean;
  statusLabel: string;
  hasPendingReview: boolean;
  tieBreakNote?: string | null;
}
