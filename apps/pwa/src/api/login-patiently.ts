import { loginRetryDelayMs, LoginResponseSchema, type LoginRequest, type LoginResponse } from '@judging/shared-types';
import type { ApiClient } from './api-client.ts';
import { isApiError } from './api-error.ts';

/**
 * Sends a login, waiting out a short "not now" itself and sending it again (decisions §9: a
 * venue's tablets logging in together may be asked to wait a second; the judge only sees
 * "Logging in…"). Any other answer, or a long wait, is thrown for the form to show. The rule
 * of what is waited out is shared with the server's tests (`loginRetryDelayMs`).
 */
export async function logInPatiently(
  client: Pick<ApiClient, 'post'>,
  request: LoginRequest,
  options: { sleep?: (ms: number) => Promise<void>; now?: () => number; spread?: () => number } = {},
): Promise<LoginResponse> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const spread = options.spread ?? Math.random;
  const startedAt = now();
  for (;;) {
    try {
      return await client.post('/login/user', request, LoginResponseSchema, { token: null });
    } catch (error) {
      const delayMs = isApiError(error) ? loginRetryDelayMs(error, now() - startedAt, spread()) : undefined;
      if (delayMs === undefined) throw error;
      await sleep(delayMs);
    }
  }
}
