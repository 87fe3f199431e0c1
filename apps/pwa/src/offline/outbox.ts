// The outbox's writes (offline-sync.md "Device store"): an edit is the new cell and its outbox
// row, written in one Dexie transaction, checked first with the server's own schema. What
// happens to a row once sent is in outbox-acks.ts; the kept counts in outbox-counts.ts.
import { MutationDataSchemas, MutationKind, validate } from '@judging/shared-types';
import Dexie from 'dexie';
import {
  CellKind,
  OUTBOX_SCHEMA_VERSION,
  OutboxStatus,
  cellKey,
  onCommitted as onTransactionCommitted,
  withReopen,
  type CellRow,
  type DeviceDb,
  type OutboxRow,
} from './device-db.ts';
import { countNewRow } from './outbox-counts.ts';
import { createUuidV7 } from './uuid-v7.ts';

/** A cell as the judge saves it: its place, item and new content. */
export interface CellInput {
  kind: CellKind;
  judgeId: number;
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
  itemId: number;
  value: number | null;
  /** A time-based penalty entered as a time: its seconds over (the value is the rule's amount for them). */
  overtimeSeconds?: number | null;
  comments: string | null;
  photoSha256: string | null;
}

type Mutation = { kind: MutationKind; data: Record<string, unknown> };

function putMutationOf(cell: CellInput, scoreId: string): Mutation {
  const place = {
    scoreId,
    eventId: cell.eventId,
    categoryId: cell.categoryId,
    sectionId: cell.sectionId,
    schoolId: cell.schoolId,
  };
  switch (cell.kind) {
    case CellKind.Subsection:
      return {
        kind: MutationKind.SubsectionScorePut,
        data: {
          ...place,
          subsectionId: cell.itemId,
          score: cell.value,
          comments: cell.comments,
          photoSha256: cell.photoSha256,
        },
      };
    case CellKind.Penalty:
      return {
        kind: MutationKind.PenaltyScorePut,
        data: {
          ...place,
          penaltyId: cell.itemId,
          amount: cell.value,
          // Sent only when entered: a server older than this app reads the amount alone.
          ...(cell.overtimeSeconds === undefined || cell.overtimeSeconds === null
            ? {}
            : { overtimeSeconds: cell.overtimeSeconds }),
          comments: cell.comments ?? '',
          photoSha256: cell.photoSha256,
        },
      };
    case CellKind.Disqualification:
      return {
        kind: MutationKind.DisqualificationScorePut,
        data: {
          ...place,
          disqualificationId: cell.itemId,
          comments: cell.comments ?? '',
          photoSha256: cell.photoSha256,
        },
      };
  }
}

function deleteMutationOf(cell: CellRow): Mutation {
  const place = {
    scoreId: cell.scoreId,
    eventId: cell.eventId,
    categoryId: cell.categoryId,
    sectionId: cell.sectionId,
    schoolId: cell.schoolId,
  };
  if (cell.kind === CellKind.Penalty) {
    return { kind: MutationKind.PenaltyScoreDelete, data: { ...place, penaltyId: cell.itemId } };
  }
  if (cell.kind === CellKind.Disqualification) {
    return { kind: MutationKind.DisqualificationScoreDelete, data: { ...place, disqualificationId: cell.itemId } };
  }
  throw new Error('A subsection score cannot be removed, only changed.');
}

/** Checks the mutation with the same schema the server uses, before it is queued. */
function assertValidMutation(mutation: Mutation): void {
  const checked = validate(MutationDataSchemas[mutation.kind], mutation.data);
  if (!checked.ok) {
    const first = checked.errors[0];
    throw new Error(first ? first.message : 'The edit is not valid.');
  }
}

function newOutboxRow(
  base: { judgeId: number; eventId: number; cellKey: string | null; label: string; now: string },
  mutation: Mutation,
): OutboxRow {
  return {
    id: createUuidV7(Date.parse(base.now) || Date.now()),
    judgeId: base.judgeId,
    eventId: base.eventId,
    kind: mutation.kind,
    data: mutation.data,
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    createdAt: base.now,
    attempts: 0,
    lastError: null,
    status: OutboxStatus.Pending,
    cellKey: base.cellKey,
    rejectionCode: null,
    label: base.label,
  };
}

/**
 * Saves a cell and queues its put in one transaction; resolves only once both are committed,
 * so the screen may say "saved" after it. The cell keeps its device id (scoreId) across edits.
 */
export async function saveCell(db: DeviceDb, cell: CellInput, label: string, now: string): Promise<OutboxRow> {
  return (await saveCellAndRow(db, cell, label, now)).row;
}

/** What the screen last read of the cell: its device id and server revision. */
export interface KnownCell {
  scoreId: string;
  rev: number;
}

export interface SavedCell {
  row: OutboxRow;
  /** The cell as committed. */
  cell: CellRow;
}

export interface SaveCellOptions {
  /** The cell as the screen knows it (none for a new cell): the writes need not wait for a read. */
  known?: KnownCell | undefined;
  /**
   * Called once the transaction has committed (its `complete` event), before the database's
   * live queries re-run: a screen can show the committed cell first (see `onCommitted` in
   * device-db.ts).
   */
  onCommitted?: ((saved: SavedCell) => void) | undefined;
}

/**
 * `saveCell`, answering the committed cell as well (a screen may show it at once).
 *
 * The cell and its row are written from what the screen knows of the cell (its id and revision)
 * in the same batch of requests as the read of the stored cell, so the writes do not wait a
 * round trip for the read. Should the stored cell differ (a pull or another tab changed it since
 * the screen read it), both are written again from the stored cell before the transaction
 * commits: what commits is exactly what reading first and then writing gives.
 */
export async function saveCellAndRow(
  db: DeviceDb,
  cell: CellInput,
  label: string,
  now: string,
  options: SaveCellOptions = {},
): Promise<SavedCell> {
  const key = cellKey(cell);
  const freshId = createUuidV7(Date.parse(now) || Date.now());
  // Prepared before the transaction: inside it, only the database's requests run.
  const prepare = (scoreId: string, rev: number) => {
    const mutation = putMutationOf(cell, scoreId);
    assertValidMutation(mutation);
    const row = newOutboxRow({ judgeId: cell.judgeId, eventId: cell.eventId, cellKey: key, label, now }, mutation);
    const saved: CellRow = { key, ...cell, scoreId, pending: 1, rev, updatedAt: now };
    return { row, cell: saved };
  };
  const assumed = prepare(options.known?.scoreId ?? freshId, options.known?.rev ?? 0);
  const { onCommitted } = options;
  return withReopen(db, () =>
    // Not an async scope: Dexie's promises only, so the transaction runs without the zone
    // echoes Dexie makes for every native await, on the path between the tap and the commit.
    db.transaction('rw', db.cells, db.outbox, db.outboxCounts, (transaction) => {
      let committed: SavedCell | undefined;
      if (onCommitted) {
        onTransactionCommitted(transaction, () => {
          if (committed) onCommitted(committed);
        });
      }
      const saved = assumed.cell;
      const row = { ...assumed.row };
      // One batch: the read, then both writes (requests run in order within a transaction). The
      // count's read goes first, so its write is queued while the others still run.
      return Dexie.Promise.all([
        countNewRow(db, cell.judgeId),
        db.cells.get(key),
        db.cells.put(saved),
        db.outbox.add(row),
      ]).then(([, existing, , seq]): SavedCell | PromiseLike<SavedCell> => {
        const scoreId = existing?.scoreId ?? freshId;
        const rev = existing?.rev ?? 0;
        if (scoreId === saved.scoreId && rev === saved.rev) {
          committed = { row: { ...row, seq }, cell: saved };
          return committed;
        }
        const actual = prepare(scoreId, rev);
        const actualRow = { ...actual.row, id: row.id, seq };
        return Dexie.Promise.all([db.cells.put(actual.cell), db.outbox.put(actualRow)]).then(() => {
          committed = { row: actualRow, cell: actual.cell };
          return committed;
        });
      });
    }),
  );
}

/** Removes an applied penalty or disqualification and queues the delete, in one transaction. */
export async function removeCell(db: DeviceDb, key: string, label: string, now: string): Promise<OutboxRow> {
  return withReopen(db, () =>
    db.transaction('rw', db.cells, db.outbox, db.outboxCounts, async () => {
      const existing = await db.cells.get(key);
      if (!existing) throw new Error('That item is not applied.');
      const mutation = deleteMutationOf(existing);
      assertValidMutation(mutation);
      await db.cells.delete(key);
      const row = newOutboxRow(
        { judgeId: existing.judgeId, eventId: existing.eventId, cellKey: key, label, now },
        mutation,
      );
      row.seq = await db.outbox.add(row);
      await countNewRow(db, existing.judgeId);
      return row;
    }),
  );
}

/** Queues the judge's submission of a category. */
export async function enqueueCategorySubmit(
  db: DeviceDb,
  input: { judgeId: number; eventId: number; categoryId: number; label: string; now: string },
): Promise<OutboxRow> {
  const mutation: Mutation = {
    kind: MutationKind.CategorySubmit,
    data: { eventId: input.eventId, categoryId: input.categoryId },
  };
  assertValidMutation(mutation);
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.outboxCounts, async () => {
      const row = newOutboxRow({ ...input, cellKey: null }, mutation);
      row.seq = await db.outbox.add(row);
      await countNewRow(db, input.judgeId);
      return row;
    }),
  );
}
