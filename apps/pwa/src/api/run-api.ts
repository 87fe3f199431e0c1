import {
  CoordinatorEventSchema,
  RejectedEditListSchema,
  RunStatusResponseSchema,
  type ExcuseJudgeBody,
  type ReplaceJudgeBody,
} from '@judging/shared-types';
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

/** The event-run stream's path; an EventSource sends no header, so it opens with a link ticket (link-api.ts). */
export function coordinatorStreamPath(eventId: number): string {
  return `${API_BASE}/run/coordinator/event/${eventId}/stream`;
}

/** GET run/coordinator/event/{e}/rejected: judge edits the server refused, newest first. */
export function getRejectedEdits(eventId: number, signal?: AbortSignal) {
  return api.get(`/run/coordinator/event/${eventId}/rejected`, RejectedEditListSchema, { signal });
}

/** POST run/coordinator/event/{e}/category/{c}/judge/{j}/excuse: the judge stops owing those sections (decisions §9). */
export function excuseJudge(eventId: number, categoryId: number, judgeId: number, body: ExcuseJudgeBody) {
  return api.post(
    `/run/coordinator/event/${eventId}/category/${categoryId}/judge/${judgeId}/excuse`,
    body,
    RunStatusResponseSchema,
  );
}

/** POST …/judge/{j}/replace: excuse, and assign another judge to the same sections with an empty sheet. */
export function replaceJudge(eventId: number, categoryId: number, judgeId: number, body: ReplaceJudgeBody) {
  return api.post(
    `/run/coordinator/event/${eventId}/category/${categoryId}/judge/${judgeId}/replace`,
    body,
    RunStatusResponseSchema,
  );
}
