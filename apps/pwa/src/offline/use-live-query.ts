import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * The result of a Dexie query, kept current as the database changes (in this tab or another).
 * `undefined` until the first result; `deps` restart the query.
 */
export function useLiveQuery<T>(query: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [result, setResult] = useState<{ deps: readonly unknown[]; value: T } | undefined>(undefined);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => setResult({ deps, value }),
      error: (error: unknown) => console.error(error),
    });
    return () => subscription.unsubscribe();
    // The caller's deps decide when the query changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // A result of an earlier query (before deps changed) is not shown for the new one.
  return result && sameDeps(result.deps, deps) ? result.value : undefined;
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}
