import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const KIND = 'help_document';

const helpFileColumns = [
  'file_id',
  'state_id',
  'sha256',
  'mime',
  'size_bytes',
  'storage_name',
  'original_name',
  'document_name',
  'created_at',
] as const;

export type HelpFileRecord = NonNullable<Awaited<ReturnType<typeof findHelpFile>>>;

/** A state's competition documents by name. */
export async function listHelpFiles(db: Db, stateId: number) {
  return db
    .selectFrom('stored_file')
    .select(helpFileColumns)
    .where('kind', '=', KIND)
    .where('state_id', '=', stateId)
    .orderBy(sql`lower(document_name)`)
    .orderBy('created_at')
    .execute();
}

export async function findHelpFile(db: Db, stateId: number, fileId: string) {
  return db
    .selectFrom('stored_file')
    .select(helpFileColumns)
    .where('kind', '=', KIND)
    .where('state_id', '=', stateId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
}

/** The same bytes already uploaded for the state (one stored copy per state and content). */
export async function findHelpFileByHash(db: Db, stateId: number, sha256: string) {
  return db
    .selectFrom('stored_file')
    .select('file_id')
    .where('kind', '=', KIND)
    .where('state_id', '=', stateId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

export interface NewHelpFile {
  fileId: string;
  stateId: number;
  sha256: string;
  mime: string;
  sizeBytes: number;
  storageName: string;
  originalName: string;
  documentName: string;
  uploadedBy: number;
}

export async function insertHelpFile(db: Db, file: NewHelpFile, now: string): Promise<void> {
  await db
    .insertInto('stored_file')
    .values({
      file_id: file.fileId,
      state_id: file.stateId,
      kind: KIND,
      sha256: file.sha256,
      mime: file.mime,
      size_bytes: file.sizeBytes,
      storage_name: file.storageName,
      original_name: file.originalName,
      document_name: file.documentName,
      uploaded_by: file.uploadedBy,
      created_at: now,
    })
    .execute();
}

export async function deleteHelpFile(db: Db, fileId: string): Promise<void> {
  await db.deleteFrom('stored_file').where('file_id', '=', fileId).where('kind', '=', KIND).execute();
}
