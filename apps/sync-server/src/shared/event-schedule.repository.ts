// One event's whole judging schedule, read at once: its categories, their sections and
// subsections, who judges which section, the schools registered in each category, and the
// judges' submissions. Results, the run page and the review start from these rows.
import type { Db } from '../db/database.ts';

export async function listCategoriesOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('category')
    .select(['category_id', 'category_name', 'tie_break_rules'])
    .where('event_id', '=', eventId)
    .orderBy('category_id')
    .execute();
}

/** Sections of the event's categories in display order, with their names. */
export async function listCategorySections(db: Db, eventId: number) {
  return db
    .selectFrom('category_section')
    .innerJoin('category', 'category.category_id', 'category_section.category_id')
    .innerJoin('section', 'section.section_id', 'category_section.section_id')
    .select(['category_section.category_id', 'section.section_id', 'section.section_name'])
    .where('category.event_id', '=', eventId)
    .orderBy('category_section.category_id')
    .orderBy('category_section.position')
    .orderBy('section.section_id')
    .execute();
}

export async function listSubsectionsOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('subsection')
    .select(['subsection.subsection_id', 'subsection.section_id', 'subsection.max_score'])
    .where('subsection.section_id', 'in', (eb) =>
      eb
        .selectFrom('category_section')
        .innerJoin('category', 'category.category_id', 'category_section.category_id')
        .select('category_section.section_id')
        .where('category.event_id', '=', eventId),
    )
    .orderBy('subsection.subsection_id')
    .execute();
}

export async function listAssignmentsOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('judge_assignment')
    .innerJoin('category', 'category.category_id', 'judge_assignment.category_id')
    .innerJoin('app_user', 'app_user.user_id', 'judge_assignment.judge_id')
    .select([
      'judge_assignment.category_id',
      'judge_assignment.section_id',
      'judge_assignment.judge_id',
      'app_user.first_name',
      'app_user.last_name',
    ])
    .where('category.event_id', '=', eventId)
    .execute();
}

/** Registered schools in running order, with their student lists and team numbers (issue 39). */
export async function listRegistrationsOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('category_registration')
    .innerJoin('category', 'category.category_id', 'category_registration.category_id')
    .innerJoin('school', 'school.school_id', 'category_registration.school_id')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select([
      'category_registration.category_id',
      'category_registration.school_id',
      'category_registration.students_json',
      'category_registration.team_number',
      'event.judge_by_team_number',
      'school.school_name',
    ])
    .where('category.event_id', '=', eventId)
    .orderBy('category_registration.category_id')
    .orderBy('category_registration.school_order')
    .orderBy('school.school_name')
    .execute();
}

export async function listSubmissionsOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('category_submission')
    .select(['category_id', 'judge_id', 'submitted_at'])
    .where('event_id', '=', eventId)
    .execute();
}
