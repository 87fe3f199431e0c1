import { assertStateExists } from '../../shared/states.repository.ts';
import {
  ErrorCode,
  RegistrationMessages,
  ReopenReason,
  Role,
  hasRole,
  parseStudentNames,
  validateSchoolRegistration,
  type OpenEvent,
  type RegistrationAllowed,
  type SchoolName,
  type SchoolRegistration,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, notFound, validationError } from '../../common/api-error.ts';
import { findAccountExpirationByState, isAccountActive } from '../../shared/account-status.ts';
import type { Captcha } from '../../http/captcha.ts';
import { reopenSubmissionsOwingWork } from '../../shared/owed-work.service.ts';
import type { ClockReading } from '../../common/clock.ts';
import {
  findSchoolByName,
  findSchoolState,
  insertRegistration,
  insertSchool,
  isSchoolRegisteredForEvent,
  listCategoriesOfEvents,
  listRegistrableEvents,
  listSchoolNames,
  nextSchoolOrder,
} from './registration.repository.ts';
import { isCoordinator, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { findEventById, type EventRecord } from '../../shared/event-lookups.ts';
import { recordScheduleChange } from '../../shared/change-log.repository.ts';

/** Seed section 6: test events are hidden from registration except for ADMIN and ULTRA (of that state). */
function canSeeTestEvents(caller: AuthContext | null, stateId: number): boolean {
  return caller !== null && caller.stateId === stateId && hasRole(caller.role, [Role.Admin, Role.Ultra]);
}

/** Registration is open until the event starts (judges then score a fixed field) and while it is not over. */
function isRegistrationOpen(event: EventRecord, today: string): boolean {
  return event.status === 'NOT_STARTED' && event.end_date >= today;
}

/**
 * Schools register only with a state whose account is active, as judges do (decisions §3: an
 * expired account's coordinators could not manage what a registration adds).
 */
async function isStateOpenForRegistration(db: Db, stateId: number, today: string): Promise<boolean> {
  return isAccountActive(await findAccountExpirationByState(db, stateId), today);
}

/** The event as the registration form may see it: missing, or a test event hidden from this caller, is "does not exist". */
async function loadVisibleEvent(db: Db, caller: AuthContext | null, eventId: number): Promise<EventRecord> {
  const event = await findEventById(db, eventId);
  if (!event || (event.is_test_event === 1 && !canSeeTestEvents(caller, event.state_id))) {
    throw notFound(RegistrationMessages.eventNotFound);
  }
  return event;
}

export async function listOpenEvents(
  db: Db,
  caller: AuthContext | null,
  stateId: number,
  today: string,
): Promise<OpenEvent[]> {
  await assertStateExists(db, stateId);
  if (!(await isStateOpenForRegistration(db, stateId, today))) return [];
  const events = await listRegistrableEvents(db, stateId, today, canSeeTestEvents(caller, stateId));
  const categories = await listCategoriesOfEvents(
    db,
    events.map((event) => event.event_id),
  );
  return events.map((event) => ({
    eventId: event.event_id,
    eventName: event.event_name,
    eventStartDate: event.start_date,
    eventStartTime: event.start_time,
    eventEndDate: event.end_date,
    isTestEvent: event.is_test_event === 1,
    categories: categories
      .filter((category) => category.event_id === event.event_id)
      .map((category) => ({ categoryId: category.category_id, categoryName: category.category_name })),
  }));
}

export async function listPublicSchoolNames(db: Db, stateId: number): Promise<SchoolName[]> {
  await assertStateExists(db, stateId);
  return (await listSchoolNames(db, stateId)).map((row) => ({ schoolId: row.school_id, schoolName: row.school_name }));
}

/** May this (listed) school still register for the event? */
export async function checkRegistrationAllowed(
  db: Db,
  caller: AuthContext | null,
  eventId: number,
  schoolId: number,
  today: string,
): Promise<RegistrationAllowed> {
  const event = await loadVisibleEvent(db, caller, eventId);
  const school = await findSchoolState(db, schoolId);
  if (!school || school.state_id !== event.state_id) throw notFound(RegistrationMessages.schoolNotFound);
  if (await isSchoolRegisteredForEvent(db, eventId, schoolId)) {
    return { allowed: false, message: RegistrationMessages.alreadyRegistered };
  }
  if (!isRegistrationOpen(event, today)) return { allowed: false, message: RegistrationMessages.registrationClosed };
  if (!(await isStateOpenForRegistration(db, event.state_id, today)))
    return { allowed: false, message: RegistrationMessages.stateNotOpen };
  return { allowed: true };
}

/**
 * Registers a school for categories of an event. A listed school is referenced by id and its
 * record is not changed (visitors cannot overwrite a school's contacts); "not listed" creates it.
 * Anyone but a coordinator solves the captcha first.
 */
export async function registerSchool(
  deps: { db: Db; captcha: Captcha },
  caller: AuthContext | null,
  body: unknown,
  clock: ClockReading,
): Promise<{ schoolId: number; eventId: number }> {
  const { db } = deps;
  const result = validateSchoolRegistration(body);
  if (!result.ok) throw validationError(result.errors);
  const registration = result.value;
  if (!isCoordinator(caller)) await deps.captcha.verify(registration.captcha);
  return inTransaction(db, async (trx) => {
    const event = await loadVisibleEvent(trx, caller, registration.event.eventId);
    if (event.state_id !== registration.state.stateId) throw notFound(RegistrationMessages.eventNotFound);
    if (!(await isStateOpenForRegistration(trx, event.state_id, clock.today)))
      throw validationError([{ field: 'state.stateId', message: RegistrationMessages.stateNotOpen }]);
    if (!isRegistrationOpen(event, clock.today))
      throw new ApiError(409, ErrorCode.Conflict, RegistrationMessages.registrationClosed);
    const eventCategories = new Set(
      (await listCategoriesOfEvents(trx, [event.event_id])).map((category) => category.category_id),
    );
    const strangers = registration.event.categories.flatMap((category, index) =>
      eventCategories.has(category.categoryId)
        ? []
        : [{ field: `event.categories.${index}.categoryId`, message: RegistrationMessages.categoryNotInEvent }],
    );
    if (strangers.length > 0) throw validationError(strangers);

    const { schoolId, isNewSchool } = await resolveSchool(trx, registration, event.state_id, clock.now);
    if (await isSchoolRegisteredForEvent(trx, event.event_id, schoolId)) {
      throw new ApiError(409, ErrorCode.AlreadyRegistered, RegistrationMessages.alreadyRegistered);
    }
    const categories = registration.event.categories.map((category) => ({
      categoryId: category.categoryId,
      students: parseStudentNames(category.students),
    }));
    for (const category of categories) {
      const schoolOrder = await nextSchoolOrder(trx, category.categoryId);
      await insertRegistration(trx, { ...category, schoolId, stateId: event.state_id, schoolOrder }, clock.now);
    }
    await recordScheduleChange(
      trx,
      { stateId: event.state_id, eventId: event.event_id, categoryId: null, reason: 'school registered' },
      clock.now,
    );
    await reopenSubmissionsOwingWork(
      trx,
      categories.map((category) => category.categoryId),
      { reason: ReopenReason.schoolRegistered, userId: caller?.userId ?? null },
      clock.now,
    );
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller?.userId ?? null,
        action: 'register',
        entityType: 'category_registration',
        entityId: `${event.event_id}:${schoolId}`,
        after: { eventId: event.event_id, schoolId, isNewSchool, categories },
      },
      clock.now,
    );
    return { schoolId, eventId: event.event_id };
  });
}

async function resolveSchool(
  db: Db,
  registration: SchoolRegistration,
  stateId: number,
  now: string,
): Promise<{ schoolId: number; isNewSchool: boolean }> {
  const { school } = registration;
  if (school.schoolId !== null) {
    const existing = await findSchoolState(db, school.schoolId);
    if (!existing || existing.state_id !== stateId) throw notFound(RegistrationMessages.schoolNotFound);
    return { schoolId: existing.school_id, isNewSchool: false };
  }
  const schoolName = (school.schoolName ?? '').trim();
  if (await findSchoolByName(db, stateId, schoolName)) {
    throw new ApiError(409, ErrorCode.Conflict, RegistrationMessages.schoolAlreadyListed, [
      { field: 'school.schoolName', message: RegistrationMessages.schoolAlreadyListed },
    ]);
  }
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const optional = (value: string | null | undefined) => text(value) || null;
  const schoolId = await insertSchool(
    db,
    {
      stateId,
      schoolName,
      principal: text(school.schoolPrincipal),
      educator1: text(school.schoolEducator1),
      educator2: optional(school.schoolEducator2),
      educator3: optional(school.schoolEducator3),
      contactName: text(school.schoolContactName),
      contactEmail: text(school.schoolContactEmail).toLowerCase(),
      contactPhone: text(school.schoolContactPhone),
    },
    now,
  );
  return { schoolId, isNewSchool: true };
}
