// The kept outbox counts: each judge's number of waiting and refused rows, stored beside the
// queue (`outboxCounts`) and changed in the same transaction as every write that adds, removes
// or changes the status of a row. Why kept rather than counted: the status bar reads them on
// every save, and counting a long queue through its index is a read of every entry (docs/decisions/
// 0080-kept-outbox-counts.md; figures in bench/APPENDIX.md); a save also writes from the counts this
// page last knew, so it does not wait a round trip for a read. `recountOutbox` puts them right
// once as the app starts, should they ever drift.
import Dexie, { liveQuery } from 'dexie';
import { OutboxStatus, withReopen, type DeviceDb, type OutboxCountsRow } from './device-db.ts';

/** Changes to judges' outbox counts, by judge. */
export type CountChanges = Map<number, { pending: number; rejected: number }>;

export function addCountChange(changes: CountChanges, judgeId: number, pending: number, rejected: number): void {
  const current = changes.get(judgeId) ?? { pending: 0, rejected: 0 };
  changes.set(judgeId, { pending: current.pending + pending, rejected: current.rejected + rejected });
}

/**
 * The counts this page last read or wrote, by judge: a save writes from them without waiting
 * for a read (`countNewRow`). Another tab's writes make them stale; the save sees that in the
 * same transaction and writes again.
 */
const lastKnownCounts = new WeakMap<DeviceDb, Map<number, OutboxCountsRow>>();

function rememberCounts(db: DeviceDb, counts: OutboxCountsRow): void {
  let known = lastKnownCounts.get(db);
  if (!known) lastKnownCounts.set(db, (known = new Map()));
  known.set(counts.judgeId, counts);
}

/**
 * Adds to the judges' outbox counts (device-db.ts `OutboxCountsRow`), inside the caller's
 * read-write transaction, which holds `outboxCounts`: every write to the outbox that adds,
 * removes or changes the status of a row passes its change here, so the counts stay those of
 * the rows.
 */
export async function changeCounts(db: DeviceDb, changes: CountChanges): Promise<void> {
  const changed = [...changes].filter(([, change]) => change.pending !== 0 || change.rejected !== 0);
  if (changed.length === 0) return;
  const stored = await db.outboxCounts.bulkGet(changed.map(([judgeId]) => judgeId));
  const next = changed.map(([judgeId, change], index) => ({
    judgeId,
    pending: (stored[index]?.pending ?? 0) + change.pending,
    rejected: (stored[index]?.rejected ?? 0) + change.rejected,
  }));
  await db.outboxCounts.bulkPut(next);
  for (const counts of next) rememberCounts(db, counts);
}

/**
 * One more row waiting for `judgeId`, on a judge's save: written from the counts last known
 * in the same batch as the read of the stored ones, so the save's transaction does not wait a
 * round trip for the read (docs/decisions/0077-save-latency.md); should they differ, written again
 * from the stored ones before the transaction commits.
 */
export function countNewRow(db: DeviceDb, judgeId: number): Promise<void> {
  const known = lastKnownCounts.get(db)?.get(judgeId);
  const assumed = known && { ...known, pending: known.pending + 1 };
  // Dexie's promises, no native await: a save's transaction runs without Dexie's zone echoes
  // (what an async scope costs it on every await), and these stay inside the caller's transaction.
  return Dexie.Promise.all([db.outboxCounts.get(judgeId), assumed && db.outboxCounts.put(assumed)]).then(([stored]) => {
    const actual = { judgeId, pending: (stored?.pending ?? 0) + 1, rejected: stored?.rejected ?? 0 };
    rememberCounts(db, actual);
    if (assumed && actual.pending === assumed.pending && actual.rejected === assumed.rejected) return;
    return db.outboxCounts.put(actual).then(() => undefined);
  });
}
/** The judge's outbox counts, for the status indicator: kept in step by every write (`changeCounts`). */
export async function countOutbox(db: DeviceDb, judgeId: number): Promise<{ pending: number; rejected: number }> {
  const counts = (await db.outboxCounts.get(judgeId)) ?? { judgeId, pending: 0, rejected: 0 };
  rememberCounts(db, counts);
  return { pending: counts.pending, rejected: counts.rejected };
}

/** After a failed read of the counts, the next try. */
export const COUNTS_RETRY_MS = 500;

/**
 * Follows the judge's counts live: `publish` gets each new reading, and `undefined` while they
 * cannot be read. A live query ends at its first error (WebKit closing the connection under the
 * app); the numbers it last gave would then stand, and "All sent" could show over a waiting
 * edit. So an error makes them unknown at once, and the query starts again until it reads
 * (Dexie reopens a connection the engine closed; so do the next save and sync). Returns the stop.
 */
export function followOutboxCounts(
  db: DeviceDb,
  judgeId: number,
  publish: (counts: { pending: number; rejected: number } | undefined) => void,
  retryMs = COUNTS_RETRY_MS,
): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let subscription: { unsubscribe(): void } | undefined;
  let isStopped = false;
  const follow = () => {
    subscription = liveQuery(() => countOutbox(db, judgeId)).subscribe({
      next: (counts) => publish(counts),
      error: (error: unknown) => {
        console.error(error);
        publish(undefined);
        if (!isStopped) retry = setTimeout(follow, retryMs);
      },
    });
  };
  follow();
  return () => {
    isStopped = true;
    clearTimeout(retry);
    subscription?.unsubscribe();
  };
}

/**
 * Counts each judge's rows again and puts right any kept count that differs, in one
 * transaction with the queue (so another tab's write cannot slip between the count and the
 * fix). Every outbox write keeps the counts in step, and a property test holds them there; this
 * runs once as the app starts, so that should a count ever drift, the status bar is not left
 * saying "1 waiting" over an empty queue. Returns the judges whose counts were wrong. It
 * looks at the judges that have counts: every write that queues a row writes its judge's.
 */
export async function recountOutbox(db: DeviceDb): Promise<number[]> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.outboxCounts, async () => {
      const countRows = (judgeId: number, status: OutboxStatus) =>
        db.outbox
          .where('[judgeId+status+seq]')
          .between([judgeId, status, Dexie.minKey], [judgeId, status, Dexie.maxKey])
          .count();
      const corrected: OutboxCountsRow[] = [];
      for (const kept of await db.outboxCounts.toArray()) {
        const [pending, rejected] = await Promise.all([
          countRows(kept.judgeId, OutboxStatus.Pending),
          countRows(kept.judgeId, OutboxStatus.Rejected),
        ]);
        if (pending !== kept.pending || rejected !== kept.rejected) {
          corrected.push({ judgeId: kept.judgeId, pending, rejected });
        }
      }
      if (corrected.length > 0) await db.outboxCounts.bulkPut(corrected);
      for (const counts of corrected) rememberCounts(db, counts);
      return corrected.map((counts) => counts.judgeId);
    }),
  );
}
