import type { Db } from '../../db/database.ts';

/** The event's categories with their registrations, in running order, as the settings screen reads them. */
export async function listCategoryTeams(db: Db, eventId: number) {
  const [categories, registrations] = [
    await db
      .selectFrom('category')
      .select(['category_id', 'category_name'])
      .where('event_id', '=', eventId)
      .orderBy('category_name')
      .orderBy('category_id')
      .execute(),
    await db
      .selectFrom('category_registration')
      .innerJoin('category', 'category.category_id', 'category_registration.category_id')
      .innerJoin('school', 'school.school_id', 'category_registration.school_id')
      .select([
        'category_registration.category_id',
        'category_registration.school_id',
        'category_registration.school_order',
        'category_registration.team_number',
        'school.school_name',
      ])
      .where('category.event_id', '=', eventId)
      .orderBy('category_registration.school_order')
      .orderBy('category_registration.school_id')
      .execute(),
  ];
  return { categories, registrations };
}

export async function setJudgeByTeamNumber(db: Db, eventId: number, on: boolean, now: string): Promise<void> {
  await db
    .updateTable('event')
    .set({ judge_by_team_number: on ? 1 : 0, updated_at: now })
    .where('event_id', '=', eventId)
    .execute();
}

export async function findCategoryIdsOfEvent(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('category')
    .select('category_id')
    .where('event_id', '=', eventId)
    .orderBy('category_id')
    .execute();
  return rows.map((row) => row.category_id);
}
