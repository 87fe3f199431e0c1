import type { Db } from '../db/database.ts';
import { notFound } from '../common/api-error.ts';
import { isAccountActive } from './account-status.ts';

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

/** A public list about a state (open events, school names, documents) names a state that exists: else 404. */
export async function assertStateExists(db: Db, stateId: number): Promise<void> {
  const row = await db.selectFrom('state').select('state_id').where('state_id', '=', stateId).executeTakeFirst();
  if (!row) throw notFound(StateMessages.notFound);
}

export const StateMessages = { notFound: 'That state does not exist.' } as const;
