import Type from 'typebox';
import { api } from './api.ts';

/** GET /api/config: settings the deployment chooses (decisions.md 4: the payment page). */
export const PublicConfigSchema = Type.Object({
  paymentUrl: Type.Union([Type.String(), Type.Null()]),
});

export function fetchPublicConfig(signal?: AbortSignal) {
  return api.get('/config', PublicConfigSchema, { token: null, signal });
}
