import type { SessionUser } from '@judging/shared-types';
import type { UserWithState } from './users.repository.ts';

/** Row → the seed's stored session user. */
export function toSessionUser(row: UserWithState): SessionUser {
  return {
    userId: row.user_id,
    role: row.role,
    state: { stateId: row.state_id, stateName: row.state_name },
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
  };
}
