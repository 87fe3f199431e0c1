import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  ACCOUNT_MANAGER_ROLES,
  ADMIN_AREA_ROLES,
  EDITOR_ROLES,
  ErrorCode,
  Messages,
  hasRole,
  type Role,
} from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { findAuthStateByUserId } from '../features/users/users.repository.ts';
import { findAccountExpirationByState, isAccountActive } from '../features/accounts/account-status.ts';
import { ApiError, forbidden, notFound, tokenInvalid } from './api-error.ts';
import { todayIso } from './clock.ts';

/** Who is calling, as verified against the database on every request (revocation works at once). */
export interface AuthContext {
  userId: number;
  role: Role;
  stateId: number;
  /** When the presented token stops being accepted (ISO time). */
  tokenExpiresAt: string;
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

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

/** The authenticated caller; only valid after `requireAuth` ran. */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw tokenInvalid();
  return request.auth;
}

/** Pre-handler: a valid, unrevoked bearer token of an active user. */
export function createRequireAuth(db: Db): preHandlerAsyncHookHandler {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    let payload: TokenPayload & { exp?: number };
    try {
      payload = await request.jwtVerify<TokenPayload & { exp?: number }>();
    } catch {
      throw tokenInvalid();
    }
    const state = await findAuthStateByUserId(db, Number(payload.sub));
    if (!state || state.tokenVersion !== payload.tv || state.isArchivedJudge) throw tokenInvalid();
    request.auth = {
      userId: state.userId,
      role: state.role,
      stateId: state.stateId,
      tokenExpiresAt: new Date((payload.exp ?? 0) * 1000).toISOString(),
    };
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
 * Pre-handler for every admin write: an editor role (STANDARD is read-only) whose state's
 * account has not expired. ULTRA and SUPER may write regardless, so they can renew.
 */
export function createRequireEditor(db: Db): preHandlerAsyncHookHandler {
  const requireEditorRole = requireRole(EDITOR_ROLES);
  return async function requireEditor(request: FastifyRequest, reply: FastifyReply) {
    await requireEditorRole.call(this, request, reply);
    const user = currentUser(request);
    if (hasRole(user.role, ACCOUNT_MANAGER_ROLES)) return;
    const expiration = await findAccountExpirationByState(db, user.stateId);
    if (!isAccountActive(expiration, todayIso()))
      throw new ApiError(403, ErrorCode.AccountExpired, Messages.accountExpired);
  };
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
