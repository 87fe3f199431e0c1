// Team numbers (issue 39 item 4) as the writes that add registrations and the team-number
// setting give them: numbers for a category's unnumbered registrations, when its event judges by
// team number. The rule itself is `numberMissingTeams` in shared-types.
import { coordinatorSchoolLabel, numberMissingTeams } from '@judging/shared-types';
import type { Db } from '../db/database.ts';

/** The category's registrations as numbering reads them, in running order. */
export async function listNumberedRegistrations(db: Db, categoryId: number) {
  const rows = await db
    .selectFrom('category_registration')
    .select(['school_id', 'school_order', 'team_number'])
    .where('category_id', '=', categoryId)
    .orderBy('school_order')
    .orderBy('school_id')
    .execute();
  return rows.map((row) => ({ schoolId: row.school_id, schoolOrder: row.school_order, teamNumber: row.team_number }));
}

export async function setTeamNumber(db: Db, categoryId: number, schoolId: number, teamNumber: number | null) {
  await db
    .updateTable('category_registration')
    .set({ team_number: teamNumber })
    .where('category_id', '=', categoryId)
    .where('school_id', '=', schoolId)
    .execute();
}

/**
 * Gives the category's unnumbered registrations the next free numbers in running order, when
 * its event judges by team number; numbers already given stay. Runs in the caller's transaction.
 */
export async function numberNewTeams(db: Db, categoryId: number): Promise<void> {
  const event = await db
    .selectFrom('category')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select('event.judge_by_team_number')
    .where('category.category_id', '=', categoryId)
    .executeTakeFirst();
  if (event?.judge_by_team_number !== 1) return;
  const given = numberMissingTeams(await listNumberedRegistrations(db, categoryId));
  for (const [schoolId, teamNumber] of given) await setTeamNumber(db, categoryId, schoolId, teamNumber);
}

/** A registration's school as coordinators see it: "Team 3 — Dover HS" while the event judges by team number. */
export function schoolShownToCoordinators(row: {
  school_name: string;
  team_number: number | null;
  judge_by_team_number: number;
}): string {
  return coordinatorSchoolLabel(row.school_name, row.team_number, row.judge_by_team_number === 1);
}
