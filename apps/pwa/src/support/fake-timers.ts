import type { Timers } from './timers.ts';

/** A manual clock for unit tests: `advance(ms)` runs the timers that fall due, in order. */
export function createFakeTimers(): Timers & { advance(ms: number): void; now(): number; pendingCount(): number } {
  let now = 0;
  let nextHandle = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  return {
    /** The fake clock's time: ms advanced since it was made. */
    now: () => now,
    /** How many timers are set and neither fired nor cleared. */
    pendingCount: () => pending.size,
    setTimeout(callback, ms) {
      const handle = nextHandle++;
      pending.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout(handle) {
      if (typeof handle === 'number') pending.delete(handle);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...pending].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        const [handle, timer] = due;
        pending.delete(handle);
        now = timer.at;
        timer.callback();
      }
      now = until;
    },
  };
}
