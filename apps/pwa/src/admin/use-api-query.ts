import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { handleGlobalError } from '../errors/global-error-handler.ts';

export interface ApiQuery<T> {
  /** The last answer for the current key; undefined until it arrives. */
  data: T | undefined;
  /** The failure of the last load for the current key, if it failed. */
  error: unknown;
  isLoading: boolean;
  /** Loads again (after a change the answer did not carry). */
  reload(): void;
  /** Replaces the data with what a change answered, so the screen needs no second call. */
  setData(next: T): void;
}

interface QueryState<T> {
  key: string;
  data?: T;
  error?: unknown;
  isDone: boolean;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Loads a screen's data whenever `key` changes. A read never raises the global spinner: the
 * screen stays usable and shows the rows the moment they arrive (its tables say "Loading…"
 * meanwhile); the blocking spinner is for changes only (use-save-action.ts). A failure goes to
 * `onError` (default: the seed's global handler); an answer for an older key is dropped.
 */
export function useApiQuery<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  onError: (error: unknown) => void = handleGlobalError,
): ApiQuery<T> {
  const [state, setState] = useState<QueryState<T>>({ key, isDone: false });
  const [version, setVersion] = useState(0);
  const runLoad = useEffectEvent(load);
  const reportError = useEffectEvent(onError);

  useEffect(() => {
    const controller = new AbortController();
    runLoad(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, data, isDone: true });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setState({ key, error, isDone: true });
        reportError(error);
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((previous) => previous + 1), []);
  const setData = useCallback((data: T) => setState({ key, data, isDone: true }), [key]);
  const isCurrent = state.key === key;
  return {
    data: isCurrent ? state.data : undefined,
    error: isCurrent ? state.error : undefined,
    isLoading: !isCurrent || !state.isDone,
    reload,
    setData,
  };
}
