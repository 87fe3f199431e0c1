import { dequal } from 'dequal';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * The result of a Dexie query, kept current as the database changes (in this tab or another).
 * `undefined` until the first result; `deps` restart the query.
 *
 * A query runs again after every write to the tables it read, and most writes leave its
 * answer as it was: while a long queue drains, each synced batch re-runs every screen's
 * queries. An answer equal to the one shown is dropped, so the screen does not render again
 * for nothing (rendering the judge screens per batch cost more than the drain itself).
 */
export function useLiveQuery<T>(
  query: () => Promise<T>,
  deps: readonly unknown[],
  isSameAnswer: (shown: T, next: T) => boolean = dequal,
  /**
   * An answer read just before the screen mounted (a route's loader): shown on the first render
   * instead of nothing; the query's own first answer replaces it unless it is the same.
   */
  initial?: { value: T },
): T | undefined {
  const [result, setResult] = useState<{ deps: readonly unknown[]; value: T } | undefined>(() =>
    initial ? { deps, value: initial.value } : undefined,
  );
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) =>
        setResult((shown) =>
          shown && shown.deps === deps && isSameAnswer(shown.value, value) ? shown : { deps, value },
        ),
      error: (error: unknown) => console.error(error),
    });
    return () => subscription.unsubscribe();
    // The caller's deps decide when the query changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // A result of an earlier query (before deps changed) is not shown for the new one.
  return result && sameDeps(result.deps, deps) ? result.value : undefined;
}

/** The answer to show: the one shown when the query (same deps) answered the same again. */
export function nextShown<T>(
  shown: { deps: readonly unknown[]; value: T } | undefined,
  next: { deps: readonly unknown[]; value: T },
  isSameAnswer: (shown: T, next: T) => boolean = dequal,
): { deps: readonly unknown[]; value: T } {
  return shown && shown.deps === next.deps && isSameAnswer(shown.value, next.value) ? shown : next;
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}
