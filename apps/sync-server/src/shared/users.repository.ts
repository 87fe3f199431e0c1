import { parseRole, type Role } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { prepareQuery } from '../db/prepared-query.ts';

export interface AuthState {
  userId: number;
  role: Role;
  stateId: number;
  tokenVersion: number;
  isArchivedJudge: boolean;
}

/**
 * What the auth guard needs on every request: one indexed lookup. The judge's flag is a
 * subquery, not a join: this SQLite (built with STAT4) plans a join again each time its
 * parameters are bound anew, on every request.
 */
const authStateByUserId = prepareQuery((db, userId: number) =>
  db
    .selectFrom('app_user')
    .select((eb) => [
      'app_user.user_id',
      'app_user.role',
      'app_user.state_id',
      'app_user.token_version',
      eb
        .selectFrom('judge_profile')
        .select('judge_profile.is_archived')
        .whereRef('judge_profile.user_id', '=', 'app_user.user_id')
        .as('is_archived'),
    ])
    .where('app_user.user_id', '=', userId),
);

/** Read on every authenticated request (compiled once). */
export async function findAuthStateByUserId(db: Db, userId: number): Promise<AuthState | undefined> {
  if (!Number.isSafeInteger(userId)) return undefined;
  const row = await authStateByUserId.first(db, userId);
  const role = parseRole(row?.role);
  if (!row || !role) return undefined;
  return {
    userId: row.user_id,
    role,
    stateId: row.state_id,
    tokenVersion: row.token_version,
    isArchivedJudge: row.is_archived === 1,
  };
}

const sessionUserColumns = [
  'app_user.user_id',
  'app_user.email',
  'app_user.password_hash',
  'app_user.first_name',
  'app_user.last_name',
  'app_user.phone',
  'app_user.role',
  'app_user.token_version',
  'app_user.state_id',
  'state.state_name',
  'judge_profile.is_archived',
] as const;

function selectUsersWithState(db: Db) {
  return db
    .selectFrom('app_user')
    .innerJoin('state', 'state.state_id', 'app_user.state_id')
    .leftJoin('judge_profile', 'judge_profile.user_id', 'app_user.user_id')
    .select(sessionUserColumns);
}

export type UserWithState = NonNullable<Awaited<ReturnType<typeof findUserWithStateById>>>;

export async function findUserWithStateById(db: Db, userId: number) {
  return selectUsersWithState(db).where('app_user.user_id', '=', userId).executeTakeFirst();
}

/** Emails are stored lower-case, so the lookup is case-insensitive. */
export async function findUserWithStateByEmail(db: Db, email: string) {
  return selectUsersWithState(db).where('app_user.email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function isEmailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('app_user')
    .select('user_id')
    .where('email', '=', email.trim().toLowerCase())
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateUserContact(
  db: Db,
  userId: number,
  contact: { email: string; firstName: string; lastName: string; phone: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({
      email: contact.email.trim().toLowerCase(),
      first_name: contact.firstName.trim(),
      last_name: contact.lastName.trim(),
      phone: contact.phone.trim(),
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Revokes every token the user holds. */
export async function bumpTokenVersion(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .execute();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('user_id', '=', userId)
    .execute();
}
