import {
  ACCOUNT_MANAGER_ROLES,
  AccountMessages,
  ErrorCode,
  type Account,
  type AccountCreate,
  type AccountSummary,
  type AccountUserInput,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, notFound, validationError } from '../../common/api-error.ts';
import { todayIso, nowOf } from '../../common/clock.ts';
import { createUnusablePasswordHash, queueInvitation } from '../auth/invitations.ts';
import { findUserWithStateByEmail, isEmailTakenByOther, updateUserContact } from '../../shared/users.repository.ts';
import { addYears, renewedExpiration } from './account-dates.ts';
import { accountUserAuditView, toAccount, toAccountSummary, toStoredRole } from './accounts.mapper.ts';
import {
  deleteUser,
  findAccountByState,
  findAccountUser,
  findStateById,
  findStateByName,
  hasUserHistory,
  insertAccount,
  insertAccountUser,
  listAccountUsers,
  listAccounts as listAccountRows,
  updateAccountExpiration,
  updateUserRole,
  type AccountRowData,
  type AccountUserRowData,
} from './accounts.repository.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';

// One account per state, addressed by the STATE id (the seed's account-detail/{id}). ULTRA and
// SUPER manage every state's account; ADMIN and STANDARD see their own, ADMIN edits its users.

export interface AccountsDeps {
  db: Db;
  /** Origin of links in invitation emails. */
  publicUrl: string;
  /** Called after a commit that queued an email. */
  emailQueued: () => void;
  now?: () => Date;
}

function clock(deps: AccountsDeps): Date {
  return nowOf(deps);
}

/** manage-accounts: every account, by state name. */
export async function listAccounts(deps: AccountsDeps): Promise<AccountSummary[]> {
  const today = todayIso(clock(deps));
  return (await listAccountRows(deps.db)).map((row) => toAccountSummary(row, today));
}

export async function getAccount(deps: AccountsDeps, caller: AuthContext, stateId: number): Promise<Account> {
  assertSameState(caller, stateId, ACCOUNT_MANAGER_ROLES);
  return loadAccount(deps.db, stateId, todayIso(clock(deps)));
}

/** Renews for 1..6 years from the later of today and the current expiration (ULTRA/SUPER). */
export async function renewAccount(
  deps: AccountsDeps,
  caller: AuthContext,
  stateId: number,
  years: number,
): Promise<Account> {
  const now = clock(deps);
  const today = todayIso(now);
  return inTransaction(deps.db, async (trx) => {
    const account = await findAccountByState(trx, stateId);
    if (!account) throw notFound(AccountMessages.accountNotFound);
    const expirationDate = renewedExpiration(account.expiration_date, today, years);
    await updateAccountExpiration(trx, account.account_id, expirationDate, now.toISOString());
    await recordAudit(
      trx,
      {
        stateId,
        userId: caller.userId,
        action: 'renew',
        entityType: 'account',
        entityId: account.account_id,
        before: { expirationDate: account.expiration_date },
        after: { expirationDate, years },
      },
      now.toISOString(),
    );
    return loadAccount(trx, stateId, today);
  });
}

/** Adds an Admin or Standard user, who gets an invitation email to set a password. */
export async function addAccountUser(
  deps: AccountsDeps,
  caller: AuthContext,
  stateId: number,
  body: AccountUserInput,
): Promise<Account> {
  assertSameState(caller, stateId, ACCOUNT_MANAGER_ROLES);
  const now = clock(deps);
  const account = await inTransaction(deps.db, async (trx) => {
    const account = await findAccountByState(trx, stateId);
    if (!account) throw notFound(AccountMessages.accountNotFound);
    await assertEmailFree(trx, body.userEmail);
    const user = await createInvitedUser(
      deps,
      trx,
      account.state_id,
      account.state_name,
      body,
      toStoredRole(body.userRole),
      now,
    );
    await recordAudit(
      trx,
      {
        stateId,
        userId: caller.userId,
        action: 'create',
        entityType: 'user',
        entityId: user.user_id,
        after: accountUserAuditView(user),
      },
      now.toISOString(),
    );
    return loadAccount(trx, stateId, todayIso(now));
  });
  deps.emailQueued();
  return account;
}

/** Edits an account user; a role change revokes their tokens. The primary user stays an Admin. */
export async function updateAccountUser(
  deps: AccountsDeps,
  caller: AuthContext,
  stateId: number,
  userId: number,
  body: AccountUserInput,
): Promise<Account> {
  assertSameState(caller, stateId, ACCOUNT_MANAGER_ROLES);
  if (body.userId !== undefined && body.userId !== userId) {
    throw validationError([{ field: 'userId', message: AccountMessages.userIdMismatch }]);
  }
  const now = clock(deps);
  const role = toStoredRole(body.userRole);
  return inTransaction(deps.db, async (trx) => {
    const account = await findAccountByState(trx, stateId);
    if (!account) throw notFound(AccountMessages.accountNotFound);
    const before = await findAccountUser(trx, stateId, userId);
    if (!before) throw notFound(AccountMessages.userNotFound);
    if (account.primary_user_id === userId && role !== 'ADMIN') {
      throw new ApiError(409, ErrorCode.Conflict, AccountMessages.primaryUserRole, [
        { field: 'userRole', message: AccountMessages.primaryUserRole },
      ]);
    }
    if (await isEmailTakenByOther(trx, body.userEmail, userId)) throw emailInUse();
    await updateUserContact(
      trx,
      userId,
      { email: body.userEmail, firstName: body.userFirstName, lastName: body.userLastName, phone: body.userPhone },
      now.toISOString(),
    );
    await updateUserRole(trx, userId, role, now.toISOString());
    const after = await findAccountUser(trx, stateId, userId);
    if (!after) throw notFound(AccountMessages.userNotFound);
    await recordAudit(
      trx,
      {
        stateId,
        userId: caller.userId,
        action: 'update',
        entityType: 'user',
        entityId: userId,
        before: accountUserAuditView(before),
        after: accountUserAuditView(after),
      },
      now.toISOString(),
    );
    return loadAccount(trx, stateId, todayIso(now));
  });
}

/**
 * Deletes an account user. Refused for the primary user, for oneself, and for a user whose
 * name the history keeps (their changes, reviews or uploads would lose their author).
 */
export async function removeAccountUser(
  deps: AccountsDeps,
  caller: AuthContext,
  stateId: number,
  userId: number,
): Promise<Account> {
  assertSameState(caller, stateId, ACCOUNT_MANAGER_ROLES);
  const now = clock(deps);
  return inTransaction(deps.db, async (trx) => {
    const account = await findAccountByState(trx, stateId);
    if (!account) throw notFound(AccountMessages.accountNotFound);
    const user = await findAccountUser(trx, stateId, userId);
    if (!user) throw notFound(AccountMessages.userNotFound);
    if (account.primary_user_id === userId) throw conflict(AccountMessages.primaryUserRemoval);
    if (caller.userId === userId) throw conflict(AccountMessages.selfRemoval);
    if (await hasUserHistory(trx, userId)) throw conflict(AccountMessages.userHasHistory);
    await deleteUser(trx, userId);
    await recordAudit(
      trx,
      {
        stateId,
        userId: caller.userId,
        action: 'remove',
        entityType: 'user',
        entityId: userId,
        before: accountUserAuditView(user),
      },
      now.toISOString(),
    );
    return loadAccount(trx, stateId, todayIso(now));
  });
}

/**
 * Opens a state's account (ULTRA/SUPER): signup today, expiring in a year, with its primary
 * Admin user, who is invited by email to set a password.
 */
export async function createAccount(deps: AccountsDeps, caller: AuthContext, body: AccountCreate): Promise<Account> {
  const now = clock(deps);
  const today = todayIso(now);
  const account = await inTransaction(deps.db, async (trx) => {
    const state =
      body.stateId !== undefined
        ? await findStateById(trx, body.stateId)
        : await findStateByName(trx, body.accountStateName ?? '');
    if (!state) {
      throw validationError([
        { field: body.stateId !== undefined ? 'stateId' : 'accountStateName', message: AccountMessages.unknownState },
      ]);
    }
    if (await findAccountByState(trx, state.state_id)) {
      throw new ApiError(409, ErrorCode.Conflict, AccountMessages.stateHasAccount, [
        { field: 'accountStateName', message: AccountMessages.stateHasAccount },
      ]);
    }
    await assertEmailFree(trx, body.userEmail);
    const primary = await createInvitedUser(deps, trx, state.state_id, state.state_name, body, 'ADMIN', now);
    await insertAccount(
      trx,
      {
        stateId: state.state_id,
        signupDate: today,
        expirationDate: addYears(today, 1),
        primaryUserId: primary.user_id,
      },
      now.toISOString(),
    );
    const created = await loadAccount(trx, state.state_id, today);
    await recordAudit(
      trx,
      {
        stateId: state.state_id,
        userId: caller.userId,
        action: 'create',
        entityType: 'account',
        entityId: created.accountId,
        after: {
          signupDate: created.accountSignupDate,
          expirationDate: created.accountExpirationDate,
          primaryUser: accountUserAuditView(primary),
        },
      },
      now.toISOString(),
    );
    return created;
  });
  deps.emailQueued();
  return account;
}

async function createInvitedUser(
  deps: AccountsDeps,
  db: Db,
  stateId: number,
  stateName: string,
  body: { userFirstName: string; userLastName: string; userEmail: string; userPhone: string },
  role: 'ADMIN' | 'STANDARD',
  now: Date,
): Promise<AccountUserRowData> {
  const userId = await insertAccountUser(
    db,
    {
      stateId,
      email: body.userEmail,
      passwordHash: createUnusablePasswordHash(),
      firstName: body.userFirstName,
      lastName: body.userLastName,
      phone: body.userPhone,
      role,
    },
    now.toISOString(),
  );
  const user = await findAccountUser(db, stateId, userId);
  if (!user) throw notFound(AccountMessages.userNotFound);
  await queueInvitation(
    db,
    { userId, email: user.email, firstName: user.first_name },
    {
      subject: 'Your competition scoring account',
      intro: `You have been added as ${role === 'ADMIN' ? 'an Admin' : 'a Standard'} user of the ${stateName} competition account.`,
    },
    { publicUrl: deps.publicUrl, now },
  );
  return user;
}

async function loadAccount(db: Db, stateId: number, today: string): Promise<Account> {
  const account: AccountRowData | undefined = await findAccountByState(db, stateId);
  if (!account) throw notFound(AccountMessages.accountNotFound);
  return toAccount(account, await listAccountUsers(db, stateId), today);
}

async function assertEmailFree(db: Db, email: string): Promise<void> {
  if (await findUserWithStateByEmail(db, email)) throw emailInUse();
}

function emailInUse(): ApiError {
  return new ApiError(409, ErrorCode.Conflict, AccountMessages.emailInUse, [
    { field: 'userEmail', message: AccountMessages.emailInUse },
  ]);
}

function conflict(message: string): ApiError {
  return new ApiError(409, ErrorCode.Conflict, message);
}
