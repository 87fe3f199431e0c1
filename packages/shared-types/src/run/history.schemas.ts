// The score history (issue 28): one compact row per applied change of a judge's work, kept for
// the event's life, separate from the sync records: a cell's put or delete (subsection, penalty,
// disqualification), a submission, an unlock or automatic reopening, a coordinator's review
// decision. Each row says when the change was made on the tablet (`deviceAt`, the edit's device
// time) and when the server received it (`receivedAt`), and whether that device's clock was off.
import Type, { type Static, type TSchema } from 'typebox';
import { MAX_ID } from '../validation/fields.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });

/** What a history row is about: one of the three cells, or the judge's submission of the category. */
export const HistoryKind = {
  Subsection: 'subsection',
  Penalty: 'penalty',
  Disqualification: 'disqualification',
  Submission: 'submission',
} as const;
export type HistoryKind = (typeof HistoryKind)[keyof typeof HistoryKind];
const HistoryKindSchema = Type.Union([
  Type.Literal('subsection'),
  Type.Literal('penalty'),
  Type.Literal('disqualification'),
  Type.Literal('submission'),
]);

/**
 * What happened: a cell created, changed or removed by its judge; a submission made, unlocked by
 * a coordinator or reopened because the judge owes more work; a penalty or disqualification
 * confirmed or rejected in review.
 */
export const HistoryAction = {
  Create: 'create',
  Update: 'update',
  Delete: 'delete',
  Submit: 'submit',
  Unlock: 'unlock',
  Reopen: 'reopen',
  Confirm: 'confirm',
  Reject: 'reject',
} as const;
export type HistoryAction = (typeof HistoryAction)[keyof typeof HistoryAction];
const HistoryActionSchema = Type.Union([
  Type.Literal('create'),
  Type.Literal('update'),
  Type.Literal('delete'),
  Type.Literal('submit'),
  Type.Literal('unlock'),
  Type.Literal('reopen'),
  Type.Literal('confirm'),
  Type.Literal('reject'),
]);

export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 200;

export const HistoryParamsSchema = Type.Object({ eventId: Id() });

/** GET run/coordinator/event/:eventId/history: filters, and `before` (a historyId) for the next page. */
export const HistoryQuerySchema = Type.Object({
  categoryId: Type.Optional(Id()),
  schoolId: Type.Optional(Id()),
  judgeId: Type.Optional(Id()),
  sectionId: Type.Optional(Id()),
  /** One cell: its kind and item (subsection, penalty or disqualification id). */
  kind: Type.Optional(HistoryKindSchema),
  itemId: Type.Optional(Id()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_PAGE_MAX })),
  before: Type.Optional(Id()),
});
export type HistoryQuery = Static<typeof HistoryQuerySchema>;

export const HistoryEntrySchema = Type.Object({
  historyId: Type.Integer(),
  eventId: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Nullable(Type.String()),
  /** Null for a submission (it covers the whole category). */
  sectionId: Nullable(Type.Integer()),
  sectionName: Nullable(Type.String()),
  schoolId: Nullable(Type.Integer()),
  schoolName: Nullable(Type.String()),
  /** Whose work it is. */
  judgeId: Type.Integer(),
  judgeName: Nullable(Type.String()),
  kind: HistoryKindSchema,
  action: HistoryActionSchema,
  /** The subsection, penalty or disqualification; null for a submission. */
  itemId: Nullable(Type.Integer()),
  itemName: Nullable(Type.String()),
  scoreId: Nullable(Type.String()),
  /** The score or penalty amount before and after (null: none, as for a new cell or a disqualification). */
  valueBefore: Nullable(Type.Number()),
  valueAfter: Nullable(Type.Number()),
  /** A time-based penalty's time over, before and after (seconds). */
  overtimeSecondsBefore: Nullable(Type.Integer()),
  overtimeSecondsAfter: Nullable(Type.Integer()),
  isCommentChanged: Type.Boolean(),
  isPhotoChanged: Type.Boolean(),
  /** Who made the change: the judge, or the coordinator who unlocked or reviewed; null for a visitor's registration or a removed user. */
  changedBy: Nullable(Type.Integer()),
  changedByName: Nullable(Type.String()),
  /** The tablet that sent the change; null for a change made on the server (REST, coordinators). */
  deviceId: Nullable(Type.String()),
  /** When the change was made: on the tablet (its clock) for a pushed edit, else when received. */
  deviceAt: Nullable(Type.String()),
  /** When the server applied it (its own clock). */
  receivedAt: Type.String(),
  /** The sending device's clock offset at that push (ms, positive: ahead); null when not measured. */
  clockSkewMs: Nullable(Type.Integer()),
  /** The device's clock was more than 2 minutes off: its `deviceAt` is not to be trusted. */
  isClockSkewed: Type.Boolean(),
  /** Why a submission was reopened (the work that grew). */
  note: Nullable(Type.String()),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

/** Newest first; pass `nextBefore` as `before` for the next page (null: no more). */
export const HistoryPageSchema = Type.Object({
  items: Type.Array(HistoryEntrySchema),
  nextBefore: Nullable(Type.Integer()),
});
export type HistoryPage = Static<typeof HistoryPageSchema>;
