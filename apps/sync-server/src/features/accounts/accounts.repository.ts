import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The roles an account's users have; ULTRA and SUPER run the product and are no account's users. */
export const ACCOUNT_USER_ROLES = ['ADMIN', 'STANDARD'] as const;
export type AccountUserRoleValue = (typeof ACCOUNT_USER_ROLES)[number];

function selectAccounts(db: Db) {
  return db
    .selectFrom('account')
    .innerJoin('state', 'state.state_id', 'account.state_id')
    .leftJoin('app_user as primary_user', 'primary_user.user_id', 'account.primary_user_id')
    .select([
      'account.account_id',
      'account.state_id',
      'state.state_name',
      'account.signup_date',
      'account.expiration_date',
      'account.primary_user_id',
      'primary_user.first_name as primary_first_name',
      'primary_user.last_name as primary_last_name',
      'primary_user.email as primary_email',
      'primary_user.phone as primary_phone',
    ]);
}

export type AccountRowData = NonNullable<Awaited<ReturnType<typeof findAccountByState>>>;

export async function listAccounts(db: Db) {
  return selectAccounts(db).orderBy('state.state_name').execute();
}

export async function findAccountByState(db: Db, stateId: number) {
  return selectAccounts(db).where('account.state_id', '=', stateId).executeTakeFirst();
}

export async function insertAccount(
  db: Db,
  account: { stateId: number; signupDate: string; expirationDate: string; primaryUserId: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('account')
    .values({
      state_id: account.stateId,
      signup_date: account.signupDate,
      expiration_date: account.expirationDate,
      primary_user_id: account.primaryUserId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateAccountExpiration(
  db: Db,
  accountId: number,
  expirationDate: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('account')
    .set({ expiration_date: expirationDate, updated_at: now })
    .where('account_id', '=', accountId)
    .execute();
}

const accountUserColumns = ['user_id', 'state_id', 'first_name', 'last_name', 'email', 'phone', 'role'] as const;

/** The Admin and Standard users of a state, by last name. */
export async function listAccountUsers(db: Db, stateId: number) {
  return db
    .selectFrom('app_user')
    .select(accountUserColumns)
    .where('state_id', '=', stateId)
    .where('role', 'in', ACCOUNT_USER_ROLES)
    .orderBy(sql`lower(last_name)`)
    .orderBy(sql`lower(first_name)`)
    .orderBy('user_id')
    .execute();
}
export type AccountUserRowData = Awaited<ReturnType<typeof listAccountUsers>>[number];

export async function findAccountUser(
  db: Db,
  stateId: number,
  userId: number,
): Promise<AccountUserRowData | undefined> {
  return db
    .selectFrom('app_user')
    .select(accountUserColumns)
    .where('user_id', '=', userId)
    .where('state_id', '=', stateId)
    .where('role', 'in', ACCOUNT_USER_ROLES)
    .executeTakeFirst();
}

export interface NewAccountUser {
  stateId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: AccountUserRoleValue;
}

export async function insertAccountUser(db: Db, user: NewAccountUser, now: string): Promise<number> {
  const row = await db
    .insertInto('app_user')
    .values({
      state_id: user.stateId,
      email: user.email.trim().toLowerCase(),
      password_hash: user.passwordHash,
      first_name: user.firstName.trim(),
      last_name: user.lastName.trim(),
      phone: user.phone.trim(),
      role: user.role,
      created_at: now,
      updated_at: now,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** Sets the role; a change revokes the user's tokens, which carry the old role. */
export async function updateUserRole(db: Db, userId: number, role: AccountUserRoleValue, now: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set((eb) => ({ role, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .where('role', '!=', role)
    .execute();
}

/**
 * True when the user left traces that name them: changes to anything but their own
 * settings or password, penalty reviews, uploads, handled requests or synced work.
 */
export async function hasUserHistory(db: Db, userId: number): Promise<boolean> {
  const checks = [
    () =>
      db
        .selectFrom('audit_log')
        .select('audit_id as id')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('entity_type', 'not in', ['user', 'user_settings']), eb('entity_id', '!=', String(userId))]),
        )
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('penalty_score')
        .select('score_id as id')
        .where('reviewed_by', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('disqualification_score')
        .select('score_id as id')
        .where('reviewed_by', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('penalty_review')
        .select('category_id as id')
        .where('reviewed_by', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('stored_file')
        .select('file_id as id')
        .where('uploaded_by', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('public_request')
        .select('request_id as id')
        .where('handled_by', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('applied_mutation')
        .select('mutation_id as id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst(),
    () =>
      db
        .selectFrom('rejected_mutation')
        .select('mutation_id as id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst(),
  ];
  for (const check of checks) {
    if (await check()) return true;
  }
  return false;
}

export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('app_user').where('user_id', '=', userId).execute();
}

export async function findStateById(db: Db, stateId: number) {
  return db.selectFrom('state').select(['state_id', 'state_name']).where('state_id', '=', stateId).executeTakeFirst();
}

/** By name, without case or outer spaces ("delaware " finds Delaware). */
export async function findStateByName(db: Db, name: string) {
  return db
    .selectFrom('state')
    .select(['state_id', 'state_name'])
    .where(sql<string>`lower(state_name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
}
