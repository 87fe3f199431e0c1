// Reads and writes of the students' names retention (student-names-retention.ts).
import type { Db } from '../../db/database.ts';

/** The audit action that marks an event anonymised: written once per event, so the work is done once. */
export const ANONYMISED_ACTION = 'anonymise_student_names';

/** Closed events that closed before the horizon, with what their audit entry names. */
export async function listEventsClosedBefore(db: Db, horizon: string) {
  return db
    .selectFrom('event')
    .select(['event_id', 'state_id', 'event_name', 'status', 'closed_at'])
    .where('status', '=', 'CLOSED')
    .where('closed_at', '<', horizon)
    .orderBy('closed_at')
    .execute();
}

/** Events whose students' names have been replaced already. */
export async function listAnonymisedEventIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('audit_log')
    .select('entity_id')
    .where('entity_type', '=', 'event')
    .where('action', '=', ANONYMISED_ACTION)
    .execute();
  return new Set(rows.map((row) => Number(row.entity_id)));
}

/** The event's registrations, category by category in running order. */
export async function listRegistrationsOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('category_registration')
    .innerJoin('category', 'category.category_id', 'category_registration.category_id')
    .select([
      'category_registration.category_id',
      'category_registration.school_id',
      'category_registration.students_json',
    ])
    .where('category.event_id', '=', eventId)
    .orderBy('category_registration.category_id')
    .orderBy('category_registration.school_order')
    .execute();
}

export async function listCategoryIdsOfEvent(db: Db, eventId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('category').select('category_id').where('event_id', '=', eventId).execute();
  return new Set(rows.map((row) => row.category_id));
}

export async function setRegistrationStudents(
  db: Db,
  registration: { category_id: number; school_id: number },
  students: readonly string[],
): Promise<void> {
  await db
    .updateTable('category_registration')
    .set({ students_json: JSON.stringify(students) })
    .where('category_id', '=', registration.category_id)
    .where('school_id', '=', registration.school_id)
    .execute();
}

/** The audit entries of registrations in the event's state (isRegistrationAuditOfEvent picks the event's). */
export async function listRegistrationAudits(db: Db, stateId: number) {
  return db
    .selectFrom('audit_log')
    .select(['audit_id', 'action', 'entity_id', 'before_json', 'after_json'])
    .where('entity_type', '=', 'category_registration')
    .where('state_id', '=', stateId)
    .execute();
}

export async function setAuditValues(
  db: Db,
  auditId: number,
  values: { before_json: string | null; after_json: string | null },
): Promise<void> {
  await db.updateTable('audit_log').set(values).where('audit_id', '=', auditId).execute();
}
