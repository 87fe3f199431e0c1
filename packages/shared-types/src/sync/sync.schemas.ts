// The offline-sync wire protocol (offline-sync.md "Server protocol"): a judge's device
// downloads reference data per event, pushes its outbox as mutations, and pulls the changes
// made since its cursor. A *cell* is one score of one judge: (category, section, school,
// subsection | penalty | disqualification). A *cursor* is the id of the last change seen.
import Type, { type Static, type TSchema } from 'typebox';
import { MAX_OVERTIME_SECONDS } from '../scoring/time-penalty.ts';
import { COMMENTS_MAX_LENGTH, ScoreItemRuleSet, commentsField } from '../scores/score-item-rules.ts';
import { idField, MAX_ID } from '../validation/fields.ts';

/** The protocol this build speaks. */
export const PROTOCOL_VERSION = 1;
/**
 * The server accepts the current and the previous protocol version, so a tablet that missed
 * an app update keeps draining its outbox; other versions get 426 and keep their outbox.
 */
export const ACCEPTED_PROTOCOL_VERSIONS: readonly number[] = [PROTOCOL_VERSION - 1, PROTOCOL_VERSION].filter(
  (version) => version >= 1,
);
/** At most this many mutations per push; larger batches are refused with 400. */
export const MAX_PUSH_BATCH = 50;
/** At most this many changes per pull page (`hasMore` says when to pull again). */
export const MAX_PULL_CHANGES = 500;

/** True when the server accepts pushes of this protocol version. */
export function isAcceptedProtocolVersion(version: number): boolean {
  return ACCEPTED_PROTOCOL_VERSIONS.includes(version);
}

/** Why the server refused a mutation; the device shows it in "needs attention". */
export const RejectionCode = {
  EventClosed: 'event_closed',
  CategorySubmitted: 'category_submitted',
  NotAssigned: 'not_assigned',
  InvalidValue: 'invalid_value',
  Incomplete: 'incomplete',
  NotFound: 'not_found',
  Forbidden: 'forbidden',
  /** Transient: upload the photo, then push the same mutation again. */
  PhotoMissing: 'photo_missing',
  /** The judge was excused from this section (decisions §9): kept on the device as refused. */
  JudgeExcused: 'judge_excused',
  /** The edit names a photo the server refused for good (no assignment, or a CLOSED event). */
  PhotoNotAllowed: 'photo_not_allowed',
  /** The judge is in conflict with this school (fair panels): final, kept on the device as refused. */
  JudgeConflict: 'judge_conflict',
} as const;
export type RejectionCode = (typeof RejectionCode)[keyof typeof RejectionCode];

/** Codes that are not final: the mutation was not recorded and may be pushed again as is. */
export const TRANSIENT_REJECTION_CODES: readonly RejectionCode[] = [RejectionCode.PhotoMissing];

/**
 * The sync protocol's own refusal, not a scoring rule: the mutation's event is past the pruning
 * horizon (closed longer ago than the server keeps sync records), so it cannot be applied safely.
 * Kept on the device and shown; the rest of the queue is still sent (decisions §8).
 */
export const RESYNC_REQUIRED = 'resync_required';

export function isTransientRejection(code: string | undefined): boolean {
  return TRANSIENT_REJECTION_CODES.some((transient) => transient === code);
}

export const MutationKind = {
  SubsectionScorePut: 'subsectionScore.put',
  PenaltyScorePut: 'penaltyScore.put',
  PenaltyScoreDelete: 'penaltyScore.delete',
  DisqualificationScorePut: 'disqualificationScore.put',
  DisqualificationScoreDelete: 'disqualificationScore.delete',
  CategorySubmit: 'category.submit',
} as const;
export type MutationKind = (typeof MutationKind)[keyof typeof MutationKind];

// ---- fields ----------------------------------------------------------------------------

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** A score cell's id: a client-generated UUID (v7 recommended). */
export const ScoreIdSchema = Type.String({
  pattern: UUID_PATTERN,
  'x-messages': { required: 'A score id is required', invalid: 'A score id must be a UUID' },
});
/**
 * A mutation's id: a client-generated UUID (v7 recommended; decisions.md §7 "Ids"). The push
 * envelope takes any short text here, so a malformed id is one rejected mutation
 * (`invalid_value`), never a refused batch (decisions.md §8).
 */
export const MutationIdSchema = Type.String({
  pattern: UUID_PATTERN,
  'x-messages': { required: 'A mutation id is required', invalid: 'A mutation id must be a UUID' },
});
/** Lower-case hex SHA-256 of a photo's bytes: how a score refers to its photo. */
export const Sha256Schema = Type.String({
  pattern: '^[0-9a-f]{64}$',
  'x-messages': { invalid: 'A photo hash must be 64 lower-case hex digits' },
});
const OptionalComments = () =>
  Type.Optional(Type.Union([Type.String({ maxLength: COMMENTS_MAX_LENGTH }), Type.Null()]));
const OptionalPhoto = () => Type.Optional(Type.Union([Sha256Schema, Type.Null()]));
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Seconds over time of a time-based penalty. */
export const OvertimeSecondsSchema = Type.Integer({
  minimum: 0,
  maximum: MAX_OVERTIME_SECONDS,
  'x-messages': { invalid: 'The time over must be a whole number of seconds' },
});

/** Where a cell lives; the judge is always the caller. */
const cellPlace = {
  eventId: idField(),
  categoryId: idField(),
  sectionId: idField(),
  schoolId: idField(),
};

// ---- mutation data, one schema per kind --------------------------------------------------
// A put carries the whole cell: an omitted comments or photo means none.

export const SubsectionScorePutSchema = Type.Object({
  scoreId: ScoreIdSchema,
  ...cellPlace,
  subsectionId: idField(),
  score: Type.Number({ 'x-messages': { required: 'Score is required' } }),
  comments: commentsField(ScoreItemRuleSet.subsection.isCommentRequired, OptionalComments()),
  photoSha256: OptionalPhoto(),
});
export type SubsectionScorePut = Static<typeof SubsectionScorePutSchema>;

export const PenaltyScorePutSchema = Type.Object({
  scoreId: ScoreIdSchema,
  ...cellPlace,
  penaltyId: idField(),
  /** The fixed deduction, or for a time-based penalty the amount the judge chose. */
  amount: Type.Number({ 'x-messages': { required: 'Amount is required' } }),
  comments: commentsField(ScoreItemRuleSet.penalty.isCommentRequired),
  photoSha256: OptionalPhoto(),
  /**
   * A time-based penalty entered as a time: the seconds over. The amount must then be what the
   * rule converts them to (scoring/time-penalty.ts). Omitted by older apps and when the judge
   * picked the amount itself.
   */
  overtimeSeconds: Type.Optional(Nullable(OvertimeSecondsSchema)),
});
export type PenaltyScorePut = Static<typeof PenaltyScorePutSchema>;

export const PenaltyScoreDeleteSchema = Type.Object({ scoreId: ScoreIdSchema, ...cellPlace, penaltyId: idField() });
export type PenaltyScoreDelete = Static<typeof PenaltyScoreDeleteSchema>;

export const DisqualificationScorePutSchema = Type.Object({
  scoreId: ScoreIdSchema,
  ...cellPlace,
  disqualificationId: idField(),
  comments: commentsField(ScoreItemRuleSet.disqualification.isCommentRequired),
  photoSha256: OptionalPhoto(),
});
export type DisqualificationScorePut = Static<typeof DisqualificationScorePutSchema>;

export const DisqualificationScoreDeleteSchema = Type.Object({
  scoreId: ScoreIdSchema,
  ...cellPlace,
  disqualificationId: idField(),
});
export type DisqualificationScoreDelete = Static<typeof DisqualificationScoreDeleteSchema>;

export const CategorySubmitSchema = Type.Object({ eventId: idField(), categoryId: idField() });
export type CategorySubmit = Static<typeof CategorySubmitSchema>;

/** The data schema of each mutation kind; the server checks each mutation's data with it. */
export const MutationDataSchemas = {
  [MutationKind.SubsectionScorePut]: SubsectionScorePutSchema,
  [MutationKind.PenaltyScorePut]: PenaltyScorePutSchema,
  [MutationKind.PenaltyScoreDelete]: PenaltyScoreDeleteSchema,
  [MutationKind.DisqualificationScorePut]: DisqualificationScorePutSchema,
  [MutationKind.DisqualificationScoreDelete]: DisqualificationScoreDeleteSchema,
  [MutationKind.CategorySubmit]: CategorySubmitSchema,
} as const;

/** A mutation of one kind, as the device stores and sends it. */
export type ScoreMutationData = {
  [K in MutationKind]: { kind: K; data: Static<(typeof MutationDataSchemas)[K]> };
}[MutationKind];

// ---- push ------------------------------------------------------------------------------

const mutationEnvelope = {
  /** Client-generated, UUID v7; scoped to the user. Checked per mutation (`MutationIdSchema`). */
  id: Type.String({ minLength: 1, maxLength: 100, 'x-messages': { required: 'A mutation id is required' } }),
  /** The device outbox's sequence number: the order the judge made the edits in. */
  seq: Type.Integer({ minimum: 0, maximum: MAX_ID }),
  /**
   * Device time of the edit: kept in the score history as when the change was made on the
   * tablet. Information only: the server's arrival order is what counts, and clock skew is
   * measured from the envelope's `sentAt`, never from this.
   */
  createdAt: Type.String({ maxLength: 64 }),
};

function mutationOf<K extends MutationKind>(kind: K) {
  return Type.Object({
    ...mutationEnvelope,
    id: MutationIdSchema,
    kind: Type.Literal(kind),
    data: MutationDataSchemas[kind],
  });
}

/** One outbox entry as sent: the strict shape a well-formed device produces. */
export const PushMutationSchema = Type.Union([
  mutationOf(MutationKind.SubsectionScorePut),
  mutationOf(MutationKind.PenaltyScorePut),
  mutationOf(MutationKind.PenaltyScoreDelete),
  mutationOf(MutationKind.DisqualificationScorePut),
  mutationOf(MutationKind.DisqualificationScoreDelete),
  mutationOf(MutationKind.CategorySubmit),
]);
export type PushMutation = Static<typeof PushMutationSchema>;

const pushEnvelope = {
  /** Stable per installation (kept in the device store). */
  deviceId: Type.String({ minLength: 1, maxLength: 100, 'x-messages': { required: 'A device id is required' } }),
  protocolVersion: Type.Integer({ maximum: MAX_ID, 'x-messages': { required: 'A protocol version is required' } }),
  /**
   * Sent only by apps built from 2026-11-23 to 2026-11-26 (protocol 1), which kept several pushes
   * out: the last mutation of the push sent just before this one. The server applies this push
   * only if that mutation is already recorded, else refuses it whole (503 PUSH_OUT_OF_ORDER) and
   * the app sends again from its first unsent edit. The app now sends one push at a time and
   * never sets it; it goes once protocol 1 is no longer accepted (docs/decisions/0129-push-envelope-after.md).
   */
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /**
   * The device's clock when it sent this push (ISO). The server compares it with its own time
   * to measure the device's clock skew (clock-skew.ts); optional for older apps.
   */
  sentAt: Type.Optional(Type.String({ maxLength: 64 })),
};
const batchLimit = {
  maxItems: MAX_PUSH_BATCH,
  'x-messages': { invalid: `A push holds at most ${MAX_PUSH_BATCH} mutations` },
};

/** POST /api/sync/push as a device builds it (validate outbox entries with this). */
export const PushRequestSchema = Type.Object({
  ...pushEnvelope,
  mutations: Type.Array(PushMutationSchema, batchLimit),
});
export type PushRequest = Static<typeof PushRequestSchema>;

/**
 * What the server checks at the door: the envelope only. A mutation whose kind or data is
 * malformed is rejected on its own (`invalid_value`) instead of failing the whole batch, so a
 * poison entry never blocks the queue behind it.
 */
export const PushRequestEnvelopeSchema = Type.Object({
  ...pushEnvelope,
  mutations: Type.Array(
    Type.Object({ ...mutationEnvelope, kind: Type.String({ maxLength: 64 }), data: Type.Unknown() }),
    batchLimit,
  ),
});
export type PushRequestEnvelope = Static<typeof PushRequestEnvelopeSchema>;

export const MutationStatus = { Applied: 'applied', Duplicate: 'duplicate', Rejected: 'rejected' } as const;
export type MutationStatus = (typeof MutationStatus)[keyof typeof MutationStatus];

export const MutationResultSchema = Type.Object(
  {
    id: Type.String(),
    status: Type.Union([Type.Literal('applied'), Type.Literal('duplicate'), Type.Literal('rejected')]),
    code: Type.Optional(
      Type.Union([
        Type.Literal(RejectionCode.EventClosed),
        Type.Literal(RejectionCode.CategorySubmitted),
        Type.Literal(RejectionCode.NotAssigned),
        Type.Literal(RejectionCode.InvalidValue),
        Type.Literal(RejectionCode.Incomplete),
        Type.Literal(RejectionCode.NotFound),
        Type.Literal(RejectionCode.Forbidden),
        Type.Literal(RejectionCode.PhotoMissing),
        Type.Literal(RejectionCode.JudgeExcused),
        Type.Literal(RejectionCode.PhotoNotAllowed),
        Type.Literal(RejectionCode.JudgeConflict),
        Type.Literal(RESYNC_REQUIRED),
      ]),
    ),
    message: Type.Optional(Type.String()),
    /** The cell's server revision after the write (puts only). */
    rev: Type.Optional(Type.Integer()),
  },
  { title: 'MutationResult' },
);
export type MutationResult = Static<typeof MutationResultSchema>;

/**
 * One result per mutation processed, in order. Processing stops after a transient rejection
 * (`photo_missing`): the mutations after it get no result and stay in the outbox, so the
 * judge's edits are never applied out of order.
 */
export const PushResponseSchema = Type.Object({
  results: Type.Array(MutationResultSchema),
  /** The server's change high-water mark after this push (information; pull with your own cursor). */
  cursor: Type.Integer({ minimum: 0, maximum: MAX_ID }),
});
export type PushResponse = Static<typeof PushResponseSchema>;

// ---- cells as the server holds them --------------------------------------------------------

const cellColumns = {
  scoreId: Type.String(),
  eventId: Type.Integer(),
  categoryId: Type.Integer(),
  sectionId: Type.Integer(),
  schoolId: Type.Integer(),
  judgeId: Type.Integer(),
};
const cellState = {
  comments: Nullable(Type.String()),
  photoSha256: Nullable(Type.String()),
  /** Incremented on every write of the cell. */
  rev: Type.Integer(),
  updatedAt: Type.String(),
};
/** A coordinator's review: null = pending (counts), true = confirmed, false = rejected. */
const reviewState = { isConfirmed: Nullable(Type.Boolean()) };

export const SubsectionScoreCellSchema = Type.Object({
  ...cellColumns,
  subsectionId: Type.Integer(),
  score: Type.Number(),
  ...cellState,
});
export type SubsectionScoreCell = Static<typeof SubsectionScoreCellSchema>;

export const PenaltyScoreCellSchema = Type.Object({
  ...cellColumns,
  penaltyId: Type.Integer(),
  amount: Type.Number(),
  /** The time over the judge entered (time-based penalties); absent in changes logged before it was kept. */
  overtimeSeconds: Type.Optional(Nullable(Type.Integer())),
  ...cellState,
  ...reviewState,
});
export type PenaltyScoreCell = Static<typeof PenaltyScoreCellSchema>;

export const DisqualificationScoreCellSchema = Type.Object({
  ...cellColumns,
  disqualificationId: Type.Integer(),
  ...cellState,
  ...reviewState,
});
export type DisqualificationScoreCell = Static<typeof DisqualificationScoreCellSchema>;

export const SubsectionScoreKeySchema = Type.Object({ ...cellColumns, subsectionId: Type.Integer() });
export const PenaltyScoreKeySchema = Type.Object({ ...cellColumns, penaltyId: Type.Integer() });
export type PenaltyScoreKey = Static<typeof PenaltyScoreKeySchema>;
export const DisqualificationScoreKeySchema = Type.Object({ ...cellColumns, disqualificationId: Type.Integer() });
export type DisqualificationScoreKey = Static<typeof DisqualificationScoreKeySchema>;
