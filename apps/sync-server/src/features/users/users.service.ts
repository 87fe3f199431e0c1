import { ErrorCode, Messages, parseRole, type SessionUser, type UserSettingsUpdate } from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, forbidden, tokenInvalid } from '../../common/api-error.ts';
import { toSessionUser } from '../../shared/users.mapper.ts';
import { findUserWithStateById, isEmailTakenByOther, updateUserContact } from '../../shared/users.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';

/** A user edits their own contact details; never another user's, never their own role. */
export async function updateOwnSettings(
  db: Db,
  caller: AuthContext,
  userId: number,
  update: UserSettingsUpdate,
  now: string,
): Promise<SessionUser> {
  if (userId !== caller.userId || (update.userId !== undefined && update.userId !== caller.userId)) {
    throw forbidden('You can only change your own settings.');
  }
  if (update.userRole !== undefined && parseRole(update.userRole) !== caller.role) {
    throw forbidden('Your role cannot be changed from the settings page.');
  }
  return inTransaction(db, async (trx) => {
    const before = await findUserWithStateById(trx, userId);
    if (!before) throw tokenInvalid();
    if (await isEmailTakenByOther(trx, update.userEmail, userId)) {
      throw new ApiError(409, ErrorCode.Conflict, Messages.emailInUse, [
        { field: 'userEmail', message: Messages.emailInUse },
      ]);
    }
    await updateUserContact(
      trx,
      userId,
      {
        email: update.userEmail,
        firstName: update.userFirstName,
        lastName: update.userLastName,
        phone: update.userPhone,
      },
      now,
    );
    const after = await findUserWithStateById(trx, userId);
    if (!after) throw tokenInvalid();
    await recordAudit(
      trx,
      {
        stateId: after.state_id,
        userId,
        action: 'update',
        entityType: 'user_settings',
        entityId: userId,
        before: contactOf(before),
        after: contactOf(after),
      },
      now,
    );
    return toSessionUser(after);
  });
}

function contactOf(row: { email: string; first_name: string; last_name: string; phone: string }) {
  return { email: row.email, firstName: row.first_name, lastName: row.last_name, phone: row.phone };
}
