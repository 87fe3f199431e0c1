import {
  EventDetailSchema,
  EventListSchema,
  EventMutationResponseSchema,
  SuccessMessageSchema,
  type CreateEvent,
  type UpdateEvent,
} from '@judging/shared-types';
import { api } from './api.ts';
import { eventDetailPath } from './read-paths.ts';
import { sharedRead } from './shared-reads.ts';

/** GET state/{stateId}/event: the state's events (manage-events). */
export function listEvents(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/event`, EventListSchema, { signal });
}

/**
 * GET event/{id}: the event with its categories and their counts. Parts of a screen reading it at
 * once (a results page and its toolbar) share one request.
 */
export function getEvent(eventId: number, signal?: AbortSignal, joinableUntil?: Promise<unknown>) {
  return sharedRead(
    `event/${eventId}`,
    () => api.get(eventDetailPath(eventId), EventDetailSchema),
    signal,
    joinableUntil,
  );
}

/** POST event: a new event of the user's state with its first categories. */
export function createEvent(event: CreateEvent) {
  return api.post('/event', event, EventMutationResponseSchema);
}

/** PUT event/{id}: name, dates and start time (refused once the event is closed). */
export function updateEvent(eventId: number, event: UpdateEvent) {
  return api.put(`/event/${eventId}`, event, EventMutationResponseSchema);
}

/** DELETE event/{id}: test events only, with everything in them. */
export function removeTestEvent(eventId: number) {
  return api.delete(`/event/${eventId}`, SuccessMessageSchema);
}
