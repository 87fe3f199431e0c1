// The device store's name, and its opening started early. Opening an IndexedDB database waits
// for the browser to open its files. A load that will read the store starts that wait from the
// entry chunk, so it runs while the judge's code still downloads and runs, and Dexie's own open
// later finds the files open (decision 0200). Kept apart from device-db.ts so the entry chunk
// starts it without downloading Dexie.

/** The device's IndexedDB database (offline/device-db.ts declares its layout). */
export const DEVICE_DB_NAME = 'judging-device';

/**
 * Asks the browser to open the device store and lets go of it at once. Never creates the store
 * (Dexie does, with its layout) and never holds a connection a version change would wait on.
 * Settles when the browser has answered; never fails.
 */
export function startOpeningDeviceStore(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  if (!factory) return Promise.resolve();
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DEVICE_DB_NAME);
    } catch {
      resolve();
      return;
    }
    // No store on this device yet: aborting the creation leaves no database behind.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve();
    };
  });
}
