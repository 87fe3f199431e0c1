// Feedback packets (issue 40): the event's packet setting, and the answer of "Email packets to
// schools". The packets themselves are PDF files (the server's export routes).
import Type, { type Static } from 'typebox';

export const PacketSettingsSchema = Type.Object({
  /** Packets name the judges; otherwise "Judge A", "Judge B"… */
  showJudgeNames: Type.Boolean(),
});
export type PacketSettings = Static<typeof PacketSettingsSchema>;

const SchoolRefSchema = { schoolId: Type.Integer(), schoolName: Type.String() };

export const PacketEmailAnswerSchema = Type.Object({
  /** One email per school contact, queued in the outbox with that school's packets attached. */
  queued: Type.Array(
    Type.Object({ ...SchoolRefSchema, to: Type.String(), packetCount: Type.Integer(), emailId: Type.Integer() }),
  ),
  /** Schools competing in the event whose record has no contact email: nothing was sent to them. */
  withoutContact: Type.Array(Type.Object(SchoolRefSchema)),
});
export type PacketEmailAnswer = Static<typeof PacketEmailAnswerSchema>;

export const PacketMessages = {
  emailNeedsClosedEvent: 'Packets are emailed once the event is closed; before that they are drafts.',
  teamNotFound: 'That school does not compete in this category.',
} as const;
