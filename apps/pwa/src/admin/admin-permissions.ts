import {
  ACCOUNT_MANAGER_ROLES,
  ADMIN_AREA_ROLES,
  EDITOR_ROLES,
  Role,
  canEditAdminData,
  canRunEvent,
  hasRole,
  isAccountOpenToWrites,
  type EventStatus,
  type SessionUser,
} from '@judging/shared-types';
import { useEffect, useMemo } from 'react';
import { useSession } from '../session/session-context.tsx';
import { loadAccountStatus, useAccountStatus } from './account-status-store.ts';

// The client only hides controls; the server refuses the same changes (decisions §3) with the
// same shared rules (shared-types accounts/write-access.ts).

export interface AdminWriteAccess {
  /** Add, edit, remove: an editor role on an unexpired account (ULTRA and SUPER regardless). */
  canEdit: boolean;
  /** Start, review, unlock, end an event of this status: as `canEdit`, and a STARTED event also on an expired account (decisions §8). */
  canRunEvent(eventStatus: EventStatus): boolean;
  /** The account takes writes at all, whatever the role (the own-state documents on /help). */
  isAccountOpen: boolean;
  /** The user's state's account is known to have expired (its registrations are closed too). */
  isAccountExpired: boolean;
}

/**
 * What the logged-in user may change, from their role and their state's account. Until the
 * account is known it counts as active: a failed check must not hide an active coordinator's
 * controls, and the server refuses a write of an expired account anyway.
 */
export function useAdminWriteAccess(): AdminWriteAccess {
  const { user } = useSession();
  const stateId = user?.state.stateId;
  // ULTRA and SUPER write whatever the account; judges cannot read it.
  const needsAccount =
    user !== null && hasRole(user.role, ADMIN_AREA_ROLES) && !hasRole(user.role, ACCOUNT_MANAGER_ROLES);
  useEffect(() => {
    if (needsAccount && stateId !== undefined) loadAccountStatus(stateId, { onlyIfUnknown: true });
  }, [needsAccount, stateId]);
  const account = useAccountStatus(stateId);
  return useMemo(() => {
    const isAccountActive = account?.accountActive ?? true;
    const writer = user ? { role: user.role, isAccountActive } : null;
    return {
      canEdit: writer !== null && canEditAdminData(writer),
      canRunEvent: (eventStatus) => writer !== null && canRunEvent(writer, eventStatus),
      isAccountOpen: writer !== null && isAccountOpenToWrites(writer),
      isAccountExpired: !isAccountActive,
    };
  }, [user, account]);
}

/** View as judge (seed "Judge area"): ULTRA, SUPER and ADMIN read a judge's screens; a read, so not stopped by expiry. */
export function canViewAsJudge(user: Pick<SessionUser, 'role'> | null): boolean {
  return user !== null && hasRole(user.role, EDITOR_ROLES);
}

/** ULTRA and SUPER: every state's accounts, renewals, the account back button and the audit log. */
export function canManageAccounts(user: Pick<SessionUser, 'role'> | null): boolean {
  return user !== null && hasRole(user.role, ACCOUNT_MANAGER_ROLES);
}

/** Only an ULTRA sees the edit-judge state selector (seed section 6). */
export function canMoveJudges(user: Pick<SessionUser, 'role'> | null): boolean {
  return user !== null && hasRole(user.role, [Role.Ultra]);
}
