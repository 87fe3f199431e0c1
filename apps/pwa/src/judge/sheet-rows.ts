// What the sheet's parts share: which modal is open, a row's marks, and the equality checks
// that let a save re-render only the rows it changed.
import type { HistoryTarget } from '../history/score-history-modal.tsx';
import { cellKeyPrefix, type CellKind, type CellRow } from '../offline/device-db.ts';
import type { SheetContext } from './score-actions.ts';
import type { RowMark } from './scoring-view.ts';

export type OpenModal =
  | { type: 'subsection'; itemId: number }
  | { type: 'penalty'; itemId: number }
  | { type: 'disqualification'; itemId: number }
  | { type: 'photo'; title: string; cell: CellRow }
  | { type: 'remove'; name: string; cell: CellRow }
  | { type: 'history'; target: HistoryTarget }
  | null;

/** A cell's history, as a coordinator viewing the judge's sheet opens it. */
export function cellHistory(cell: CellRow, title: string): OpenModal {
  return {
    type: 'history',
    target: {
      eventId: cell.eventId,
      title: `History: ${title}`,
      filter: {
        judgeId: cell.judgeId,
        categoryId: cell.categoryId,
        sectionId: cell.sectionId,
        schoolId: cell.schoolId,
        kind: cell.kind,
        itemId: cell.itemId,
      },
    },
  };
}

export /** A sheet's marks of one kind of row, by item id. */
function itemMarks(marks: ReadonlyMap<string, RowMark>, sheet: SheetContext, kind: CellKind): Map<number, RowMark> {
  const prefix = cellKeyPrefix({ ...sheet, kind });
  const found = new Map<number, RowMark>();
  for (const [key, mark] of marks) if (key.startsWith(prefix)) found.set(Number(key.slice(prefix.length)), mark);
  return found;
}

export function sameMarks<K>(a: ReadonlyMap<K, RowMark>, b: ReadonlyMap<K, RowMark>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, mark] of a) if (b.get(key) !== mark) return false;
  return true;
}

export function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

export /** Two cells show the same when these fields match (a re-read gives new objects with the same content). */
function sameCell(a: CellRow | undefined, b: CellRow | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.key === b.key &&
    a.value === b.value &&
    (a.overtimeSeconds ?? null) === (b.overtimeSeconds ?? null) &&
    a.comments === b.comments &&
    a.photoSha256 === b.photoSha256 &&
    a.scoreId === b.scoreId &&
    a.updatedAt === b.updatedAt
  );
}

export function sameCells(a: Map<number, CellRow>, b: Map<number, CellRow>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [itemId, cell] of a) if (!sameCell(cell, b.get(itemId))) return false;
  return true;
}

/**
 * The sheet's tables fit a small tablet held upright (600 px wide, less the page's margins);
 * on anything narrower they scroll sideways rather than squeeze the buttons off the row.
 */
export const SHEET_TABLE_MIN_WIDTH = 540;
