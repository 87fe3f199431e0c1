// The paths of the reads a results page's navigation sends ahead (results/start-page-reads.ts),
// which the events and results APIs send again when the page's code has loaded: one definition,
// so that the page's read takes the answer read ahead. Kept apart from those APIs, which are not
// part of the entry chunk.
import type { ResultsAnswerQuery } from '@judging/shared-types';

/** GET event/{id}: the event with its categories. */
export const eventDetailPath = (eventId: number) => `/event/${eventId}`;

/** GET run/coordinator/results/event/{e}/category/{c}: the report of one category. */
export function categoryResultsPath(eventId: number, categoryId: number, query: ResultsAnswerQuery = {}): string {
  const search = query.sheets === undefined ? '' : `?sheets=${query.sheets}`;
  return `/run/coordinator/results/event/${eventId}/category/${categoryId}${search}`;
}
