// Photos go up before the edits that name them (the server keeps an edit only once it has the
// photo). A photo refused for good must not stop the queue: the edits that need it go to "needs
// attention" and the rest is sent.
import type { DeviceDb } from './device-db.ts';
import { refusePhotoEdits } from './outbox-acks.ts';
import { listPhotosToUpload, markPhotoUploaded } from './photo-store.ts';
import type { SyncApi } from './sync-api.ts';
import { describeSyncError as describe, isPhotoRefused } from './sync-errors.ts';

export interface PhotoUploadDependencies {
  db: DeviceDb;
  api: Pick<SyncApi, 'uploadPhoto'>;
  now: () => Date;
  /** The server answered (an upload or a refusal): it is reachable. */
  onHeard: () => void;
}

/** Uploads the judge's photos not yet sent, one at a time. */
export async function uploadPhotos(dependencies: PhotoUploadDependencies, judgeId: number): Promise<void> {
  const { db, api, now, onHeard } = dependencies;
  for (const photo of await listPhotosToUpload(db, judgeId)) {
    try {
      await api.uploadPhoto(photo);
      onHeard();
    } catch (error) {
      if (!isPhotoRefused(error)) throw error;
      onHeard();
      // Refused for good: the edits that need it go to "needs attention"; the queue goes on.
      await refusePhotoEdits(db, judgeId, photo.sha256, describe(error), now().toISOString());
      continue;
    }
    await markPhotoUploaded(db, photo.sha256, now().toISOString());
  }
}
