// What a sync failure means (the server not reached; a photo refused for good, or only "not
// now"), and how it reads in the status bar and on the rows it left waiting.
import { ErrorCode } from '@judging/shared-types';
import { ClientErrorCode, isApiError } from '../api/api-error.ts';

/** One line for the judge: "No connection to the server." or the server's own message. */
export function describeSyncError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return 'No connection to the server.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Sync failed.';
}

/**
 * True when a failure says the server was not reached: no answer (refused, timed out, no
 * network), or an answer that is not our API's (a portal's page, a proxy's 502). Our API's own
 * errors (a 503 ordering refusal, a 500) mean the server is there.
 */
export function isUnreachable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.code === ClientErrorCode.InvalidResponse || error.code === ClientErrorCode.Http;
}

/** 4xx statuses that say "not now" rather than "never". */
const RETRYABLE_CLIENT_STATUSES: readonly number[] = [401, 408, 425, 426, 429];

/**
 * The server refused a photo for good: a 4xx from our API (its JSON error), or a 413/415 from
 * anything on the way. Any other 4xx without our JSON (a portal or proxy in the way), 401
 * (log in again), timeouts, rate limits, 5xx and network failures are retried later.
 */
export function isPhotoRefused(error: unknown): boolean {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return false;
  if (RETRYABLE_CLIENT_STATUSES.includes(error.status)) return false;
  if (error.code === ErrorCode.TokenInvalid) return false;
  return error.code !== ClientErrorCode.Http || error.status === 413 || error.status === 415;
}
