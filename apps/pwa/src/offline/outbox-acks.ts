// The outbox after a push (offline-sync.md "Sync runner"): a row leaves the outbox only when
// the server acks it `applied` or `duplicate`; `rejected` keeps it as status rejected (shown in
// "needs attention"); a transient answer keeps it pending for the next attempt. Also the
// judge's own handling of refused rows: retry, send without the photo, discard.
import {
  MutationStatus,
  isTransientRejection,
  type MutationResult,
  type PushMutation,
  type RejectionCode,
} from '@judging/shared-types';
import {
  DeviceRejectionCode,
  OutboxStatus,
  withReopen,
  type CellRow,
  type DeviceDb,
  type OutboxRow,
} from './device-db.ts';
import { addCountChange, changeCounts, type CountChanges } from './outbox-counts.ts';
import { createUuidV7 } from './uuid-v7.ts';

/**
 * The judge's pending rows in `seq` order, at most `limit`; with `afterSeq`, only the rows
 * behind it (the batch after one still waiting for its answer). Other judges' rows are never
 * returned.
 *
 * Read by seq first: in a draining queue the rows behind are nearly always all this judge's
 * pending ones, and Chromium reads a store by its key about four times more cheaply than
 * through an index, which costs a lookup of each entry's record (docs/decisions/
 * 0079-answers-stored-in-batches.md; figures in bench/APPENDIX.md). When anything else is
 * mixed in (another judge's queue on a shared tablet, refused rows), the index answers instead.
 */
export async function listPendingBatch(
  db: DeviceDb,
  judgeId: number,
  limit: number,
  afterSeq = 0,
): Promise<OutboxRow[]> {
  return withReopen(db, async () => {
    const next = await db.outbox.where(':id').above(afterSeq).limit(limit).toArray();
    const isMine = (row: OutboxRow) => row.judgeId === judgeId && row.status === OutboxStatus.Pending;
    if (next.length < limit || next.every(isMine)) return next.filter(isMine);
    return db.outbox
      .where('[judgeId+status+seq]')
      .between([judgeId, OutboxStatus.Pending, afterSeq], [judgeId, OutboxStatus.Pending, Infinity], false, true)
      .limit(limit)
      .toArray();
  });
}

/** The highest seq of a batch read from the outbox. */
export function lastSeqOf(batch: readonly OutboxRow[]): number {
  return batch.reduce((highest, row) => Math.max(highest, row.seq ?? 0), 0);
}

/**
 * True when the push answered every row sent and none with a transient stop: the rows behind
 * the batch may go out before this answer is stored.
 */
export function isWholeBatchAnswered(sent: readonly OutboxRow[], results: readonly MutationResult[]): boolean {
  const answered = new Set(results.map((result) => result.id));
  return (
    sent.every((row) => answered.has(row.id)) &&
    !results.some((result) => result.status === MutationStatus.Rejected && isTransientRejection(result.code))
  );
}

/** An outbox row as the push sends it (the token is added by the request, never stored here). */
export function toPushMutation(row: OutboxRow): PushMutation {
  return {
    id: row.id,
    seq: row.seq ?? 0,
    kind: row.kind,
    data: row.data,
    createdAt: row.createdAt,
  } as PushMutation;
}

export interface AckOutcome {
  acked: number;
  rejected: number;
  /** The transient answer that stopped the batch (e.g. `photo_missing`), if any. */
  transient: MutationResult | undefined;
}

/** A push's rows and the server's answers to them. */
export interface AnsweredBatch {
  sent: readonly OutboxRow[];
  results: readonly MutationResult[];
}

/**
 * Applies a push's answers to the rows that were sent, in one transaction: applied or
 * duplicate removes the row (and clears the cell's pending flag once no other edit of it
 * waits); rejected keeps the row as rejected; a transient answer stops there. Rows without an
 * answer stay pending.
 */
export async function applyPushResults(
  db: DeviceDb,
  sent: readonly OutboxRow[],
  results: readonly MutationResult[],
): Promise<AckOutcome> {
  return applyAnsweredBatches(db, [{ sent, results }]);
}

/**
 * `applyPushResults` for several pushes, in the order they were sent, in one transaction. Only
 * the last push may have stopped short (the runner sends nothing behind such a push), so the
 * answers are stored as those of one long batch; the outcome counts them all.
 *
 * `queuedBehind`: rows the caller knows are still queued behind these (sent and not answered,
 * or read to send next). Their cells keep an edit waiting, so they need no look at the queue.
 */
export async function applyAnsweredBatches(
  db: DeviceDb,
  answered: readonly AnsweredBatch[],
  queuedBehind: readonly OutboxRow[] = [],
): Promise<AckOutcome> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.cells, db.outboxCounts, () => storeAnsweredBatches(db, answered, queuedBehind)),
  );
}

// One call, not one per push: Dexie keeps a transaction only through a few levels of native
// async functions, and a loop of them let it commit before the last push was stored.
function storeAnsweredBatches(
  db: DeviceDb,
  answered: readonly AnsweredBatch[],
  queuedBehind: readonly OutboxRow[],
): Promise<AckOutcome> {
  return storeAnswers(
    db,
    answered.flatMap((batch) => batch.sent),
    answered.flatMap((batch) => batch.results),
    new Set(queuedBehind.flatMap((row) => (row.cellKey ? [row.cellKey] : []))),
  );
}

/** The answers stored, inside the caller's read-write transaction on outbox and cells. */
async function storeAnswers(
  db: DeviceDb,
  sent: readonly OutboxRow[],
  results: readonly MutationResult[],
  cellsQueuedBehind: ReadonlySet<string>,
): Promise<AckOutcome> {
  const byId = new Map(results.map((result) => [result.id, result]));
  const outcome: AckOutcome = { acked: 0, rejected: 0, transient: undefined };
  const acked: OutboxRow[] = [];
  // Each cell touched: its last acked revision and seq, settled once the acked rows are gone.
  const settled = new Map<string, AckedCell>();
  // Only a refused row is read back (for its attempts): an acked one is simply removed.
  const refused: { seq: number; result: MutationResult }[] = [];
  for (const row of sent) {
    const result = byId.get(row.id);
    if (!result || row.seq === undefined) break;
    if (result.status === MutationStatus.Applied || result.status === MutationStatus.Duplicate) {
      acked.push(row);
      if (row.cellKey) {
        settled.set(row.cellKey, { rev: result.rev ?? settled.get(row.cellKey)?.rev, lastSeq: row.seq });
      }
      outcome.acked += 1;
      continue;
    }
    refused.push({ seq: row.seq, result });
    if (isTransientRejection(result.code)) break;
  }
  const counts: CountChanges = new Map();
  for (const { seq, result } of refused) {
    const current = await db.outbox.get(seq);
    if (!current) continue;
    if (isTransientRejection(result.code)) {
      await db.outbox.update(seq, {
        attempts: current.attempts + 1,
        lastError: result.message ?? result.code ?? 'Retrying later',
      });
      outcome.transient = result;
      continue;
    }
    await db.outbox.update(seq, {
      status: OutboxStatus.Rejected,
      attempts: current.attempts + 1,
      lastError: result.message ?? 'Refused by the server',
      rejectionCode: (result.code ?? null) as RejectionCode | null,
    });
    if (current.status === OutboxStatus.Pending) addCountChange(counts, current.judgeId, -1, 1);
    outcome.rejected += 1;
  }
  for (const [judgeId, removed] of await deleteRows(db, acked)) addCountChange(counts, judgeId, -removed, 0);
  await Promise.all([settleCells(db, acked, settled, cellsQueuedBehind), changeCounts(db, counts)]);
  return outcome;
}

/**
 * Removes the sent rows, answering how many were removed for each judge (a row already gone is
 * not counted). Runs of consecutive seqs go as one range request each: a judge's batches
 * usually are one run, every seq between belonging to them.
 */
async function deleteRows(db: DeviceDb, rows: readonly OutboxRow[]): Promise<Map<number, number>> {
  const removed = new Map<number, number>();
  const runs: { judgeId: number; first: number; last: number }[] = [];
  const bySeq = rows.filter((row) => row.seq !== undefined).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const row of bySeq) {
    const seq = row.seq ?? 0;
    const run = runs.at(-1);
    if (run && run.judgeId === row.judgeId && run.last + 1 === seq) run.last = seq;
    else if (!run || run.last !== seq) runs.push({ judgeId: row.judgeId, first: seq, last: seq });
  }
  const deleted = await Promise.all(
    runs.map((run) => db.outbox.where(':id').between(run.first, run.last, true, true).delete()),
  );
  runs.forEach((run, index) => removed.set(run.judgeId, (removed.get(run.judgeId) ?? 0) + (deleted[index] ?? 0)));
  return removed;
}

/** A cell whose edits were acked: the last acked revision (if answered) and the last acked seq. */
interface AckedCell {
  rev: number | undefined;
  lastSeq: number;
}

/**
 * After acks: each cell touched takes its last acked revision, and is in step with the server
 * once no other edit of it is queued. One pass for all of them: the cells are read together,
 * and only the cells that change are written. A cell with a row known to be queued behind
 * needs no look at the queue. For the others, two looks, each past the deleted entries
 * Chromium would otherwise walk (device-db.ts version 5): the first edit of the cell queued
 * after its last one acked (edits are sent and acked in seq order, so any before it that is
 * still there was refused), and the judge's refused edits.
 */
async function settleCells(
  db: DeviceDb,
  acked: readonly OutboxRow[],
  settled: ReadonlyMap<string, AckedCell>,
  cellsQueuedBehind: ReadonlySet<string>,
): Promise<void> {
  if (settled.size === 0) return;
  const keys = [...settled.keys()];
  const toLookUp = keys.filter((key) => !cellsQueuedBehind.has(key));
  const judgeIds = [...new Set(acked.map((row) => row.judgeId))];
  const [cells, queuedAfter, refused] = await Promise.all([
    db.cells.bulkGet(keys),
    Promise.all(
      toLookUp.map((key) =>
        db.outbox
          .where('[cellKey+seq]')
          .between([key, settled.get(key)?.lastSeq ?? 0], [key, Infinity], false, true)
          .limit(1)
          .primaryKeys(),
      ),
    ),
    toLookUp.length === 0 ? [] : Promise.all(judgeIds.map((judgeId) => listRejected(db, judgeId))),
  ]);
  const stillQueued = new Set([
    ...cellsQueuedBehind,
    ...toLookUp.filter((_key, index) => (queuedAfter[index]?.length ?? 0) > 0),
    ...refused.flat().flatMap((row) => (row.cellKey ? [row.cellKey] : [])),
  ]);
  const changed: CellRow[] = [];
  for (const cell of cells) {
    if (!cell) continue;
    const rev = settled.get(cell.key)?.rev ?? cell.rev;
    const pending = stillQueued.has(cell.key) ? 1 : 0;
    if (rev !== cell.rev || pending !== cell.pending) changed.push({ ...cell, rev, pending });
  }
  if (changed.length > 0) await db.cells.bulkPut(changed);
}

/** The judge's refused rows, in seq order. */
function listRejected(db: DeviceDb, judgeId: number): Promise<OutboxRow[]> {
  return db.outbox
    .where('[judgeId+status+seq]')
    .between([judgeId, OutboxStatus.Rejected, -Infinity], [judgeId, OutboxStatus.Rejected, Infinity])
    .toArray();
}

/** A failed attempt (network, 5xx, captive portal): the rows stay pending; the error is noted on them. */
export async function noteFailedAttempt(db: DeviceDb, sent: readonly OutboxRow[], message: string): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      for (const row of sent) {
        if (row.seq === undefined) continue;
        const stored = await db.outbox.get(row.seq);
        if (stored) await db.outbox.update(row.seq, { attempts: stored.attempts + 1, lastError: message });
      }
    }),
  );
}

/**
 * Sends a rejected edit again (after a coordinator's unlock): a new mutation id, since the
 * server answers a known id with its stored rejection, queued behind everything else. An edit
 * held back by a refused photo either tries the photo again or, `withoutPhoto`, goes without
 * it (the cell keeps the score and comments and drops the photo).
 */
export async function retryRejected(
  db: DeviceDb,
  judgeId: number,
  seq: number,
  now: string,
  options: { withoutPhoto?: boolean } = {},
): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', db.outbox, db.cells, db.photos, db.outboxCounts, async () => {
      const row = await db.outbox.get(seq);
      if (!row || row.judgeId !== judgeId || row.status !== OutboxStatus.Rejected) return;
      await changeCounts(db, new Map([[judgeId, { pending: 1, rejected: -1 }]]));
      const photo = typeof row.data.photoSha256 === 'string' ? row.data.photoSha256 : null;
      const dropPhoto = options.withoutPhoto === true && photo !== null;
      await db.outbox.delete(seq);
      const { seq: _oldSeq, ...rest } = row;
      await db.outbox.add({
        ...rest,
        data: dropPhoto ? { ...row.data, photoSha256: null } : row.data,
        id: createUuidV7(Date.parse(now) || Date.now()),
        status: OutboxStatus.Pending,
        attempts: 0,
        lastError: null,
        rejectionCode: null,
        createdAt: now,
      });
      if (row.cellKey) {
        const cell = await db.cells.get(row.cellKey);
        if (cell) {
          await db.cells.update(row.cellKey, {
            pending: 1,
            ...(dropPhoto && cell.photoSha256 === photo ? { photoSha256: null } : {}),
          });
        }
      }
      if (photo !== null && !dropPhoto && row.rejectionCode === DeviceRejectionCode.PhotoRefused) {
        // Try the photo once more (the server's limits may have changed).
        await db.photos.update(photo, { awaitingUpload: 1, refusedAt: null, refusal: null });
      }
    }),
  );
}

/**
 * The server refused a photo for good (too large, not an image…): the photo stops being
 * uploaded, and every pending edit of the judge that refers to it becomes rejected
 * (`photo_refused`, with the server's reason), so it shows in "needs attention" and the rest
 * of the queue is sent. Nothing is deleted. Returns how many edits were held back.
 */
export async function refusePhotoEdits(
  db: DeviceDb,
  judgeId: number,
  sha256: string,
  reason: string,
  now: string,
): Promise<number> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.photos, db.outboxCounts, async () => {
      await db.photos.update(sha256, { awaitingUpload: 0, uploadedAt: null, refusedAt: now, refusal: reason });
      const held = await db.outbox
        .where('[judgeId+status]')
        .equals([judgeId, OutboxStatus.Pending])
        .filter((row) => row.data.photoSha256 === sha256)
        .toArray();
      for (const row of held) {
        if (row.seq === undefined) continue;
        await db.outbox.update(row.seq, {
          status: OutboxStatus.Rejected,
          attempts: row.attempts + 1,
          lastError: `The server refused this edit's photo: ${reason} The score is kept on this tablet: send it without the photo, or discard it.`,
          rejectionCode: DeviceRejectionCode.PhotoRefused,
        });
      }
      await changeCounts(db, new Map([[judgeId, { pending: -held.length, rejected: held.length }]]));
      return held.length;
    }),
  );
}

/**
 * Drops a rejected edit on the judge's explicit word. The event is marked for a fresh
 * download so the cell shows the server's value again.
 */
export async function discardRejected(db: DeviceDb, judgeId: number, seq: number): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', db.outbox, db.cells, db.eventData, db.outboxCounts, async () => {
      const row = await db.outbox.get(seq);
      if (!row || row.judgeId !== judgeId || row.status !== OutboxStatus.Rejected) return;
      await db.outbox.delete(seq);
      await changeCounts(db, new Map([[judgeId, { pending: 0, rejected: -1 }]]));
      if (row.cellKey) {
        const others = await db.outbox.where('cellKey').equals(row.cellKey).count();
        if (others === 0) await db.cells.delete(row.cellKey);
      }
      await db.eventData.update([judgeId, row.eventId], { needsRefresh: true });
    }),
  );
}
