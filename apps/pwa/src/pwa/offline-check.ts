// What the browser says about the app kept for offline use: the service worker, its precache in
// Cache Storage, the photos on the device. Read by the "Ready for offline" panel; the rules that
// decide on the answers are in offline-readiness.ts.
import { useCallback, useEffect, useState } from 'react';
import { deviceDb } from '../offline/device.ts';
import { withReopen } from '../offline/device-db.ts';
import {
  WorkerState,
  isReadyForOffline,
  missingFromPrecache,
  photoStatus,
  precacheCacheKey,
  type PhotoStatus,
  type PrecacheEntry,
  type PrecacheStatus,
} from './offline-readiness.ts';
import { PRECACHE_MANIFEST_MESSAGE } from './precache-manifest-protocol.ts';

/** How long the worker has to answer; an older worker without the list never does. */
const MANIFEST_ANSWER_MS = 3_000;
/** While not ready, look again this often: the worker installs and the photos arrive on their own. */
const RECHECK_MS = 3_000;
/** Once ready, now and then: the browser can still lose files. */
const READY_RECHECK_MS = 30_000;

async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration?.active ? registration : undefined;
}

async function readWorkerState(): Promise<WorkerState> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return WorkerState.Unsupported;
  return (await activeRegistration()) ? WorkerState.Active : WorkerState.Installing;
}

function askPrecacheManifest(worker: ServiceWorker): Promise<PrecacheEntry[] | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), MANIFEST_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      resolve(Array.isArray(event.data) ? (event.data as PrecacheEntry[]) : null);
    };
    worker.postMessage({ type: PRECACHE_MANIFEST_MESSAGE }, [channel.port2]);
  });
}

async function precacheNames(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  return (await caches.keys()).filter((name) => name.includes('precache'));
}

/** The active worker's precache list beside Cache Storage; null when there is no worker or no answer. */
async function readPrecache(): Promise<{ status: PrecacheStatus; missing: PrecacheEntry[]; scope: string } | null> {
  const registration = await activeRegistration();
  if (!registration?.active) return null;
  const manifest = await askPrecacheManifest(registration.active);
  if (!manifest) return null;
  const cachedUrls = new Set<string>();
  for (const name of await precacheNames()) {
    for (const request of await (await caches.open(name)).keys()) cachedUrls.add(request.url);
  }
  const missing = missingFromPrecache(manifest, cachedUrls, registration.scope);
  return { status: { expected: manifest.length, missing: missing.length }, missing, scope: registration.scope };
}

/**
 * Downloads the app files missing from the precache into it, under workbox's keys (the worker
 * itself only fills the precache when it installs). Needs the network; false when any failed.
 */
export async function repairPrecache(): Promise<boolean> {
  const read = await readPrecache();
  if (!read || read.missing.length === 0) return read !== null;
  const [name = `workbox-precache-v2-${read.scope}`] = await precacheNames();
  const cache = await caches.open(name);
  let isComplete = true;
  for (const entry of read.missing) {
    try {
      const response = await fetch(new URL(entry.url, read.scope), { cache: 'reload', credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      await cache.put(precacheCacheKey(entry, read.scope), response);
    } catch {
      isComplete = false;
    }
  }
  return isComplete;
}

async function readPhotoStatus(cells: readonly { photoSha256: string | null; pending: 0 | 1 }[]): Promise<PhotoStatus> {
  const shas = [...new Set(cells.flatMap((cell) => (cell.photoSha256 ? [cell.photoSha256] : [])))];
  const onTablet = new Set(
    shas.length === 0
      ? []
      : await withReopen(deviceDb, () => deviceDb.photos.where('sha256').anyOf(shas).primaryKeys()),
  );
  return photoStatus(cells, (sha256) => onTablet.has(sha256));
}

export interface OfflineCheck {
  worker: WorkerState | null;
  precache: PrecacheStatus | null;
  photos: PhotoStatus | null;
  isReady: boolean;
  /** Reads everything again now (after Refresh now). */
  recheck(): Promise<void>;
}

/**
 * The app side of "Ready for offline", read on arrival, whenever the worker changes or the
 * tablet wakes, every few seconds while anything is missing (an install in progress finishes
 * on its own) and now and then once ready.
 */
export function useOfflineCheck(
  cells: readonly { photoSha256: string | null; pending: 0 | 1 }[],
  hasEventData: boolean,
): OfflineCheck {
  const [state, setState] = useState<Pick<OfflineCheck, 'worker' | 'precache' | 'photos'>>({
    worker: null,
    precache: null,
    photos: null,
  });
  const recheck = useCallback(async () => {
    const [worker, precache, photos] = await Promise.all([
      readWorkerState(),
      readPrecache().catch(() => null),
      readPhotoStatus(cells).catch(() => null),
    ]);
    setState({ worker, precache: precache?.status ?? null, photos });
  }, [cells]);
  const isReady =
    state.worker !== null &&
    isReadyForOffline({ worker: state.worker, precache: state.precache, hasEventData, photos: state.photos });

  useEffect(() => {
    let isCurrent = true;
    const run = () => void recheck().catch(() => undefined);
    run();
    const container = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    container?.addEventListener('controllerchange', run);
    document.addEventListener('visibilitychange', onVisible);
    void container?.ready.then(() => {
      if (isCurrent) run();
    });
    const timer = setInterval(run, isReady ? READY_RECHECK_MS : RECHECK_MS);
    return () => {
      isCurrent = false;
      container?.removeEventListener('controllerchange', run);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [recheck, isReady]);

  return { ...state, isReady, recheck };
}
