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
    })
    .execute();
}
