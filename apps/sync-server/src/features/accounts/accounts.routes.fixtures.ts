// Data and helpers shared by the accounts route tests (accounts*.routes.test.ts).
import type { AdminWorld, TableList } from '../../test-support/sessions.ts';

export const accountTables: TableList = ['account', 'app_user', 'password_reset_token', 'email_outbox', 'audit_log'];
export const newUser = {
  userFirstName: 'Rita',
  userLastName: 'Moreno',
  userEmail: 'Rita.Moreno@Example.test',
  userPhone: '(302) 555-0160',
  userRole: 'Standard',
};

/** The add/edit user form's messages (seed section 5 "User (admin)"). */
export const userCases: Array<[Record<string, unknown>, string, string]> = [
  [{ userFirstName: '' }, 'userFirstName', 'First Name is required'],
  [{ userLastName: ' ' }, 'userLastName', 'Last Name is required'],
  [{ userEmail: '' }, 'userEmail', 'Email is required'],
  [{ userEmail: 'rita.moreno' }, 'userEmail', 'Email format is invalid'],
  [{ userPhone: '' }, 'userPhone', 'Phone number is required'],
  [{ userRole: '' }, 'userRole', 'Role is required'],
  [{ userRole: 'ultra' }, 'userRole', 'Role must be Admin or Standard'],
];

export async function lastAudit(w: AdminWorld) {
  return w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
}
