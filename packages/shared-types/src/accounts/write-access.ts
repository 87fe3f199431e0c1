// Who may change a state's data (decisions §3 and §8). The server's guards and the app's
// controls both ask these functions, so a control shows exactly when the server would accept it.
import type { EventStatus } from '../sync/sync-reads.schemas.ts';
import { ACCOUNT_MANAGER_ROLES, EDITOR_ROLES, hasRole } from '../roles.ts';

/** The caller as the write rules see them. */
export interface AdminWriter {
  role: string;
  /** The caller's own state's account has not expired. */
  isAccountActive: boolean;
}

/**
 * The caller's account lets them write at all: it has not expired, or they are ULTRA or SUPER
 * (who must be able to renew it). Roles are checked separately.
 */
export function isAccountOpenToWrites(writer: AdminWriter): boolean {
  return writer.isAccountActive || hasRole(writer.role, ACCOUNT_MANAGER_ROLES);
}

/** Add, change or remove admin data: an editor role (STANDARD reads only) on an account open to writes. */
export function canEditAdminData(writer: AdminWriter): boolean {
  return hasRole(writer.role, EDITOR_ROLES) && isAccountOpenToWrites(writer);
}

/**
 * Run an event: start it, review penalties, unlock a judge, end it. As for any edit, except
 * that an event already STARTED runs to its close on an expired account (decisions §8): a
 * competition under way is never stopped over billing.
 */
export function canRunEvent(writer: AdminWriter, eventStatus: EventStatus): boolean {
  if (canEditAdminData(writer)) return true;
  return hasRole(writer.role, EDITOR_ROLES) && eventStatus === 'STARTED';
}
