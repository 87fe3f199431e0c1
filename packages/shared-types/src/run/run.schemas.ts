// Coordinator run: the event-run page (judge progress per category), start / end / unlock, and
// the school-penalties review. Field names follow the seed (judgeFirstName, penaltyScoreId, …).
import Type, { type Static, type TSchema } from 'typebox';
import { linkTicketQueryField } from '../auth/link-ticket-query-field.ts';
import { conflictsField } from '../judges/conflicts.schemas.ts';
import { EventStatusSchema } from '../sync/sync-reads.schemas.ts';
import { idField, requiredText } from '../validation/fields.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What the judge table shows per judge (seed §4): '-' before start, 'In Progress' while started. */
export const JudgeRunStatus = { NotStarted: '-', InProgress: 'In Progress', Complete: 'Complete' } as const;
export type JudgeRunStatus = (typeof JudgeRunStatus)[keyof typeof JudgeRunStatus];

export const CoordinatorEventParamsSchema = Type.Object({ eventId: idField() });
export const CoordinatorCategoryParamsSchema = Type.Object({ eventId: idField(), categoryId: idField() });
export const CoordinatorSchoolParamsSchema = Type.Object({ eventId: idField(), schoolId: idField() });
export const CoordinatorCategorySchoolParamsSchema = Type.Object({
  eventId: idField(),
  categoryId: idField(),
  schoolId: idField(),
});
/** The seed's submitScores path names its ids eventId / categoryId / judgeId. */
export const UnlockJudgeParamsSchema = Type.Object({ eventId: idField(), categoryId: idField(), judgeId: idField() });
export type UnlockJudgeParams = Static<typeof UnlockJudgeParamsSchema>;
export const ExportQuerySchema = Type.Object({
  ticket: linkTicketQueryField(),
  /** overall (default): one line per team; section: one line per team and section. */
  report: Type.Optional(Type.Union([Type.Literal('overall'), Type.Literal('section')])),
});
export type ExportQuery = Static<typeof ExportQuerySchema>;

export const RunJudgeSchema = Type.Object({
  judgeId: Type.Integer(),
  judgeFirstName: Type.String(),
  judgeLastName: Type.String(),
  sectionNames: Type.Array(Type.String()),
  status: Type.Union([Type.Literal('-'), Type.Literal('In Progress'), Type.Literal('Complete')]),
  isSubmitted: Type.Boolean(),
  submittedAt: Nullable(Type.String()),
  /** Subsection cells scored of (schools with students × assigned sections' subsections). */
  cellsScored: Type.Integer(),
  cellsExpected: Type.Integer(),
  /** The latest push or pull of any of the judge's devices (ISO), null when never synced. */
  lastSyncAt: Nullable(Type.String()),
  /**
   * How far the clock of the judge's device that pushed last is from the server's (ms, positive:
   * ahead), measured at that push (clock-skew.ts); null when never measured.
   */
  clockSkewMs: Nullable(Type.Integer()),
  /** That skew is beyond the flag threshold (2 minutes): the device's times are not to be trusted. */
  isClockSkewed: Type.Boolean(),
  /** Not submitted now, and the submission was last reopened then, for this reason (unlock or more work). */
  reopened: Nullable(Type.Object({ at: Type.String(), reason: Type.String() })),
  /** The judge's assigned sections in the category, in order, each saying whether the judge was excused from it. */
  sections: Type.Array(
    Type.Object({
      sectionId: Type.Integer(),
      sectionName: Type.String(),
      isExcused: Type.Boolean(),
      /** The coordinator's reason, when excused. */
      excusedReason: Nullable(Type.String()),
    }),
  ),
  /** Excused from every assigned section of the category: owes nothing, submits nothing. */
  isExcused: Type.Boolean(),
  /** The judge's conflicts with this category's schools (fair panels): those schools' cells are not owed. */
  ...conflictsField,
});
export type RunJudge = Static<typeof RunJudgeSchema>;

/** An applied penalty or disqualification nobody has reviewed yet: it keeps the event from ending (decisions §9). */
export const PendingReviewItemSchema = Type.Object({
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  sectionName: Type.String(),
  judgeName: Type.String(),
  kind: Type.Union([Type.Literal('penalty'), Type.Literal('disqualification')]),
  itemName: Type.String(),
});
export type PendingReviewItem = Static<typeof PendingReviewItemSchema>;

export const RunCategorySchema = Type.Object({
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** Every assigned judge submitted (and at least one is assigned). */
  isJudged: Type.Boolean(),
  schoolCount: Type.Integer(),
  /**
   * The category's sections some school's cells of which no judge owes (Start event lists them as not
   * ready): the section's name, followed by those schools in brackets when others are covered.
   */
  sectionsWithoutJudges: Type.Array(Type.String()),
  judges: Type.Array(RunJudgeSchema),
  /** The competing schools' ids: Replace warns when the chosen judge is in conflict with one. */
  competingSchoolIds: Type.Optional(Type.Array(Type.Integer())),
});
export type RunCategory = Static<typeof RunCategorySchema>;

export const CoordinatorEventSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  eventStatus: EventStatusSchema,
  startedAt: Nullable(Type.String()),
  closedAt: Nullable(Type.String()),
  /** STARTED, every judge who owes work submitted a complete sheet, every section is owed, nothing awaits review. */
  canEnd: Type.Boolean(),
  /** The judging that keeps the event from ending, one sentence each (review is `pendingReview`). */
  endBlockers: Type.Array(Type.String()),
  /** Applied penalties and disqualifications awaiting review, by category, school and judge (End refuses while any). */
  pendingReview: Type.Array(PendingReviewItemSchema),
  categories: Type.Array(RunCategorySchema),
  /** The results version this view was read at; the stream announces newer ones. */
  version: Type.Integer(),
});
export type CoordinatorEvent = Static<typeof CoordinatorEventSchema>;

const excuseFields = {
  sectionIds: Type.Array(idField(), {
    minItems: 1,
    maxItems: 100,
    'x-messages': { required: 'Choose at least one section.', invalid: 'Choose at least one section.' },
  }),
  reason: requiredText('Please give a reason.', 500),
};

/** Excuse a judge from unsubmitted section assignments of a category (decisions §9). */
export const ExcuseJudgeBodySchema = Type.Object(excuseFields);
export type ExcuseJudgeBody = Static<typeof ExcuseJudgeBodySchema>;

/** Replace: excuse, and assign another judge of the state to the same sections with an empty sheet. */
export const ReplaceJudgeBodySchema = Type.Object({ ...excuseFields, replacementJudgeId: idField() });
export type ReplaceJudgeBody = Static<typeof ReplaceJudgeBodySchema>;

export const RunStatusResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  eventStatus: EventStatusSchema,
});
export type RunStatusResponse = Static<typeof RunStatusResponseSchema>;

export const RunMessages = {
  started: 'Event started.',
  ended: 'Event ended. Results are final.',
  unlocked: 'Judge unlocked.',
  notNotStarted: 'Only an event that has not started can be started.',
  notStarted: 'Only an event in progress can be ended.',
  judgesIncomplete: 'Every judge of every category must submit before the event can end.',
  unlockNotStarted: 'A judge can be unlocked only while the event is in progress.',
  reviewDisabled: 'Penalties can be reviewed once every judge of the category has submitted, until the event ends.',
  reviewSaved: 'Update successful',
  reviewViewed: 'Marked as viewed.',
  unknownScore: 'A penalty or disqualification in the list does not belong to this school and category.',
  recomputed: 'Scores recomputed.',
  closedRecompute: 'The event is closed: its results are final. Only ULTRA or SUPER can republish them.',
  reviewPending: 'Review every applied penalty and disqualification before the event can end.',
  confirmedRemaining: 'Every remaining penalty and disqualification was confirmed.',
  excuseClosed: 'The event is closed: its judges can no longer be excused or replaced.',
  excuseSubmitted:
    'This judge has submitted the category. Unlock the submission first, then excuse or replace the judge.',
  excuseNotAssigned: 'That judge is not assigned to this section of the category.',
  excuseAlready: 'That judge is already excused from this section.',
  replacementSame: 'Choose another judge as the replacement.',
  replacementNotJudge: 'The replacement must be an active judge of this state.',
  replacementAssigned: 'The replacement already judges this section.',
} as const;

// ---- school penalties review ------------------------------------------------------------------

/**
 * A school's penalty review: Pending (nobody has opened it), Viewed (a coordinator opened its
 * list but has not saved), Complete (confirmations saved).
 */
export const PenaltyReviewStatusLabel = { Pending: 'Pending', Viewed: 'Viewed', Complete: 'Complete' } as const;
export type PenaltyReviewStatusLabel = (typeof PenaltyReviewStatusLabel)[keyof typeof PenaltyReviewStatusLabel];
const ReviewStatusLabelSchema = Type.Union([Type.Literal('Pending'), Type.Literal('Viewed'), Type.Literal('Complete')]);

export const ReviewSchoolSchema = Type.Object({
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  penaltyCount: Type.Integer(),
  disqualificationCount: Type.Integer(),
  status: ReviewStatusLabelSchema,
});
export type ReviewSchool = Static<typeof ReviewSchoolSchema>;

export const CategoryPenaltiesSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  eventStatus: EventStatusSchema,
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** The category is fully judged and the event is not closed. */
  isReviewEnabled: Type.Boolean(),
  /** Judges who owe work and have not submitted: review waits for them (excuse or replace them on the run page). */
  waitingJudges: Type.Array(Type.String()),
  schools: Type.Array(ReviewSchoolSchema),
});
export type CategoryPenalties = Static<typeof CategoryPenaltiesSchema>;

export const ReviewPenaltySchema = Type.Object({
  penaltyScoreId: Type.String(),
  penaltyId: Type.Integer(),
  penaltyName: Type.String(),
  penaltyAmount: Type.Number(),
  /** The time over entered for a time-based penalty (seconds); null when only the amount was picked. */
  penaltyOvertimeSeconds: Type.Optional(Nullable(Type.Integer())),
  penaltyComments: Nullable(Type.String()),
  /** Photo URL (append ?token= for an <img>), null without a photo. */
  penaltyFile: Nullable(Type.String()),
  /** When the photo was taken, as the judge's tablet read it (EXIF or the file's time); null when unknown. */
  penaltyFileCapturedAt: Type.Optional(Nullable(Type.String())),
  isConfirmed: Nullable(Type.Boolean()),
});
export type ReviewPenalty = Static<typeof ReviewPenaltySchema>;

export const ReviewDisqualificationSchema = Type.Object({
  disqualificationScoreId: Type.String(),
  disqualificationId: Type.Integer(),
  disqualificationName: Type.String(),
  disqualificationComments: Nullable(Type.String()),
  disqualificationFile: Nullable(Type.String()),
  disqualificationFileCapturedAt: Type.Optional(Nullable(Type.String())),
  isConfirmed: Nullable(Type.Boolean()),
});
export type ReviewDisqualification = Static<typeof ReviewDisqualificationSchema>;

export const ReviewSheetSchema = Type.Object({
  judgeId: Type.Integer(),
  judgeFirstName: Type.String(),
  judgeLastName: Type.String(),
  sectionId: Type.Integer(),
  sectionName: Type.String(),
  penalties: Type.Array(ReviewPenaltySchema),
  disqualifications: Type.Array(ReviewDisqualificationSchema),
});
export type ReviewSheet = Static<typeof ReviewSheetSchema>;

export const SchoolPenaltiesSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  /** Decides, with the caller's account, whether they may review (an expired account reviews a STARTED event only). */
  eventStatus: EventStatusSchema,
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  status: ReviewStatusLabelSchema,
  isReviewEnabled: Type.Boolean(),
  /** Judges who owe work and have not submitted: review waits for them. */
  waitingJudges: Type.Array(Type.String()),
  /** Per judge and section, by judge last name then section order. */
  sheets: Type.Array(ReviewSheetSchema),
});
export type SchoolPenalties = Static<typeof SchoolPenaltiesSchema>;

export const ConfirmationSchema = Type.Union([
  Type.Object({ penaltyScoreId: Type.String({ minLength: 1, maxLength: 64 }), isConfirmed: Type.Boolean() }),
  Type.Object({ disqualificationScoreId: Type.String({ minLength: 1, maxLength: 64 }), isConfirmed: Type.Boolean() }),
]);
export type Confirmation = Static<typeof ConfirmationSchema>;
export const ConfirmationListSchema = Type.Array(ConfirmationSchema, { maxItems: 500 });
export type ConfirmationList = Static<typeof ConfirmationListSchema>;

export const RecomputeBodySchema = Type.Object({
  /** ULTRA/SUPER only, for a closed event: recompute and replace its published (frozen) results. */
  republish: Type.Optional(Type.Boolean()),
});
export type RecomputeBody = Static<typeof RecomputeBodySchema>;
