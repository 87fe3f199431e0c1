import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * The result of a Dexie query, kept current as the database changes (in this tab or another).
 * `undefined` until the first result; `deps` restart the query. With `minIntervalMs`, a new
 * result is shown at most that often (the latest one always arrives, at the end of the
 * interval): a figure that changes with every synced batch need not re-render every time.
 */
export function useLiveQuery<T>(
  query: () => Promise<T>,
  deps: readonly unknown[],
  options: { minIntervalMs?: number } = {},
): T | undefined {
  const [result, setResult] = useState<{ deps: readonly unknown[]; value: T } | undefined>(undefined);
  const minIntervalMs = options.minIntervalMs ?? 0;
  useEffect(() => {
    const shown = showAtMostEvery(minIntervalMs, (value: T) => setResult({ deps, value }));
    const subscription = liveQuery(query).subscribe({
      next: shown.offer,
      error: (error: unknown) => console.error(error),
    });
    return () => {
      shown.cancel();
      subscription.unsubscribe();
    };
    // The caller's deps decide when the query changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, minIntervalMs]);
  // A result of an earlier query (before deps changed) is not shown for the new one.
  return result && sameDeps(result.deps, deps) ? result.value : undefined;
}

/**
 * Passes values on to `show` at most once per `minIntervalMs`: the first at once, later ones
 * at the end of the interval, and only the latest of those offered meanwhile.
 */
export function showAtMostEvery<T>(
  minIntervalMs: number,
  show: (value: T) => void,
  now: () => number = () => performance.now(),
) {
  let shownAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const showNow = (value: T) => {
    timer = undefined;
    shownAt = now();
    show(value);
  };
  return {
    offer(value: T): void {
      clearTimeout(timer);
      const wait = shownAt + minIntervalMs - now();
      if (wait <= 0) showNow(value);
      else timer = setTimeout(() => showNow(value), wait);
    },
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}
