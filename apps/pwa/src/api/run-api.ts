import { CoordinatorEventSchema, RejectedEditListSchema, RunStatusResponseSchema } from '@judging/shared-types';
import { sessionStore } from '../session/app-session.ts';
import { API_BASE } from './api-client.ts';
import { api } from './api.ts';

/** GET run/coordinator/event/{e}: per category, each judge's status, progress and last sync. */
export function getCoordinatorEvent(eventId: number, signal?: AbortSignal) {
  return api.get(`/run/coordinator/event/${eventId}`, CoordinatorEventSchema, { signal });
}

/** PUT run/coordinator/event/{e}/start */
export function startEvent(eventId: number) {
  return api.put(`/run/coordinator/event/${eventId}/start`, {}, RunStatusResponseSchema);
}

/** PUT run/coordinator/event/{e}/complete: ends the event and freezes the results. */
export function completeEvent(eventId: number) {
  return api.put(`/run/coordinator/event/${eventId}/complete`, {}, RunStatusResponseSchema);
}

/** DELETE score/submitScores/event/{e}/category/{c}/judge/{j}: reopens a judge's submitted category. */
export function unlockJudge(eventId: number, categoryId: number, judgeId: number) {
  return api.delete(
    `/score/submitScores/event/${eventId}/category/${categoryId}/judge/${judgeId}`,
    RunStatusResponseSchema,
  );
}

/** The event-run stream URL (an EventSource cannot send a header, so the token rides in the query). */
export function coordinatorStreamUrl(eventId: number): string {
  const token = sessionStore.get()?.token ?? '';
  return `${API_BASE}/run/coordinator/event/${eventId}/stream?token=${encodeURIComponent(token)}`;
}

/** GET run/coordinator/event/{e}/rejected: judge edits the server refused, newest first. */
export function getRejectedEdits(eventId: number, signal?: AbortSignal) {
  return api.get(`/run/coordinator/event/${eventId}/rejected`, RejectedEditListSchema, { signal });
}
