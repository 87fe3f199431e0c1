/**
 * Today's date as YYYY-MM-DD in the server's local time zone (dates in this product are local).
 * The server always passes its clock's `now`; the default is for tests that compare with today.
 */
export function todayIso(now: Date = systemClock()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The server's clock. The app takes one (`buildApp({ now })`, the system's by default) and hands
 * it to every route, service and background job as `deps.now`, so a test that fixes it fixes
 * every timestamp the server writes. This file is the only place that reads the system time
 * (common/clock.test.ts fails on any other argument-less `new Date()`).
 */
export type Clock = () => Date;

/** The system's time: the clock of the running server. */
export const systemClock: Clock = () => new Date();

/** The current time by the caller's clock (`deps.now`), the system's when none is given. */
export function nowOf(deps: { now?: Clock | undefined }): Date {
  return (deps.now ?? systemClock)();
}

/** The current time as an ISO timestamp, the form every stored `*_at` column takes. */
export function nowIso(deps: { now?: Clock | undefined }): string {
  return nowOf(deps).toISOString();
}

/** The server's notion of now: `today` (YYYY-MM-DD, local) for date rules, `now` (ISO) for stamps. */
export interface ClockReading {
  today: string;
  now: string;
}
