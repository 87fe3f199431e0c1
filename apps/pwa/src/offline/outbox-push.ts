// Sending the judge's outbox: the pending rows in seq order, one push of at most 50 at a time,
// each answer stored before the rows behind it can be refused for its sake. One push out, not
// several: at a 40-judge event the server is the bottleneck, and three pushes out per tablet
// emptied every queue no sooner (docs/decisions/0078-one-push-at-a-time.md).
//
// While a long queue drains, answers are stored a few pushes at a time (every
// STORE_ANSWERS_EVERY_MS or MAX_UNSTORED_BATCHES, in one transaction): each store re-runs every
// screen's live queries, which cost the tablet more than the push itself. An answered row waits
// meanwhile as it was, still counted as waiting: should the tablet stop before its answer is
// stored, it is sent again and the server answers `duplicate`. Every answer is stored before
// `pushOutbox` returns or fails.
import { MAX_PUSH_BATCH, MutationKind, RejectionCode } from '@judging/shared-types';
import type { DeviceDb, OutboxRow } from './device-db.ts';
import {
  applyAnsweredBatches,
  isWholeBatchAnswered,
  lastSeqOf,
  listPendingBatch,
  noteFailedAttempt,
  toPushMutation,
  type AckOutcome,
  type AnsweredBatch,
} from './outbox-acks.ts';
import { markPhotoMissing } from './photo-store.ts';
import { listWaitingPhotos } from './photo-upload.ts';
import type { SyncApi } from './sync-api.ts';
import { describeSyncError } from './sync-errors.ts';

/** While a long queue drains, answers are stored at most this often… */
export const STORE_ANSWERS_EVERY_MS = 250;
/** …or once this many pushes wait for theirs (at most 1,000 rows to send again after a stop). */
export const MAX_UNSTORED_BATCHES = 20;
/** Pending rows read at a time while a queue drains (five pushes' worth). */
const READ_AHEAD_ROWS = 5 * MAX_PUSH_BATCH;

export interface OutboxPushDependencies {
  db: DeviceDb;
  api: Pick<SyncApi, 'push'>;
  now: () => Date;
  /** The server answered (told before the answer is stored, so "sent" never shows beside "offline"). */
  onHeard: () => void;
  /** Uploads the judge's photos waiting (the server said an edit's photo is missing). */
  uploadPhotos: (judgeId: number) => Promise<unknown>;
}

/**
 * One pass over the queue: the rows behind the last read, read several batches ahead (while the
 * runner drains, pending rows only leave by its own hand or arrive behind, with higher seqs).
 * Rows that need a photo still waiting (the server said "not now" to it) are held back, and so
 * is every row that must not overtake them (see `createPhotoHolds`): the rest goes.
 */
function createBatchReader(db: DeviceDb, judgeId: number) {
  let ahead: OutboxRow[] = [];
  let readUpTo = 0;
  let holds: PhotoHolds | undefined;
  return {
    async next(): Promise<OutboxRow[]> {
      holds ??= createPhotoHolds(await listWaitingPhotos(db, judgeId));
      while (ahead.length < MAX_PUSH_BATCH) {
        const read = await listPendingBatch(db, judgeId, READ_AHEAD_ROWS, readUpTo);
        if (read.length === 0) break;
        readUpTo = lastSeqOf(read);
        ahead.push(...read.filter((row) => !holds?.holdsBack(row)));
      }
      return ahead.splice(0, MAX_PUSH_BATCH);
    },
    /** Rows read and not sent yet: queued behind any answer being stored. */
    readAhead: (): readonly OutboxRow[] => ahead,
    /** The next batch comes from the head of the queue (only once every answer is stored). */
    fromHead() {
      ahead = [];
      readUpTo = 0;
      holds = undefined;
    },
  };
}

interface PhotoHolds {
  /** True when the row must wait (seen in seq order). */
  holdsBack(row: OutboxRow): boolean;
}

/**
 * What waits for a photo: an edit naming it; any later edit of the same cell (last write wins
 * on the server, so an older value must not arrive after a newer one); and a later submit of
 * the same category (it would lock the category before the held edit arrives).
 */
function createPhotoHolds(waitingPhotos: ReadonlySet<string>): PhotoHolds {
  const heldCells = new Set<string>();
  const heldCategories = new Set<string>();
  const categoryOf = (row: OutboxRow) => `${String(row.data.eventId)}:${String(row.data.categoryId)}`;
  return {
    holdsBack(row) {
      if (waitingPhotos.size === 0) return false;
      const photo = row.data.photoSha256;
      const isHeld =
        (typeof photo === 'string' && waitingPhotos.has(photo)) ||
        (row.cellKey !== null && heldCells.has(row.cellKey)) ||
        (row.kind === MutationKind.CategorySubmit && heldCategories.has(categoryOf(row)));
      if (isHeld) {
        if (row.cellKey !== null) heldCells.add(row.cellKey);
        heldCategories.add(categoryOf(row));
      }
      return isHeld;
    },
  };
}

/** Answers received and not stored yet, in the order their pushes were sent. */
function createAnswerStore(db: DeviceDb, now: () => Date) {
  let unstored: AnsweredBatch[] = [];
  let storedAt = now().getTime();
  return {
    add(batch: AnsweredBatch) {
      unstored.push(batch);
    },
    isDue: () => now().getTime() - storedAt >= STORE_ANSWERS_EVERY_MS || unstored.length >= MAX_UNSTORED_BATCHES,
    hasUnstored: () => unstored.length > 0,
    /** Stores every answer kept, and `extra` with them; rows `queuedBehind` keep their cells waiting. */
    store(queuedBehind: readonly OutboxRow[], extra: AnsweredBatch[] = []): Promise<AckOutcome> {
      const answered = [...unstored, ...extra];
      unstored = [];
      storedAt = now().getTime();
      return applyAnsweredBatches(db, answered, queuedBehind);
    },
  };
}

/**
 * Sends the judge's pending rows until none is left. A push that stops short (a transient
 * answer such as photo_missing, or fewer answers than rows) has its answers stored, and the
 * queue is sent again from its head: after uploading the missing photo once, or not at all.
 */
export async function pushOutbox(deps: OutboxPushDependencies, judgeId: number, deviceId: string): Promise<void> {
  const { db, api } = deps;
  const reader = createBatchReader(db, judgeId);
  const answers = createAnswerStore(db, deps.now);
  let photoRetries = 0;
  for (;;) {
    let rows = await reader.next();
    if (rows.length === 0) {
      // The end of the pass: store every answer, then look from the head of the queue again
      // (edits saved meanwhile, or rows put back to send, go too).
      if (answers.hasUnstored()) await answers.store(reader.readAhead());
      reader.fromHead();
      rows = await reader.next();
      if (rows.length === 0) return;
    }
    let response;
    try {
      response = await api.push(deviceId, rows.map(toPushMutation));
      deps.onHeard();
    } catch (error) {
      if (answers.hasUnstored()) await answers.store(reader.readAhead());
      await noteFailedAttempt(db, rows, describeSyncError(error));
      throw error;
    }
    if (isWholeBatchAnswered(rows, response.results)) {
      answers.add({ sent: rows, results: response.results });
      if (answers.isDue()) await answers.store(reader.readAhead());
      continue;
    }
    const { transient } = await answers.store(reader.readAhead(), [{ sent: rows, results: response.results }]);
    // Fewer answers than rows, without a transient stop: stop rather than loop.
    if (!transient) return;
    if (transient.code !== RejectionCode.PhotoMissing || photoRetries >= 1) {
      throw new Error(transient.message ?? 'The server asked to retry later.');
    }
    // The server lacks a photo this edit refers to: upload it, then push again.
    photoRetries += 1;
    const sha256 = photoOf(rows.find((item) => item.id === transient.id));
    if (sha256) await markPhotoMissing(db, sha256);
    await deps.uploadPhotos(judgeId);
    reader.fromHead();
  }
}

function photoOf(row: OutboxRow | undefined): string | undefined {
  const value = row?.data.photoSha256;
  return typeof value === 'string' ? value : undefined;
}
