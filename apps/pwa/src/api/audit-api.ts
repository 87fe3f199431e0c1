import { AuditPageSchema } from '@judging/shared-types';
import { api } from './api.ts';

/** GET audit: one state's audit rows, newest first; `before` is the previous page's `nextBefore`. */
export function listAuditEntries(query: { stateId: number; limit?: number; before?: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({ stateId: String(query.stateId) });
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', String(query.before));
  return api.get(`/audit?${params.toString()}`, AuditPageSchema, { signal });
}
