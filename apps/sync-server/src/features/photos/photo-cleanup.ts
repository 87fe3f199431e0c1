// Removes stored photos that no score holds once their grace period is over (decisions §8):
// replaced photos, and uploads whose edits never came. Runs when the server starts and every
// hour. Each row is deleted in its own transaction that checks again that no score holds the
// photo, so a push that references it meanwhile wins; the file goes after the commit.
import { inTransaction, type Db } from '../../db/database.ts';
import type { RouteDeps } from '../../http/app-types.ts';
import { cleanupRemovesBefore, PHOTO_CLEANUP_INTERVAL_MS, photoLimitsOf } from './photo-quota.ts';
import { deletePhotoIfUnreferenced, listUnreferencedPhotos } from '../../shared/photos.repository.ts';
import type { StoredFiles } from '../../shared/stored-files.ts';
import type { AppInstance } from '../../http/app-instance.ts';

/** Photos looked at per batch: a long backlog is worked through without one huge read. */
const BATCH = 200;

/** Removes every photo uploaded before `before` that no score holds; answers how many went. */
export async function removeUnreferencedPhotos(db: Db, files: StoredFiles, before: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const candidates = await listUnreferencedPhotos(db, before, BATCH);
    let removedInBatch = 0;
    for (const photo of candidates) {
      const isDeleted = await inTransaction(db, (trx) => deletePhotoIfUnreferenced(trx, photo.file_id, before));
      if (!isDeleted) continue;
      removedInBatch += 1;
      // After commit: if this fails the row is gone anyway and the bytes are an unreachable leftover.
      await files.remove(photo.storage_name);
    }
    removed += removedInBatch;
    if (candidates.length < BATCH || removedInBatch === 0) return removed;
  }
}

/** Runs the cleanup at start and every hour while the server runs. */
export function registerPhotoCleanup(app: AppInstance, deps: RouteDeps): void {
  const { graceDays } = photoLimitsOf(deps.config.limits);
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = async () => {
    try {
      const removed = await removeUnreferencedPhotos(
        deps.db,
        deps.storedFiles,
        cleanupRemovesBefore(deps.now(), graceDays),
      );
      if (removed > 0) app.log.info({ removed }, 'removed photos no score uses');
    } catch (error) {
      app.log.error({ err: error }, 'the photo cleanup failed; it runs again within the hour');
    }
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), PHOTO_CLEANUP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
