// The seed's judge-run and score calls (seed-spec.md §7 "Judge run and scoring"), with the
// seed's field names. They read and write the same cells as the sync protocol, through the
// same server service; field values arrive as multipart text or JSON.
import Type, { type Static, type TSchema } from 'typebox';
import { OvertimeSecondsSchema, ScoreIdSchema } from '../sync/sync.schemas.ts';
import { SyncEventSchema } from '../sync/sync-reads.schemas.ts';
import { idField } from '../validation/fields.ts';
import { COMMENTS_MAX_LENGTH, ScoreItemRuleSet, commentsField } from './score-item-rules.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ScoreType = {
  Subsection: 'subsection',
  Penalty: 'penalty',
  Disqualification: 'disqualification',
} as const;
export type ScoreType = (typeof ScoreType)[keyof typeof ScoreType];
const ScoreTypeSchema = Type.Union([
  Type.Literal('subsection'),
  Type.Literal('penalty'),
  Type.Literal('disqualification'),
]);
const RemovableScoreTypeSchema = Type.Union([Type.Literal('penalty'), Type.Literal('disqualification')]);

// ---- params ------------------------------------------------------------------------------

export const RunJudgeParamsSchema = Type.Object({ judgeId: idField() });
export const RunJudgeEventParamsSchema = Type.Object({ judgeId: idField(), eventId: idField() });
export const RunJudgeCategoryParamsSchema = Type.Object({
  judgeId: idField(),
  eventId: idField(),
  categoryId: idField(),
});
export const RunJudgeSchoolParamsSchema = Type.Object({
  judgeId: idField(),
  eventId: idField(),
  categoryId: idField(),
  schoolId: idField(),
});

const sheetParams = {
  eventId: idField(),
  categoryId: idField(),
  sectionId: idField(),
  schoolId: idField(),
  judgeId: idField(),
};
/** score/event/{eventId}/category/{categoryId}/section/{sectionId}/school/{schoolId}/judge/{judgeId} */
export const ScoreSheetParamsSchema = Type.Object(sheetParams);
export type ScoreSheetParams = Static<typeof ScoreSheetParamsSchema>;
export const ScoreTypeParamsSchema = Type.Object({ ...sheetParams, type: ScoreTypeSchema });
export type ScoreTypeParams = Static<typeof ScoreTypeParamsSchema>;
export const ScoreItemParamsSchema = Type.Object({ ...sheetParams, type: ScoreTypeSchema, scoreId: ScoreIdSchema });
export type ScoreItemParams = Static<typeof ScoreItemParamsSchema>;
export const RemovableScoreParamsSchema = Type.Object({
  ...sheetParams,
  type: RemovableScoreTypeSchema,
  scoreId: ScoreIdSchema,
});
export type RemovableScoreParams = Static<typeof RemovableScoreParamsSchema>;
/** score/submitScores/event/{eventId}/category/{categoryId}/judge/{judgeId} */
export const SubmitScoresParamsSchema = Type.Object({ eventId: idField(), categoryId: idField(), judgeId: idField() });
export type SubmitScoresParams = Static<typeof SubmitScoresParamsSchema>;
/** files/score/…/judge/{judgeId}/{type}/{scoreId}/{sha256}: a score's photo (bearer header or link ticket). */
export const ScoreFileParamsSchema = Type.Object({
  ...sheetParams,
  type: ScoreTypeSchema,
  scoreId: ScoreIdSchema,
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type ScoreFileParams = Static<typeof ScoreFileParamsSchema>;

// ---- score fields (multipart text or JSON) ------------------------------------------------

const OptionalComments = () => Type.Optional(Type.String({ maxLength: COMMENTS_MAX_LENGTH }));

/** Subsection: on an update a blank score or comment keeps the stored one (seed section 5). */
export const SubsectionScoreFieldsSchema = Type.Object({
  subsectionId: idField(),
  subsectionScore: Type.Optional(Type.Number({ 'x-messages': { invalid: 'Score must be a number' } })),
  subsectionComments: commentsField(ScoreItemRuleSet.subsection.isCommentRequired, OptionalComments()),
  subsectionScoreId: Type.Optional(ScoreIdSchema),
});
export type SubsectionScoreFields = Static<typeof SubsectionScoreFieldsSchema>;

/**
 * Penalty: a time-based one needs its amount or its time over (`penaltyOvertimeSeconds`, from
 * which the rule computes the amount; both given must agree); a fixed one uses its deduction.
 */
export const PenaltyScoreFieldsSchema = Type.Object({
  penaltyId: idField(),
  penaltyAmount: Type.Optional(Type.Number({ 'x-messages': { invalid: 'Amount must be a number' } })),
  penaltyOvertimeSeconds: Type.Optional(OvertimeSecondsSchema),
  penaltyComments: commentsField(ScoreItemRuleSet.penalty.isCommentRequired),
  penaltyScoreId: Type.Optional(ScoreIdSchema),
});
export type PenaltyScoreFields = Static<typeof PenaltyScoreFieldsSchema>;

export const DisqualificationScoreFieldsSchema = Type.Object({
  disqualificationId: idField(),
  disqualificationComments: commentsField(ScoreItemRuleSet.disqualification.isCommentRequired),
  disqualificationScoreId: Type.Optional(ScoreIdSchema),
});
export type DisqualificationScoreFields = Static<typeof DisqualificationScoreFieldsSchema>;

/** The fields schema of each score type, and the multipart field that carries its photo. */
export const ScoreFieldsByType = {
  subsection: { schema: SubsectionScoreFieldsSchema, fileField: 'subsectionFile' },
  penalty: { schema: PenaltyScoreFieldsSchema, fileField: 'penaltyFile' },
  disqualification: { schema: DisqualificationScoreFieldsSchema, fileField: 'disqualificationFile' },
} as const;

// ---- responses ---------------------------------------------------------------------------

/** An event as the judge dashboard lists it. */
export const RunEventSchema = SyncEventSchema;
export const RunEventListSchema = Type.Array(RunEventSchema);

export const RunCategorySummarySchema = Type.Object({
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** The judge submitted this category (seed "Judged"). */
  categoryJudged: Type.Boolean(),
});
export const RunJudgeEventSchema = Type.Object({
  ...SyncEventSchema.properties,
  categories: Type.Array(RunCategorySummarySchema),
});
export type RunJudgeEvent = Static<typeof RunJudgeEventSchema>;

export const RunSchoolSchema = Type.Object({
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  schoolOrder: Type.Integer(),
  schoolStudents: Type.Array(Type.String()),
  /** When the event judges by team number (issue 39); `schoolName` is then "Team 3". */
  teamNumber: Type.Optional(Type.Integer()),
  /** Every subsection of every section assigned to the judge is scored for this school. */
  isScored: Type.Boolean(),
});
export const RunSectionSummarySchema = Type.Object({
  sectionId: Type.Integer(),
  sectionName: Type.String(),
  sectionDescription: Nullable(Type.String()),
  isScored: Type.Boolean(),
});
export const RunJudgeCategorySchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  eventStatus: SyncEventSchema.properties.eventStatus,
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  categoryJudged: Type.Boolean(),
  /** Schools with students, by schoolOrder. */
  schools: Type.Array(RunSchoolSchema),
  sections: Type.Array(RunSectionSummarySchema),
});
export type RunJudgeCategory = Static<typeof RunJudgeCategorySchema>;

export const RunJudgeSchoolSchema = Type.Object({
  eventId: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  categoryJudged: Type.Boolean(),
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  /** The judge's sections in this category, each marked when fully scored for the school. */
  sections: Type.Array(RunSectionSummarySchema),
});
export type RunJudgeSchool = Static<typeof RunJudgeSchoolSchema>;

export const SheetSubsectionSchema = Type.Object({
  subsectionId: Type.Integer(),
  subsectionName: Type.String(),
  subsectionDescription: Nullable(Type.String()),
  subsectionMaxScore: Type.Integer(),
  /** Present means scored. */
  subsectionScoreId: Type.Optional(Type.String()),
  subsectionScore: Type.Optional(Type.Number()),
  subsectionPercentage: Type.Optional(Type.Number()),
  subsectionComments: Type.Optional(Nullable(Type.String())),
  /** The photo's URL (add `?token=`), when there is one. */
  subsectionFile: Type.Optional(Type.String()),
  rev: Type.Optional(Type.Integer()),
});
export const SheetPenaltySchema = Type.Object({
  penaltyId: Type.Integer(),
  penaltyName: Type.String(),
  penaltyDeduction: Type.Integer(),
  penaltyDynamic: Type.Boolean(),
  isDynamic: Type.Boolean(),
  /** Present means applied. */
  penaltyScoreId: Type.Optional(Type.String()),
  penaltyAmount: Type.Optional(Type.Number()),
  /** The time over entered for a time-based penalty (seconds); null when only the amount was picked. */
  penaltyOvertimeSeconds: Type.Optional(Nullable(Type.Integer())),
  penaltyComments: Type.Optional(Nullable(Type.String())),
  penaltyFile: Type.Optional(Type.String()),
  isConfirmed: Type.Optional(Nullable(Type.Boolean())),
  rev: Type.Optional(Type.Integer()),
});
export const SheetDisqualificationSchema = Type.Object({
  disqualificationId: Type.Integer(),
  disqualificationName: Type.String(),
  /** Present means applied. */
  disqualificationScoreId: Type.Optional(Type.String()),
  disqualificationComments: Type.Optional(Nullable(Type.String())),
  disqualificationFile: Type.Optional(Type.String()),
  isConfirmed: Type.Optional(Nullable(Type.Boolean())),
  rev: Type.Optional(Type.Integer()),
});

/** GET score/…: one judge's sheet for a school in a section. */
export const ScoreSheetSchema = Type.Object(
  {
    eventId: Type.Integer(),
    categoryId: Type.Integer(),
    sectionId: Type.Integer(),
    sectionName: Type.String(),
    sectionDescription: Nullable(Type.String()),
    schoolId: Type.Integer(),
    schoolName: Type.String(),
    judgeId: Type.Integer(),
    categoryJudged: Type.Boolean(),
    subsections: Type.Array(SheetSubsectionSchema),
    penalties: Type.Array(SheetPenaltySchema),
    disqualifications: Type.Array(SheetDisqualificationSchema),
  },
  { title: 'ScoreSheet' },
);
export type ScoreSheet = Static<typeof ScoreSheetSchema>;

export const ScoreWriteResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  subsectionScoreId: Type.Optional(Type.String()),
  penaltyScoreId: Type.Optional(Type.String()),
  disqualificationScoreId: Type.Optional(Type.String()),
  rev: Type.Integer(),
});
export type ScoreWriteResponse = Static<typeof ScoreWriteResponseSchema>;

export const SubmittedResponseSchema = Type.Object({ submitted: Type.Boolean() });
export const ScoreStatusResponseSchema = Type.Object({ status: Type.Literal('Success'), message: Type.String() });
