import { ClientConfigSchema } from '@judging/shared-types';
import { api } from './api.ts';

/** GET /api/config: settings the deployment chooses (decisions.md 4: the payment page). */
export function fetchPublicConfig(signal?: AbortSignal) {
  return api.get('/config', ClientConfigSchema, { token: null, signal });
}
