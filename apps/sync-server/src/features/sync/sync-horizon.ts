// When sync records may go (issue 20, decisions §8). A recorded mutation (applied_mutation) is
// what makes a replay harmless, so it stays while a device may still hold the mutation: until
// its event has been closed for the retention period. After that horizon nothing of the event
// can be written anyway, its records are pruned, and a device replaying an old queue is told
// to resync (`resync_required`), never applied twice. The change log needs no horizon: a change
// that a later change of the same entity supersedes is never needed by any cursor (the later
// one is after it), so superseded changes are compacted away whenever the pruning runs.

/** How often the pruning runs while the server runs (also a minute after it starts). */
export const SYNC_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Events closed before this time are past the horizon. */
export function syncHorizonOf(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
}

/** True when the event's sync records may be (or have been) pruned: closed before the horizon. */
export function isPastSyncHorizon(
  event: { status: string; closed_at: string | null } | undefined,
  horizon: string,
): boolean {
  return event?.status === 'CLOSED' && event.closed_at !== null && event.closed_at < horizon;
}

/** What makes two changes the same entity's: a later one replaces an earlier one for every reader. */
export function changeKeyOf(change: {
  entity: string;
  entity_id: string;
  judge_id: number | null;
  category_id: number | null;
}): string {
  return `${change.entity}\u0000${change.entity_id}\u0000${change.judge_id ?? ''}\u0000${change.category_id ?? ''}`;
}

/**
 * Given changes newest first, and the keys already seen in newer changes, answers the ids of the
 * changes a newer change of the same key supersedes (and adds the new keys to `seen`).
 */
export function supersededChanges(
  newestFirst: readonly {
    change_id: number;
    entity: string;
    entity_id: string;
    judge_id: number | null;
    category_id: number | null;
  }[],
  seen: Set<string>,
): number[] {
  const superseded: number[] = [];
  for (const change of newestFirst) {
    const key = changeKeyOf(change);
    if (seen.has(key)) superseded.push(change.change_id);
    else seen.add(key);
  }
  return superseded;
}
