import { HistoryPageSchema, type HistoryQuery } from '@judging/shared-types';
import { api } from './api.ts';

/** GET run/coordinator/event/{e}/history: the score history, newest first; `before` continues a page. */
export function getScoreHistory(eventId: number, query: HistoryQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return api.get(`/run/coordinator/event/${eventId}/history${search ? `?${search}` : ''}`, HistoryPageSchema, {
    signal,
  });
}
