import { ACCOUNT_MANAGER_ROLES, EDITOR_ROLES, Role, hasRole, type SessionUser } from '@judging/shared-types';

// The client only hides controls; the server refuses the same changes (decisions §3).

/** ULTRA, SUPER and ADMIN change data; STANDARD reads only. */
export function canEditAdminData(user: Pick<SessionUser, 'role'> | null): boolean {
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
