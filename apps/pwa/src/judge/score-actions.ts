// The judge's saves: a photo is prepared and stored first (outside any transaction), then the
// cell and its outbox row are written in one transaction; the network is never on this path.
// A photo that fails is reported, never a reason to lose the score (see cell-save.ts).
import { describePenaltyDeduction, formatScore } from '@judging/shared-types';
import { CellKind, type CellRow, type OutboxRow } from '../offline/device-db.ts';
import { deviceDb, syncRunner } from '../offline/device.ts';
import { removeCell } from '../offline/outbox.ts';
import { preparePhoto } from '../offline/photo-store.ts';
import { saveCellWithPhoto } from './cell-save.ts';
import { committedSaves } from './judge-event-source.ts';

/** The sheet a save belongs to, with names for the "needs attention" label. */
export interface SheetContext {
  judgeId: number;
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
  schoolName: string;
  sectionName: string;
}

export interface CellSave {
  itemId: number;
  itemName: string;
  value: number | null;
  /** A time-based penalty entered as a time: its seconds over; null when the amount was picked. */
  overtimeSeconds?: number | null;
  comments: string;
  /** A newly chosen photo; undefined keeps the cell's current one. */
  photoFile?: File | undefined;
  existing?: CellRow | undefined;
}

/** What a save kept: everything, or everything but a new photo (with the reason). */
export interface SaveOutcome {
  photoFailure: string | null;
}

/** Seed section 5: on an update a blank comment keeps the stored one. */
function commentsToSave(entered: string, existing: CellRow | undefined): string | null {
  const trimmed = entered.trim();
  if (trimmed) return trimmed;
  return existing?.comments ?? null;
}

async function save(kind: CellKind, sheet: SheetContext, input: CellSave, label: string): Promise<SaveOutcome> {
  let isShown = false;
  // Committed: the sheet shows it now, before the live queries have read it back.
  const show = ({ cell, row }: { cell: CellRow; row: OutboxRow }) => {
    isShown = true;
    committedSaves.add(cell, row);
  };
  const saved = await saveCellWithPhoto(
    { db: deviceDb, preparePhoto, now: () => new Date().toISOString() },
    {
      kind,
      judgeId: sheet.judgeId,
      eventId: sheet.eventId,
      categoryId: sheet.categoryId,
      sectionId: sheet.sectionId,
      schoolId: sheet.schoolId,
      itemId: input.itemId,
      value: input.value,
      ...(kind === CellKind.Penalty ? { overtimeSeconds: input.overtimeSeconds ?? null } : {}),
      comments: commentsToSave(input.comments, input.existing),
    },
    { file: input.photoFile, existing: input.existing },
    label,
    show,
  );
  if (!isShown) show(saved);
  syncRunner.notifyWrite();
  return { photoFailure: saved.photoFailure };
}

function where(sheet: SheetContext): string {
  return `${sheet.schoolName} · ${sheet.sectionName}`;
}

export function saveSubsectionScore(sheet: SheetContext, input: CellSave): Promise<SaveOutcome> {
  return save(
    CellKind.Subsection,
    sheet,
    input,
    `${where(sheet)} · ${input.itemName}: ${formatScore(input.value ?? 0)}`,
  );
}

export function savePenaltyScore(sheet: SheetContext, input: CellSave): Promise<SaveOutcome> {
  return save(
    CellKind.Penalty,
    sheet,
    input,
    `${where(sheet)} · penalty ${input.itemName}: ${describePenaltyDeduction(input.value ?? 0, input.overtimeSeconds)}`,
  );
}

export function saveDisqualificationScore(sheet: SheetContext, input: CellSave): Promise<SaveOutcome> {
  return save(CellKind.Disqualification, sheet, input, `${where(sheet)} · disqualification ${input.itemName}`);
}

export async function removeScore(sheet: SheetContext, cell: CellRow, itemName: string): Promise<void> {
  const what = cell.kind === CellKind.Penalty ? 'penalty' : 'disqualification';
  await removeCell(deviceDb, cell.key, `${where(sheet)} · remove ${what} ${itemName}`, new Date().toISOString());
  syncRunner.notifyWrite();
}
