import { ErrorCode } from '@judging/shared-types';
import { fetchSession } from '../api/auth-api.ts';
import { isApiError } from '../api/api-error.ts';
import { handleGlobalError } from '../errors/global-error-handler.ts';
import type { SessionStore } from './session-store.ts';

/**
 * At start, asks the server whether the stored token still works and refreshes the stored
 * user. Only a refused token ends the session: offline or a server hiccup keeps it, so a
 * judge can open the app in a gym with no signal.
 */
export async function verifyStoredSession(store: SessionStore): Promise<void> {
  const stored = store.get();
  if (!stored) return;
  try {
    const current = await fetchSession(stored.token);
    if (store.get()?.token === stored.token) store.set({ token: stored.token, ...current });
  } catch (error) {
    if (isApiError(error) && (error.code === ErrorCode.TokenInvalid || error.status === 401)) {
      if (store.get()?.token === stored.token) handleGlobalError(error);
    }
  }
}
