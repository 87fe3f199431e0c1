// Photos go up before the edits that name them (the server keeps an edit only once it has the
// photo). No photo stops the queue (the sync contract):
// - refused for good because the judge may not upload (403 PHOTO_NOT_ALLOWED): the photo is
//   marked refused and its edits go without it (photo-refusals.ts);
// - refused for good for what it is (too large, not an image…): the edits that need it go to
//   "needs attention" for the judge to decide;
// - "not now" (429: the judge's daily photo bytes, the quota, the hourly uploads): the photo
//   waits as long as the server asked, the photos behind it wait for the next run, and the push
//   sends every edit that does not need a photo still waiting (outbox-push.ts).
import { ErrorCode } from '@judging/shared-types';
import { ApiError, isApiError } from '../api/api-error.ts';
import { withReopen, type DeviceDb } from './device-db.ts';
import { refusePhotoEdits } from './outbox-acks.ts';
import { sendEditsWithoutPhoto } from './photo-refusals.ts';
import { listPhotosToUpload, markPhotoUploaded, markPhotoWaiting } from './photo-store.ts';
import type { SyncApi } from './sync-api.ts';
import { describeSyncError as describe, isPhotoRefused } from './sync-errors.ts';

export interface PhotoUploadDependencies {
  db: DeviceDb;
  api: Pick<SyncApi, 'uploadPhoto'>;
  now: () => Date;
  /** The server answered (an upload or a refusal): it is reachable. */
  onHeard: () => void;
}

/** A "not now" without a Retry-After waits this long. */
const DEFAULT_PHOTO_WAIT_SECONDS = 60;

/**
 * Uploads the judge's photos not yet sent, one at a time. Answers the "not now" the photos
 * still waiting got (a 429 with the seconds until the first may go again), else undefined: the
 * runner sends everything else, then tries again when that one is due.
 */
export async function uploadPhotos(
  dependencies: PhotoUploadDependencies,
  judgeId: number,
): Promise<ApiError | undefined> {
  const { db, api, now, onHeard } = dependencies;
  let firstDue: { at: number; reason: string } | undefined;
  const noteWaiting = (at: number, reason: string) => {
    if (!firstDue || at < firstDue.at) firstDue = { at, reason };
  };
  for (const photo of await listPhotosToUpload(db, judgeId)) {
    const dueAt = photo.retryAt ? Date.parse(photo.retryAt) : Number.NaN;
    if (dueAt > now().getTime()) {
      noteWaiting(dueAt, photo.waitReason ?? 'The server asked to send this photo later.');
      continue;
    }
    try {
      await api.uploadPhoto(photo);
      onHeard();
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        onHeard();
        const at = now().getTime() + Math.max(1, error.retryAfterSeconds ?? DEFAULT_PHOTO_WAIT_SECONDS) * 1000;
        await markPhotoWaiting(db, photo.sha256, new Date(at).toISOString(), describe(error));
        noteWaiting(at, describe(error));
        // The limits are the judge's, not the photo's: the rest wait for a later run rather
        // than each sending its bytes to hear the same answer.
        break;
      }
      if (isApiError(error) && error.code === ErrorCode.PhotoNotAllowed) {
        onHeard();
        await sendEditsWithoutPhoto(db, judgeId, photo.sha256, describe(error), now().toISOString());
        continue;
      }
      if (!isPhotoRefused(error)) throw error;
      onHeard();
      // Refused for good: the edits that need it go to "needs attention"; the queue goes on.
      await refusePhotoEdits(db, judgeId, photo.sha256, describe(error), now().toISOString());
      continue;
    }
    await markPhotoUploaded(db, photo.sha256, now().toISOString());
  }
  if (!firstDue) return undefined;
  const retryAfterSeconds = Math.max(1, Math.ceil((firstDue.at - now().getTime()) / 1000));
  return new ApiError(429, ErrorCode.TooManyRequests, firstDue.reason, [], { retryAfterSeconds });
}

/** The judge's photos still waiting for the server's "not now" to pass: edits naming them wait too. */
export async function listWaitingPhotos(db: DeviceDb, judgeId: number): Promise<Set<string>> {
  // Keys only: the photos' bytes stay on disk.
  const keys = await withReopen(db, () =>
    db.photos.where('[judgeId+awaitingUpload]').equals([judgeId, 1]).primaryKeys(),
  );
  return new Set(keys);
}
