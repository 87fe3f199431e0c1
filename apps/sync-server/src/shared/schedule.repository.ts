// The schedule a judge scores against, as the score writes and the judge's downloads read it:
// the place around a cell (event, category, section, school, item, assignment, submission) and
// the judge's assigned sections, items and schools.
import { ExclusionReason, type CellExclusion } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { prepareQuery } from '../db/prepared-query.ts';

// ---- the schedule around a cell ----------------------------------------------------------

// Every score write checks these, so they are compiled once (`prepareQuery`).

const eventById = prepareQuery((db, eventId: number) =>
  db.selectFrom('event').selectAll().where('event_id', '=', eventId),
);

export async function findEvent(db: Db, eventId: number) {
  return eventById.first(db, eventId);
}

const categoryOfEvent = prepareQuery((db, eventId: number, categoryId: number) =>
  db.selectFrom('category').selectAll().where('category_id', '=', categoryId).where('event_id', '=', eventId),
);

export async function findCategoryOfEvent(db: Db, eventId: number, categoryId: number) {
  return categoryOfEvent.first(db, eventId, categoryId);
}

// The section's columns are subqueries, not a join: this SQLite (built with STAT4) plans a join
// again each time its parameters are bound anew, and every push reads its sections.
const categorySection = prepareQuery((db, categoryId: number, sectionId: number) =>
  db
    .selectFrom('category_section')
    .select((eb) => {
      const section = eb.selectFrom('section').whereRef('section.section_id', '=', 'category_section.section_id');
      return [
        'category_section.section_id',
        'category_section.position',
        section.select('section.section_name').as('section_name'),
        section.select('section.section_description').as('section_description'),
      ];
    })
    .where('category_section.category_id', '=', categoryId)
    .where('category_section.section_id', '=', sectionId),
);

/** The section when it is part of the category, with its name and description. */
export async function findCategorySection(db: Db, categoryId: number, sectionId: number) {
  return categorySection.first(db, categoryId, sectionId);
}

const registration = prepareQuery((db, categoryId: number, schoolId: number) =>
  db
    .selectFrom('category_registration')
    .innerJoin('school', 'school.school_id', 'category_registration.school_id')
    .select([
      'category_registration.school_id',
      'category_registration.students_json',
      'category_registration.school_order',
      'school.school_name',
    ])
    .where('category_registration.category_id', '=', categoryId)
    .where('category_registration.school_id', '=', schoolId),
);

export async function findRegistration(db: Db, categoryId: number, schoolId: number) {
  return registration.first(db, categoryId, schoolId);
}

const subsectionOfSection = prepareQuery((db, sectionId: number, subsectionId: number) =>
  db
    .selectFrom('subsection')
    .select(['subsection_id', 'max_score'])
    .where('subsection_id', '=', subsectionId)
    .where('section_id', '=', sectionId),
);

export async function findSubsectionOfSection(db: Db, sectionId: number, subsectionId: number) {
  return subsectionOfSection.first(db, sectionId, subsectionId);
}

const penaltyOfSection = prepareQuery((db, sectionId: number, penaltyId: number) =>
  db
    .selectFrom('section_penalty')
    .innerJoin('penalty', 'penalty.penalty_id', 'section_penalty.penalty_id')
    .select(['penalty.penalty_id', 'penalty.deduction', 'penalty.is_dynamic'])
    .where('section_penalty.section_id', '=', sectionId)
    .where('section_penalty.penalty_id', '=', penaltyId),
);

export async function findPenaltyOfSection(db: Db, sectionId: number, penaltyId: number) {
  return penaltyOfSection.first(db, sectionId, penaltyId);
}

const disqualificationOfSection = prepareQuery((db, sectionId: number, disqualificationId: number) =>
  db
    .selectFrom('section_disqualification')
    .select(['disqualification_id'])
    .where('section_id', '=', sectionId)
    .where('disqualification_id', '=', disqualificationId),
);

export async function findDisqualificationOfSection(db: Db, sectionId: number, disqualificationId: number) {
  return disqualificationOfSection.first(db, sectionId, disqualificationId);
}

const judgeAssignment = prepareQuery((db, categoryId: number, sectionId: number, judgeId: number, schoolId: number) =>
  db
    .selectFrom('judge_assignment')
    .leftJoin('judge_excusal', (join) =>
      join
        .onRef('judge_excusal.category_id', '=', 'judge_assignment.category_id')
        .onRef('judge_excusal.section_id', '=', 'judge_assignment.section_id')
        .onRef('judge_excusal.judge_id', '=', 'judge_assignment.judge_id'),
    )
    .leftJoin('judge_conflict', (join) =>
      join
        .onRef('judge_conflict.judge_id', '=', 'judge_assignment.judge_id')
        .on('judge_conflict.school_id', '=', schoolId),
    )
    .select([
      'judge_assignment.judge_id',
      'judge_excusal.created_at as excused_at',
      'judge_conflict.created_at as conflict_at',
    ])
    .where('judge_assignment.category_id', '=', categoryId)
    .where('judge_assignment.section_id', '=', sectionId)
    .where('judge_assignment.judge_id', '=', judgeId),
);

/**
 * How the judge stands toward a school's cells in the section: owes them, was excused from the
 * section (decisions §9), is in conflict with the school (fair panels), or is not assigned.
 */
export type AssignmentStanding = 'owed' | 'excused' | 'conflict' | 'none';

export async function findAssignmentStanding(
  db: Db,
  categoryId: number,
  sectionId: number,
  judgeId: number,
  schoolId: number,
): Promise<AssignmentStanding> {
  const row = await judgeAssignment.first(db, categoryId, sectionId, judgeId, schoolId);
  if (row === undefined) return 'none';
  if (row.excused_at !== null) return 'excused';
  return row.conflict_at === null ? 'owed' : 'conflict';
}

/** One exclusion of a category's section (decisions §9): an excusal (every school) or a conflict (one school). */
export interface ExclusionRow {
  category_id: number;
  section_id: number;
  judge_id: number;
  school_id: number | null;
  reason: ExclusionReason;
  /** The coordinator's words, for an excusal. */
  excused_reason: string | null;
}

/** The exclusions of one category's section, as the owed-cell rule reads them. */
export function exclusionsIn(
  exclusions: readonly ExclusionRow[],
  categoryId: number,
  sectionId: number,
): CellExclusion[] {
  return exclusions
    .filter((row) => row.category_id === categoryId && row.section_id === sectionId)
    .map((row) => ({ judgeId: row.judge_id, schoolId: row.school_id, reason: row.reason }));
}

/**
 * Every exclusion of the categories' sections: excusals, and the conflicts of assigned judges with
 * schools registered in the category. The one read every caller of the owed-cell rule uses.
 */
export async function listExclusionsOfCategories(db: Db, categoryIds: readonly number[]): Promise<ExclusionRow[]> {
  if (categoryIds.length === 0) return [];
  const excusals = await listExcusalsOfCategories(db, categoryIds);
  const conflicts = await db
    .selectFrom('judge_assignment')
    .innerJoin('judge_conflict', 'judge_conflict.judge_id', 'judge_assignment.judge_id')
    .innerJoin('category_registration', (join) =>
      join
        .onRef('category_registration.category_id', '=', 'judge_assignment.category_id')
        .onRef('category_registration.school_id', '=', 'judge_conflict.school_id'),
    )
    .select([
      'judge_assignment.category_id',
      'judge_assignment.section_id',
      'judge_assignment.judge_id',
      'judge_conflict.school_id',
    ])
    .where('judge_assignment.category_id', 'in', categoryIds)
    .orderBy('judge_assignment.category_id')
    .orderBy('judge_assignment.section_id')
    .orderBy('judge_assignment.judge_id')
    .orderBy('judge_conflict.school_id')
    .execute();
  return [
    ...excusals.map((row) => ({
      category_id: row.category_id,
      section_id: row.section_id,
      judge_id: row.judge_id,
      school_id: null,
      reason: ExclusionReason.excused,
      excused_reason: row.reason,
    })),
    ...conflicts.map((row) => ({ ...row, reason: ExclusionReason.conflict, excused_reason: null })),
  ];
}

/** The excusals of the categories' sections (decisions §9), oldest first. */
async function listExcusalsOfCategories(db: Db, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('judge_excusal')
    .select(['category_id', 'section_id', 'judge_id', 'reason', 'excused_by', 'created_at'])
    .where('category_id', 'in', categoryIds)
    .orderBy('created_at')
    .orderBy('judge_id')
    .execute();
}

const submission = prepareQuery((db, categoryId: number, judgeId: number) =>
  db
    .selectFrom('category_submission')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('judge_id', '=', judgeId),
);

export async function findSubmission(db: Db, categoryId: number, judgeId: number) {
  return submission.first(db, categoryId, judgeId);
}

export async function insertSubmission(
  db: Db,
  submission: { categoryId: number; judgeId: number; stateId: number; eventId: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('category_submission')
    .values({
      category_id: submission.categoryId,
      judge_id: submission.judgeId,
      state_id: submission.stateId,
      event_id: submission.eventId,
      submitted_at: now,
    })
    .execute();
}

export async function deleteSubmission(db: Db, categoryId: number, judgeId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('category_submission')
    .where('category_id', '=', categoryId)
    .where('judge_id', '=', judgeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- the judge's schedule (what they score) --------------------------------------------------

export async function findUser(db: Db, userId: number) {
  return db
    .selectFrom('app_user')
    .select(['user_id', 'state_id', 'role', 'first_name', 'last_name'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Events where the judge has at least one assigned section, by start date. */
export async function listEventsOfJudge(db: Db, judgeId: number) {
  return db
    .selectFrom('event')
    .selectAll('event')
    .where('event_id', 'in', (eb) =>
      eb
        .selectFrom('judge_assignment')
        .innerJoin('category', 'category.category_id', 'judge_assignment.category_id')
        .select('category.event_id')
        .where('judge_assignment.judge_id', '=', judgeId),
    )
    .orderBy('event.start_date')
    .orderBy('event.event_id')
    .execute();
}

/** The judge's assigned sections in an event, excused ones marked: one row per (category, section), in order. */
export async function listAssignedSections(db: Db, judgeId: number, eventId: number) {
  return db
    .selectFrom('judge_assignment')
    .innerJoin('category', 'category.category_id', 'judge_assignment.category_id')
    .innerJoin('category_section', (join) =>
      join
        .onRef('category_section.category_id', '=', 'judge_assignment.category_id')
        .onRef('category_section.section_id', '=', 'judge_assignment.section_id'),
    )
    .innerJoin('section', 'section.section_id', 'judge_assignment.section_id')
    .leftJoin('judge_excusal', (join) =>
      join
        .onRef('judge_excusal.category_id', '=', 'judge_assignment.category_id')
        .onRef('judge_excusal.section_id', '=', 'judge_assignment.section_id')
        .onRef('judge_excusal.judge_id', '=', 'judge_assignment.judge_id'),
    )
    .select([
      'category.category_id',
      'category.category_name',
      'section.section_id',
      'section.section_name',
      'section.section_description',
      'category_section.position',
      'judge_excusal.created_at as excused_at',
      'judge_excusal.reason as excused_reason',
    ])
    .where('judge_assignment.judge_id', '=', judgeId)
    .where('category.event_id', '=', eventId)
    .orderBy('category.category_name')
    .orderBy('category.category_id')
    .orderBy('category_section.position')
    .orderBy('section.section_id')
    .execute();
}

export async function listSubsectionsOfSections(db: Db, sectionIds: readonly number[]) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('subsection')
    .select(['subsection_id', 'section_id', 'subsection_name', 'subsection_description', 'max_score'])
    .where('section_id', 'in', sectionIds)
    .orderBy('subsection_id')
    .execute();
}

export async function listPenaltiesOfSections(db: Db, sectionIds: readonly number[]) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('section_penalty')
    .innerJoin('penalty', 'penalty.penalty_id', 'section_penalty.penalty_id')
    .select([
      'section_penalty.section_id',
      'penalty.penalty_id',
      'penalty.penalty_name',
      'penalty.deduction',
      'penalty.is_dynamic',
    ])
    .where('section_penalty.section_id', 'in', sectionIds)
    .orderBy('penalty.penalty_id')
    .execute();
}

export async function listDisqualificationsOfSections(db: Db, sectionIds: readonly number[]) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('section_disqualification')
    .innerJoin(
      'disqualification',
      'disqualification.disqualification_id',
      'section_disqualification.disqualification_id',
    )
    .select([
      'section_disqualification.section_id',
      'disqualification.disqualification_id',
      'disqualification.disqualification_name',
    ])
    .where('section_disqualification.section_id', 'in', sectionIds)
    .orderBy('disqualification.disqualification_id')
    .execute();
}

/** Registered schools of the categories, in running order. */
export async function listRegistrations(db: Db, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('category_registration')
    .innerJoin('school', 'school.school_id', 'category_registration.school_id')
    .select([
      'category_registration.category_id',
      'category_registration.school_id',
      'category_registration.school_order',
      'category_registration.students_json',
      'category_registration.team_number',
      'school.school_name',
    ])
    .where('category_registration.category_id', 'in', categoryIds)
    .orderBy('category_registration.school_order')
    .orderBy('category_registration.school_id')
    .execute();
}

export async function listSubmissionsOfJudge(db: Db, judgeId: number, eventId: number) {
  return db
    .selectFrom('category_submission')
    .selectAll()
    .where('judge_id', '=', judgeId)
    .where('event_id', '=', eventId)
    .execute();
}
