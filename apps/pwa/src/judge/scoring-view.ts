// What the judge screens show, computed from the device's rows: the cells of one sheet (a
// school in a section), its running total (`computeSheet`), how far a school and a category
// are scored, and where the judge's submission of a category stands.
import {
  MutationKind,
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
    (a, b) => a.schoolOrder - b.schoolOrder || a.schoolName.localeCompare(b.schoolName),
  );
}

export function sectionsInOrder(category: SyncCategory) {
  return [...category.sections].sort((a, b) => a.position - b.position);
}

/** True when the key's cell has an edit the server has not acked. */
export function isCellQueued(outbox: readonly OutboxRow[], key: string): boolean {
  return outbox.some((row) => row.cellKey === key);
}
