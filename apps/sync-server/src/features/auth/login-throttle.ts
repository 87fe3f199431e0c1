/**
 * Counts failed logins in a sliding window per key (an IP, an account). In memory: the server
 * is one process, and a restart forgetting counts is harmless.
 */
export interface AttemptLimiter {
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
  clear(key: string): void;
}

export function createAttemptLimiter(options: {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}): AttemptLimiter {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const cutoff = now() - options.windowMs;
    const kept = (failures.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  return {
    isBlocked: (key) => recent(key).length >= options.maxFailures,
    recordFailure: (key) => {
      failures.set(key, [...recent(key), now()]);
    },
    clear: (key) => {
      failures.delete(key);
    },
  };
}
