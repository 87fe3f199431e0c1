/** Today's date as YYYY-MM-DD in the server's local time zone (dates in this product are local). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The server's clock: services take it as `deps.now` so tests can fix the time. */
export type Clock = () => Date;

/** The current time by the caller's clock (`deps.now`), the system's when none is given. */
export function nowOf(deps: { now?: Clock | undefined }): Date {
  return deps.now ? deps.now() : new Date();
}
