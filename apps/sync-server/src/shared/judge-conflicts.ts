// Conflicts of interest (fair panels, decision 0145): the schools a judge is tied to. Read by the
// owed-cell rule's one read (schedule.repository.ts), the judge's download and the assignment
// screens; written by the judge (registration, settings) and coordinators (conflicts feature).
// Every change tells the judge's tablets to download their schedule again.
import { ConflictMessages, ErrorCode, type ConflictSchool } from '@judging/shared-types';
import { ApiError } from '../common/api-error.ts';
import type { Db } from '../db/database.ts';
import { recordAudit } from './audit-log.ts';
import { recordScheduleChange } from './change-log.repository.ts';

/** The judges' conflicts with who declared each, by judge then school name. */
export async function listConflictsOfJudges(db: Db, judgeIds: readonly number[]) {
  if (judgeIds.length === 0) return [];
  return db
    .selectFrom('judge_conflict')
    .innerJoin('school', 'school.school_id', 'judge_conflict.school_id')
    .leftJoin('app_user as declarer', 'declarer.user_id', 'judge_conflict.declared_by')
    .select([
      'judge_conflict.judge_id',
      'judge_conflict.school_id',
      'school.school_name',
      'judge_conflict.declared_by',
      'judge_conflict.created_at',
      'declarer.first_name as declarer_first_name',
      'declarer.last_name as declarer_last_name',
    ])
    .where('judge_conflict.judge_id', 'in', judgeIds)
    .orderBy('judge_conflict.judge_id')
    .orderBy('school.school_name')
    .orderBy('judge_conflict.school_id')
    .execute();
}

/** Each judge's conflicts as screens list them; only schools of `schoolIds` when given. */
export async function conflictSchoolsByJudge(
  db: Db,
  judgeIds: readonly number[],
  schoolIds?: ReadonlySet<number>,
): Promise<Map<number, ConflictSchool[]>> {
  const byJudge = new Map<number, ConflictSchool[]>();
  for (const row of await listConflictsOfJudges(db, judgeIds)) {
    if (schoolIds !== undefined && !schoolIds.has(row.school_id)) continue;
    const list = byJudge.get(row.judge_id) ?? [];
    list.push({ schoolId: row.school_id, schoolName: row.school_name });
    byJudge.set(row.judge_id, list);
  }
  return byJudge;
}

/** The schools of the state among `schoolIds` (a judge picks from their state's schools). */
export async function findSchoolsOfState(db: Db, stateId: number, schoolIds: readonly number[]) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('school')
    .select(['school_id', 'school_name'])
    .where('state_id', '=', stateId)
    .where('school_id', 'in', schoolIds)
    .orderBy('school_id')
    .execute();
}

export async function insertConflict(
  db: Db,
  row: { judgeId: number; schoolId: number; stateId: number; declaredBy: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('judge_conflict')
    .values({
      judge_id: row.judgeId,
      school_id: row.schoolId,
      state_id: row.stateId,
      declared_by: row.declaredBy,
      created_at: now,
    })
    .execute();
}

export async function deleteConflict(db: Db, judgeId: number, schoolId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('judge_conflict')
    .where('judge_id', '=', judgeId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The events not closed in which the judge is assigned, with their status, by id. */
export async function listOpenEventsOfJudge(db: Db, judgeId: number) {
  return db
    .selectFrom('judge_assignment')
    .innerJoin('category', 'category.category_id', 'judge_assignment.category_id')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select(['event.event_id', 'event.event_name', 'event.status', 'event.state_id'])
    .distinct()
    .where('judge_assignment.judge_id', '=', judgeId)
    .where('event.status', '!=', 'CLOSED')
    .orderBy('event.event_id')
    .execute();
}

/** The judge's tablets download their schedule again in every event they judge that is not closed. */
export async function recordConflictChange(db: Db, judgeId: number, reason: string, now: string): Promise<void> {
  for (const event of await listOpenEventsOfJudge(db, judgeId)) {
    await recordScheduleChange(db, { stateId: event.state_id, eventId: event.event_id, categoryId: null, reason }, now);
  }
}

async function assertSchoolsOfState(db: Db, stateId: number, schoolIds: readonly number[]) {
  const found = await findSchoolsOfState(db, stateId, schoolIds);
  if (found.length !== schoolIds.length)
    throw new ApiError(400, ErrorCode.ValidationFailed, ConflictMessages.schoolNotInState, [
      { field: 'schoolIds', message: ConflictMessages.schoolNotInState },
    ]);
  return found;
}

/**
 * Declares the judge's conflicts with `schoolIds` that are new, declared by `declaredBy`; used by
 * registration and the judge's settings. Audited per school.
 */
export async function declareConflicts(
  trx: Db,
  judge: { judgeId: number; stateId: number },
  schoolIds: readonly number[],
  declaredBy: number,
  now: string,
): Promise<void> {
  const wanted = [...new Set(schoolIds)];
  const schools = await assertSchoolsOfState(trx, judge.stateId, wanted);
  const held = new Set((await listConflictsOfJudges(trx, [judge.judgeId])).map((row) => row.school_id));
  for (const school of schools) {
    if (held.has(school.school_id)) continue;
    await insertConflict(trx, { ...judge, schoolId: school.school_id, declaredBy }, now);
    await auditConflict(trx, judge, school, declaredBy, 'declare_conflict', now);
  }
}

export async function auditConflict(
  trx: Db,
  judge: { judgeId: number; stateId: number },
  school: { school_id: number; school_name: string },
  userId: number,
  action: 'declare_conflict' | 'remove_conflict',
  now: string,
  declaredBy: number | null = userId,
): Promise<void> {
  const view = { schoolId: school.school_id, schoolName: school.school_name, declaredBy };
  await recordAudit(
    trx,
    {
      stateId: judge.stateId,
      userId,
      action,
      entityType: 'judge_conflict',
      entityId: `${judge.judgeId}:${school.school_id}`,
      ...(action === 'declare_conflict' ? { before: null, after: view } : { before: view, after: null }),
    },
    now,
  );
}
