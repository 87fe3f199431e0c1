/**
 * One request for identical reads started together: parts of a screen that each need the same
 * record when it opens (a results page and its toolbar both read the event, in the same render's
 * effects) share one answer. Only reads started in the same task join: a read started later (after
 * a save, say) asks the server again rather than take an answer begun before the change, and
 * nothing is kept once the answer is in. A caller's signal stops its own wait only: the request
 * runs to its end for whoever else waits.
 */
const joinable = new Map<string, Promise<unknown>>();

export function sharedRead<T>(
  key: string,
  load: () => Promise<T>,
  signal?: AbortSignal,
  /**
   * A read a navigation starts for the page it opens: joinable, answered or not, until this
   * settles (the page has taken the navigation's reads over), not only this task. The page's
   * parts may mount after the answer is in once the read starts before the page's chunk loads.
   */
  joinableUntil?: Promise<unknown>,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(abortError());
  let shared = joinable.get(key) as Promise<T> | undefined;
  if (!shared) {
    const started = load();
    // Every caller may have stopped waiting: a failure nobody waits for is not a page error.
    started.catch(() => undefined);
    joinable.set(key, started);
    const stopJoining = () => {
      if (joinable.get(key) === started) joinable.delete(key);
    };
    if (joinableUntil) joinableUntil.then(stopJoining, stopJoining);
    else {
      // Joinable until its answer is in or this task ends, whichever comes first.
      started.then(stopJoining, stopJoining);
      setTimeout(stopJoining, 0);
    }
    shared = started;
  }
  return untilAborted(shared, signal);
}

function abortError(): DOMException {
  return new DOMException('The read was aborted.', 'AbortError');
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
