// Links a browser opens without headers (an <img>, an EventSource, a download) carry a ticket:
// short-lived, for one path, never the login token (which would land in history and in copied
// links).
import Type, { type Static } from 'typebox';
import { linkTicketQueryField } from './link-ticket-query-field.ts';

/** How long a link ticket opens its path, in seconds: enough to load it, useless once copied. */
export const LINK_TICKET_SECONDS = 60;

/** POST /api/link-ticket: a ticket for one path of the API (no query). */
export const LinkTicketRequestSchema = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 512, 'x-messages': { required: 'The path is required' } }),
});
export type LinkTicketRequest = Static<typeof LinkTicketRequestSchema>;

export const LinkTicketResponseSchema = Type.Object({
  /** The path with `?ticket=`; other query parameters are appended with `&`. */
  url: Type.String(),
  /** ISO time the ticket stops opening the path. */
  expiresAt: Type.String(),
});
export type LinkTicketResponse = Static<typeof LinkTicketResponseSchema>;

/** The query of a path opened by a link ticket. */
export const LinkTicketQuerySchema = Type.Object({ ticket: linkTicketQueryField() });
