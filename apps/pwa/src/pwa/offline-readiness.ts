// Whether a judge's tablet can open the app and score with no network: the rules, without I/O
// (the browser's answers are read in offline-check.ts).

/** One entry of the service worker's precache list (scripts/precache-manifest-script.ts). */
export interface PrecacheEntry {
  url: string;
  /** null for a file whose name carries its hash. */
  revision: string | null;
}

/** The key workbox stores a precached file under: its absolute URL, with the revision for unhashed files. */
export function precacheCacheKey(entry: PrecacheEntry, scopeUrl: string): string {
  const url = new URL(entry.url, scopeUrl);
  if (entry.revision !== null) url.searchParams.set('__WB_REVISION__', entry.revision);
  return url.href;
}

/** The entries of the list Cache Storage does not hold (by workbox's key). */
export function missingFromPrecache(
  manifest: readonly PrecacheEntry[],
  cachedUrls: ReadonlySet<string>,
  scopeUrl: string,
): PrecacheEntry[] {
  return manifest.filter((entry) => !cachedUrls.has(precacheCacheKey(entry, scopeUrl)));
}

export const WorkerState = {
  /** The browser has no service workers (or they are blocked): the app cannot open offline. */
  Unsupported: 'unsupported',
  /** Registering or installing (downloading the app's files); also before a failed install is retried. */
  Installing: 'installing',
  /** Installed and active: it answers the app's pages with no network. */
  Active: 'active',
} as const;
export type WorkerState = (typeof WorkerState)[keyof typeof WorkerState];

/** The app files the active worker precaches and how many of them Cache Storage lacks; null until read. */
export interface PrecacheStatus {
  expected: number;
  missing: number;
}

/** The photos the judge's scores in the event refer to, as this tablet holds them. */
export interface PhotoStatus {
  referenced: number;
  /** Photos of edits the server does not have yet that are not on this tablet: lost for offline work. */
  missingUnsent: number;
  /** Photos the server has that were taken on another device: they open only online. */
  onlineOnly: number;
}

/** Which photos of the judge's scores are not on the tablet, telling unsent edits from sent ones. */
export function photoStatus(
  cells: readonly { photoSha256: string | null; pending: 0 | 1 }[],
  isOnTablet: (sha256: string) => boolean,
): PhotoStatus {
  const unsent = new Set<string>();
  const sent = new Set<string>();
  for (const cell of cells) {
    if (cell.photoSha256 === null) continue;
    (cell.pending === 1 ? unsent : sent).add(cell.photoSha256);
  }
  for (const sha256 of unsent) sent.delete(sha256);
  const referenced = unsent.size + sent.size;
  const missingUnsent = [...unsent].filter((sha256) => !isOnTablet(sha256)).length;
  const onlineOnly = [...sent].filter((sha256) => !isOnTablet(sha256)).length;
  return { referenced, missingUnsent, onlineOnly };
}

export interface OfflineReadinessInputs {
  worker: WorkerState;
  precache: PrecacheStatus | null;
  hasEventData: boolean;
  photos: PhotoStatus | null;
}

/**
 * Ready to judge offline: the app installed in the browser (an active service worker) with
 * every file of its precache in Cache Storage, the event downloaded, and no photo of an unsent
 * edit missing. Storage persistence, free space and the login are advice beside it: none of
 * them stops the app opening or a score being saved offline.
 */
export function isReadyForOffline(inputs: OfflineReadinessInputs): boolean {
  return (
    inputs.worker === WorkerState.Active &&
    inputs.precache !== null &&
    inputs.precache.expected > 0 &&
    inputs.precache.missing === 0 &&
    inputs.hasEventData &&
    inputs.photos !== null &&
    inputs.photos.missingUnsent === 0
  );
}

/** Below this much free space the tablet may not hold a day of photos. */
export const LOW_FREE_BYTES = 50 * 1024 * 1024;

export interface ReadinessAdviceInputs {
  /** Whether the browser keeps this site's data under pressure; null when it cannot say. */
  isPersisted: boolean | null;
  freeBytes: number | null;
  /** Whether the login lasts through the event's last day; null when unknown. */
  isLoginValidThroughEvent: boolean | null;
}

export const ReadinessAdvice = {
  Storage: 'storage',
  FreeSpace: 'free-space',
  Login: 'login',
} as const;
export type ReadinessAdvice = (typeof ReadinessAdvice)[keyof typeof ReadinessAdvice];

/**
 * The advice that applies: what the judge could do to keep the day safe, none of which stops
 * offline judging. Only known facts count: an unknown is not advice.
 */
export function readinessAdvice(inputs: ReadinessAdviceInputs): ReadinessAdvice[] {
  const advice: ReadinessAdvice[] = [];
  if (inputs.isPersisted === false) advice.push(ReadinessAdvice.Storage);
  if (inputs.freeBytes !== null && inputs.freeBytes <= LOW_FREE_BYTES) advice.push(ReadinessAdvice.FreeSpace);
  if (inputs.isLoginValidThroughEvent === false) advice.push(ReadinessAdvice.Login);
  return advice;
}
