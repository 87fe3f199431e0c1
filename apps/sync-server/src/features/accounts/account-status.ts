import type { Db } from '../../db/database.ts';

/** Active unless the expiration date is in the past (seed section 4); dates are YYYY-MM-DD. */
export function isAccountActive(expirationDate: string | null | undefined, today: string): boolean {
  return expirationDate !== null && expirationDate !== undefined && expirationDate >= today;
}

/** The expiration date of a state's account, undefined when the state has none. */
export async function findAccountExpirationByState(db: Db, stateId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('account')
    .select('expiration_date')
    .where('state_id', '=', stateId)
    .executeTakeFirst();
  return row?.expiration_date;
}
