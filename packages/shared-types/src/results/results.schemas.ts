// Results as the coordinator's reports read them: the shared scoring model's standings
// (scoring/standings.ts) with names added, so a frozen snapshot stands alone. Scores travel at
// full precision; every screen and export formats them with `formatScore`.
import Type, { type Static, type TSchema } from 'typebox';
import { EventStatusSchema } from '../sync/sync-reads.schemas.ts';
import { TieBreakRuleSchema } from '../events/tie-breaks.schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const ReviewStatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('rejected')]);

export const ResultsSheetSchema = Type.Object({
  judgeId: Type.Integer(),
  subsectionTotal: Type.Number(),
  penaltyTotal: Type.Number(),
  total: Type.Number(),
  scoredSubsectionCount: Type.Integer(),
  hasScores: Type.Boolean(),
  isComplete: Type.Boolean(),
  hasPendingReview: Type.Boolean(),
  isDisqualified: Type.Boolean(),
  penaltyCount: Type.Integer(),
  disqualificationCount: Type.Integer(),
  penalties: Type.Array(
    Type.Object({
      penaltyId: Type.Integer(),
      amount: Type.Number(),
      /** The time over entered for a time-based penalty (seconds); absent in results frozen before it was kept. */
      overtimeSeconds: Type.Optional(Nullable(Type.Integer())),
      reviewStatus: ReviewStatusSchema,
      isCounting: Type.Boolean(),
    }),
  ),
  disqualifications: Type.Array(
    Type.Object({ disqualificationId: Type.Integer(), reviewStatus: ReviewStatusSchema, isCounting: Type.Boolean() }),
  ),
});
export type ResultsSheet = Static<typeof ResultsSheetSchema>;

const PlaceSchema = { place: Nullable(Type.Integer()), placeLabel: Type.String() };

/** A score nobody has given yet is null ("—" on every screen and export), never 0 (decisions §9). */
const ScoreOrNull = Nullable(Type.Number());

export const ResultsSchoolSectionSchema = Type.Object({
  sectionId: Type.Integer(),
  sectionName: Type.String(),
  /** Null: no judge who owes the school's cells here has scored it. */
  score: ScoreOrNull,
  displayScore: ScoreOrNull,
  countedJudgeCount: Type.Integer(),
  isIncomplete: Type.Boolean(),
  missingJudgeIds: Type.Array(Type.Integer()),
  sheets: Type.Array(ResultsSheetSchema),
  /** Judges whose sheets of the school do not count here (excused, or in conflict with it), with why; absent in results frozen before it. */
  excludedJudges: Type.Optional(
    Type.Array(
      Type.Object({ judgeId: Type.Integer(), reason: Type.Union([Type.Literal('excused'), Type.Literal('conflict')]) }),
    ),
  ),
});

export const ResultsStandingSchema = Type.Object(
  {
    schoolId: Type.Integer(),
    schoolName: Type.String(),
    ...PlaceSchema,
    /** Null: Not scored (no judge has scored the school); a disqualified school's is 0. */
    score: ScoreOrNull,
    displayScore: ScoreOrNull,
    scoreBeforeDisqualification: Type.Number(),
    isDisqualified: Type.Boolean(),
    isIncomplete: Type.Boolean(),
    isScored: Type.Boolean(),
    hasPendingReview: Type.Boolean(),
    hasScoreBelowOne: Type.Boolean(),
    statusLabel: Type.String(),
    penaltyCount: Type.Integer(),
    disqualificationCount: Type.Integer(),
    sections: Type.Array(ResultsSchoolSectionSchema),
    /**
     * Why a tie-break placed the school ("ahead of Dover HS on Plating & Taste: 45.00 vs 43.50",
     * scoring/tie-breaks.ts); null when none applied; absent in results frozen before tie-breaks.
     */
    tieBreakNote: Type.Optional(Nullable(Type.String())),
  },
  { title: 'ResultsStanding' },
);
export type ResultsStanding = Static<typeof ResultsStandingSchema>;

export const ResultsSectionRankingSchema = Type.Object({
  sectionId: Type.Integer(),
  sectionName: Type.String(),
  standings: Type.Array(
    Type.Object({
      schoolId: Type.Integer(),
      schoolName: Type.String(),
      ...PlaceSchema,
      score: ScoreOrNull,
      displayScore: ScoreOrNull,
      isDisqualified: Type.Boolean(),
      isIncomplete: Type.Boolean(),
    }),
  ),
});
export type ResultsSectionRanking = Static<typeof ResultsSectionRankingSchema>;

export const ResultsCategorySchema = Type.Object(
  {
    categoryId: Type.Integer(),
    categoryName: Type.String(),
    isProvisional: Type.Boolean(),
    pendingJudgeIds: Type.Array(Type.Integer()),
    sections: Type.Array(
      Type.Object({
        sectionId: Type.Integer(),
        sectionName: Type.String(),
        maxScore: Type.Number(),
        subsectionCount: Type.Integer(),
        assignedJudgeIds: Type.Array(Type.Integer()),
      }),
    ),
    standings: Type.Array(ResultsStandingSchema),
    sectionRankings: Type.Array(ResultsSectionRankingSchema),
    unrankedSchools: Type.Array(Type.Object({ schoolId: Type.Integer(), schoolName: Type.String() })),
    ignoredRowCount: Type.Integer(),
    /** The tie-break rules the places were computed with, in order; absent in results frozen before tie-breaks. */
    tieBreakRules: Type.Optional(Type.Array(TieBreakRuleSchema)),
  },
  { title: 'ResultsCategory' },
);
export type ResultsCategory = Static<typeof ResultsCategorySchema>;

export const ResultsReportSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  eventStatus: EventStatusSchema,
  /** Closed event: the frozen snapshot. Otherwise provisional, recomputed on request. */
  isFinal: Type.Boolean(),
  computedAt: Type.String(),
  frozenAt: Nullable(Type.String()),
  judges: Type.Array(Type.Object({ judgeId: Type.Integer(), judgeName: Type.String() })),
  penalties: Type.Array(Type.Object({ penaltyId: Type.Integer(), penaltyName: Type.String() })),
  disqualifications: Type.Array(
    Type.Object({ disqualificationId: Type.Integer(), disqualificationName: Type.String() }),
  ),
  /** Sorted by category name; standings in place order, DQ's last. */
  categories: Type.Array(ResultsCategorySchema),
});
export type ResultsReport = Static<typeof ResultsReportSchema>;

/**
 * The results answers' query. `sheets=omit`: every team's sections keep their scores but list no
 * judges' sheets (`sheets: []`), what the overall and section pages show; a state final's sheets
 * are most of its answer. `include` (the default): the whole report.
 */
export const ResultsAnswerQuerySchema = Type.Object({
  sheets: Type.Optional(Type.Union([Type.Literal('include'), Type.Literal('omit')])),
});
export type ResultsAnswerQuery = Static<typeof ResultsAnswerQuerySchema>;
