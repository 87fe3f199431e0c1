import { ErrorCode, SchoolMessages, type School, type SchoolUpdate } from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, notFound, validationError } from '../../common/api-error.ts';
import { schoolAuditView, toSchool, toSchoolFields } from './schools.mapper.ts';
import {
  findSchoolById,
  isSchoolNameTaken,
  listSchoolsByState,
  updateSchool as updateSchoolRow,
} from './schools.repository.ts';
import { nowOf } from '../../common/clock.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';

// Schools belong to one state; everyone sees and changes only their own state's (decisions §3).

export interface SchoolsDeps {
  db: Db;
  now?: () => Date;
}

export async function listSchools(deps: SchoolsDeps, caller: AuthContext, stateId: number): Promise<School[]> {
  assertSameState(caller, stateId);
  return (await listSchoolsByState(deps.db, stateId)).map(toSchool);
}

export async function getSchool(deps: SchoolsDeps, caller: AuthContext, schoolId: number): Promise<School> {
  const row = await findSchoolById(deps.db, schoolId);
  if (!row) throw notFound(SchoolMessages.notFound);
  assertSameState(caller, row.state_id);
  return toSchool(row);
}

/** The modify-school modal. The school stays in its state; a name another school of the state uses is refused. */
export async function updateSchool(
  deps: SchoolsDeps,
  caller: AuthContext,
  schoolId: number,
  body: SchoolUpdate,
): Promise<School> {
  if (body.schoolId !== undefined && body.schoolId !== schoolId) {
    throw validationError([{ field: 'schoolId', message: 'The school in the form does not match the link.' }]);
  }
  const now = nowOf(deps).toISOString();
  const fields = toSchoolFields(body);
  return inTransaction(deps.db, async (trx) => {
    const before = await findSchoolById(trx, schoolId);
    if (!before) throw notFound(SchoolMessages.notFound);
    assertSameState(caller, before.state_id);
    if (await isSchoolNameTaken(trx, before.state_id, fields.name, schoolId)) {
      throw new ApiError(409, ErrorCode.Conflict, SchoolMessages.duplicateName, [
        { field: 'schoolName', message: SchoolMessages.duplicateName },
      ]);
    }
    await updateSchoolRow(trx, schoolId, fields, now);
    const after = await findSchoolById(trx, schoolId);
    if (!after) throw notFound(SchoolMessages.notFound);
    await recordAudit(
      trx,
      {
        stateId: before.state_id,
        userId: caller.userId,
        action: 'update',
        entityType: 'school',
        entityId: schoolId,
        before: schoolAuditView(before),
        after: schoolAuditView(after),
      },
      now,
    );
    return toSchool(after);
  });
}
