// What the server sends, written to the device store: an event's reference data (one
// transaction, with its version) and pulled changes (applied with the new cursor in one
// transaction). A cell with a queued local edit (pending or rejected) keeps its local value:
// the server's answer to that edit is what settles it.
import {
  ChangeEntity,
  ChangeOp,
  ReopenReason,
  type SyncChange,
  type SyncEvent,
  type SyncReferenceData,
} from '@judging/shared-types';
import { CellKind, cellKey, withReopen, type CellRow, type DeviceDb, type EventDataRow } from './device-db.ts';

interface ServerCell {
  scoreId: string;
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
  judgeId: number;
  comments: string | null;
  photoSha256: string | null;
  rev: number;
  updatedAt: string;
}

function toCellRow(
  kind: CellKind,
  cell: ServerCell,
  itemId: number,
  value: number | null,
  overtimeSeconds: number | null = null,
): CellRow {
  const place = {
    kind,
    judgeId: cell.judgeId,
    categoryId: cell.categoryId,
    sectionId: cell.sectionId,
    schoolId: cell.schoolId,
    itemId,
  };
  return {
    key: cellKey(place),
    ...place,
    eventId: cell.eventId,
    scoreId: cell.scoreId,
    value,
    ...(kind === CellKind.Penalty ? { overtimeSeconds } : {}),
    comments: cell.comments,
    photoSha256: cell.photoSha256,
    pending: 0,
    rev: cell.rev,
    updatedAt: cell.updatedAt,
  };
}

/** The cells the judge's queued edits touch: a download or pull must not overwrite them. */
async function protectedCellKeys(db: DeviceDb, judgeId: number): Promise<Set<string>> {
  const rows = await db.outbox.where('judgeId').equals(judgeId).toArray();
  return new Set(rows.flatMap((row) => (row.cellKey ? [row.cellKey] : [])));
}

/** The server's cells of a reference download, as device rows. */
export function referenceCells(data: SyncReferenceData): CellRow[] {
  return [
    ...data.scores.subsections.map((cell) => toCellRow(CellKind.Subsection, cell, cell.subsectionId, cell.score)),
    ...data.scores.penalties.map((cell) =>
      toCellRow(CellKind.Penalty, cell, cell.penaltyId, cell.amount, cell.overtimeSeconds ?? null),
    ),
    ...data.scores.disqualifications.map((cell) =>
      toCellRow(CellKind.Disqualification, cell, cell.disqualificationId, null),
    ),
  ];
}

/** An event's reference data as the device row it is stored as. */
export function toEventDataRow(data: SyncReferenceData, now: string): EventDataRow {
  return {
    judgeId: data.judge.judgeId,
    eventId: data.event.eventId,
    event: data.event,
    judge: data.judge,
    categories: data.categories,
    version: data.cursor,
    cursor: data.cursor,
    protocolVersion: data.protocolVersion,
    downloadedAt: now,
    refreshedAt: now,
    needsRefresh: false,
  };
}

/** Stores a downloaded event for the judge in one transaction: reference data, version, cells. */
export async function storeReferenceData(db: DeviceDb, data: SyncReferenceData, now: string): Promise<void> {
  const judgeId = data.judge.judgeId;
  const eventId = data.event.eventId;
  const cells = referenceCells(data);
  await withReopen(db, () =>
    db.transaction('rw', db.eventData, db.cells, db.outbox, async () => {
      const keep = await protectedCellKeys(db, judgeId);
      await db.eventData.put(toEventDataRow(data, now));
      const stale = await db.cells.where('[judgeId+eventId]').equals([judgeId, eventId]).primaryKeys();
      await db.cells.bulkDelete(stale.filter((key) => !keep.has(key)));
      await db.cells.bulkPut(cells.filter((cell) => !keep.has(cell.key)));
    }),
  );
}

/** Applies a pull page and its cursor in one transaction. */
export async function applyPulledChanges(
  db: DeviceDb,
  judgeId: number,
  eventId: number,
  changes: readonly SyncChange[],
  cursor: number,
  now: string,
): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', db.eventData, db.cells, db.outbox, async () => {
      const stored = await db.eventData.get([judgeId, eventId]);
      if (!stored) return;
      const keep = await protectedCellKeys(db, judgeId);
      const next: EventDataRow = { ...stored, categories: [...stored.categories] };
      for (const change of changes) await applyChange(db, judgeId, next, keep, change);
      next.cursor = cursor;
      next.refreshedAt = now;
      await db.eventData.put(next);
    }),
  );
}

async function applyChange(
  db: DeviceDb,
  judgeId: number,
  eventData: EventDataRow,
  keep: ReadonlySet<string>,
  change: SyncChange,
): Promise<void> {
  const putCell = async (row: CellRow) => {
    if (row.judgeId === judgeId && !keep.has(row.key)) await db.cells.put(row);
  };
  const deleteCell = async (key: string, ofJudge: number) => {
    if (ofJudge === judgeId && !keep.has(key)) await db.cells.delete(key);
  };
  switch (change.entity) {
    case ChangeEntity.SubsectionScore:
      if (change.op === ChangeOp.Put) {
        await putCell(toCellRow(CellKind.Subsection, change.data, change.data.subsectionId, change.data.score));
      } else {
        await deleteCell(
          cellKey({ kind: CellKind.Subsection, ...change.data, itemId: change.data.subsectionId }),
          change.data.judgeId,
        );
      }
      return;
    case ChangeEntity.PenaltyScore:
      if (change.op === ChangeOp.Put) {
        await putCell(
          toCellRow(
            CellKind.Penalty,
            change.data,
            change.data.penaltyId,
            change.data.amount,
            change.data.overtimeSeconds ?? null,
          ),
        );
      } else {
        await deleteCell(
          cellKey({ kind: CellKind.Penalty, ...change.data, itemId: change.data.penaltyId }),
          change.data.judgeId,
        );
      }
      return;
    case ChangeEntity.DisqualificationScore:
      if (change.op === ChangeOp.Put) {
        await putCell(toCellRow(CellKind.Disqualification, change.data, change.data.disqualificationId, null));
      } else {
        await deleteCell(
          cellKey({ kind: CellKind.Disqualification, ...change.data, itemId: change.data.disqualificationId }),
          change.data.judgeId,
        );
      }
      return;
    case ChangeEntity.CategorySubmission: {
      if (change.data.judgeId !== judgeId) return;
      const isSubmitted = change.op === ChangeOp.Put;
      const submittedAt = change.op === ChangeOp.Put ? change.data.submittedAt : null;
      // A delete is a coordinator's unlock or more work owed (decisions §7): the tablet says which.
      const reopened =
        change.op === ChangeOp.Delete
          ? { at: change.data.unlockedAt, reason: change.data.reason ?? ReopenReason.unlocked }
          : null;
      eventData.categories = eventData.categories.map((category) =>
        category.categoryId === change.data.categoryId ? { ...category, isSubmitted, submittedAt, reopened } : category,
      );
      return;
    }
    case ChangeEntity.Event:
      eventData.event = { ...eventData.event, eventStatus: change.data.eventStatus };
      return;
    case ChangeEntity.Reference:
      eventData.needsRefresh = true;
      return;
  }
}

/** Keeps the judge's event list for the dashboard offline. */
export async function storeJudgeEvents(db: DeviceDb, judgeId: number, events: SyncEvent[], now: string) {
  await withReopen(db, () => db.judgeEvents.put({ judgeId, events, fetchedAt: now }));
}

/** The last successful sync of a judge (shown in the status indicator), kept across reloads. */
export async function recordSyncSuccess(db: DeviceDb, judgeId: number, now: string): Promise<void> {
  await withReopen(db, () => db.meta.put({ key: `lastSync:${judgeId}`, value: now }));
}

export async function readLastSync(db: DeviceDb, judgeId: number): Promise<string | null> {
  return (await db.meta.get(`lastSync:${judgeId}`))?.value ?? null;
}
