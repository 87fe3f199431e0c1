import type { Db } from '../db/database.ts';
import { prepareQuery } from '../db/prepared-query.ts';

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

/** Records that `userId` uploaded the state's photo `sha256` (again is a no-op). */
export async function recordPhotoUploader(
  db: Db,
  upload: { stateId: number; sha256: string; userId: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('photo_uploader')
    .values({ state_id: upload.stateId, sha256: upload.sha256, user_id: upload.userId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const photoUploader = prepareQuery((db, stateId: number, sha256: string, userId: number) =>
  db
    .selectFrom('photo_uploader')
    .innerJoin('stored_file', (join) =>
      join
        .onRef('stored_file.state_id', '=', 'photo_uploader.state_id')
        .onRef('stored_file.sha256', '=', 'photo_uploader.sha256')
        .on('stored_file.kind', '=', 'photo'),
    )
    .select('photo_uploader.user_id')
    .where('photo_uploader.state_id', '=', stateId)
    .where('photo_uploader.sha256', '=', sha256)
    .where('photo_uploader.user_id', '=', userId),
);

/**
 * Whether the state's photo `sha256` is stored and `userId` uploaded it (read for every score
 * write naming a photo, and every judge's photo read).
 */
export async function hasUploadedPhoto(db: Db, stateId: number, sha256: string, userId: number): Promise<boolean> {
  return (await photoUploader.first(db, stateId, sha256, userId)) !== undefined;
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

/**
 * Whether the judge is assigned to a section in an event of their state that is not CLOSED:
 * the judges who may upload photos (decisions §9).
 */
export async function hasOpenAssignment(db: Db, stateId: number, judgeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('judge_assignment')
    .innerJoin('category', 'category.category_id', 'judge_assignment.category_id')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select('judge_assignment.judge_id')
    .where('judge_assignment.judge_id', '=', judgeId)
    .where('judge_assignment.state_id', '=', stateId)
    .where('event.state_id', '=', stateId)
    .where('event.status', '!=', 'CLOSED')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The new photos the user stored since `from` (their bytes on this server), oldest first. */
export async function listPhotosStoredSince(
  db: Db,
  userId: number,
  from: string,
): Promise<{ createdAt: string; sizeBytes: number }[]> {
  const rows = await db
    .selectFrom('stored_file')
    .select(['created_at', 'size_bytes'])
    .where('uploaded_by', '=', userId)
    .where('kind', '=', 'photo')
    .where('created_at', '>', from)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ createdAt: row.created_at, sizeBytes: row.size_bytes }));
}

/** The bytes of the new photos the user stored since `from`. */
export async function sumPhotoBytesStoredSince(db: Db, userId: number, from: string): Promise<number> {
  const row = await db
    .selectFrom('stored_file')
    .select((eb) => eb.fn.sum<number | null>('size_bytes').as('bytes'))
    .where('uploaded_by', '=', userId)
    .where('kind', '=', 'photo')
    .where('created_at', '>', from)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
