// Conflicts of interest (fair panels, decision 0145). A judge declares the schools they are tied
// to until an event they judge starts; a coordinator of the state adds or removes one at any time
// (a closed event keeps its frozen results). Every change is audited naming who declared it, and
// the judge's tablets download their schedule again: the school leaves their lists, their queued
// edits of its cells are refused `judge_conflict`, and any scores already made stay stored but
// stop counting (owed-cells.ts).
import { ConflictMessages, EDITOR_ROLES, ErrorCode, Role, hasRole, type JudgeConflicts } from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound } from '../../common/api-error.ts';
import type { AuthContext } from '../../caller/caller.ts';
import {
  auditConflict,
  declareConflicts,
  deleteConflict,
  listConflictsOfJudges,
  listOpenEventsOfJudge,
  recordConflictChange,
} from '../../shared/judge-conflicts.ts';
import { findUser } from '../../shared/schedule.repository.ts';

async function findJudgeInState(db: Db, caller: AuthContext, judgeId: number) {
  const judge = await findUser(db, judgeId);
  if (!judge || judge.role !== Role.Judge) throw notFound('Judge not found.');
  if (judge.state_id !== caller.stateId) throw forbidden();
  return judge;
}

/** The judge may change their own conflicts while no event they judge has started. */
async function isEditableByJudge(db: Db, judgeId: number): Promise<boolean> {
  return (await listOpenEventsOfJudge(db, judgeId)).every((event) => event.status !== 'STARTED');
}

async function conflictsOf(db: Db, judgeId: number): Promise<JudgeConflicts> {
  const rows = await listConflictsOfJudges(db, [judgeId]);
  return {
    judgeId,
    conflicts: rows.map((row) => ({
      schoolId: row.school_id,
      schoolName: row.school_name,
      declaredById: row.declared_by,
      declaredByName: `${row.declarer_first_name ?? ''} ${row.declarer_last_name ?? ''}`.trim(),
      declaredAt: row.created_at,
    })),
    isEditableByJudge: await isEditableByJudge(db, judgeId),
  };
}

/** GET: the judge themself, or an editor of their state. */
export async function getConflicts(db: Db, caller: AuthContext, judgeId: number): Promise<JudgeConflicts> {
  await findJudgeInState(db, caller, judgeId);
  if (caller.userId !== judgeId && !hasRole(caller.role, EDITOR_ROLES)) throw forbidden();
  return conflictsOf(db, judgeId);
}

/** PUT by the judge themself: their whole list, until an event they judge starts. */
export async function setOwnConflicts(
  db: Db,
  caller: AuthContext,
  judgeId: number,
  schoolIds: readonly number[],
  now: string,
): Promise<JudgeConflicts> {
  return inTransaction(db, async (trx) => {
    const judge = await findJudgeInState(trx, caller, judgeId);
    if (caller.userId !== judgeId) throw forbidden();
    const held = await listConflictsOfJudges(trx, [judgeId]);
    const wanted = new Set(schoolIds);
    const removed = held.filter((row) => !wanted.has(row.school_id));
    const added = [...wanted].filter((schoolId) => !held.some((row) => row.school_id === schoolId));
    if (removed.length === 0 && added.length === 0) return conflictsOf(trx, judgeId);
    if (!(await isEditableByJudge(trx, judgeId)))
      throw new ApiError(409, ErrorCode.ConflictsLocked, ConflictMessages.lockedAfterStart);
    const owner = { judgeId, stateId: judge.state_id };
    await declareConflicts(trx, owner, added, caller.userId, now);
    for (const row of removed) {
      await deleteConflict(trx, judgeId, row.school_id);
      await auditConflict(trx, owner, row, caller.userId, 'remove_conflict', now, row.declared_by);
    }
    await recordConflictChange(trx, judgeId, 'The judge changed their conflicts of interest.', now);
    return conflictsOf(trx, judgeId);
  });
}

/** POST by a coordinator of the judge's state: one more conflict, at any time before the event closes. */
export async function addConflict(
  db: Db,
  caller: AuthContext,
  judgeId: number,
  schoolId: number,
  now: string,
): Promise<JudgeConflicts> {
  return inTransaction(db, async (trx) => {
    const judge = await findJudgeInState(trx, caller, judgeId);
    const held = await listConflictsOfJudges(trx, [judgeId]);
    if (held.some((row) => row.school_id === schoolId))
      throw new ApiError(409, ErrorCode.Conflict, ConflictMessages.alreadyDeclared);
    await declareConflicts(trx, { judgeId, stateId: judge.state_id }, [schoolId], caller.userId, now);
    await recordConflictChange(trx, judgeId, 'A coordinator declared a conflict of interest for a judge.', now);
    return conflictsOf(trx, judgeId);
  });
}

/** DELETE by a coordinator: the judge owes that school's cells again where assigned. */
export async function removeConflict(
  db: Db,
  caller: AuthContext,
  judgeId: number,
  schoolId: number,
  now: string,
): Promise<JudgeConflicts> {
  return inTransaction(db, async (trx) => {
    const judge = await findJudgeInState(trx, caller, judgeId);
    const row = (await listConflictsOfJudges(trx, [judgeId])).find((held) => held.school_id === schoolId);
    if (!row) throw notFound(ConflictMessages.notDeclared);
    await deleteConflict(trx, judgeId, schoolId);
    await auditConflict(
      trx,
      { judgeId, stateId: judge.state_id },
      row,
      caller.userId,
      'remove_conflict',
      now,
      row.declared_by,
    );
    await recordConflictChange(trx, judgeId, 'A coordinator removed a conflict of interest of a judge.', now);
    return conflictsOf(trx, judgeId);
  });
}
