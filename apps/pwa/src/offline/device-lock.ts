// One sync at a time per device: two tabs of the app must never push the same outbox rows at
// once, so the runner's work holds the `sync` Web Lock, or an in-page queue where there is none.

/** Runs each piece of work alone: under the `sync` Web Lock when `locks` is given, else in turn. */
export function createDeviceLock(locks: Pick<LockManager, 'request'> | undefined) {
  let localLock: Promise<unknown> = Promise.resolve();
  return async (work: () => Promise<void>) => {
    if (locks) {
      await locks.request('sync', work);
      return;
    }
    const previous = localLock;
    let release: () => void = () => undefined;
    localLock = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      await work();
    } finally {
      release();
    }
  };
}
