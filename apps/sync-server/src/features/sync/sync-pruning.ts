// Keeps sync storage bounded (sync-horizon.ts has the rules): recorded mutations of events past
// the horizon are deleted, and superseded changes compacted out of the change log. Runs a minute
// after start (never delaying it) and every hour, in small transactions with a turn of the event
// loop between them, so a judge's push never waits behind it. Then the pages the deletes freed go
// back to the file system, a bounded step at a time (docs/decisions/0135-incremental-vacuum.md).
import { freePageCount, inTransaction, reclaimFreePages, type Db } from '../../db/database.ts';
import type { RouteDeps } from '../../http/app-types.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { SYNC_PRUNE_INTERVAL_MS, supersededChanges, syncHorizonOf } from './sync-horizon.ts';
import {
  deleteAppliedMutationsOfEvent,
  deleteChanges,
  listChangeKeysBefore,
  listEventsPastHorizon,
  listEventsWithChanges,
} from './sync.repository.ts';
import { registerPeriodicJob } from '../../http/periodic-job.ts';

/** Rows per step: one short transaction each. */
const STEP = 2000;
/** The first run, this long after start (exported: the benchmarks time pushes after it). */
export const SYNC_PRUNING_FIRST_RUN_DELAY_MS = 60 * 1000;
/** Free pages given back per step (4 MB of 4 KB pages): one short hold of the writer each. */
const RECLAIM_STEP_PAGES = 1024;
/** At most this many per run (1 GB of 4 KB pages); what is left goes at the next run. */
const RECLAIM_PAGES_PER_RUN = 256 * 1024;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export interface PruneReport {
  appliedMutations: number;
  changes: number;
  /** Free pages given back to the file system. */
  reclaimedPages: number;
}

/** Deletes the recorded mutations of every event closed before `horizon` (or deleted). */
export async function pruneAppliedMutations(db: Db, horizon: string): Promise<number> {
  let removed = 0;
  for (const eventId of await listEventsPastHorizon(db, horizon)) {
    for (;;) {
      const step = await deleteAppliedMutationsOfEvent(db, eventId, STEP);
      removed += step;
      if (step < STEP) break;
      await nextTurn();
    }
  }
  return removed;
}

/** Removes every change a later change of the same entity supersedes, event by event. */
export async function compactChangeLog(db: Db): Promise<number> {
  let removed = 0;
  for (const eventId of await listEventsWithChanges(db)) {
    const seen = new Set<string>();
    let before: number | undefined;
    for (;;) {
      const page = await listChangeKeysBefore(db, eventId, before, STEP);
      const last = page.at(-1);
      if (last === undefined) break;
      const superseded = supersededChanges(page, seen);
      await inTransaction(db, (trx) => deleteChanges(trx, superseded));
      removed += superseded.length;
      before = last.change_id;
      await nextTurn();
    }
  }
  return removed;
}

export async function pruneSyncRecords(db: Db, now: Date, retentionDays: number): Promise<PruneReport> {
  const appliedMutations = await pruneAppliedMutations(db, syncHorizonOf(now, retentionDays));
  const changes = await compactChangeLog(db);
  const reclaimedPages = await reclaimFreedPages(db);
  return { appliedMutations, changes, reclaimedPages };
}

/**
 * Gives the file's free pages back (SQLite's incremental vacuum), a step at a time with a turn of
 * the event loop between steps, up to RECLAIM_PAGES_PER_RUN; returns how many.
 */
export async function reclaimFreedPages(db: Db, maxPages = RECLAIM_PAGES_PER_RUN): Promise<number> {
  let reclaimed = 0;
  while (reclaimed < maxPages) {
    const free = await freePageCount(db);
    if (free === 0) break;
    const step = await reclaimFreePages(db, Math.min(RECLAIM_STEP_PAGES, free, maxPages - reclaimed));
    if (step === 0) break;
    reclaimed += step;
    await nextTurn();
  }
  return reclaimed;
}

/** Runs the pruning a minute after start and every hour while the server runs. */
export function registerSyncPruning(app: AppInstance, deps: RouteDeps): void {
  registerPeriodicJob(app, {
    firstRunDelayMs: SYNC_PRUNING_FIRST_RUN_DELAY_MS,
    intervalMs: SYNC_PRUNE_INTERVAL_MS,
    failureMessage: 'the sync pruning failed; it runs again within the hour',
    run: async () => {
      const pruned = await pruneSyncRecords(deps.db, deps.now(), deps.config.syncRetentionDays);
      if (pruned.appliedMutations + pruned.changes + pruned.reclaimedPages > 0) {
        app.log.info(pruned, 'pruned sync records');
      }
    },
  });
}
