// The schedule facts of a whole sync push read in a few queries before its mutations apply,
// instead of one read per place (issue 41): a push of 50 edits spread over a dozen schools asked
// for each school's registration and the judge's standing toward it one at a time. What is read
// here lands in the transaction's memo of schedule-reads.ts under the same keys, with the same
// values the one-place reads answer, so every check runs as before, and a place not read ahead
// (or a fact read already) is read as before. Single-table queries: this SQLite (built with
// STAT4) plans a join again each time its parameters are bound anew, at several times a
// one-table lookup's cost.
import type { Db } from '../db/database.ts';
import type { AssignmentStanding } from './schedule.repository.ts';
import { isRemembered, rememberRead, scheduleKeys, withStudentCount } from './schedule-reads.ts';

/** A cell's place as a push names it, and the subsection it scores (subsection cells only). */
export interface PlaceAhead {
  categoryId: number;
  sectionId: number;
  schoolId: number;
  subsectionId?: number;
}

const distinct = (values: readonly number[]) => [...new Set(values)];

/**
 * Reads ahead, for the judge's places in one transaction: the schools' registrations, the
 * judge's standing toward each place (assignment, excusal, conflict) and the subsections named.
 * Each query filters on every column's list; the exact places are matched here.
 */
export async function readScheduleAhead(trx: Db, judgeId: number, places: readonly PlaceAhead[]): Promise<void> {
  if (!trx.isTransaction) return;
  const unread = {
    registrations: places.filter(
      (place) => !isRemembered(trx, scheduleKeys.registration(place.categoryId, place.schoolId)),
    ),
    standings: places.filter(
      (place) =>
        !isRemembered(trx, scheduleKeys.assignmentStanding(place.categoryId, place.sectionId, judgeId, place.schoolId)),
    ),
    subsections: places.filter(
      (place) =>
        place.subsectionId !== undefined &&
        !isRemembered(trx, scheduleKeys.subsectionOfSection(place.sectionId, place.subsectionId)),
    ),
  };
  // One place reads as before; reading ahead pays from the second on.
  if (unread.registrations.length > 1) await readRegistrations(trx, unread.registrations);
  if (unread.standings.length > 1) await readStandings(trx, judgeId, unread.standings);
  if (unread.subsections.length > 1) await readSubsections(trx, unread.subsections);
}

async function readRegistrations(trx: Db, places: readonly PlaceAhead[]): Promise<void> {
  const schoolIds = distinct(places.map((place) => place.schoolId));
  const rows = await trx
    .selectFrom('category_registration')
    .select(['category_id', 'school_id', 'students_json', 'school_order'])
    .where('category_id', 'in', distinct(places.map((place) => place.categoryId)))
    .where('school_id', 'in', schoolIds)
    .execute();
  const schools = await trx
    .selectFrom('school')
    .select(['school_id', 'school_name'])
    .where('school_id', 'in', schoolIds)
    .execute();
  const nameOf = new Map(schools.map((school) => [school.school_id, school.school_name]));
  const found = new Map(rows.map((row) => [scheduleKeys.registration(row.category_id, row.school_id), row]));
  for (const place of places) {
    const key = scheduleKeys.registration(place.categoryId, place.schoolId);
    const row = found.get(key);
    const schoolName = nameOf.get(place.schoolId);
    // The columns, in the order, of the one-place read (schedule.repository.ts; it joins the school).
    rememberRead(
      trx,
      key,
      row === undefined || schoolName === undefined
        ? undefined
        : withStudentCount({
            school_id: row.school_id,
            students_json: row.students_json,
            school_order: row.school_order,
            school_name: schoolName,
          }),
    );
  }
}

/** As `findAssignmentStanding` answers: none, excused (from the section), conflict (with the school), owed. */
async function readStandings(trx: Db, judgeId: number, places: readonly PlaceAhead[]): Promise<void> {
  const categoryIds = distinct(places.map((place) => place.categoryId));
  const sectionIds = distinct(places.map((place) => place.sectionId));
  const sectionsOf = (table: 'judge_assignment' | 'judge_excusal') =>
    trx
      .selectFrom(table)
      .select(['category_id', 'section_id'])
      .where('judge_id', '=', judgeId)
      .where('category_id', 'in', categoryIds)
      .where('section_id', 'in', sectionIds)
      .execute();
  const sectionKey = (row: { category_id: number; section_id: number }) => `${row.category_id}:${row.section_id}`;
  const assigned = new Set((await sectionsOf('judge_assignment')).map(sectionKey));
  const excused = new Set((await sectionsOf('judge_excusal')).map(sectionKey));
  const conflicts = await trx
    .selectFrom('judge_conflict')
    .select('school_id')
    .where('judge_id', '=', judgeId)
    .where('school_id', 'in', distinct(places.map((place) => place.schoolId)))
    .execute();
  const conflicted = new Set(conflicts.map((row) => row.school_id));
  for (const place of places) {
    const section = sectionKey({ category_id: place.categoryId, section_id: place.sectionId });
    const standing: AssignmentStanding = !assigned.has(section)
      ? 'none'
      : excused.has(section)
        ? 'excused'
        : conflicted.has(place.schoolId)
          ? 'conflict'
          : 'owed';
    rememberRead(
      trx,
      scheduleKeys.assignmentStanding(place.categoryId, place.sectionId, judgeId, place.schoolId),
      standing,
    );
  }
}

async function readSubsections(trx: Db, places: readonly PlaceAhead[]): Promise<void> {
  const rows = await trx
    .selectFrom('subsection')
    .select(['section_id', 'subsection_id', 'max_score'])
    .where('section_id', 'in', distinct(places.map((place) => place.sectionId)))
    .where('subsection_id', 'in', distinct(places.flatMap((place) => place.subsectionId ?? [])))
    .execute();
  const found = new Map(rows.map((row) => [scheduleKeys.subsectionOfSection(row.section_id, row.subsection_id), row]));
  for (const place of places) {
    if (place.subsectionId === undefined) continue;
    const key = scheduleKeys.subsectionOfSection(place.sectionId, place.subsectionId);
    const row = found.get(key);
    rememberRead(trx, key, row && { subsection_id: row.subsection_id, max_score: row.max_score });
  }
}
