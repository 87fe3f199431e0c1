import { AccountUserRole, type Account, type AccountSummary, type AccountUser } from '@judging/shared-types';
import { isAccountActive } from '../../shared/account-status.ts';
import type { AccountRowData, AccountUserRoleValue, AccountUserRowData } from './accounts.repository.ts';

/** The stored role in the seed's casing (account users are only ever ADMIN or STANDARD). */
function toRoleLabel(role: string): AccountUserRole {
  return role === 'ADMIN' ? AccountUserRole.Admin : AccountUserRole.Standard;
}

/** Admin or Standard in any casing → the stored role. */
export function toStoredRole(userRole: string): AccountUserRoleValue {
  return userRole.trim().toUpperCase() === 'ADMIN' ? 'ADMIN' : 'STANDARD';
}

export function toAccountSummary(row: AccountRowData, today: string): AccountSummary {
  const hasPrimary =
    row.primary_user_id !== null &&
    row.primary_first_name !== null &&
    row.primary_last_name !== null &&
    row.primary_email !== null &&
    row.primary_phone !== null;
  return {
    accountId: row.account_id,
    accountState: { stateId: row.state_id, stateName: row.state_name },
    accountSignupDate: row.signup_date,
    accountExpirationDate: row.expiration_date,
    accountActive: isAccountActive(row.expiration_date, today),
    primaryContact: hasPrimary
      ? {
          userId: row.primary_user_id ?? 0,
          userFirstName: row.primary_first_name ?? '',
          userLastName: row.primary_last_name ?? '',
          userEmail: row.primary_email ?? '',
          userPhone: row.primary_phone ?? '',
        }
      : null,
  };
}

export function toAccountUser(row: AccountUserRowData, primaryUserId: number | null): AccountUser {
  return {
    userId: row.user_id,
    userFirstName: row.first_name,
    userLastName: row.last_name,
    userPhone: row.phone,
    userEmail: row.email,
    userRole: toRoleLabel(row.role),
    userState: { stateId: row.state_id },
    isPrimaryUser: row.user_id === primaryUserId,
  };
}

/** The account with its users, the primary user first. */
export function toAccount(row: AccountRowData, users: readonly AccountUserRowData[], today: string): Account {
  const accountUsers = users.map((user) => toAccountUser(user, row.primary_user_id));
  return {
    ...toAccountSummary(row, today),
    users: [
      ...accountUsers.filter((user) => user.isPrimaryUser),
      ...accountUsers.filter((user) => !user.isPrimaryUser),
    ],
  };
}

/** What the audit log keeps of an account user. */
export function accountUserAuditView(row: AccountUserRowData) {
  return { firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone, role: row.role };
}
