import type { Db } from '../../db/database.ts';

export async function findPhoto(db: Db, stateId: number, sha256: string) {
  return db
    .selectFrom('stored_file')
    .selectAll()
    .where('state_id', '=', stateId)
    .where('kind', '=', 'photo')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

export async function insertPhoto(
  db: Db,
  photo: {
    fileId: string;
    stateId: number;
    sha256: string;
    mime: string;
    sizeBytes: number;
    storageName: string;
    originalName: string | null;
    uploadedBy: number;
    capturedAt: string | null;
  },
  now: string,
): Promise<void> {
  await db
    .insertInto('stored_file')
    .values({
      file_id: photo.fileId,
      state_id: photo.stateId,
      kind: 'photo',
      sha256: photo.sha256,
      mime: photo.mime,
      size_bytes: photo.sizeBytes,
      storage_name: photo.storageName,
      original_name: photo.originalName,
      document_name: null,
      uploaded_by: photo.uploadedBy,
      created_at: now,
      captured_at: photo.capturedAt,
    })
    .execute();
}

/** When each of these photos of a state was taken (as the tablet sent it), by hash; unknown ones are left out. */
export async function listPhotoCaptureTimes(
  db: Db,
  stateId: number,
  sha256s: readonly string[],
): Promise<Map<string, string>> {
  if (sha256s.length === 0) return new Map();
  const rows = await db
    .selectFrom('stored_file')
    .select(['sha256', 'captured_at'])
    .where('state_id', '=', stateId)
    .where('kind', '=', 'photo')
    .where('sha256', 'in', [...new Set(sha256s)])
    .where('captured_at', 'is not', null)
    .execute();
  return new Map(rows.flatMap((row) => (row.captured_at === null ? [] : [[row.sha256, row.captured_at]])));
}
