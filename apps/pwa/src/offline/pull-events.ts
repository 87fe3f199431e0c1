// The pull after a push: for each event the judge has on this tablet, the changes since its
// cursor (pages of up to 500), or a fresh download when the event is marked for one.
import { withReopen, type DeviceDb } from './device-db.ts';
import { applyPulledChanges, storeReferenceData } from './device-store.ts';
import type { SyncApi } from './sync-api.ts';

/** Pulls every event of the judge stored here; a refused or failed call is thrown to the runner. */
export async function pullEvents(
  deps: { db: DeviceDb; api: Pick<SyncApi, 'pull' | 'fetchReferenceData'>; now: () => Date },
  judgeId: number,
  deviceId: string,
): Promise<void> {
  const { db, api, now } = deps;
  const events = await withReopen(db, () => db.eventData.where('judgeId').equals(judgeId).toArray());
  for (const stored of events) {
    if (stored.needsRefresh) {
      await storeReferenceData(
        db,
        await api.fetchReferenceData(judgeId, stored.eventId, deviceId),
        now().toISOString(),
      );
      continue;
    }
    let cursor = stored.cursor;
    for (let page = 0; page < 100; page += 1) {
      const answer = await api.pull(stored.eventId, cursor, deviceId);
      await applyPulledChanges(db, judgeId, stored.eventId, answer.changes, answer.cursor, now().toISOString());
      cursor = answer.cursor;
      if (!answer.hasMore) break;
    }
    const after = await db.eventData.get([judgeId, stored.eventId]);
    if (after?.needsRefresh) {
      await storeReferenceData(
        db,
        await api.fetchReferenceData(judgeId, stored.eventId, deviceId),
        now().toISOString(),
      );
    }
  }
}
