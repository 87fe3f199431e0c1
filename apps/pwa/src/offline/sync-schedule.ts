// When the sync runner tries: a write's debounce, the periodic sync while edits wait, the probe's
// rhythm, and the backoff after failures (offline-sync.md "Sync runner").
export const WRITE_DEBOUNCE_MS = 1000;
export const PERIODIC_SYNC_MS = 30_000;
/**
 * While edits wait and nothing was heard from the server lately: a probe every 2–2.5 s after the
 * one before left (jittered, so tablets spread out), so the queue drains within 3 s of the server
 * answering again, a stuck request's retry included.
 */
export const PROBE_WAITING_MS = 2000;
export const PROBE_JITTER_MS = 500;
/**
 * When nothing waits: a probe every 20 s, so the status turns to "can't reach the server"
 * within 30 s of the server going away (20 s, plus the probe's own time limit).
 */
export const PROBE_IDLE_MS = 20_000;
const BACKOFF_BASE_MS = 2000;
/** The longest wait after failures: the periodic interval, so no trigger waits longer than it. */
export const BACKOFF_MAX_MS = PERIODIC_SYNC_MS;
/**
 * The longest a server's Retry-After holds the next automatic try back (a photo past its quota
 * may be told days): the judge's edits are never held longer than this by the runner itself.
 */
export const RETRY_AFTER_MAX_MS = 10 * 60 * 1000;

/** Delay before retry number `failures` (1-based): doubling from 2 s up to 30 s, with 50–100 % jitter. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.5 + random() * 0.5));
}

/** The wait before the next probe: 2–2.5 s while edits wait, 20 s otherwise. */
export function probeDelay(isWaiting: boolean, random: () => number = Math.random): number {
  return isWaiting ? PROBE_WAITING_MS + Math.round(random() * PROBE_JITTER_MS) : PROBE_IDLE_MS;
}
