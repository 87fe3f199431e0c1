import Dexie, { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * The result of a Dexie query, kept current as the database changes (in this tab or another).
 * `undefined` until the first result; `deps` restart the query. With `minIntervalMs`, the
 * query runs again at most that often after a change (a change within the interval is read at
 * its end): a figure that changes with every synced batch need not be counted every time.
 */
export function useLiveQuery<T>(
  query: () => Promise<T>,
  deps: readonly unknown[],
  options: { minIntervalMs?: number } = {},
): T | undefined {
  const [result, setResult] = useState<{ deps: readonly unknown[]; value: T } | undefined>(undefined);
  const minIntervalMs = options.minIntervalMs ?? 0;
  useEffect(() => {
    const show = (value: T) => setResult({ deps, value });
    return minIntervalMs > 0 ? rereadAtMostEvery(minIntervalMs, query, show) : followLiveQuery(query, show);
    // The caller's deps decide when the query changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, minIntervalMs]);
  // A result of an earlier query (before deps changed) is not shown for the new one.
  return result && sameDeps(result.deps, deps) ? result.value : undefined;
}

/** Dexie's live query: re-run when what it read changes. Returns the unsubscribe. */
function followLiveQuery<T>(query: () => Promise<T>, show: (value: T) => void): () => void {
  const subscription = liveQuery(query).subscribe({ next: show, error: (error: unknown) => console.error(error) });
  return () => subscription.unsubscribe();
}

/**
 * Reads now, then again after the database changes, at most once per interval: while a long
 * queue drains, the query itself (not only the re-render) runs a few times a second rather
 * than once per synced batch. Returns the unsubscribe.
 */
export function rereadAtMostEvery<T>(
  minIntervalMs: number,
  query: () => Promise<T>,
  show: (value: T) => void,
): () => void {
  let isStopped = false;
  let latestRead = 0;
  const read = () => {
    const thisRead = ++latestRead;
    query().then(
      (value) => {
        // A slower earlier read never replaces a newer one.
        if (!isStopped && thisRead === latestRead) show(value);
      },
      (error: unknown) => console.error(error),
    );
  };
  const reads = showAtMostEvery<void>(minIntervalMs, read);
  const onChange = () => reads.offer();
  reads.offer();
  Dexie.on('storagemutated', onChange);
  return () => {
    isStopped = true;
    reads.cancel();
    Dexie.on('storagemutated').unsubscribe(onChange);
  };
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
