// The event lookups every feature starts from: the event by id, as the caller may read or write
// it, and as the run page and its neighbours load it.
import { ErrorCode, EventMessages, EventStatusValues } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import type { EventRow } from '../db/tables.ts';
import { ApiError, notFound } from '../common/api-error.ts';
import { assertSameState, type AuthContext } from '../caller/caller.ts';

export const eventColumns = [
  'event.event_id',
  'event.state_id',
  'event.event_name',
  'event.start_date',
  'event.start_time',
  'event.end_date',
  'event.status',
  'event.is_test_event',
] as const;

export type EventRecord = NonNullable<Awaited<ReturnType<typeof findEventById>>>;

export async function findEventById(db: Db, eventId: number) {
  return db
    .selectFrom('event')
    .innerJoin('state', 'state.state_id', 'event.state_id')
    .select([...eventColumns, 'state.state_name'])
    .where('event.event_id', '=', eventId)
    .executeTakeFirst();
}

/** The event, when it exists and belongs to the caller's state (every role sees its own state only). */
export async function loadEventForRead(db: Db, caller: AuthContext, eventId: number): Promise<EventRecord> {
  const event = await findEventById(db, eventId);
  if (!event) throw notFound(EventMessages.notFound);
  assertSameState(caller, event.state_id);
  return event;
}

/** As `loadEventForRead`, and refused while the event is CLOSED: its results are final. */
export async function loadEventForWrite(db: Db, caller: AuthContext, eventId: number): Promise<EventRecord> {
  const event = await loadEventForRead(db, caller, eventId);
  if (event.status === EventStatusValues.Closed) throw new ApiError(409, ErrorCode.EventClosed, EventMessages.closed);
  return event;
}

export async function findEventRow(db: Db, eventId: number) {
  return db.selectFrom('event').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

export async function findRunEvent(db: Db, caller: AuthContext, eventId: number): Promise<EventRow> {
  const event = await findEventRow(db, eventId);
  if (!event) throw notFound('Event does not exist, please select a valid event.');
  assertSameState(caller, event.state_id);
  return event;
}
