import { ResultsReportSchema } from '@judging/shared-types';
import { sessionStore } from '../session/app-session.ts';
import { API_BASE } from './api-client.ts';
import { api } from './api.ts';

/** GET run/coordinator/results/event/{e}: provisional while open, final (frozen) once closed. */
export function getEventResults(eventId: number, signal?: AbortSignal) {
  return api.get(`/run/coordinator/results/event/${eventId}`, ResultsReportSchema, { signal });
}

/** PUT run/coordinator/event/{e}/recomputeScores (open events; seed §4: recompute, then load). */
export function recomputeResults(eventId: number) {
  return api.put(`/run/coordinator/event/${eventId}/recomputeScores`, {}, ResultsReportSchema);
}

export interface ExportTarget {
  eventId: number;
  categoryId?: number;
  schoolId?: number;
  report?: 'overall' | 'section';
}

/** A download link of export/results/... (the token rides in the query so a plain link works). */
export function resultsExportUrl(target: ExportTarget): string {
  let path = `${API_BASE}/export/results/event/${target.eventId}`;
  if (target.categoryId !== undefined) path += `/category/${target.categoryId}`;
  if (target.schoolId !== undefined) path += `/school/${target.schoolId}`;
  const query = new URLSearchParams({ token: sessionStore.get()?.token ?? '' });
  if (target.report !== undefined) query.set('report', target.report);
  return `${path}?${query.toString()}`;
}
