import type { Judge } from '@judging/shared-types';
import type { JudgeRow } from './judges.repository.ts';

/** Row → the seed's Judge. */
export function toJudge(row: JudgeRow): Judge {
  return {
    judgeId: row.user_id,
    judgeFirstName: row.first_name,
    judgeLastName: row.last_name,
    judgeEmail: row.email,
    judgePhone: row.phone,
    judgeState: { stateId: row.state_id, stateName: row.state_name },
    profile: 'judge',
    isArchived: row.is_archived === 1,
  };
}

/** What the audit log keeps of a judge. */
export function judgeAuditView(row: JudgeRow) {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    stateId: row.state_id,
    isArchived: row.is_archived === 1,
  };
}
