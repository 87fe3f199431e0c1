// Edits the server refused (offline-sync.md principle 4 and scenario 8): kept in
// `rejected_mutation` and listed for the coordinators of the event's state on the run page.
import Type, { type Static, type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** At most this many refused edits are listed, newest first. */
export const REJECTED_EDITS_LIMIT = 200;

export const RejectedEditSchema = Type.Object({
  mutationId: Type.String(),
  /** When the server refused it (server time, ISO). */
  rejectedAt: Type.String(),
  /** When the judge made the edit on the device (device time, information only). */
  editedAt: Nullable(Type.String()),
  judgeId: Type.Integer(),
  judgeFirstName: Type.String(),
  judgeLastName: Type.String(),
  deviceId: Type.String(),
  /** The mutation kind, e.g. `subsectionScore.put`. */
  kind: Type.String(),
  /** What the edit was, in words: 'Score', 'Penalty', 'Remove penalty', 'Disqualification', 'Submit'… */
  action: Type.String(),
  /** Names as far as the edit identifies them (null when it does not, or the record is gone). */
  categoryId: Nullable(Type.Integer()),
  categoryName: Nullable(Type.String()),
  sectionId: Nullable(Type.Integer()),
  sectionName: Nullable(Type.String()),
  schoolId: Nullable(Type.Integer()),
  schoolName: Nullable(Type.String()),
  /** The subsection, penalty or disqualification. */
  itemName: Nullable(Type.String()),
  /** The score or penalty amount the judge entered. */
  value: Nullable(Type.Number()),
  code: Type.String(),
  message: Type.String(),
});
export type RejectedEdit = Static<typeof RejectedEditSchema>;

export const RejectedEditListSchema = Type.Object({
  eventId: Type.Integer(),
  rejected: Type.Array(RejectedEditSchema),
  /** True when more than `REJECTED_EDITS_LIMIT` are stored (only the newest are listed). */
  isTruncated: Type.Boolean(),
});
export type RejectedEditList = Static<typeof RejectedEditListSchema>;
