// Link tickets: what a browser opens without headers (a photo's <img>, the event-run stream's
// EventSource, a CSV download) carries `?ticket=`, never the login token. A ticket opens one
// path for a minute, as the user who asked for it while their token version stands; it is
// signed with a key of its own (derived from the server secret), so a ticket is never accepted
// as a bearer token, nor a bearer token as a ticket.
import { createHmac } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { JWT } from '@fastify/jwt';
import { LINK_TICKET_SECONDS, type LinkTicketResponse } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { tokenInvalid, validationError } from '../common/api-error.ts';
import { LINK_TICKET_QUERY, authenticateSigned, markOpensWithLinkTicket, type LinkTicketPayload } from './guards.ts';
import type { AuthContext } from '../caller/caller.ts';

/** The API paths a ticket may open: only those a browser has to open without headers. */
const LINKABLE_PATHS: readonly RegExp[] = [
  /^\/api\/files\/score\/event\/\d+\/category\/\d+\/section\/\d+\/school\/\d+\/judge\/\d+\/(subsection|penalty|disqualification)\/[0-9a-fA-F-]{36}\/[0-9a-f]{64}$/,
  /^\/api\/run\/coordinator\/event\/\d+\/stream$/,
  /^\/api\/export\/results\/event\/\d+(\/category\/\d+|\/school\/\d+)?$/,
  /^\/api\/export\/packets\/event\/\d+(\/category\/\d+\/school\/\d+)?$/,
];

/** A path a ticket may be asked for. */
export function isLinkablePath(path: string): boolean {
  return LINKABLE_PATHS.some((pattern) => pattern.test(path));
}

/** The tickets' own signing key: one-way from the server secret, labelled so it can never equal it. */
export function linkTicketKey(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('judging link ticket v1').digest('base64url');
}

/** The request's path without its query, a trailing slash dropped (the router ignores it too). */
function requestPath(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function ticketOf(request: FastifyRequest): string | undefined {
  const query: unknown = request.query;
  const ticket =
    query !== null && typeof query === 'object' && LINK_TICKET_QUERY in query
      ? (query as Record<string, unknown>)[LINK_TICKET_QUERY]
      : undefined;
  return typeof ticket === 'string' && ticket !== '' ? ticket : undefined;
}

export interface LinkTickets {
  /** A ticket for `path`, for the caller, valid LINK_TICKET_SECONDS from now. */
  issue(jwt: JWT, caller: AuthContext, path: string, nowMs: number): LinkTicketResponse;
  /**
   * Pre-handler of the linkable routes: a `?ticket=` for exactly this path, or else the bearer
   * header through `requireAuth`. A `?token=` is no longer read: it answers 401.
   */
  requireTicketOrAuth(requireAuth: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler;
}

export function createLinkTickets(db: Db, jwtSecret: string): LinkTickets {
  const key = linkTicketKey(jwtSecret);
  return {
    issue(jwt, caller, path, nowMs) {
      if (!isLinkablePath(path)) {
        throw validationError([{ field: 'path', message: 'No link can be made for this path.' }]);
      }
      const sessionExpiry = Math.floor(Date.parse(caller.tokenExpiresAt) / 1000);
      const nowSeconds = Math.floor(nowMs / 1000);
      // Never outlives the login token it was asked with.
      const expiresAt = Math.min(nowSeconds + LINK_TICKET_SECONDS, sessionExpiry);
      const payload: LinkTicketPayload = {
        sub: String(caller.userId),
        tv: caller.tokenVersion,
        path,
        sx: sessionExpiry,
        iat: nowSeconds,
        exp: expiresAt,
      };
      const ticket = jwt.sign(payload, { key });
      return {
        url: `${path}?${LINK_TICKET_QUERY}=${encodeURIComponent(ticket)}`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
    requireTicketOrAuth(requireAuth) {
      return markOpensWithLinkTicket(async function requireTicketOrAuthHandler(request, reply) {
        const ticket = ticketOf(request);
        if (ticket === undefined) return requireAuth.call(this, request, reply);
        let payload: LinkTicketPayload & { exp: number };
        try {
          payload = request.server.jwt.verify<LinkTicketPayload & { exp: number }>(ticket, { key });
        } catch {
          throw tokenInvalid();
        }
        if (payload.path !== requestPath(request)) throw tokenInvalid();
        request.auth = await authenticateSigned(db, payload, payload.sx);
      });
    },
  };
}
