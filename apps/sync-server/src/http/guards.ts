import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyJWTOptions } from '@fastify/jwt';
import { ADMIN_AREA_ROLES, canEditAdminData, canRunEvent, hasRole, type Role } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { findAuthStateByUserId } from '../shared/users.repository.ts';
import { assertEditor, findAdminWriter, writeRefusal } from '../shared/account-status.ts';
import { currentUser, type AuthContext, type TokenPayload } from '../caller/caller.ts';
import { forbidden, notFound, tokenInvalid } from '../common/api-error.ts';
import { type Clock } from '../common/clock.ts';
import { findEventById } from '../shared/event-lookups.ts';

/** A link ticket (http/link-tickets.ts): one path, a minute, signed with a key of its own. */
export interface LinkTicketPayload {
  sub: string;
  tv: number;
  path: string;
  /** When the login token the ticket was asked with expires (seconds since the epoch). */
  sx: number;
  iat?: number;
  exp?: number;
}

/** The query parameter a link ticket travels in (`?ticket=`), as the API document names it. */
export const LINK_TICKET_QUERY = 'ticket';

const OPENS_WITH_LINK_TICKET = Symbol('opens its route with a link ticket');

/** Marks the pre-handler that also accepts a link ticket, so the API document can say which routes do. */
export function markOpensWithLinkTicket<T extends object>(handler: T): T {
  return Object.assign(handler, { [OPENS_WITH_LINK_TICKET]: true });
}

/** Whether a route's pre-handlers accept a link ticket (then its document lists the ticket scheme). */
export function opensWithLinkTicket(preHandler: unknown): boolean {
  return [preHandler].flat().some((handler) => typeof handler === 'function' && OPENS_WITH_LINK_TICKET in handler);
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload | LinkTicketPayload;
    user: TokenPayload;
  }
}

/**
 * Every token this server signs and accepts: HS256 only (no other algorithm, however strong, so
 * a token is never checked under rules it was not made for) and always with an expiry.
 */
export const JWT_OPTIONS = {
  sign: { algorithm: 'HS256' },
  verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
} as const satisfies Pick<FastifyJWTOptions, 'sign' | 'verify'>;

/**
 * The caller of a verified token or ticket, as the database says now: the user exists, is not
 * an archived judge, and the token version still matches (logout, a password reset, archiving
 * and a role change bump it). 401 otherwise.
 */
export async function authenticateSigned(
  db: Db,
  signed: { sub: string; tv: number },
  expiresAtSeconds: number,
): Promise<AuthContext> {
  const state = await findAuthStateByUserId(db, Number(signed.sub));
  if (!state || state.tokenVersion !== signed.tv || state.isArchivedJudge) throw tokenInvalid();
  return {
    userId: state.userId,
    role: state.role,
    stateId: state.stateId,
    tokenExpiresAt: new Date(expiresAtSeconds * 1000).toISOString(),
    tokenVersion: state.tokenVersion,
  };
}

/**
 * Whether an authentication made earlier still stands (for what outlives its request: the
 * event-run stream): same token version, not archived, not expired.
 */
export async function isAuthCurrent(db: Db, auth: AuthContext, nowMs: number): Promise<boolean> {
  if (nowMs >= Date.parse(auth.tokenExpiresAt)) return false;
  const state = await findAuthStateByUserId(db, auth.userId);
  return state !== undefined && state.tokenVersion === auth.tokenVersion && !state.isArchivedJudge;
}

/**
 * Pre-handler: a valid, unrevoked bearer token of an active user. The token is an HS256 JWT
 * with an expiry (the verify options pinned where @fastify/jwt is registered, app.ts).
 */
export function createRequireAuth(db: Db): preHandlerAsyncHookHandler {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    let payload: TokenPayload & { exp: number };
    try {
      payload = await request.jwtVerify<TokenPayload & { exp: number }>();
    } catch {
      throw tokenInvalid();
    }
    request.auth = await authenticateSigned(db, payload, payload.exp);
  };
}

/**
 * Hook for public routes that treat some callers differently: a valid bearer token identifies
 * the caller; a missing or stale one leaves a plain visitor (never a 401, the public form must
 * keep working). Needs only the headers, so it may run at onRequest.
 */
export function createOptionalAuth(requireAuth: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  return async function optionalAuth(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (!request.headers.authorization) return;
    try {
      await requireAuth.call(this, request, reply);
    } catch {
      request.auth = null;
    }
  };
}

/** Pre-handler: the caller has one of `roles` (run after requireAuth). */
export function requireRole(roles: readonly Role[]): preHandlerAsyncHookHandler {
  return async function requireRoleHandler(request: FastifyRequest) {
    if (!hasRole(currentUser(request).role, roles)) throw forbidden();
  };
}

/**
 * Pre-handler: the resource's state (resolved from the request) is the caller's own state.
 * `crossStateRoles` may pass for any state (ULTRA/SUPER on accounts, say).
 */
export function requireSameState(
  resolveStateId: (request: FastifyRequest) => Promise<number | undefined> | number | undefined,
  crossStateRoles: readonly Role[] = [],
): preHandlerAsyncHookHandler {
  return async function requireSameStateHandler(request: FastifyRequest) {
    const user = currentUser(request);
    if (hasRole(user.role, crossStateRoles)) return;
    const stateId = await resolveStateId(request);
    if (stateId === undefined) throw notFound();
    if (stateId !== user.stateId) throw forbidden();
  };
}

/** Pre-handler: the admin area (ULTRA, SUPER, ADMIN, STANDARD); STANDARD reads only. */
export const requireAdminArea: preHandlerAsyncHookHandler = requireRole(ADMIN_AREA_ROLES);

/**
 * Pre-handler for every admin write: `canEditAdminData`, an editor role (STANDARD is read-only)
 * whose state's account has not expired; ULTRA and SUPER may write regardless, so they can renew.
 */
export function createRequireEditor(db: Db, clock: Clock): preHandlerAsyncHookHandler {
  return async function requireEditor(request: FastifyRequest) {
    await assertEditor(db, currentUser(request), clock());
  };
}

/**
 * Pre-handler for running an event (start, review, unlock, end), the event's id in the path
 * parameter `eventIdParam`: `canRunEvent`, so an expired account's editors still run their own
 * event that is already STARTED to its close (decisions §8). The services check the rest.
 */
export function createRequireEventRunner(db: Db, clock: Clock): (eventIdParam: string) => preHandlerAsyncHookHandler {
  return (eventIdParam) =>
    async function requireEventRunner(request: FastifyRequest) {
      const caller = currentUser(request);
      const writer = await findAdminWriter(db, caller, clock());
      if (canEditAdminData(writer)) return;
      const eventId = Number((request.params as Record<string, unknown>)[eventIdParam]);
      const event = await findEventById(db, eventId);
      // Only the caller's own event runs on past the expiry; any other answers like any write.
      if (!event || event.state_id !== caller.stateId || !canRunEvent(writer, event.status)) {
        throw writeRefusal(writer);
      }
    };
}
