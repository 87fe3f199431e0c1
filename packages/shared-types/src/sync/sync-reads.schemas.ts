// The sync protocol's reads (offline-sync.md "Server protocol"): the reference data a device
// downloads per event (the judge's schedule and cells) and the changes it pulls after its cursor.
import Type, { type Static, type TSchema } from 'typebox';
import { idField, MAX_ID } from '../validation/fields.ts';
import {
  DisqualificationScoreCellSchema,
  DisqualificationScoreKeySchema,
  PenaltyScoreCellSchema,
  PenaltyScoreKeySchema,
  Sha256Schema,
  SubsectionScoreCellSchema,
  SubsectionScoreKeySchema,
} from './sync.schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ---- GET /api/sync/judge/{judgeId}/event/{eventId} ------------------------------------------

export const EventStatusSchema = Type.Union([
  Type.Literal('NOT_STARTED'),
  Type.Literal('STARTED'),
  Type.Literal('CLOSED'),
]);
export type EventStatus = Static<typeof EventStatusSchema>;

export const SyncEventSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  eventStartDate: Type.String(),
  eventStartTime: Nullable(Type.String()),
  eventEndDate: Type.String(),
  eventStatus: EventStatusSchema,
  isTestEvent: Type.Boolean(),
  /** Issue 39: judges see team numbers, never school names (then `schoolName` holds "Team 3"). */
  judgeByTeamNumber: Type.Optional(Type.Boolean()),
});
export type SyncEvent = Static<typeof SyncEventSchema>;

export const SyncSubsectionSchema = Type.Object({
  subsectionId: Type.Integer(),
  subsectionName: Type.String(),
  subsectionDescription: Nullable(Type.String()),
  subsectionMaxScore: Type.Integer(),
});
export const SyncPenaltySchema = Type.Object({
  penaltyId: Type.Integer(),
  penaltyName: Type.String(),
  /** The fixed deduction, or the maximum of a time-based penalty. */
  penaltyDeduction: Type.Integer(),
  isDynamic: Type.Boolean(),
});
export const SyncDisqualificationSchema = Type.Object({
  disqualificationId: Type.Integer(),
  disqualificationName: Type.String(),
});

/** A criteria section the judge is assigned to, with what can be scored in it. */
export const SyncSectionSchema = Type.Object({
  sectionId: Type.Integer(),
  sectionName: Type.String(),
  sectionDescription: Nullable(Type.String()),
  position: Type.Integer(),
  subsections: Type.Array(SyncSubsectionSchema),
  penalties: Type.Array(SyncPenaltySchema),
  disqualifications: Type.Array(SyncDisqualificationSchema),
});
export type SyncSection = Static<typeof SyncSectionSchema>;

/** A registered school that has students, in running order; every one must be scored. */
export const SyncSchoolSchema = Type.Object({
  schoolId: Type.Integer(),
  /** The label the judge sees: the school's name, or "Team 3" when the event judges by team number. */
  schoolName: Type.String(),
  schoolOrder: Type.Integer(),
  schoolStudents: Type.Array(Type.String()),
  /** The team number when the event judges by team number (issue 39), else absent. */
  teamNumber: Type.Optional(Type.Integer()),
});
export type SyncSchool = Static<typeof SyncSchoolSchema>;

export const SyncCategorySchema = Type.Object({
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  /** True once the judge submitted: the category is locked for them until a coordinator unlocks it. */
  isSubmitted: Type.Boolean(),
  submittedAt: Nullable(Type.String()),
  /** The last time the judge's submission was reopened (unlock or more work), while it is not in place. */
  reopened: Type.Optional(Nullable(Type.Object({ at: Type.String(), reason: Type.String() }))),
  schools: Type.Array(SyncSchoolSchema),
  /** The sections the judge scores (an excused section is not among them). */
  sections: Type.Array(SyncSectionSchema),
  /** Sections a coordinator excused the judge from (decisions §9): the tablet says so; edits there are refused. */
  excusedSections: Type.Optional(
    Type.Array(Type.Object({ sectionId: Type.Integer(), sectionName: Type.String(), excusedAt: Type.String() })),
  ),
});
export type SyncCategory = Static<typeof SyncCategorySchema>;

export const SyncScoresSchema = Type.Object({
  subsections: Type.Array(SubsectionScoreCellSchema),
  penalties: Type.Array(PenaltyScoreCellSchema),
  disqualifications: Type.Array(DisqualificationScoreCellSchema),
});
export type SyncScores = Static<typeof SyncScoresSchema>;

/** Everything a judge's device needs to score an event offline, read in one transaction. */
export const SyncReferenceDataSchema = Type.Object({
  protocolVersion: Type.Integer(),
  serverTime: Type.String(),
  /** Pull from here: every change after this snapshot has a larger id. */
  cursor: Type.Integer({ minimum: 0, maximum: MAX_ID }),
  judge: Type.Object({ judgeId: Type.Integer(), judgeFirstName: Type.String(), judgeLastName: Type.String() }),
  event: SyncEventSchema,
  /** The categories where the judge has at least one assigned section (none: not assigned to this event). */
  categories: Type.Array(SyncCategorySchema),
  /** The judge's own current cells in this event. */
  scores: SyncScoresSchema,
});
export type SyncReferenceData = Static<typeof SyncReferenceDataSchema>;

export const SyncJudgeEventParamsSchema = Type.Object({ judgeId: idField(), eventId: idField() });
export const SyncDeviceQuerySchema = Type.Object({
  deviceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

// ---- GET /api/sync/pull --------------------------------------------------------------------

export const ChangeEntity = {
  SubsectionScore: 'subsectionScore',
  PenaltyScore: 'penaltyScore',
  DisqualificationScore: 'disqualificationScore',
  CategorySubmission: 'categorySubmission',
  Event: 'event',
  Reference: 'reference',
} as const;
export type ChangeEntity = (typeof ChangeEntity)[keyof typeof ChangeEntity];

export const ChangeOp = { Put: 'put', Delete: 'delete' } as const;
export type ChangeOp = (typeof ChangeOp)[keyof typeof ChangeOp];

export const SubmissionPutSchema = Type.Object({
  eventId: Type.Integer(),
  categoryId: Type.Integer(),
  judgeId: Type.Integer(),
  submittedAt: Type.String(),
});
export type SubmissionPut = Static<typeof SubmissionPutSchema>;
/**
 * The category is open again for the judge: a coordinator's unlock, or an automatic reopening
 * because the judge owes more work (decisions §7); `reason` says which, for the tablet to show.
 */
export const SubmissionDeleteSchema = Type.Object({
  eventId: Type.Integer(),
  categoryId: Type.Integer(),
  judgeId: Type.Integer(),
  unlockedAt: Type.String(),
  reason: Type.Optional(Type.String()),
});
export type SubmissionDelete = Static<typeof SubmissionDeleteSchema>;
export const EventChangeSchema = Type.Object({ eventId: Type.Integer(), eventStatus: EventStatusSchema });
/** The schedule changed (assignments, schools, criteria): download the reference data again. */
export const ReferenceChangeSchema = Type.Object({ eventId: Type.Integer(), reason: Type.String() });

function changeOf<E extends ChangeEntity, O extends ChangeOp, D extends TSchema>(entity: E, op: O, data: D) {
  return Type.Object({
    changeId: Type.Integer(),
    entity: Type.Literal(entity),
    op: Type.Literal(op),
    categoryId: Nullable(Type.Integer()),
    createdAt: Type.String(),
    data,
  });
}

/** One change, discriminated by `entity` and `op`; apply in `changeId` order. */
export const SyncChangeSchema = Type.Union([
  changeOf(ChangeEntity.SubsectionScore, ChangeOp.Put, SubsectionScoreCellSchema),
  changeOf(ChangeEntity.SubsectionScore, ChangeOp.Delete, SubsectionScoreKeySchema),
  changeOf(ChangeEntity.PenaltyScore, ChangeOp.Put, PenaltyScoreCellSchema),
  changeOf(ChangeEntity.PenaltyScore, ChangeOp.Delete, PenaltyScoreKeySchema),
  changeOf(ChangeEntity.DisqualificationScore, ChangeOp.Put, DisqualificationScoreCellSchema),
  changeOf(ChangeEntity.DisqualificationScore, ChangeOp.Delete, DisqualificationScoreKeySchema),
  changeOf(ChangeEntity.CategorySubmission, ChangeOp.Put, SubmissionPutSchema),
  changeOf(ChangeEntity.CategorySubmission, ChangeOp.Delete, SubmissionDeleteSchema),
  changeOf(ChangeEntity.Event, ChangeOp.Put, EventChangeSchema),
  changeOf(ChangeEntity.Reference, ChangeOp.Put, ReferenceChangeSchema),
]);
export type SyncChange = Static<typeof SyncChangeSchema>;

export const SyncPullQuerySchema = Type.Object({
  eventId: idField(),
  cursor: Type.Integer({ minimum: 0, maximum: MAX_ID }),
  deviceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type SyncPullQuery = Static<typeof SyncPullQuerySchema>;

export const SyncPullResponseSchema = Type.Object({
  changes: Type.Array(SyncChangeSchema),
  /** Store it with the applied changes in one transaction; pull from it next time. */
  cursor: Type.Integer({ minimum: 0, maximum: MAX_ID }),
  /** More than one page was waiting: pull again right away. */
  hasMore: Type.Boolean(),
  serverTime: Type.String(),
});
export type SyncPullResponse = Static<typeof SyncPullResponseSchema>;

// ---- PUT /api/sync/photos/{sha256} ----------------------------------------------------------

export const PhotoParamsSchema = Type.Object({ sha256: Sha256Schema });
export const PhotoUploadResponseSchema = Type.Object({
  sha256: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  /** False when the server already had this photo (200 instead of 201). */
  isNew: Type.Boolean(),
});
export type PhotoUploadResponse = Static<typeof PhotoUploadResponseSchema>;
/** The photo size limit, checked by the server on the bytes received. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
