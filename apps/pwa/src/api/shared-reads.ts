/**
 * One request for identical reads made at the same time: parts of a screen that each need the
 * same record (a results page and its toolbar both read the event) share one answer. Nothing is
 * kept once the answer is in, so a later read asks the server again and never sees old data.
 * A caller's signal stops its own wait only: the request runs to its end for whoever else waits.
 */
const inFlight = new Map<string, Promise<unknown>>();

export function sharedRead<T>(key: string, load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(abortError());
  let shared = inFlight.get(key) as Promise<T> | undefined;
  if (!shared) {
    shared = load().finally(() => inFlight.delete(key));
    // Every caller may have stopped waiting: a failure nobody waits for is not a page error.
    shared.catch(() => undefined);
    inFlight.set(key, shared);
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
