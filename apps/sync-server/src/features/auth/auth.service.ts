import { createHash, randomBytes } from 'node:crypto';
import {
  ErrorCode,
  Messages,
  parseRole,
  type LoginRequest,
  type LoginResponse,
  type ResetPasswordRequest,
  type SendResetPasswordRequest,
  type SessionUser,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, tokenInvalid } from '../../common/api-error.ts';
import { queueEmail } from '../../email/email.repository.ts';
import {
  bumpTokenVersion,
  findUserWithStateByEmail,
  findUserWithStateById,
  updatePasswordHash,
} from '../../shared/users.repository.ts';
import { toSessionUser } from '../../shared/users.mapper.ts';
import type { Captcha } from '../../http/captcha.ts';
import {
  findLatestResetTokenCreation,
  findResetToken,
  insertResetToken,
  useAllResetTokens,
} from './auth.repository.ts';
import { tooManyLoginAttemptsMessage, type LoginThrottle } from '../../http/login-throttle.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { nowIso, nowOf } from '../../common/clock.ts';
import type { TokenPayload } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';

/**
 * One revocable token valid for 72 hours: a judge's tablet must outlast a competition day
 * offline (offline-sync.md "Tokens"); logout, reset, archive and role change revoke it.
 */
export const TOKEN_LIFETIME_SECONDS = 72 * 60 * 60;
const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** At most one reset email per address in this time (decisions §7), so the form cannot flood an inbox. */
export const RESET_EMAIL_COOLDOWN_MS = 5 * 60 * 1000;

export interface AuthDeps {
  db: Db;
  signToken: (payload: TokenPayload) => string;
  loginThrottle: LoginThrottle;
  publicUrl: string;
  afterCommit: { emailQueued: () => void };
  now?: () => Date;
}

/** A refused login attempt: the caller must wait (the error handler sends Retry-After). */
function loginThrottled(retryAfterSeconds: number): ApiError {
  return new ApiError(429, ErrorCode.TooManyRequests, tooManyLoginAttemptsMessage(retryAfterSeconds), undefined, {
    retryAfterSeconds,
  });
}

/** A refused login attempt from an address past its free failures: solve the captcha, log in again. */
function captchaRequired(): ApiError {
  return new ApiError(401, ErrorCode.CaptchaRequired, Messages.captchaRequiredToLogIn);
}

export async function login(
  deps: AuthDeps & { captcha: Captcha },
  request: LoginRequest,
  clientIp: string,
): Promise<LoginResponse> {
  const attempt = { account: request.username.trim().toLowerCase(), clientIp };
  // Asked only once the address needs it; a captcha sent when not needed is left unused.
  const solvesCaptcha = () =>
    request.captcha === undefined
      ? Promise.resolve(false)
      : deps.captcha.verify(request.captcha).then(
          () => true,
          () => false,
        );
  const admission = await deps.loginThrottle.admit(attempt, solvesCaptcha);
  if (admission.kind === 'wait') throw loginThrottled(admission.waitSeconds);
  if (admission.kind === 'captchaRequired') throw captchaRequired();
  let isLoggedIn = false;
  try {
    const user = await findUserWithStateByEmail(deps.db, attempt.account);
    const isValid = user
      ? await verifyPassword(user.password_hash, request.password)
      : (await verifyAgainstDummy(request.password), false);
    const role = parseRole(user?.role);
    if (!user || !isValid || !role || user.is_archived === 1) {
      throw new ApiError(401, ErrorCode.InvalidCredentials, Messages.invalidCredentials);
    }
    const now = nowOf(deps);
    const token = deps.signToken({ sub: String(user.user_id), role, stateId: user.state_id, tv: user.token_version });
    isLoggedIn = true;
    return {
      status: 'Success',
      token,
      user: toSessionUser(user),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000).toISOString(),
    };
  } finally {
    // Anything but a success counts as a failure (a fault included: no free retries by crashing it).
    await admission.settle(isLoggedIn ? 'success' : 'failure');
  }
}

/** Revokes every token of the user (all devices). */
export async function logout(deps: Pick<AuthDeps, 'db' | 'now'>, userId: number): Promise<void> {
  await bumpTokenVersion(deps.db, userId, nowIso(deps));
}

export async function getSessionUser(db: Db, userId: number): Promise<SessionUser> {
  const user = await findUserWithStateById(db, userId);
  if (!user) throw tokenInvalid();
  return toSessionUser(user);
}

export interface ResetRequestDeps extends Pick<AuthDeps, 'db' | 'publicUrl' | 'afterCommit' | 'now'> {
  captcha: Captcha;
}

/**
 * The "forgot password" form, captcha first. Always resolves the same way whether or not the
 * email exists, and whether or not a link went out in the last five minutes (the last link,
 * reset or invitation, is then still the one to use), so it reveals nothing.
 */
export async function sendPasswordReset(deps: ResetRequestDeps, request: SendResetPasswordRequest): Promise<void> {
  await deps.captcha.verify(request.captcha);
  const user = await findUserWithStateByEmail(deps.db, request.email);
  if (!user || user.is_archived === 1) return;
  const token = randomBytes(32).toString('base64url');
  const now = nowOf(deps);
  const link = `${deps.publicUrl}/account-help-reset?token=${token}`;
  const isQueued = await inTransaction(deps.db, async (trx) => {
    const latest = await findLatestResetTokenCreation(trx, user.user_id);
    if (latest !== undefined && Date.parse(latest) > now.getTime() - RESET_EMAIL_COOLDOWN_MS) return false;
    await insertResetToken(
      trx,
      user.user_id,
      hashToken(token),
      new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS).toISOString(),
      now.toISOString(),
    );
    await queueEmail(
      trx,
      {
        to: user.email,
        subject: 'Reset your password',
        text: [
          `Hello ${user.first_name},`,
          '',
          'Someone (hopefully you) asked to reset the password of your competition scoring account.',
          `Open this link within one hour to choose a new password: ${link}`,
          '',
          'If you did not ask for this, you can ignore this email; your password stays the same.',
        ].join('\n'),
      },
      now.toISOString(),
    );
    return true;
  });
  if (isQueued) deps.afterCommit.emailQueued();
}

export async function resetPassword(deps: AuthDeps, request: ResetPasswordRequest): Promise<void> {
  const now = nowIso(deps);
  const stored = await findResetToken(deps.db, hashToken(request.token));
  const isUsable = stored !== undefined && stored.used_at === null && stored.expires_at > now;
  const user = isUsable ? await findUserWithStateById(deps.db, stored.user_id) : undefined;
  const emailMatches = !request.email || request.email.trim().toLowerCase() === user?.email;
  if (!stored || !user || !emailMatches) {
    throw new ApiError(400, ErrorCode.ResetTokenInvalid, Messages.resetTokenInvalid);
  }
  const passwordHash = await hashPassword(request.password);
  await inTransaction(deps.db, async (trx) => {
    // Re-checked inside the transaction so two concurrent uses of one link cannot both win.
    const used = await trx
      .updateTable('password_reset_token')
      .set({ used_at: now })
      .where('token_hash', '=', stored.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1)
      throw new ApiError(400, ErrorCode.ResetTokenInvalid, Messages.resetTokenInvalid);
    await useAllResetTokens(trx, user.user_id, now);
    await updatePasswordHash(trx, user.user_id, passwordHash, now);
    await recordAudit(
      trx,
      {
        stateId: user.state_id,
        userId: user.user_id,
        action: 'password_reset',
        entityType: 'user',
        entityId: user.user_id,
      },
      now,
    );
  });
}

/** SHA-256 of a reset or invitation token: only the hash is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
