// Who is calling, and the checks every service makes on it: types and checks only, no I/O.
// The http layer fills `request.auth` (http/guards.ts); services take an AuthContext.
import type { FastifyRequest } from 'fastify';
import { EDITOR_ROLES, hasRole, type Role } from '@judging/shared-types';
import { forbidden, notFound, tokenInvalid } from '../common/api-error.ts';

/** Who is calling, as verified against the database on every request (revocation works at once). */
export interface AuthContext {
  userId: number;
  role: Role;
  stateId: number;
  /** When the presented token stops being accepted (ISO time). */
  tokenExpiresAt: string;
  /** The user's token version the token was signed with: a later bump revokes it (and ends its streams). */
  tokenVersion: number;
}

export interface TokenPayload {
  sub: string;
  role: Role;
  stateId: number;
  /** The user's token version when signed; bumping it revokes every older token. */
  tv: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated caller; only valid after `requireAuth` ran. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}

/**
 * Coordinators (ADMIN, SUPER, ULTRA) use the public registration forms without the captcha and
 * the per-IP limit: accounts made by other coordinators, who manage the same data in the admin
 * area anyway. Everyone else, judges and STANDARD users included (a judge can register themself),
 * is a stranger to the public forms (decisions §7).
 */
export function isCoordinator(caller: AuthContext | null): boolean {
  return caller !== null && hasRole(caller.role, EDITOR_ROLES);
}

/** Service-level check: the record's state is the caller's (optionally any state for `crossStateRoles`). */
export function assertSameState(
  caller: AuthContext,
  stateId: number | undefined,
  crossStateRoles: readonly Role[] = [],
): void {
  if (stateId === undefined) throw notFound();
  if (stateId !== caller.stateId && !hasRole(caller.role, crossStateRoles)) throw forbidden();
}
