import { realTimers, type Timers } from '../support/timers.ts';

/** Seed section 9: the loader clears after a 500 ms delay. */
export const LOADER_CLEAR_DELAY_MS = 500;

export interface LoadingStore {
  isLoading(): boolean;
  /** Counts one running task; call the returned function once when it ends. */
  start(): () => void;
  subscribe(listener: () => void): () => void;
}

/** A counter of running tasks; the spinner stays up until the count has been zero for the delay. */
export function createLoadingStore(timers: Timers = realTimers): LoadingStore {
  let running = 0;
  let visible = false;
  let clearTimer: unknown;
  const listeners = new Set<() => void>();

  const setVisible = (next: boolean) => {
    if (visible === next) return;
    visible = next;
    for (const listener of listeners) listener();
  };

  return {
    isLoading: () => visible,
    start() {
      running += 1;
      timers.clearTimeout(clearTimer);
      setVisible(true);
      let isDone = false;
      return () => {
        if (isDone) return;
        isDone = true;
        running -= 1;
        if (running > 0) return;
        clearTimer = timers.setTimeout(() => setVisible(running > 0), LOADER_CLEAR_DELAY_MS);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const loadingStore = createLoadingStore();

/** Shows the global spinner while `task` runs. */
export async function withLoading<T>(task: Promise<T>): Promise<T> {
  const stop = loadingStore.start();
  try {
    return await task;
  } finally {
    stop();
  }
}
