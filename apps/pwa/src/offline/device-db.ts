// The one module that owns the device's IndexedDB database (offline-sync.md "Device store").
// A *cell* is one judge's score of one item (subsection, penalty, disqualification) for one
// school in one section of a category; the *outbox* holds the judge's edits not yet acked.
// Versions are additive: a new version adds stores or indexes and never drops the outbox.
import Dexie, { type DBCore, type EntityTable, type Table, type Transaction } from 'dexie';
import type { MutationKind, RejectionCode, SyncCategory, SyncEvent, SyncReferenceData } from '@judging/shared-types';
import { DEVICE_DB_NAME } from './device-store-early-open.ts';

/** What a cell scores. */
export const CellKind = {
  Subsection: 'subsection',
  Penalty: 'penalty',
  Disqualification: 'disqualification',
} as const;
export type CellKind = (typeof CellKind)[keyof typeof CellKind];

/** One score cell as the device holds it. */
export interface CellRow {
  /** `cellKey(...)`: the cell's identity on this device (the server's scoreId may differ). */
  key: string;
  kind: CellKind;
  judgeId: number;
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
  /** subsectionId, penaltyId or disqualificationId. */
  itemId: number;
  scoreId: string;
  /** The subsection score or the penalty amount; null for a disqualification. */
  value: number | null;
  /**
   * A time-based penalty's time over as the judge entered it (seconds); null or absent when the
   * amount was picked, for other cells, and for cells stored before it was kept. Not indexed, so
   * it needs no new database version.
   */
  overtimeSeconds?: number | null;
  comments: string | null;
  photoSha256: string | null;
  /** 1 while a local edit of this cell is not acked by the server (a number so it can be indexed). */
  pending: 0 | 1;
  /** The server's revision of the cell; 0 before the server has it. */
  rev: number;
  updatedAt: string;
}

/** An event's reference data as downloaded for a judge, with the pull cursor. */
export interface EventDataRow {
  judgeId: number;
  eventId: number;
  event: SyncEvent;
  judge: SyncReferenceData['judge'];
  categories: SyncCategory[];
  /** The reference version: the server's change cursor at the download. */
  version: number;
  /** Pull from here; advanced with each applied pull in the same transaction. */
  cursor: number;
  protocolVersion: number;
  downloadedAt: string;
  /** When the last pull (or download) for this event succeeded. */
  refreshedAt: string;
  /** The schedule changed or a local edit was discarded: download the reference data again. */
  needsRefresh: boolean;
}

export const OutboxStatus = { Pending: 'pending', Rejected: 'rejected' } as const;

/**
 * Refusals the device records itself, beside the server's `RejectionCode`s: the server refused
 * the photo an edit refers to, so the edit was never sent (it stays, shown, until the judge
 * retries, sends it without the photo, or discards it).
 */
export const DeviceRejectionCode = { PhotoRefused: 'photo_refused' } as const;
export type DeviceRejectionCode = (typeof DeviceRejectionCode)[keyof typeof DeviceRejectionCode];
export type OutboxStatus = (typeof OutboxStatus)[keyof typeof OutboxStatus];

/** One edit waiting for the server's acknowledgement (offline-sync.md "Outbox"). */
export interface OutboxRow {
  /** UUID v7, sent as the mutation id. */
  id: string;
  /** Auto-increment: the order the judge made the edits in. */
  seq?: number;
  judgeId: number;
  eventId: number;
  kind: MutationKind;
  data: Record<string, unknown>;
  /** The outbox row shape's version, for future additive upgrades. */
  schemaVersion: number;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  status: OutboxStatus;
  /** The cell the edit touches (null for a category submit): a pull leaves it alone while the row exists. */
  cellKey: string | null;
  /** The server's rejection code (or the device's own, `photo_refused`), once rejected. */
  rejectionCode: RejectionCode | DeviceRejectionCode | null;
  /** A line the judge can read in "needs attention": what this edit was. */
  label: string;
}

/** A photo taken on the device: ArrayBuffer, never Blob (Safari fails on Blobs in IndexedDB). */
export interface PhotoRow {
  sha256: string;
  judgeId: number;
  mime: string;
  bytes: ArrayBuffer;
  size: number;
  /** When the server confirmed it has the photo; null until then. */
  uploadedAt: string | null;
  /** 1 until uploaded (an indexable mirror of `uploadedAt === null`). */
  awaitingUpload: 0 | 1;
  createdAt: string;
  /** When the server refused the photo for good (too large, not an image…); absent or null otherwise. */
  refusedAt?: string | null;
  /** The server's reason for the refusal. */
  refusal?: string | null;
  /**
   * The server said "not now" (429: the judge's daily photo bytes, the quota): not tried again
   * before this time (ISO), as its Retry-After asked. Absent or null otherwise. Not indexed.
   */
  retryAt?: string | null;
  /** The server's words with that "not now". */
  waitReason?: string | null;
  /**
   * When the photo was taken (EXIF DateTimeOriginal, else the file's time), ISO; absent on
   * photos stored before it was kept. Sent with the upload; the re-encoded bytes have no EXIF.
   */
  capturedAt?: string | null;
}

/**
 * A judge's outbox counts as the status bar shows them: rows waiting to be sent and rows the
 * server (or the device, for a refused photo) refused. Kept in step by every write to the
 * outbox, in the same transaction (outbox.ts).
 */
export interface OutboxCountsRow {
  judgeId: number;
  pending: number;
  rejected: number;
}

/** The judge's event list as last fetched, for the dashboard offline. */
export interface JudgeEventsRow {
  judgeId: number;
  events: SyncEvent[];
  fetchedAt: string;
}

/** Small values: the device id, each judge's last successful sync. */
export interface MetaRow {
  key: string;
  value: string;
}

export const OUTBOX_SCHEMA_VERSION = 1;

export type DeviceDb = Dexie & {
  cells: EntityTable<CellRow, 'key'>;
  eventData: Table<EventDataRow, [number, number]>;
  outbox: EntityTable<OutboxRow, 'seq'>;
  outboxCounts: EntityTable<OutboxCountsRow, 'judgeId'>;
  photos: EntityTable<PhotoRow, 'sha256'>;
  judgeEvents: EntityTable<JudgeEventsRow, 'judgeId'>;
  meta: EntityTable<MetaRow, 'key'>;
};

const commitCallbacks = new WeakMap<IDBTransaction, () => void>();

/**
 * Runs `callback` once the read-write transaction has committed (its `complete` event), before
 * Dexie's own completion handlers, which re-run every live query the change touches: a screen
 * can show what was committed first and let those queries catch up after.
 */
export function onCommitted(transaction: Transaction, callback: () => void): void {
  commitCallbacks.set(transaction.idbtrans, callback);
}

/** Middleware under Dexie's cache and observability layers: its `complete` listener comes first. */
function commitFirstMiddleware(down: DBCore): Partial<DBCore> {
  return {
    transaction(stores, mode, options) {
      const idbtrans = down.transaction(stores, mode, options) as IDBTransaction;
      if (mode === 'readwrite') {
        idbtrans.addEventListener(
          'complete',
          () => {
            const callback = commitCallbacks.get(idbtrans);
            if (!callback) return;
            commitCallbacks.delete(idbtrans);
            try {
              callback();
            } catch (error) {
              console.error(error);
            }
          },
          { once: true },
        );
      }
      return idbtrans;
    },
  };
}

/**
 * Opens (or creates) the device database. IndexedDB is read when the database is made, not when
 * Dexie is imported, so a test's fake-indexeddb installed later still counts.
 */
export function createDeviceDb(
  name: string = DEVICE_DB_NAME,
  options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange },
): DeviceDb {
  const found = globalThis.indexedDB ? { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange } : {};
  const db = new Dexie(name, { ...found, ...options }) as DeviceDb;
  // Level -2: below Dexie's own middlewares (cache and observability at 0).
  db.use({ stack: 'dbcore', name: 'CommitFirst', level: -2, create: commitFirstMiddleware });
  // The store's layout today. Dexie upgrades a device's older database (versions 1–4) from the
  // layout it finds on the device, so the earlier versions need no declaration of their own: only
  // one with an upgrade function does (Dexie 3+). Each declared version cost the page's start a
  // parse of every table's spec (decision 0190). What each version changed:
  // 2 (additive): per-judge counts and batches, "is this cell still queued", read index keys only.
  // 3 (additive): [judgeId+kind], so a score sheet reads its own cells' edits and the submits only.
  // 4: [judgeId+status+seq] serves what `judgeId`, `status` and [judgeId+status] did (Dexie
  //   reads a compound index's leading parts as indexes of their own), and reads "the judge's
  //   pending rows after seq N" as one range: the batch behind one still in flight.
  // 5: Chromium's IndexedDB walks every entry a read meets, the deleted ones it has not
  //   compacted yet included, and a draining queue deletes from its head: while a long queue
  //   drained, each count of it, and each look for a cell's first queued edit, cost more with
  //   every batch acked. So:
  //   - each judge's outbox counts are rows of their own, kept in step by every write to the
  //     outbox (outbox.ts), and the status bar reads two numbers instead of counting the queue;
  //   - [cellKey+seq] replaces `cellKey` (which Dexie still reads through it), so "is an edit of
  //     this cell queued after the ones just acked" starts past the deleted ones.
  db.version(5)
    .stores({
      cells: 'key, [judgeId+eventId], [judgeId+categoryId], [judgeId+categoryId+sectionId+schoolId]',
      eventData: '[judgeId+eventId], judgeId',
      outbox: '++seq, &id, [judgeId+status+seq], [cellKey+seq], [judgeId+kind]',
      outboxCounts: 'judgeId',
      photos: 'sha256, [judgeId+awaitingUpload]',
      judgeEvents: 'judgeId',
      meta: 'key',
    })
    .upgrade(async (transaction) => {
      const counts = new Map<number, OutboxCountsRow>();
      await transaction.table<OutboxRow, number>('outbox').each((row) => {
        const judge = counts.get(row.judgeId) ?? { judgeId: row.judgeId, pending: 0, rejected: 0 };
        if (row.status === OutboxStatus.Pending) judge.pending += 1;
        else judge.rejected += 1;
        counts.set(row.judgeId, judge);
      });
      await transaction.table<OutboxCountsRow, number>('outboxCounts').bulkPut([...counts.values()]);
    });
  return db;
}

/** The cell's identity on the device: kind, judge, place and item. */
export function cellKey(cell: {
  kind: CellKind;
  judgeId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
  itemId: number;
}): string {
  return `${cellKeyPrefix(cell)}${cell.itemId}`;
}

/** What every cell key of one kind in one sheet begins with (the item id follows). */
export function cellKeyPrefix(place: {
  kind: CellKind;
  judgeId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
}): string {
  return `${place.kind}:${place.judgeId}:${place.categoryId}:${place.sectionId}:${place.schoolId}:`;
}

/** WebKit drops IndexedDB connections (backgrounded tabs, storage pressure): these errors mean "reopen". */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const text = `${error.name} ${error.message}`;
  return (
    error.name === 'DatabaseClosedError' ||
    /connection to indexed database server lost/i.test(text) ||
    /database connection is closing/i.test(text) ||
    (error.name === 'UnknownError' && /indexed ?db/i.test(text)) ||
    error.name === 'InvalidStateError'
  );
}

/** Drops the lost connection and opens a new one. */
export async function reopenDeviceDb(db: DeviceDb): Promise<void> {
  db.close({ disableAutoOpen: false });
  await db.open();
}

/** Runs `work`; on a lost connection it reopens the database and tries once more. */
export async function withReopen<T>(db: DeviceDb, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isConnectionLost(error)) throw error;
    await reopenDeviceDb(db);
    return work();
  }
}

/** A cheap read that proves the connection works (on return to the foreground); reopens when it does not. */
export async function probeDeviceDb(db: DeviceDb): Promise<void> {
  await withReopen(db, () => db.meta.get('deviceId'));
}

/** This installation's id, made once and kept. */
export async function readDeviceId(db: DeviceDb): Promise<string> {
  return withReopen(db, () =>
    db.transaction('rw', db.meta, async () => {
      const stored = await db.meta.get('deviceId');
      if (stored) return stored.value;
      const value = `device-${crypto.randomUUID()}`;
      await db.meta.put({ key: 'deviceId', value });
      return value;
    }),
  );
}
