import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function findCategory(db: Db, eventId: number, categoryId: number) {
  return db
    .selectFrom('category')
    .select(['category_id', 'event_id', 'state_id', 'category_name', 'tie_break_rules'])
    .where('category_id', '=', categoryId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** Is `name` (compared without case or surrounding spaces) used by another category of the event? */
export async function isCategoryNameTaken(
  db: Db,
  eventId: number,
  name: string,
  exceptCategoryId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('category')
    .select('category_id')
    .where('event_id', '=', eventId)
    .where(sql<boolean>`lower(trim(category_name)) = ${name.trim().toLowerCase()}`);
  if (exceptCategoryId !== undefined) query = query.where('category_id', '!=', exceptCategoryId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function renameCategory(db: Db, categoryId: number, name: string): Promise<void> {
  await db.updateTable('category').set({ category_name: name }).where('category_id', '=', categoryId).execute();
}

/** Deletes the category; its sections, assignments and registrations go with it (cascades). */
export async function deleteCategory(db: Db, categoryId: number): Promise<void> {
  await db.deleteFrom('category').where('category_id', '=', categoryId).execute();
}

/** The category's criteria sections in their order. */
export async function listCategorySections(db: Db, categoryId: number) {
  return db
    .selectFrom('category_section')
    .innerJoin('section', 'section.section_id', 'category_section.section_id')
    .select(['section.section_id', 'section.section_name', 'section.section_description', 'category_section.position'])
    .where('category_section.category_id', '=', categoryId)
    .orderBy('category_section.position')
    .orderBy('section.section_id')
    .execute();
}

/** Every judge assigned in the category, per section, by last name (seed section 9). */
export async function listCategoryJudges(db: Db, categoryId: number) {
  return db
    .selectFrom('judge_assignment')
    .innerJoin('app_user', 'app_user.user_id', 'judge_assignment.judge_id')
    .select([
      'judge_assignment.section_id',
      'app_user.user_id',
      'app_user.first_name',
      'app_user.last_name',
      'app_user.email',
      'app_user.phone',
    ])
    .where('judge_assignment.category_id', '=', categoryId)
    .orderBy(sql`lower(app_user.last_name)`)
    .orderBy(sql`lower(app_user.first_name)`)
    .orderBy('app_user.user_id')
    .execute();
}

/** The registered schools in running order. */
export async function listCategorySchools(db: Db, categoryId: number) {
  return db
    .selectFrom('category_registration')
    .innerJoin('school', 'school.school_id', 'category_registration.school_id')
    .innerJoin('category', 'category.category_id', 'category_registration.category_id')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select([
      'school.school_id',
      'school.school_name',
      'category_registration.students_json',
      'category_registration.school_order',
      'category_registration.team_number',
      'event.judge_by_team_number',
    ])
    .where('category_registration.category_id', '=', categoryId)
    .orderBy('category_registration.school_order')
    .orderBy(sql`lower(school.school_name)`)
    .orderBy('school.school_id')
    .execute();
}

export interface ScoreKey {
  sectionId: number;
  schoolId: number;
  judgeId: number;
}

/**
 * Which (section, school, judge) combinations of the category carry a judge's work: a
 * subsection score, a penalty or a disqualification. Removing any of them would lose it.
 */
export async function listScoredKeys(db: Db, categoryId: number): Promise<ScoreKey[]> {
  const columns = ['section_id', 'school_id', 'judge_id'] as const;
  const rows = await db
    .selectFrom('subsection_score')
    .select(columns)
    .where('category_id', '=', categoryId)
    .union(db.selectFrom('penalty_score').select(columns).where('category_id', '=', categoryId))
    .union(db.selectFrom('disqualification_score').select(columns).where('category_id', '=', categoryId))
    .execute();
  return rows.map((row) => ({ sectionId: row.section_id, schoolId: row.school_id, judgeId: row.judge_id }));
}

/** True when a judge submitted the category: it holds their finished work. */
export async function hasCategorySubmissions(db: Db, categoryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('category_submission')
    .select('judge_id')
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The state's sections not yet used by the category. */
export async function listAvailableSections(db: Db, stateId: number, categoryId: number) {
  return db
    .selectFrom('section')
    .select(['section.section_id', 'section.section_name', 'section.section_description'])
    .where('section.state_id', '=', stateId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('category_section')
            .select('category_section.section_id')
            .whereRef('category_section.section_id', '=', 'section.section_id')
            .where('category_section.category_id', '=', categoryId),
        ),
      ),
    )
    .orderBy(sql`lower(section.section_name)`)
    .orderBy('section.section_id')
    .execute();
}

/** The state's active (unarchived) judges not yet assigned to the category's section. */
export async function listAvailableJudges(db: Db, stateId: number, categoryId: number, sectionId: number) {
  return db
    .selectFrom('judge_profile')
    .innerJoin('app_user', 'app_user.user_id', 'judge_profile.user_id')
    .select(['app_user.user_id', 'app_user.first_name', 'app_user.last_name', 'app_user.email', 'app_user.phone'])
    .where('app_user.state_id', '=', stateId)
    .where('app_user.role', '=', 'JUDGE')
    .where('judge_profile.is_archived', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('judge_assignment')
            .select('judge_assignment.judge_id')
            .whereRef('judge_assignment.judge_id', '=', 'app_user.user_id')
            .where('judge_assignment.category_id', '=', categoryId)
            .where('judge_assignment.section_id', '=', sectionId),
        ),
      ),
    )
    .orderBy(sql`lower(app_user.last_name)`)
    .orderBy(sql`lower(app_user.first_name)`)
    .orderBy('app_user.user_id')
    .execute();
}

export async function findSectionsByIds(db: Db, sectionIds: readonly number[]) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('section')
    .select(['section_id', 'state_id', 'section_name'])
    .where('section_id', 'in', sectionIds)
    .execute();
}

/** Users with a judge profile among `judgeIds` (other ids are not judges). */
export async function findJudgesByIds(db: Db, judgeIds: readonly number[]) {
  if (judgeIds.length === 0) return [];
  return db
    .selectFrom('judge_profile')
    .innerJoin('app_user', 'app_user.user_id', 'judge_profile.user_id')
    .select(['app_user.user_id', 'app_user.state_id', 'app_user.role', 'judge_profile.is_archived'])
    .where('app_user.user_id', 'in', judgeIds)
    .execute();
}

export async function nextSectionPosition(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('category_section')
    .select((eb) => eb.fn.max('position').as('max_position'))
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return row?.max_position === null || row?.max_position === undefined ? 0 : Number(row.max_position) + 1;
}

export async function insertCategorySection(
  db: Db,
  row: { categoryId: number; sectionId: number; stateId: number; position: number },
): Promise<void> {
  await db
    .insertInto('category_section')
    .values({ category_id: row.categoryId, section_id: row.sectionId, state_id: row.stateId, position: row.position })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Removes the section from the category; its judge assignments go with it (cascade). */
export async function deleteCategorySection(db: Db, categoryId: number, sectionId: number): Promise<void> {
  await db
    .deleteFrom('category_section')
    .where('category_id', '=', categoryId)
    .where('section_id', '=', sectionId)
    .execute();
}

export async function findCategorySection(db: Db, categoryId: number, sectionId: number) {
  return db
    .selectFrom('category_section')
    .innerJoin('section', 'section.section_id', 'category_section.section_id')
    .select(['section.section_id', 'section.section_name', 'section.section_description', 'category_section.position'])
    .where('category_section.category_id', '=', categoryId)
    .where('category_section.section_id', '=', sectionId)
    .executeTakeFirst();
}

export async function insertJudgeAssignment(
  db: Db,
  row: { categoryId: number; sectionId: number; judgeId: number; stateId: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('judge_assignment')
    .values({
      category_id: row.categoryId,
      section_id: row.sectionId,
      judge_id: row.judgeId,
      state_id: row.stateId,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteJudgeAssignment(
  db: Db,
  categoryId: number,
  sectionId: number,
  judgeId: number,
): Promise<number> {
  const result = await db
    .deleteFrom('judge_assignment')
    .where('category_id', '=', categoryId)
    .where('section_id', '=', sectionId)
    .where('judge_id', '=', judgeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findRegistration(db: Db, categoryId: number, schoolId: number) {
  return db
    .selectFrom('category_registration')
    .select(['category_id', 'school_id', 'students_json', 'school_order'])
    .where('category_id', '=', categoryId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
}

export async function updateRegistrationStudents(
  db: Db,
  categoryId: number,
  schoolId: number,
  students: readonly string[],
): Promise<void> {
  await db
    .updateTable('category_registration')
    .set({ students_json: JSON.stringify(students) })
    .where('category_id', '=', categoryId)
    .where('school_id', '=', schoolId)
    .execute();
}

export async function updateRegistrationOrder(
  db: Db,
  categoryId: number,
  schoolId: number,
  schoolOrder: number,
): Promise<void> {
  await db
    .updateTable('category_registration')
    .set({ school_order: schoolOrder })
    .where('category_id', '=', categoryId)
    .where('school_id', '=', schoolId)
    .execute();
}

export async function deleteRegistration(db: Db, categoryId: number, schoolId: number): Promise<void> {
  await db
    .deleteFrom('category_registration')
    .where('category_id', '=', categoryId)
    .where('school_id', '=', schoolId)
    .execute();
}
