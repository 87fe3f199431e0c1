// Saves the screens show at once. A save is added when its Dexie transaction has committed (the
// `complete` event, before Dexie re-runs the live queries); the live query that re-reads the rows
// answers a little later. The committed cell is shown meanwhile, and dropped as soon as a read
// that began after the commit arrives (IndexedDB serves such a read the committed data).
// Why: waiting for the live query put a whole re-read between the tap and the row on screen;
// the overlay is what keeps a save within about a frame (docs/decisions/0077-save-latency.md;
// figures in bench/APPENDIX.md).
import { dequal } from 'dequal';
import type { CellRow, OutboxRow } from '../offline/device-db.ts';

export interface CommittedSave {
  cell: CellRow;
  row: OutboxRow;
  /** `performance.now()` when the save's transaction had committed. */
  committedAt: number;
}

/** Rows as a live query read them, with the time the read began. */
export interface LiveRows {
  cells: CellRow[];
  outbox: OutboxRow[];
  readAt: number;
}

/**
 * The same rows, whenever they were read: the screen keeps the rows it shows (and renders
 * nothing) when a live query reads them again unchanged. Keeping the earlier read's time is
 * safe: a save in scope changes its cell (at least `updatedAt`), so rows read after it never
 * equal rows read before it.
 */
export function isSameLiveRows(shown: LiveRows | null, next: LiveRows | null): boolean {
  if (shown === null || next === null) return shown === next;
  return dequal(shown.cells, next.cells) && dequal(shown.outbox, next.outbox);
}

/** Which committed saves a screen shows: its judge and event, and its sheet when it has one. */
export interface RowScope {
  judgeId: number;
  eventId: number;
  sheet?: { categoryId: number; sectionId: number; schoolId: number } | undefined;
}

function inScope(cell: CellRow, scope: RowScope): boolean {
  if (cell.judgeId !== scope.judgeId || cell.eventId !== scope.eventId) return false;
  const { sheet } = scope;
  return (
    !sheet ||
    (cell.categoryId === sheet.categoryId && cell.sectionId === sheet.sectionId && cell.schoolId === sheet.schoolId)
  );
}

/** The live rows with every committed save they do not include yet. Unchanged rows keep their identity. */
export function withCommittedSaves(
  rows: LiveRows,
  saves: Iterable<CommittedSave>,
  scope: RowScope,
): { cells: CellRow[]; outbox: OutboxRow[] } {
  const newer = [...saves].filter((save) => save.committedAt >= rows.readAt && inScope(save.cell, scope));
  if (newer.length === 0) return rows;
  const cells = new Map(rows.cells.map((cell) => [cell.key, cell]));
  const outbox = [...rows.outbox];
  for (const save of newer) {
    cells.set(save.cell.key, save.cell);
    if (!outbox.some((row) => row.id === save.row.id)) outbox.push(save.row);
  }
  return { cells: [...cells.values()], outbox };
}

/**
 * The app's committed saves (one per cell, the latest). Two kinds of reader:
 * - the screens' snapshots (`getSnapshot`), which take every new save in a transition, so a
 *   save does not re-render a whole sheet before its row shows;
 * - a sheet's rows (`unshownOf`), at once: a row shows its cell's save until the sheet's
 *   snapshot has taken it in (`markShown`, once that render has committed).
 */
export function createCommittedSaves(now: () => number = () => performance.now()) {
  let saves: readonly CommittedSave[] = [];
  /** The saves added so far, numbered: `shownThrough` is the last a screen's snapshot has rendered. */
  let added = 0;
  let shownThrough = 0;
  const numbers = new WeakMap<CommittedSave, number>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    /** A save committed: screens show it at once. */
    add(cell: CellRow, row: OutboxRow): void {
      const at = now();
      const save = { cell, row, committedAt: at };
      numbers.set(save, (added += 1));
      // Anything a minute old has long been read back by the live queries.
      saves = [...saves.filter((kept) => kept.cell.key !== cell.key && at - kept.committedAt <= 60_000), save];
      notify();
    },
    /** The current saves; a new array after each `add`. */
    getSnapshot: () => saves,
    /** The cell's save while no screen's snapshot has rendered it yet; the same object until then. */
    unshownOf(key: string): CommittedSave | undefined {
      const save = saves.find((kept) => kept.cell.key === key);
      return save && (numbers.get(save) ?? 0) > shownThrough ? save : undefined;
    },
    /** A screen's render of these saves (a `getSnapshot` answer) has committed: its rows show them now. */
    markShown(shown: readonly CommittedSave[]): void {
      const through = Math.max(shownThrough, ...shown.map((save) => numbers.get(save) ?? 0));
      if (through === shownThrough) return;
      shownThrough = through;
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type CommittedSaves = ReturnType<typeof createCommittedSaves>;
