// A judge's save with an optional new photo. The photo is prepared and stored first (outside any
// transaction); if anything about it fails (read, downscale, encode, store) or takes too long,
// the score and comments are still saved, with the cell's current photo, and the failure is
// returned for the screen to alert. The judge never loses what they typed because of a photo.
import type { CellRow, DeviceDb, OutboxRow } from '../offline/device-db.ts';
import { saveCellAndRow, type CellInput, type SavedCell } from '../offline/outbox.ts';
import { savePhoto, type PreparedPhoto } from '../offline/photo-store.ts';

/** A photo not ready after this long is given up on (WebKit can leave a decode or a write hanging). */
export const PHOTO_SAVE_LIMIT_MS = 20_000;

export interface CellSaveDependencies {
  db: DeviceDb;
  preparePhoto(file: Blob): Promise<PreparedPhoto>;
  now(): string;
  photoLimitMs?: number;
}

export interface CellSaveResult {
  row: OutboxRow;
  /** The cell as committed. */
  cell: CellRow;
  /** Why the new photo was not kept (the score and comments were); null when it was, or there was none. */
  photoFailure: string | null;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return 'The photo could not be saved on this tablet.';
}

function withinLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('Preparing the photo took too long.')), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** The alert a failed photo shows: the seed's error alert, saying what was kept. */
export function photoFailureMessage(reason: string): string {
  return `The photo was not saved: ${reason} The score and comments are saved; add the photo again.`;
}

/**
 * Stores the new photo (if any), then the cell and its outbox row in one transaction.
 * `onCommitted` runs as soon as that transaction has committed (see `saveCellAndRow`).
 */
export async function saveCellWithPhoto(
  deps: CellSaveDependencies,
  cell: Omit<CellInput, 'photoSha256'>,
  photo: { file: Blob | undefined; existing: CellRow | undefined },
  label: string,
  onCommitted?: (saved: SavedCell) => void,
): Promise<CellSaveResult> {
  let photoSha256 = photo.existing?.photoSha256 ?? null;
  let photoFailure: string | null = null;
  if (photo.file) {
    const file = photo.file;
    try {
      photoSha256 = await withinLimit(
        (async () => {
          const prepared = await deps.preparePhoto(file);
          await savePhoto(deps.db, cell.judgeId, prepared, deps.now());
          return prepared.sha256;
        })(),
        deps.photoLimitMs ?? PHOTO_SAVE_LIMIT_MS,
      );
    } catch (error) {
      photoFailure = reasonOf(error);
    }
  }
  // The cell as the screen knows it: its id and revision let the writes go without waiting for a read.
  const saved = await saveCellAndRow(deps.db, { ...cell, photoSha256 }, label, deps.now(), {
    known: photo.existing,
    onCommitted,
  });
  return { ...saved, photoFailure };
}
