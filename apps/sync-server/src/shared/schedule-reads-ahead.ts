// The schedule facts of a whole sync push read in a few queries before its mutations apply,
// instead of one read per place (issue 41): a push of 50 edits spread over a dozen schools asked
// for each school's registration and the judge's standing toward it one at a time. What is read
// here lands in the transaction's memo of schedule-reads.ts under the same keys, with the same
// values the one-place reads answer, so every check runs as before, and a place not read ahead
// (or a fact read already) is read as before. Single-table queries: this SQLite (built with
// STAT4) plans a join again each time its parameters are bound anew, at several times a
// one-table lookup's cost.
import type { Db } from '../db/database.ts';
import { columnIn, selectWhere } from '../db/direct-sql.ts';
import type { AssignmentStanding } from './schedule.repository.ts';
import { isRemembered, rememberRead, scheduleKeys, withStudentCount } from './schedule-reads.ts';

/** A cell's place as a push names it, and the subsection it scores (subsection cells only). */
export interface PlaceAhead {
  categoryId: number;
  sectionId: number;
  schoolId: number;
  subsectionId?: number;
}

/**
 * Reads ahead, for the judge's places in one transaction: the schools' registrations, the
 * judge's standing toward each place (assignment, excusal, conflict) and the subsections named.
 * Each query filters on every column's list; the exact places are matched here.
 */
export async function readScheduleAhead(trx: Db, judgeId: number, named: readonly PlaceAhead[]): Promise<void> {
  if (!trx.isTransaction) return;
  const places = distinctPlaces(named);
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
  // From one place on: the one-place reads join tables, each dearer than these one-table queries
  // together (docs/decisions/0214-one-place-read-ahead.md).
  if (unread.registrations.length > 0) await readRegistrations(trx, unread.registrations);
  if (unread.standings.length > 0) await readStandings(trx, judgeId, unread.standings);
  if (unread.subsections.length > 0) await readSubsections(trx, unread.subsections);
}

/** Each place once: a push names the same few places for many edits. */
function distinctPlaces(places: readonly PlaceAhead[]): PlaceAhead[] {
  const byKey = new Map<string, PlaceAhead>();
  for (const place of places) {
    byKey.set(`${place.categoryId}:${place.sectionId}:${place.schoolId}:${place.subsectionId ?? ''}`, place);
  }
  return [...byKey.values()];
}

async function readRegistrations(trx: Db, places: readonly PlaceAhead[]): Promise<void> {
  const schools = columnIn(
    trx,
    'school_id',
    places.map((place) => place.schoolId),
  );
  const rows = await selectWhere<{
    category_id: number;
    school_id: number;
    students_json: string;
    school_order: number | null;
  }>(trx, 'select category_id, school_id, students_json, school_order from category_registration', [
    columnIn(
      trx,
      'category_id',
      places.map((place) => place.categoryId),
    ),
    schools,
  ]);
  const names = await selectWhere<{ school_id: number; school_name: string }>(
    trx,
    'select school_id, school_name from school',
    [schools],
  );
  const nameOf = new Map(names.map((school) => [school.school_id, school.school_name]));
  const found = new Map(rows.map((row) => [scheduleKeys.registration(row.category_id, row.school_id), row]));
  const remembered = new Set<string>();
  for (const place of places) {
    const key = scheduleKeys.registration(place.categoryId, place.schoolId);
    // A push names each school many times: its students are counted once.
    if (remembered.has(key)) continue;
    remembered.add(key);
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
  const ofJudge = { sql: 'judge_id = ?', parameters: [judgeId] };
  const sections = [
    columnIn(
      trx,
      'category_id',
      places.map((place) => place.categoryId),
    ),
    columnIn(
      trx,
      'section_id',
      places.map((place) => place.sectionId),
    ),
  ];
  type SectionRow = { category_id: number; section_id: number };
  const sectionKey = (row: SectionRow) => `${row.category_id}:${row.section_id}`;
  const assignments = await selectWhere<SectionRow>(trx, 'select category_id, section_id from judge_assignment', [
    ofJudge,
    ...sections,
  ]);
  const excusals = await selectWhere<SectionRow>(trx, 'select category_id, section_id from judge_excusal', [
    ofJudge,
    ...sections,
  ]);
  const conflicts = await selectWhere<{ school_id: number }>(trx, 'select school_id from judge_conflict', [
    ofJudge,
    columnIn(
      trx,
      'school_id',
      places.map((place) => place.schoolId),
    ),
  ]);
  const assigned = new Set(assignments.map(sectionKey));
  const excused = new Set(excusals.map(sectionKey));
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
  const rows = await selectWhere<{ section_id: number; subsection_id: number; max_score: number }>(
    trx,
    'select section_id, subsection_id, max_score from subsection',
    [
      columnIn(
        trx,
        'section_id',
        places.map((place) => place.sectionId),
      ),
      columnIn(
        trx,
        'subsection_id',
        places.flatMap((place) => place.subsectionId ?? []),
      ),
    ],
  );
  const found = new Map(rows.map((row) => [scheduleKeys.subsectionOfSection(row.section_id, row.subsection_id), row]));
  for (const place of places) {
    if (place.subsectionId === undefined) continue;
    const key = scheduleKeys.subsectionOfSection(place.sectionId, place.subsectionId);
    const row = found.get(key);
    rememberRead(trx, key, row && { subsection_id: row.subsection_id, max_score: row.max_score });
  }
}
