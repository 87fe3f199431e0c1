import type { Db } from '../../db/database.ts';

export async function insertResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  expiresAt: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('password_reset_token')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, used_at: null, created_at: now })
    .execute();
}

export async function findResetToken(db: Db, tokenHash: string) {
  return db.selectFrom('password_reset_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses up every open reset token of the user: a reset link works once, and older links die with it. */
export async function useAllResetTokens(db: Db, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_reset_token')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** When the user's latest reset or invitation link was made (ISO), if any. */
export async function findLatestResetTokenCreation(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_reset_token')
    .select('created_at')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}
