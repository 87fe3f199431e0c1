import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { numberNewTeams } from '../../shared/team-numbers.ts';

/** Events a school may still register for: not started yet and not over (test events only when asked). */
export async function listRegistrableEvents(db: Db, stateId: number, today: string, includeTestEvents: boolean) {
  let query = db
    .selectFrom('event')
    .select(['event_id', 'event_name', 'start_date', 'start_time', 'end_date', 'is_test_event'])
    .where('state_id', '=', stateId)
    .where('status', '=', 'NOT_STARTED')
    .where('end_date', '>=', today);
  if (!includeTestEvents) query = query.where('is_test_event', '=', 0);
  return query
    .orderBy('start_date')
    .orderBy(sql`lower(event_name)`)
    .orderBy('event_id')
    .execute();
}

export async function listCategoriesOfEvents(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('category')
    .select(['category_id', 'event_id', 'category_name'])
    .where('event_id', 'in', eventIds)
    .orderBy(sql`lower(category_name)`)
    .orderBy('category_id')
    .execute();
}

/** The public school picker: names and ids, never contact data. */
export async function listSchoolNames(db: Db, stateId: number) {
  return db
    .selectFrom('school')
    .select(['school_id', 'school_name'])
    .where('state_id', '=', stateId)
    .orderBy(sql`lower(school_name)`)
    .orderBy('school_id')
    .execute();
}

export async function findSchoolState(db: Db, schoolId: number) {
  return db
    .selectFrom('school')
    .select(['school_id', 'state_id', 'school_name'])
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
}

/** A school of the state with this name (no case, spaces trimmed), so "not listed" cannot duplicate it. */
export async function findSchoolByName(db: Db, stateId: number, schoolName: string) {
  return db
    .selectFrom('school')
    .select(['school_id'])
    .where('state_id', '=', stateId)
    .where(sql<boolean>`lower(trim(school_name)) = ${schoolName.trim().toLowerCase()}`)
    .executeTakeFirst();
}

export interface NewSchool {
  stateId: number;
  schoolName: string;
  principal: string;
  educator1: string;
  educator2: string | null;
  educator3: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
}

export async function insertSchool(db: Db, school: NewSchool, now: string): Promise<number> {
  const row = await db
    .insertInto('school')
    .values({
      state_id: school.stateId,
      school_name: school.schoolName,
      principal: school.principal,
      educator1: school.educator1,
      educator2: school.educator2,
      educator3: school.educator3,
      contact_name: school.contactName,
      contact_email: school.contactEmail,
      contact_phone: school.contactPhone,
      created_at: now,
      updated_at: now,
    })
    .returning('school_id')
    .executeTakeFirstOrThrow();
  return row.school_id;
}

/** True when the school is in any category of the event. */
export async function isSchoolRegisteredForEvent(db: Db, eventId: number, schoolId: number): Promise<boolean> {
  const row = await db
    .selectFrom('category_registration')
    .innerJoin('category', 'category.category_id', 'category_registration.category_id')
    .select('category_registration.school_id')
    .where('category.event_id', '=', eventId)
    .where('category_registration.school_id', '=', schoolId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new registration runs last in its category. */
export async function nextSchoolOrder(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom('category_registration')
    .select((eb) => eb.fn.max('school_order').as('max_order'))
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return row?.max_order === null || row?.max_order === undefined ? 0 : Number(row.max_order) + 1;
}

export async function insertRegistration(
  db: Db,
  registration: {
    categoryId: number;
    schoolId: number;
    stateId: number;
    students: readonly string[];
    schoolOrder: number;
  },
  now: string,
): Promise<void> {
  await db
    .insertInto('category_registration')
    .values({
      category_id: registration.categoryId,
      school_id: registration.schoolId,
      state_id: registration.stateId,
      students_json: JSON.stringify(registration.students),
      school_order: registration.schoolOrder,
      registered_at: now,
    })
    .execute();
  await numberNewTeams(db, registration.categoryId);
}
