// Data and helpers shared by the judges route tests (judges*.routes.test.ts).
import type { AdminWorld, TableList } from '../../test-support/sessions.ts';

export const judgeTables: TableList = [
  'app_user',
  'judge_profile',
  'password_reset_token',
  'email_outbox',
  'audit_log',
];
export const newJudge = {
  judgeFirstName: 'Nadia',
  judgeLastName: 'Alvarez',
  judgeEmail: 'Nadia.Alvarez@Example.test',
  judgePhone: '(302) 555-0142',
};

/** The field messages of the add/edit judge form (seed section 5). */
export const contactCases: Array<[Record<string, unknown>, string, string]> = [
  [{ judgeFirstName: '' }, 'judgeFirstName', 'First Name is required'],
  [{ judgeLastName: '  ' }, 'judgeLastName', 'Last Name is required'],
  [{ judgeEmail: '' }, 'judgeEmail', 'Email is required'],
  [{ judgeEmail: 'nadia-at-example' }, 'judgeEmail', 'Email format is invalid'],
  [{ judgePhone: '' }, 'judgePhone', 'Phone number is required'],
];

export async function judgeRow(w: AdminWorld, judgeId: number) {
  return w.t.db
    .selectFrom('app_user')
    .innerJoin('judge_profile', 'judge_profile.user_id', 'app_user.user_id')
    .select([
      'app_user.email',
      'app_user.first_name',
      'app_user.state_id',
      'app_user.role',
      'app_user.token_version',
      'judge_profile.is_archived',
    ])
    .where('app_user.user_id', '=', judgeId)
    .executeTakeFirstOrThrow();
}

export async function lastAudit(w: AdminWorld) {
  return w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
}
