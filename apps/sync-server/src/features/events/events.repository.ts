import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { eventColumns } from '../../shared/event-lookups.ts';

/** A state's events, the coming ones first (by start date, then name). */
export async function listEventsByState(db: Db, stateId: number) {
  return db
    .selectFrom('event')
    .select(eventColumns)
    .where('event.state_id', '=', stateId)
    .orderBy('event.start_date', 'desc')
    .orderBy(sql`lower(event.event_name)`)
    .orderBy('event.event_id')
    .execute();
}

export interface NewEvent {
  stateId: number;
  name: string;
  startDate: string;
  startTime: string | null;
  endDate: string;
  isTestEvent: boolean;
}

export async function insertEvent(db: Db, event: NewEvent, now: string): Promise<number> {
  const row = await db
    .insertInto('event')
    .values({
      state_id: event.stateId,
      event_name: event.name,
      start_date: event.startDate,
      start_time: event.startTime,
      end_date: event.endDate,
      is_test_event: event.isTestEvent ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  return row.event_id;
}

export async function updateEventDetails(
  db: Db,
  eventId: number,
  details: { name: string; startDate: string; startTime: string | null; endDate: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('event')
    .set({
      event_name: details.name,
      start_date: details.startDate,
      start_time: details.startTime,
      end_date: details.endDate,
      updated_at: now,
    })
    .where('event_id', '=', eventId)
    .execute();
}

/** Deletes the event; its categories, registrations, assignments and scores go with it (cascades). */
export async function deleteEvent(db: Db, eventId: number): Promise<void> {
  await db.deleteFrom('event').where('event_id', '=', eventId).execute();
}

/** The event's categories with how many schools, sections and judges each has. */
export async function listCategorySummaries(db: Db, eventId: number) {
  return db
    .selectFrom('category')
    .select((eb) => [
      'category.category_id',
      'category.category_name',
      eb
        .selectFrom('category_registration')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('category_registration.category_id', '=', 'category.category_id')
        .as('school_count'),
      eb
        .selectFrom('category_section')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('category_section.category_id', '=', 'category.category_id')
        .as('section_count'),
      eb
        .selectFrom('judge_assignment')
        .select(sql<number>`count(distinct judge_assignment.judge_id)`.as('n'))
        .whereRef('judge_assignment.category_id', '=', 'category.category_id')
        .as('judge_count'),
    ])
    .where('category.event_id', '=', eventId)
    .orderBy(sql`lower(category.category_name)`)
    .orderBy('category.category_id')
    .execute();
}

/** Every (school, category) registration of the event, by school name then category name. */
export async function listEventRegistrations(db: Db, eventId: number) {
  return db
    .selectFrom('category_registration')
    .innerJoin('category', 'category.category_id', 'category_registration.category_id')
    .innerJoin('school', 'school.school_id', 'category_registration.school_id')
    .select([
      'school.school_id',
      'school.school_name',
      'category.category_id',
      'category.category_name',
      'category_registration.students_json',
      'category_registration.school_order',
    ])
    .where('category.event_id', '=', eventId)
    .orderBy(sql`lower(school.school_name)`)
    .orderBy('school.school_id')
    .orderBy(sql`lower(category.category_name)`)
    .execute();
}

export async function insertCategory(
  db: Db,
  category: { eventId: number; stateId: number; name: string },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('category')
    .values({ event_id: category.eventId, state_id: category.stateId, category_name: category.name, created_at: now })
    .returning('category_id')
    .executeTakeFirstOrThrow();
  return row.category_id;
}
