// A login that hits a short "not now" is sent again by the app itself (decisions §9): a venue's
// tablets logging in together may be asked to wait a second, and no judge should see that as an
// error. One rule for the app's login and for the tests that prove a venue's morning.

/** The longest single `Retry-After` the app waits out by itself, showing "Logging in…". */
export const LOGIN_RETRY_MAX_WAIT_SECONDS = 10;
/** The longest the app keeps one login going before it shows the server's answer instead. */
export const LOGIN_RETRY_BUDGET_MS = 60_000;
/** Up to this much is added to each wait, so a venue's tablets do not all come back at once. */
const SPREAD_MS = 500;

export interface LoginAnswer {
  status: number;
  /** The answer's `Retry-After`, in seconds, when it had one. */
  retryAfterSeconds: number | undefined;
}

/**
 * How long to wait before sending the same login again, or undefined: show the answer. Only a
 * 429 with a short `Retry-After` is waited out (a burst that queued too long, or the first
 * seconds-long waits after a few mistypes); a long wait is a message for the person.
 * `spread` is a number in [0, 1) (Math.random in the app).
 */
export function loginRetryDelayMs(answer: LoginAnswer, waitedSoFarMs: number, spread: number): number | undefined {
  if (answer.status !== 429 || answer.retryAfterSeconds === undefined) return undefined;
  if (answer.retryAfterSeconds > LOGIN_RETRY_MAX_WAIT_SECONDS) return undefined;
  const delayMs = answer.retryAfterSeconds * 1000 + Math.floor(Math.min(Math.max(spread, 0), 0.999) * SPREAD_MS);
  return waitedSoFarMs + delayMs > LOGIN_RETRY_BUDGET_MS ? undefined : delayMs;
}
