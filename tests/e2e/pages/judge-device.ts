// The tablet's device store, read straight from IndexedDB in the page (as a support engineer
// would inspect it): the outbox and the score cells, for the convergence checks.
import type { Page } from '@playwright/test';

export interface DeviceOutboxRow {
  id: string;
  seq: number;
  judgeId: number;
  kind: string;
  status: 'pending' | 'rejected';
  rejectionCode: string | null;
  lastError: string | null;
  data: Record<string, unknown>;
}

export interface DeviceCell {
  kind: 'subsection' | 'penalty' | 'disqualification';
  judgeId: number;
  schoolId: number;
  itemId: number;
  value: number | null;
  comments: string | null;
  photoSha256: string | null;
  pending: number;
}

export interface DeviceState {
  outbox: DeviceOutboxRow[];
  cells: DeviceCell[];
  photos: { sha256: string; size: number; uploadedAt: string | null }[];
}

/**
 * Runs in the page (self-contained: Playwright's `page.evaluate` and WebDriver's execute both
 * send its source): the device store as a support engineer would read it.
 */
export async function readDeviceInPage(): Promise<DeviceState> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('judging-device');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const readAll = (store: string) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (!db.objectStoreNames.contains(store)) return resolve([]);
      const request = db.transaction(store, 'readonly').objectStore(store).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const [outbox, cells, photos] = await Promise.all([readAll('outbox'), readAll('cells'), readAll('photos')]);
  db.close();
  return {
    outbox: outbox as DeviceOutboxRow[],
    cells: cells as DeviceCell[],
    photos: (photos as { sha256: string; size: number; uploadedAt: string | null }[]).map(
      ({ sha256, size, uploadedAt }) => ({
        sha256,
        size,
        uploadedAt,
      }),
    ),
  };
}

export async function readDevice(page: Page): Promise<DeviceState> {
  return page.evaluate(readDeviceInPage);
}

/** The events downloaded onto the tablet, as [judgeId, eventId] keys of its event store. */
export async function readStoredEvents(page: Page): Promise<[number, number][]> {
  return page.evaluate(
    () =>
      new Promise<[number, number][]>((resolve, reject) => {
        const open = indexedDB.open('judging-device');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('eventData')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('eventData', 'readonly').objectStore('eventData').getAllKeys();
          keys.onerror = () => reject(keys.error);
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result as [number, number][]);
          };
        };
      }),
  );
}

/**
 * Runs in the page before its own scripts (self-contained, for `addInitScript`): notes when each
 * open of the device store is asked for (ms since navigation), for `deviceStoreOpens`.
 */
export function recordDeviceStoreOpens(): void {
  const opens: number[] = [];
  (window as unknown as { deviceStoreOpens: number[] }).deviceStoreOpens = opens;
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    if (name === 'judging-device') opens.push(performance.now());
    return version === undefined ? open.call(this, name) : open.call(this, name, version);
  };
}

/** When the page asked to open the device store so far (`recordDeviceStoreOpens`). */
export function deviceStoreOpens(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { deviceStoreOpens: number[] }).deviceStoreOpens);
}
