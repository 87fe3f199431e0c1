// The sheet's quick-score saves: each tap goes through the modal's own save
// (`saveSubsectionScore`: the cell and its outbox row in one transaction), one after another in
// tap order, and the last one can be undone for a short while by saving the value it replaced.
import type { SyncSection } from '@judging/shared-types';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import type { CellRow } from '../offline/device-db.ts';
import { syncRunner } from '../offline/device.ts';
import { saveSubsectionScore, type SheetContext } from './score-actions.ts';
import { showSyncNote } from './sync-note.ts';
import { SyncTone, savedOnTablet } from './sync-wording.ts';

type Subsection = SyncSection['subsections'][number];

/** How long the last quick save can be undone. */
export const QUICK_UNDO_MS = 10_000;

/** The last quick save: what it replaced, so Undo can put it back. */
export interface QuickSaved {
  subsectionId: number;
  /** The value before the tap; null when the cell had no score (a score cannot be removed, only changed). */
  previous: number | null;
  value: number;
}

export interface QuickScore {
  /** The value the judge last chose for the subsection: a tap still saving, else the stored cell's. */
  valueOf(subsectionId: number, cell: CellRow | undefined): number | null;
  pick(subsection: Subsection, value: number, cell: CellRow | undefined): void;
  undo(subsection: Subsection, cell: CellRow | undefined): void;
  lastSaved: QuickSaved | null;
}

export function useQuickScore(sheet: SheetContext): QuickScore {
  const [lastSaved, setLastSaved] = useState<QuickSaved | null>(null);
  const lastSavedRef = useRef(lastSaved);
  useEffect(() => {
    lastSavedRef.current = lastSaved;
  }, [lastSaved]);
  // Saves run in tap order: the last tap is the last put in the outbox.
  const chain = useRef<Promise<void>>(Promise.resolve());
  // What each tap chose before its save is read back, so a second quick tap builds on the first.
  const chosen = useRef(new Map<number, number>());

  useEffect(() => {
    if (!lastSaved) return;
    const timer = setTimeout(() => setLastSaved(null), QUICK_UNDO_MS);
    return () => clearTimeout(timer);
  }, [lastSaved]);

  const valueOf = useCallback(
    (subsectionId: number, cell: CellRow | undefined) => chosen.current.get(subsectionId) ?? cell?.value ?? null,
    [],
  );

  const save = useCallback(
    (subsection: Subsection, value: number, cell: CellRow | undefined) => {
      const id = subsection.subsectionId;
      chosen.current.set(id, value);
      const run = async () => {
        await saveSubsectionScore(sheet, {
          itemId: id,
          itemName: subsection.subsectionName,
          value,
          // Blank keeps the stored comments; no photo keeps the stored photo.
          comments: '',
          existing: cell,
        });
        showSyncNote({ text: savedOnTablet(syncRunner.getStatus().connection), tone: SyncTone.Neutral });
      };
      chain.current = chain.current
        .then(run)
        .catch((error: unknown) => {
          showAlert({
            type: AlertType.Error,
            message: error instanceof Error && error.message.trim() ? error.message : 'The score could not be saved.',
          });
        })
        .finally(() => {
          if (chosen.current.get(id) === value) chosen.current.delete(id);
        });
    },
    [sheet],
  );

  const pick = useCallback(
    (subsection: Subsection, value: number, cell: CellRow | undefined) => {
      const previous = valueOf(subsection.subsectionId, cell);
      if (previous === value) return;
      save(subsection, value, cell);
      setLastSaved({ subsectionId: subsection.subsectionId, previous, value });
    },
    [save, valueOf],
  );

  const undo = useCallback(
    (subsection: Subsection, cell: CellRow | undefined) => {
      const last = lastSavedRef.current;
      if (last?.subsectionId === subsection.subsectionId && last.previous !== null) {
        save(subsection, last.previous, cell);
      }
      setLastSaved(null);
    },
    [save],
  );

  return useMemo(() => ({ valueOf, pick, undo, lastSaved }), [valueOf, pick, undo, lastSaved]);
}
