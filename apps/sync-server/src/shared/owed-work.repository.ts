// Reads for the work judges owe: categories' schedules (schools with students, sections with
// their subsections and judges), the subsection cells scored, the submissions, and the audited
// reopenings. Explicit Kysely queries; the rule itself is `scoring/owed-work.ts`.
import type { CategoryWork, ScoredSubsectionCell } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { parseStudents } from './stored-students.ts';
import { exclusionsIn, listExclusionsOfCategories } from './schedule.repository.ts';
import { schoolShownToCoordinators } from './team-numbers.ts';

/** The audit action of a submission reopened because the judge's work grew. */
export const REOPEN_AUDIT_ACTION = 'reopen';
/** The audit action of a coordinator's unlock (scores.service). */
export const UNLOCK_AUDIT_ACTION = 'unlock';
export const SUBMISSION_ENTITY = 'category_submission';

export function submissionEntityId(categoryId: number, judgeId: number): string {
  return `${categoryId}:${judgeId}`;
}

/** Each category's schedule, keyed by category id; unknown ids are left out. */
export async function loadCategoryWork(db: Db, categoryIds: readonly number[]): Promise<Map<number, CategoryWork>> {
  const works = new Map<number, CategoryWork>();
  if (categoryIds.length === 0) return works;
  const [categories, sections, subsections, assignments, registrations, exclusions] = [
    await db
      .selectFrom('category')
      .select(['category_id', 'category_name'])
      .where('category_id', 'in', categoryIds)
      .execute(),
    await db
      .selectFrom('category_section')
      .innerJoin('section', 'section.section_id', 'category_section.section_id')
      .select(['category_section.category_id', 'section.section_id', 'section.section_name'])
      .where('category_section.category_id', 'in', categoryIds)
      .orderBy('category_section.position')
      .orderBy('section.section_id')
      .execute(),
    await db
      .selectFrom('subsection')
      .innerJoin('category_section', 'category_section.section_id', 'subsection.section_id')
      .select(['category_section.category_id', 'subsection.section_id', 'subsection.subsection_id'])
      .select('subsection.subsection_name')
      .where('category_section.category_id', 'in', categoryIds)
      .orderBy('subsection.subsection_id')
      .execute(),
    await db
      .selectFrom('judge_assignment')
      .select(['category_id', 'section_id', 'judge_id'])
      .where('category_id', 'in', categoryIds)
      .orderBy('judge_id')
      .execute(),
    await db
      .selectFrom('category_registration')
      .innerJoin('school', 'school.school_id', 'category_registration.school_id')
      .innerJoin('category', 'category.category_id', 'category_registration.category_id')
      .innerJoin('event', 'event.event_id', 'category.event_id')
      .select(['category_registration.category_id', 'school.school_id', 'school.school_name'])
      .select([
        'category_registration.students_json',
        'category_registration.team_number',
        'event.judge_by_team_number',
      ])
      .where('category_registration.category_id', 'in', categoryIds)
      .orderBy('category_registration.school_order')
      .orderBy('school.school_id')
      .execute(),
    await listExclusionsOfCategories(db, categoryIds),
  ];
  for (const category of categories) {
    const categoryId = category.category_id;
    works.set(categoryId, {
      categoryId,
      categoryName: category.category_name,
      schools: registrations
        .filter((row) => row.category_id === categoryId && parseStudents(row.students_json).length > 0)
        .map((row) => ({ schoolId: row.school_id, schoolName: schoolShownToCoordinators(row) })),
      sections: sections
        .filter((row) => row.category_id === categoryId)
        .map((section) => ({
          sectionId: section.section_id,
          sectionName: section.section_name,
          subsections: subsections
            .filter((row) => row.category_id === categoryId && row.section_id === section.section_id)
            .map((row) => ({ subsectionId: row.subsection_id, subsectionName: row.subsection_name })),
          assignedJudgeIds: assignments
            .filter((row) => row.category_id === categoryId && row.section_id === section.section_id)
            .map((row) => row.judge_id),
          exclusions: exclusionsIn(exclusions, categoryId, section.section_id),
        })),
    });
  }
  return works;
}

/** The subsection cells scored in the categories (by any judge). */
export async function listScoredSubsectionCells(
  db: Db,
  categoryIds: readonly number[],
): Promise<(ScoredSubsectionCell & { categoryId: number })[]> {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .selectFrom('subsection_score')
    .select(['category_id', 'judge_id', 'school_id', 'section_id', 'subsection_id'])
    .where('category_id', 'in', categoryIds)
    .execute();
  return rows.map((row) => ({
    categoryId: row.category_id,
    judgeId: row.judge_id,
    schoolId: row.school_id,
    sectionId: row.section_id,
    subsectionId: row.subsection_id,
  }));
}

/** The submissions in the categories, with their event's status. */
export async function listSubmissionsOfCategories(db: Db, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return [];
  return (
    db
      .selectFrom('category_submission')
      .innerJoin('event', 'event.event_id', 'category_submission.event_id')
      .select(['category_submission.category_id', 'category_submission.judge_id', 'category_submission.submitted_at'])
      .select(['category_submission.event_id', 'category_submission.state_id', 'event.status as event_status'])
      .where('category_submission.category_id', 'in', categoryIds)
      // One order on both engines (PostgreSQL has no implicit one): reopenings are audited in it.
      .orderBy('category_submission.category_id')
      .orderBy('category_submission.judge_id')
      .execute()
  );
}

/** Categories of events not closed that use the section: the ones whose owed work it shapes. */
export async function listOpenCategoriesUsingSection(db: Db, sectionId: number) {
  return db
    .selectFrom('category_section')
    .innerJoin('category', 'category.category_id', 'category_section.category_id')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select(['category.category_id', 'category.event_id', 'category.state_id'])
    .where('category_section.section_id', '=', sectionId)
    .where('event.status', '!=', 'CLOSED')
    .orderBy('category.category_id')
    .execute();
}

export async function listCategoryIdsOfEvent(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('category')
    .select('category_id')
    .where('event_id', '=', eventId)
    .orderBy('category_id')
    .execute();
  return rows.map((row) => row.category_id);
}

export async function listJudgeNames(db: Db, judgeIds: readonly number[]): Promise<Map<number, string>> {
  if (judgeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user')
    .select(['user_id', 'first_name', 'last_name'])
    .where('user_id', 'in', judgeIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, `${row.first_name} ${row.last_name}`.trim()]));
}

/**
 * The latest reopening or unlock of each listed submission (category:judge), newest first per
 * entity, with what the audit row says of its cause.
 */
export async function listLatestReopenings(
  db: Db,
  entityIds: readonly string[],
): Promise<Map<string, { action: string; at: string; afterJson: string | null }>> {
  const latest = new Map<string, { action: string; at: string; afterJson: string | null }>();
  if (entityIds.length === 0) return latest;
  const rows = await db
    .selectFrom('audit_log')
    .select(['entity_id', 'action', 'created_at', 'after_json'])
    .where('entity_type', '=', SUBMISSION_ENTITY)
    .where('action', 'in', [REOPEN_AUDIT_ACTION, UNLOCK_AUDIT_ACTION])
    .where('entity_id', 'in', entityIds)
    .orderBy('audit_id', 'desc')
    .execute();
  for (const row of rows) {
    if (!latest.has(row.entity_id))
      latest.set(row.entity_id, { action: row.action, at: row.created_at, afterJson: row.after_json });
  }
  return latest;
}
