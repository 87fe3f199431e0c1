import type { Db } from '../../db/database.ts';
import { isAccountActive } from '../accounts/account-status.ts';

/** Every built-in state with whether it has an unexpired account. */
export async function listStatesWithActivity(db: Db, today: string) {
  const rows = await db
    .selectFrom('state')
    .leftJoin('account', 'account.state_id', 'state.state_id')
    .select(['state.state_id', 'state.state_name', 'state.state_code', 'account.expiration_date'])
    .orderBy('state.state_name')
    .execute();
  return rows.map((row) => ({
    stateId: row.state_id,
    stateName: row.state_name,
    stateCode: row.state_code,
    isActive: isAccountActive(row.expiration_date, today),
  }));
}
