import {
  ACCOUNT_MANAGER_ROLES,
  ADMIN_AREA_ROLES,
  ErrorCode,
  JudgeMessages,
  Role,
  hasRole,
  type FieldError,
  type Judge,
  type JudgePost,
  type JudgeUpdate,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound, validationError } from '../../common/api-error.ts';
import { todayIso, nowOf } from '../../common/clock.ts';
import { findAccountExpirationByState, isAccountActive } from '../../shared/account-status.ts';
import { createUnusablePasswordHash, queueInvitation } from '../auth/invitations.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  bumpTokenVersion,
  findUserWithStateByEmail,
  isEmailTakenByOther,
  updateUserContact,
} from '../../shared/users.repository.ts';
import type { Captcha } from '../../http/captcha.ts';
import { judgeAuditView, toJudge } from './judges.mapper.ts';
import {
  countOpenAssignments,
  findJudgeById,
  insertJudge,
  listJudgesByState,
  moveJudgeToState,
  setJudgeArchived,
  stateExists,
  type JudgeRow,
} from './judges.repository.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { conflictSchoolsByJudge, declareConflicts } from '../../shared/judge-conflicts.ts';

/** ULTRA and SUPER oversee every state's judges (the ULTRA edit-judge state selector needs them). */
const READ_ANY_STATE_ROLES = ACCOUNT_MANAGER_ROLES;
/** Only ULTRA may move a judge to another state, so only ULTRA changes judges of other states. */
const WRITE_ANY_STATE_ROLES: readonly Role[] = [Role.Ultra];

export interface JudgesDeps {
  db: Db;
  /** Origin of links in invitation emails. */
  publicUrl: string;
  /** Checks the captcha a public registration carries. */
  captcha: Captcha;
  /** Called after a commit that queued an email. */
  emailQueued: () => void;
  now?: () => Date;
}

function clock(deps: JudgesDeps): Date {
  return nowOf(deps);
}

/** GET state/:stateId/judge (active) and judge/inactive/:stateId (archived). */
export async function listJudges(
  deps: JudgesDeps,
  caller: AuthContext,
  stateId: number,
  isArchived: boolean,
): Promise<Judge[]> {
  assertSameState(caller, stateId, READ_ANY_STATE_ROLES);
  const rows = await listJudgesByState(deps.db, stateId, isArchived);
  const conflicts = await conflictSchoolsByJudge(
    deps.db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) => ({ ...toJudge(row), conflicts: conflicts.get(row.user_id) ?? [] }));
}

/** The admin area reads judges of its state; a judge reads only their own record. */
export async function getJudge(deps: JudgesDeps, caller: AuthContext, judgeId: number): Promise<Judge> {
  const isSelf = caller.userId === judgeId;
  if (!isSelf && !hasRole(caller.role, ADMIN_AREA_ROLES)) throw forbidden();
  const row = await findJudgeById(deps.db, judgeId);
  if (!row) throw notFound(JudgeMessages.notFound);
  if (!isSelf) assertSameState(caller, row.state_id, READ_ANY_STATE_ROLES);
  return toJudge(row);
}

/**
 * An editor adds a judge to their own state. The judge has no password yet: an invitation
 * email carries a 7-day link to set one.
 */
export async function createJudge(deps: JudgesDeps, caller: AuthContext, body: JudgePost): Promise<Judge> {
  if (body.judgeState && body.judgeState.stateId !== caller.stateId) throw forbidden(JudgeMessages.otherStateCreate);
  const now = clock(deps);
  const judge = await inTransaction(deps.db, async (trx) => {
    await assertEmailFree(trx, body.judgeEmail);
    const judgeId = await insertJudge(
      trx,
      {
        stateId: caller.stateId,
        email: body.judgeEmail,
        passwordHash: createUnusablePasswordHash(),
        firstName: body.judgeFirstName,
        lastName: body.judgeLastName,
        phone: body.judgePhone,
      },
      now.toISOString(),
    );
    const row = await loadJudge(trx, judgeId);
    await queueInvitation(
      trx,
      { userId: judgeId, email: row.email, firstName: row.first_name },
      {
        subject: 'You have been added as a competition judge',
        intro: `The ${row.state_name} competition coordinators added you as a judge. Choose a password to log in and see the events you judge.`,
      },
      { publicUrl: deps.publicUrl, now },
    );
    await recordAudit(
      trx,
      {
        stateId: row.state_id,
        userId: caller.userId,
        action: 'create',
        entityType: 'judge',
        entityId: judgeId,
        after: judgeAuditView(row),
      },
      now.toISOString(),
    );
    return toJudge(row);
  });
  deps.emailQueued();
  return judge;
}

/**
 * Public judge registration (/judge): a JUDGE who can log in at once, in a state whose
 * account is active (a state without coordinators has no events to judge), with a solved captcha.
 */
export async function registerJudge(deps: JudgesDeps, body: JudgePost): Promise<Judge> {
  const missing: FieldError[] = [];
  if (!body.judgeState) missing.push({ field: 'judgeState', message: 'State is required' });
  if (body.judgePassword === undefined) missing.push({ field: 'judgePassword', message: 'Password is required' });
  if (!body.judgeState || body.judgePassword === undefined) throw validationError(missing);
  // Before anything that could tell a stranger whether a state is open or an email is taken.
  await deps.captcha.verify(body.captcha);
  const stateId = body.judgeState.stateId;
  const now = clock(deps);
  if (!isAccountActive(await findAccountExpirationByState(deps.db, stateId), todayIso(now))) {
    throw validationError([{ field: 'judgeState.stateId', message: JudgeMessages.registrationClosed }]);
  }
  await assertEmailFree(deps.db, body.judgeEmail);
  const passwordHash = await hashPassword(body.judgePassword);
  return inTransaction(deps.db, async (trx) => {
    // Checked again inside the transaction: the hash above took time.
    await assertEmailFree(trx, body.judgeEmail);
    const judgeId = await insertJudge(
      trx,
      {
        stateId,
        email: body.judgeEmail,
        passwordHash,
        firstName: body.judgeFirstName,
        lastName: body.judgeLastName,
        phone: body.judgePhone,
      },
      now.toISOString(),
    );
    // Fair panels: the schools the judge is tied to, declared by the judge themself.
    await declareConflicts(trx, { judgeId, stateId }, body.conflictSchoolIds ?? [], judgeId, now.toISOString());
    const row = await loadJudge(trx, judgeId);
    await recordAudit(
      trx,
      {
        stateId,
        userId: judgeId,
        action: 'register',
        entityType: 'judge',
        entityId: judgeId,
        after: judgeAuditView(row),
      },
      now.toISOString(),
    );
    return toJudge(row);
  });
}

/** Edits a judge's contact details; an ULTRA's `judgeState` also moves the judge. */
export async function updateJudge(
  deps: JudgesDeps,
  caller: AuthContext,
  judgeId: number,
  body: JudgeUpdate,
): Promise<Judge> {
  if (body.judgeId !== undefined && body.judgeId !== judgeId) {
    throw validationError([{ field: 'judgeId', message: 'The judge in the form does not match the link.' }]);
  }
  const now = clock(deps).toISOString();
  return inTransaction(deps.db, async (trx) => {
    const before = await findJudgeById(trx, judgeId);
    if (!before) throw notFound(JudgeMessages.notFound);
    assertSameState(caller, before.state_id, WRITE_ANY_STATE_ROLES);
    if (await isEmailTakenByOther(trx, body.judgeEmail, judgeId)) throw emailInUse();
    await updateUserContact(
      trx,
      judgeId,
      { email: body.judgeEmail, firstName: body.judgeFirstName, lastName: body.judgeLastName, phone: body.judgePhone },
      now,
    );
    // Everyone but ULTRA keeps the judge's state whatever the form says (the selector is ULTRA's).
    const targetStateId =
      hasRole(caller.role, [Role.Ultra]) && body.judgeState ? body.judgeState.stateId : before.state_id;
    if (targetStateId !== before.state_id) {
      if (!(await stateExists(trx, targetStateId))) {
        throw validationError([{ field: 'judgeState.stateId', message: JudgeMessages.unknownState }]);
      }
      if ((await countOpenAssignments(trx, judgeId)) > 0) {
        throw new ApiError(409, ErrorCode.Conflict, JudgeMessages.movingAssignedJudge);
      }
      await moveJudgeToState(trx, judgeId, targetStateId, now);
    }
    const after = await loadJudge(trx, judgeId);
    await recordAudit(
      trx,
      {
        stateId: before.state_id,
        userId: caller.userId,
        action: 'update',
        entityType: 'judge',
        entityId: judgeId,
        before: judgeAuditView(before),
        after: judgeAuditView(after),
      },
      now,
    );
    return toJudge(after);
  });
}

/**
 * Archives a judge: their tokens are revoked and they can no longer log in or be assigned.
 * Nothing they scored is removed.
 */
export async function archiveJudge(deps: JudgesDeps, caller: AuthContext, judgeId: number): Promise<Judge> {
  return setArchived(deps, caller, judgeId, true);
}

/** Reinstates an archived judge: they can log in and be assigned again. */
export async function reinstateJudge(deps: JudgesDeps, caller: AuthContext, judgeId: number): Promise<Judge> {
  return setArchived(deps, caller, judgeId, false);
}

async function setArchived(
  deps: JudgesDeps,
  caller: AuthContext,
  judgeId: number,
  isArchived: boolean,
): Promise<Judge> {
  const now = clock(deps).toISOString();
  return inTransaction(deps.db, async (trx) => {
    const before = await findJudgeById(trx, judgeId);
    if (!before) throw notFound(JudgeMessages.notFound);
    assertSameState(caller, before.state_id, WRITE_ANY_STATE_ROLES);
    if ((before.is_archived === 1) === isArchived) {
      throw new ApiError(
        409,
        ErrorCode.Conflict,
        isArchived ? JudgeMessages.alreadyArchived : JudgeMessages.alreadyActive,
      );
    }
    await setJudgeArchived(trx, judgeId, isArchived, now);
    if (isArchived) await bumpTokenVersion(trx, judgeId, now);
    const after = await loadJudge(trx, judgeId);
    await recordAudit(
      trx,
      {
        stateId: before.state_id,
        userId: caller.userId,
        action: isArchived ? 'archive' : 'reinstate',
        entityType: 'judge',
        entityId: judgeId,
        before: judgeAuditView(before),
        after: judgeAuditView(after),
      },
      now,
    );
    return toJudge(after);
  });
}

async function loadJudge(db: Db, judgeId: number): Promise<JudgeRow> {
  const row = await findJudgeById(db, judgeId);
  if (!row) throw notFound(JudgeMessages.notFound);
  return row;
}

async function assertEmailFree(db: Db, email: string): Promise<void> {
  if (await findUserWithStateByEmail(db, email)) throw emailInUse();
}

function emailInUse(): ApiError {
  return new ApiError(409, ErrorCode.Conflict, JudgeMessages.emailInUse, [
    { field: 'judgeEmail', message: JudgeMessages.emailInUse },
  ]);
}
