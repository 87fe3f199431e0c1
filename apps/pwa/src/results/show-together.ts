// A results page reads each category as its own answer (decision 0120), and the answers of one
// page usually arrive within a few milliseconds of each other. Shown one by one, each answer cost
// a render and a layout of the page of its own, and the last rows waited for all of them
// (issue 41). Answers that arrive together are shown together; a slow answer holds back the ones
// that came before it no longer than SHOW_TOGETHER_MS, and a failed one no longer than its failure.
import { realTimers, type Timers } from '../support/timers.ts';

/** How long the first answer of a batch waits for the others still on their way. */
export const SHOW_TOGETHER_MS = 100;

export interface ShowingTogether<K, V> {
  /** An answer is in: shown with the others once all are in, or when the batch's wait is over. */
  arrived(key: K, value: V): void;
  /** An answer will not come (its read failed): the others no longer wait for it. */
  settled(): void;
  /** The page is gone: nothing more is shown. */
  stop(): void;
}

/**
 * Gathers `expected` answers and hands them to `show` in as few batches as their arrival allows:
 * all at once when the last comes within `windowMs` of the first of a batch, else what came by
 * then, and the rest the same way.
 */
export function showTogether<K, V>(
  expected: number,
  show: (arrived: ReadonlyMap<K, V>) => void,
  { windowMs = SHOW_TOGETHER_MS, timers = realTimers }: { windowMs?: number; timers?: Timers } = {},
): ShowingTogether<K, V> {
  let waiting = expected;
  let batch = new Map<K, V>();
  let timer: unknown;
  let isStopped = false;

  const clearWait = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    clearWait();
    if (isStopped || batch.size === 0) return;
    const arrived = batch;
    batch = new Map();
    show(arrived);
  };
  const settle = () => {
    waiting -= 1;
    if (waiting <= 0) flush();
    else if (batch.size > 0) timer ??= timers.setTimeout(flush, windowMs);
  };

  return {
    arrived(key, value) {
      if (isStopped) return;
      batch.set(key, value);
      settle();
    },
    settled() {
      if (!isStopped) settle();
    },
    stop() {
      isStopped = true;
      clearWait();
    },
  };
}
