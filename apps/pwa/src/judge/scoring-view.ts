// What the judge screens show, computed from the device's rows: the cells of one sheet (a
// school in a section), its running total (`computeSheet`), how far a school and a category
// are scored, and where the judge's submission of a category stands.
import {
  MutationKind,
  compareNames,
  computeSheet,
  type JudgeSheet,
  type SyncCategory,
  type SyncSection,
} from '@judging/shared-types';
import { CellKind, OutboxStatus, type CellRow, type OutboxRow } from '../offline/device-db.ts';

export interface SheetPlace {
  categoryId: number;
  sectionId: number;
  schoolId: number;
}

/** The cells of one sheet, by item id. */
export interface SheetCells {
  subsections: Map<number, CellRow>;
  penalties: Map<number, CellRow>;
  disqualifications: Map<number, CellRow>;
}

export function sheetCells(cells: readonly CellRow[], place: SheetPlace): SheetCells {
  const result: SheetCells = { subsections: new Map(), penalties: new Map(), disqualifications: new Map() };
  for (const cell of cells) {
    if (cell.categoryId !== place.categoryId || cell.sectionId !== place.sectionId || cell.schoolId !== place.schoolId)
      continue;
    if (cell.kind === CellKind.Subsection) result.subsections.set(cell.itemId, cell);
    else if (cell.kind === CellKind.Penalty) result.penalties.set(cell.itemId, cell);
    else result.disqualifications.set(cell.itemId, cell);
  }
  return result;
}

/** The judge's running total for one sheet, from the shared scoring rules. */
export function runningSheet(judgeId: number, section: SyncSection, cells: SheetCells): JudgeSheet {
  const known = new Set(section.subsections.map((subsection) => subsection.subsectionId));
  return computeSheet({
    judgeId,
    subsectionCount: section.subsections.length,
    subsectionScores: [...cells.subsections.values()]
      .filter((cell) => known.has(cell.itemId) && cell.value !== null)
      .map((cell) => cell.value ?? 0),
    penalties: [...cells.penalties.values()].map((cell) => ({ penaltyId: cell.itemId, amount: cell.value ?? 0 })),
    disqualifications: [...cells.disqualifications.values()].map((cell) => ({ disqualificationId: cell.itemId })),
  });
}

export interface Progress {
  scored: number;
  total: number;
  isComplete: boolean;
}

function progressOf(scored: number, total: number): Progress {
  return { scored, total, isComplete: scored >= total };
}

/** Subsections scored for a school in one section. */
export function sectionProgress(cells: readonly CellRow[], place: SheetPlace, section: SyncSection): Progress {
  const scored = sheetCells(cells, place).subsections;
  const count = section.subsections.filter((subsection) => scored.has(subsection.subsectionId)).length;
  return progressOf(count, section.subsections.length);
}

/** Subsections scored for a school across the judge's sections of the category. */
export function schoolProgress(cells: readonly CellRow[], category: SyncCategory, schoolId: number): Progress {
  let scored = 0;
  let total = 0;
  for (const section of category.sections) {
    const progress = sectionProgress(
      cells,
      { categoryId: category.categoryId, sectionId: section.sectionId, schoolId },
      section,
    );
    scored += progress.scored;
    total += progress.total;
  }
  return progressOf(scored, total);
}

/** Every school with students fully scored: the category may be submitted. */
export function categoryProgress(cells: readonly CellRow[], category: SyncCategory): Progress {
  let scored = 0;
  let total = 0;
  for (const school of category.schools) {
    const progress = schoolProgress(cells, category, school.schoolId);
    scored += progress.scored;
    total += progress.total;
  }
  return progressOf(scored, total);
}

export const SubmissionState = {
  Open: 'open',
  /** Submitted on the device, waiting to be sent. */
  Queued: 'queued',
  /** The server refused the submission (see "needs attention"). */
  Refused: 'refused',
  Submitted: 'submitted',
} as const;
export type SubmissionState = (typeof SubmissionState)[keyof typeof SubmissionState];

export function submissionState(category: SyncCategory, outbox: readonly OutboxRow[]): SubmissionState {
  if (category.isSubmitted) return SubmissionState.Submitted;
  const submits = outbox.filter(
    (row) =>
      row.kind === MutationKind.CategorySubmit &&
      (row.data as { categoryId?: unknown }).categoryId === category.categoryId,
  );
  if (submits.some((row) => row.status === OutboxStatus.Pending)) return SubmissionState.Queued;
  if (submits.some((row) => row.status === OutboxStatus.Rejected)) return SubmissionState.Refused;
  return SubmissionState.Open;
}

/** Schools in running order (seed: judge lists are sorted by schoolOrder). */
export function schoolsInOrder(category: SyncCategory) {
  return [...category.schools].sort(
    (a, b) => a.schoolOrder - b.schoolOrder || compareNames(a.schoolName, b.schoolName),
  );
}

export function sectionsInOrder(category: SyncCategory) {
  return [...category.sections].sort((a, b) => a.position - b.position);
}

/** True when the key's cell has an edit the server has not acked. */
export function isCellQueued(outbox: readonly OutboxRow[], key: string): boolean {
  return outbox.some((row) => row.cellKey === key);
}

/** Where a row's latest change stands when the server has not acknowledged it. */
export const RowMark = { NotSent: 'not-sent', Refused: 'refused' } as const;
export type RowMark = (typeof RowMark)[keyof typeof RowMark];

/**
 * The marks of a sheet's rows, by cell key, from the sheet's queued edits (pending and
 * refused): refused when the server refused an edit of the cell, else not sent while any edit
 * of it waits. A key whose latest edit is a removal has a mark and no cell: the row shows as
 * removed on this tablet until the server has the removal.
 */
export function rowMarks(outbox: readonly OutboxRow[]): Map<string, RowMark> {
  const marks = new Map<string, RowMark>();
  for (const row of outbox) {
    if (!row.cellKey) continue;
    if (row.status === OutboxStatus.Rejected) marks.set(row.cellKey, RowMark.Refused);
    else if (!marks.has(row.cellKey)) marks.set(row.cellKey, RowMark.NotSent);
  }
  return marks;
}

/** The item ids of a sheet's penalties or disqualifications removed on this tablet and not yet on the server. */
export function removedItems(
  outbox: readonly OutboxRow[],
  cells: ReadonlyMap<number, CellRow>,
  kind: MutationKind,
  itemOf: (data: Record<string, unknown>) => unknown,
): Set<number> {
  const latest = new Map<string, OutboxRow>();
  for (const row of outbox) {
    if (row.cellKey && (row.seq ?? 0) >= (latest.get(row.cellKey)?.seq ?? 0)) latest.set(row.cellKey, row);
  }
  const removed = new Set<number>();
  for (const row of latest.values()) {
    const itemId = itemOf(row.data);
    if (row.kind === kind && typeof itemId === 'number' && !cells.has(itemId)) removed.add(itemId);
  }
  return removed;
}

/** `categoryId:sectionId:schoolId`: one sheet. */
export function sheetKey(place: SheetPlace): string {
  return `${place.categoryId}:${place.sectionId}:${place.schoolId}`;
}

/** `categoryId:schoolId`: one school in one category. */
export function schoolKey(categoryId: number, schoolId: number): string {
  return `${categoryId}:${schoolId}`;
}

export interface UnsentCounts {
  /** Rows not acknowledged by the server, by `sheetKey`. */
  bySheet: Map<string, number>;
  /** The same, by `schoolKey` (every section of the school in the category). */
  bySchool: Map<string, number>;
}

function placeOf(data: Record<string, unknown>): SheetPlace | null {
  const { categoryId, sectionId, schoolId } = data;
  if (typeof categoryId !== 'number' || typeof sectionId !== 'number' || typeof schoolId !== 'number') return null;
  return { categoryId, sectionId, schoolId };
}

/**
 * How many rows of each sheet and school the server has not acknowledged, from what a screen
 * already reads: the cells' waiting marks (a cell is marked until its last edit is acked or
 * refused and settled), and the queued removals (their cell is gone). One row counts once,
 * however many times it was edited.
 */
export function countUnsent(cells: readonly CellRow[], outbox: readonly OutboxRow[]): UnsentCounts {
  const places = new Map<string, SheetPlace>();
  for (const cell of cells) if (cell.pending === 1) places.set(cell.key, cell);
  for (const row of outbox) {
    if (!row.cellKey || places.has(row.cellKey)) continue;
    const place = placeOf(row.data);
    if (place) places.set(row.cellKey, place);
  }
  const counts: UnsentCounts = { bySheet: new Map(), bySchool: new Map() };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const place of places.values()) {
    add(counts.bySheet, sheetKey(place));
    add(counts.bySchool, schoolKey(place.categoryId, place.schoolId));
  }
  return counts;
}
