import { EDITOR_ROLES, ErrorCode, Messages, canEditAdminData, hasRole, type AdminWriter } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { ApiError, forbidden } from '../common/api-error.ts';
import { todayIso } from '../common/clock.ts';
import type { AuthContext } from '../caller/caller.ts';

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

/** The caller with their account's standing, as the shared write rules take it. */
export async function findAdminWriter(db: Db, caller: AuthContext, now: Date): Promise<AdminWriter> {
  const expiration = await findAccountExpirationByState(db, caller.stateId);
  return { role: caller.role, isAccountActive: isAccountActive(expiration, todayIso(now)) };
}

/** A refused write: STANDARD and judges are simply forbidden; an editor is told the account expired. */
export function writeRefusal(writer: AdminWriter): ApiError {
  return hasRole(writer.role, EDITOR_ROLES)
    ? new ApiError(403, ErrorCode.AccountExpired, Messages.accountExpired)
    : forbidden();
}

/** Service-level twin of requireEditor, for rules a service keeps whoever calls it. */
export async function assertEditor(db: Db, caller: AuthContext, now: Date): Promise<void> {
  const writer = await findAdminWriter(db, caller, now);
  if (!canEditAdminData(writer)) throw writeRefusal(writer);
}
