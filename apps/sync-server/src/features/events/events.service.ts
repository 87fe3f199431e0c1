import {
  ErrorCode,
  EventMessages,
  validateEventUpdate,
  validateNewEvent,
  type CategorySummary,
  type EventDetail,
  type EventListItem,
  type EventSchool,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound, validationError } from '../../common/api-error.ts';
import { toCategorySummary, toEventDetail, toEventListItem, toEventSchools } from './events.mapper.ts';
import {
  deleteEvent,
  insertCategory,
  insertEvent,
  listCategorySummaries,
  listEventRegistrations,
  listEventsByState,
  updateEventDetails,
} from './events.repository.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import type { ClockReading } from '../../common/clock.ts';
import { loadEventForRead, loadEventForWrite } from '../../shared/event-lookups.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { findEventById } from '../../shared/event-lookups.ts';
import { recordScheduleChange } from '../../shared/change-log.repository.ts';

export async function listStateEvents(db: Db, caller: AuthContext, stateId: number): Promise<EventListItem[]> {
  assertSameState(caller, stateId);
  return (await listEventsByState(db, stateId)).map(toEventListItem);
}

export async function getEventDetail(db: Db, caller: AuthContext, eventId: number): Promise<EventDetail> {
  const event = await loadEventForRead(db, caller, eventId);
  return toEventDetail(event, await listCategorySummaries(db, eventId));
}

export async function listEventCategories(db: Db, caller: AuthContext, eventId: number): Promise<CategorySummary[]> {
  await loadEventForRead(db, caller, eventId);
  return (await listCategorySummaries(db, eventId)).map(toCategorySummary);
}

export async function listEventSchools(db: Db, caller: AuthContext, eventId: number): Promise<EventSchool[]> {
  await loadEventForRead(db, caller, eventId);
  return toEventSchools(await listEventRegistrations(db, eventId));
}

/** Adds an event with its first categories, in the caller's own state. */
export async function createEvent(
  db: Db,
  caller: AuthContext,
  body: unknown,
  clock: ClockReading,
): Promise<EventDetail> {
  const result = validateNewEvent(body, clock.today);
  if (!result.ok) throw validationError(result.errors);
  const input = result.value;
  if (input.eventState.stateId !== caller.stateId) throw forbidden(EventMessages.otherState);
  return inTransaction(db, async (trx) => {
    const eventId = await insertEvent(
      trx,
      {
        stateId: caller.stateId,
        name: input.eventName.trim(),
        startDate: input.eventStartDate,
        startTime: input.eventStartTime || null,
        endDate: input.eventEndDate,
        isTestEvent: input.isTestEvent ?? false,
      },
      clock.now,
    );
    for (const name of input.eventCategories) {
      await insertCategory(trx, { eventId, stateId: caller.stateId, name: name.trim() }, clock.now);
    }
    const detail = await readEventDetail(trx, eventId);
    await recordAudit(
      trx,
      {
        stateId: caller.stateId,
        userId: caller.userId,
        action: 'create',
        entityType: 'event',
        entityId: eventId,
        after: detail,
      },
      clock.now,
    );
    return detail;
  });
}

/**
 * Changes name, dates and start time. An omitted end date stays, moved up to the new start
 * date if it would fall before it (most events last one day).
 */
export async function updateEvent(
  db: Db,
  caller: AuthContext,
  eventId: number,
  body: unknown,
  clock: ClockReading,
): Promise<EventDetail> {
  return inTransaction(db, async (trx) => {
    const before = await loadEventForWrite(trx, caller, eventId);
    const result = validateEventUpdate(body, clock.today, before.start_date);
    if (!result.ok) throw validationError(result.errors);
    const input = result.value;
    const endDate =
      input.eventEndDate ?? (before.end_date >= input.eventStartDate ? before.end_date : input.eventStartDate);
    const startTime = input.eventStartTime === undefined ? before.start_time : input.eventStartTime || null;
    await updateEventDetails(
      trx,
      eventId,
      { name: input.eventName.trim(), startDate: input.eventStartDate, startTime, endDate },
      clock.now,
    );
    const afterRecord = await findEventById(trx, eventId);
    if (!afterRecord) throw notFound(EventMessages.notFound);
    await recordScheduleChange(
      trx,
      { stateId: before.state_id, eventId, categoryId: null, reason: 'event updated' },
      clock.now,
    );
    await recordAudit(
      trx,
      {
        stateId: before.state_id,
        userId: caller.userId,
        action: 'update',
        entityType: 'event',
        entityId: eventId,
        before: toEventListItem(before),
        after: toEventListItem(afterRecord),
      },
      clock.now,
    );
    return toEventDetail(afterRecord, await listCategorySummaries(trx, eventId));
  });
}

/**
 * Removes a test event with everything in it. Test events are rehearsals, so this is allowed
 * in any status, a closed rehearsal included; real events are never removed.
 */
export async function removeTestEvent(db: Db, caller: AuthContext, eventId: number, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const event = await loadEventForRead(trx, caller, eventId);
    if (event.is_test_event !== 1) throw new ApiError(409, ErrorCode.Conflict, EventMessages.onlyTestEventsRemovable);
    const before = toEventDetail(event, await listCategorySummaries(trx, eventId));
    await deleteEvent(trx, eventId);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: 'delete',
        entityType: 'event',
        entityId: eventId,
        before,
      },
      now,
    );
  });
}

async function readEventDetail(db: Db, eventId: number): Promise<EventDetail> {
  const event = await findEventById(db, eventId);
  if (!event) throw notFound(EventMessages.notFound);
  return toEventDetail(event, await listCategorySummaries(db, eventId));
}
