// How a rate limit counts (decisions §8): a fixed window per key, opened by its first request and
// counting every request until it ends; the next request after it opens a new one. The memory
// store (@fastify/rate-limit's own, on SQLite) counts this way; the PostgreSQL store
// (rate-limit-store-postgres.ts) applies this function, and rate-limits.test.ts holds the two equal.

export interface LimitWindow {
  /** Requests counted in the window, this one included. */
  hits: number;
  /** When the window ends (ms since the epoch). */
  endsAt: number;
}

/** The window after one more request at `now`. */
export function windowWithHit(window: LimitWindow | undefined, now: number, windowMs: number): LimitWindow {
  if (window === undefined || window.endsAt <= now) return { hits: 1, endsAt: now + windowMs };
  return { hits: window.hits + 1, endsAt: window.endsAt };
}
