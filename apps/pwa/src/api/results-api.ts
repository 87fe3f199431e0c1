import {
  PublicResultsSettingSavedSchema,
  PublicResultsSettingSchema,
  ResultsReportSchema,
  registerCompiledChecks,
  type ResultsAnswerQuery,
} from '@judging/shared-types';
import { Check as checkResultsReport } from 'virtual:compiled-check:ResultsReportSchema';
import { API_BASE } from './api-client.ts';
import { api } from './api.ts';
import { categoryResultsPath } from './read-paths.ts';
import { downloadThroughTicket } from './link-api.ts';

// Compiled when the app is built and registered here, with the results screens only.
registerCompiledChecks([[ResultsReportSchema, checkResultsReport]]);

/** GET run/coordinator/results/event/{e}: provisional while open, final (frozen) once closed. */
export function getEventResults(eventId: number, signal?: AbortSignal) {
  return api.get(`/run/coordinator/results/event/${eventId}`, ResultsReportSchema, { signal });
}

/**
 * GET run/coordinator/results/event/{e}/category/{c}: the event's report with that one category.
 * The overall and section pages read categories one by one: a state final's whole answer is
 * megabytes, one category a sixth of it (issue 20). `sheets: 'omit'`: without the judges' sheets,
 * which neither page shows (decision 0172).
 */
export function getCategoryResults(
  eventId: number,
  categoryId: number,
  signal?: AbortSignal,
  query: ResultsAnswerQuery = {},
) {
  return api.get(categoryResultsPath(eventId, categoryId, query), ResultsReportSchema, { signal });
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

function resultsExportPath(target: ExportTarget): string {
  let path = `${API_BASE}/export/results/event/${target.eventId}`;
  if (target.categoryId !== undefined) path += `/category/${target.categoryId}`;
  if (target.schoolId !== undefined) path += `/school/${target.schoolId}`;
  return path;
}

function resultsExportQuery(target: ExportTarget): URLSearchParams {
  return new URLSearchParams(target.report === undefined ? {} : { report: target.report });
}

/** The export's address as a link shows it: without a ticket it opens nothing, so copying it leaks nothing. */
export function resultsExportHref(target: ExportTarget): string {
  const query = resultsExportQuery(target).toString();
  return query ? `${resultsExportPath(target)}?${query}` : resultsExportPath(target);
}

/** GET export/results/...: downloads the CSV through a one-minute link ticket. */
export function downloadResultsExport(target: ExportTarget): Promise<void> {
  return downloadThroughTicket(resultsExportPath(target), resultsExportQuery(target));
}

/** GET event/{e}/public-results: whether the public results page is published, and its link. */
export function getPublicResultsSetting(eventId: number, signal?: AbortSignal) {
  return api.get(`/event/${eventId}/public-results`, PublicResultsSettingSchema, { signal });
}

/** PUT event/{e}/public-results: publish or withdraw the public page (it answers once CLOSED). */
export function savePublicResultsSetting(eventId: number, isPublic: boolean) {
  return api.put(`/event/${eventId}/public-results`, { isPublic }, PublicResultsSettingSavedSchema);
}
