// Reads and writes of excusals (decisions §9): who is assigned where in a category, who is
// excused, and the replacement judge's standing.
import type { Db } from '../../db/database.ts';

export async function listJudgeAssignmentsInCategory(db: Db, categoryId: number, judgeId: number) {
  return db
    .selectFrom('judge_assignment')
    .innerJoin('section', 'section.section_id', 'judge_assignment.section_id')
    .leftJoin('judge_excusal', (join) =>
      join
        .onRef('judge_excusal.category_id', '=', 'judge_assignment.category_id')
        .onRef('judge_excusal.section_id', '=', 'judge_assignment.section_id')
        .onRef('judge_excusal.judge_id', '=', 'judge_assignment.judge_id'),
    )
    .select(['judge_assignment.section_id', 'section.section_name', 'judge_excusal.created_at as excused_at'])
    .where('judge_assignment.category_id', '=', categoryId)
    .where('judge_assignment.judge_id', '=', judgeId)
    .execute();
}

export async function insertExcusal(
  db: Db,
  row: {
    categoryId: number;
    sectionId: number;
    judgeId: number;
    stateId: number;
    eventId: number;
    reason: string;
    excusedBy: number;
  },
  now: string,
): Promise<void> {
  await db
    .insertInto('judge_excusal')
    .values({
      category_id: row.categoryId,
      section_id: row.sectionId,
      judge_id: row.judgeId,
      state_id: row.stateId,
      event_id: row.eventId,
      reason: row.reason,
      excused_by: row.excusedBy,
      created_at: now,
    })
    .execute();
}

/** A judge of the state by id, with whether they are archived (null: no such judge). */
export async function findJudgeOfState(db: Db, judgeId: number) {
  return db
    .selectFrom('judge_profile')
    .innerJoin('app_user', 'app_user.user_id', 'judge_profile.user_id')
    .select(['app_user.user_id', 'app_user.state_id', 'app_user.role', 'app_user.first_name', 'app_user.last_name'])
    .select('judge_profile.is_archived')
    .where('app_user.user_id', '=', judgeId)
    .executeTakeFirst();
}
