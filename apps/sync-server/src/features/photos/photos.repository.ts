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

const SCORE_TABLES = ['subsection_score', 'penalty_score', 'disqualification_score'] as const;

/** Photos (of `kind` photo) that no score of their state holds, created before `before`. */
function unreferencedPhotosBefore(db: Db, before: string) {
  return db
    .selectFrom('stored_file')
    .where('stored_file.kind', '=', 'photo')
    .where('stored_file.created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.or(
          SCORE_TABLES.map((table) =>
            eb.exists(
              eb
                .selectFrom(table)
                .select(eb.lit(1).as('held'))
                .whereRef(`${table}.state_id`, '=', 'stored_file.state_id')
                .whereRef(`${table}.photo_sha256`, '=', 'stored_file.sha256'),
            ),
          ),
        ),
      ),
    );
}

/** How many of the user's photos uploaded before `before` no score holds, and the oldest one's upload time. */
export async function countUnreferencedPhotosOf(
  db: Db,
  userId: number,
  before: string,
): Promise<{ count: number; oldestAt: string | null }> {
  const row = await unreferencedPhotosBefore(db, before)
    .where('stored_file.uploaded_by', '=', userId)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('stored_file.created_at').as('oldest_at')])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldestAt: row?.oldest_at ?? null };
}

/** Unreferenced photos uploaded before `before`, oldest first, at most `limit`. */
export async function listUnreferencedPhotos(db: Db, before: string, limit: number) {
  return unreferencedPhotosBefore(db, before)
    .select(['stored_file.file_id', 'stored_file.storage_name'])
    .orderBy('stored_file.created_at')
    .limit(limit)
    .execute();
}

/** Deletes the photo's row unless a score holds it by now; true when it was deleted. */
export async function deletePhotoIfUnreferenced(db: Db, fileId: string, before: string): Promise<boolean> {
  const result = await db
    .deleteFrom('stored_file')
    .where('file_id', 'in', unreferencedPhotosBefore(db, before).select('stored_file.file_id'))
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
