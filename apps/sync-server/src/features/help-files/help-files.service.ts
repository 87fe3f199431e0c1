import { assertStateExists } from '../../shared/states.repository.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  HelpFileMessages,
  HelpFileUploadFieldsSchema,
  validate,
  type HelpFile,
  type HelpFileList,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, notFound, validationError } from '../../common/api-error.ts';
import { detectDocumentType } from './file-type.ts';
import { toHelpFile } from './help-files.mapper.ts';
import {
  deleteHelpFile,
  findHelpFile,
  findHelpFileByHash,
  insertHelpFile,
  listHelpFiles,
} from './help-files.repository.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { assertEditor } from '../../shared/account-status.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import type { StoredFiles } from '../../shared/stored-files.ts';

export interface HelpFilesDeps {
  db: Db;
  /** DATA_DIR/files; documents go in a folder of their own in it. */
  files: StoredFiles;
}

/** What the multipart form carried: its text fields and at most one file, read whole. */
export interface HelpFileUpload {
  fields: Record<string, string>;
  file: { bytes: Buffer; filename: string } | undefined;
}

const STORAGE_FOLDER = 'help-documents';

/**
 * The name offered on download: the client's file name without any folder, control or quote
 * characters, with the extension of what the content really is.
 */
export function downloadName(clientName: string, documentName: string, extension: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .replace(/[\p{Cc}"*<>?|:]/gu, '')
    .trim()
    .slice(0, 120);
  const fallback =
    documentName
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .trim()
      .slice(0, 120) || 'document';
  return `${stem || fallback}.${extension}`;
}

/** A Content-Disposition header with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string, isInline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${isInline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function listStateHelpFiles(db: Db, stateId: number): Promise<HelpFileList> {
  await assertStateExists(db, stateId);
  return { files: (await listHelpFiles(db, stateId)).map(toHelpFile) };
}

/** Stores a document of the caller's own state after checking its content; the bytes land under a random name. */
export async function uploadHelpFile(
  deps: HelpFilesDeps,
  caller: AuthContext,
  stateId: number,
  upload: HelpFileUpload,
  now: string,
): Promise<HelpFile> {
  assertSameState(caller, stateId);
  // Documents are changed by ADMIN, SUPER and ULTRA with an open account, never JUDGE or STANDARD
  // (decisions §7: judges register themselves); the routes guard the same.
  await assertEditor(deps.db, caller, new Date(now));
  const fields = validate(HelpFileUploadFieldsSchema, upload.fields);
  const errors = fields.ok ? [] : [...fields.errors];
  if (!upload.file || upload.file.bytes.length === 0)
    errors.push({ field: 'helpFile', message: HelpFileMessages.documentRequired });
  if (!fields.ok || errors.length > 0 || !upload.file) throw validationError(errors);
  const documentName = fields.value.documentName.trim();
  const { bytes, filename } = upload.file;
  const type = detectDocumentType(bytes);
  if (!type) {
    throw new ApiError(415, ErrorCode.UnsupportedFileType, HelpFileMessages.unsupportedType, [
      { field: 'helpFile', message: HelpFileMessages.unsupportedType },
    ]);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (await findHelpFileByHash(deps.db, stateId, sha256))
    throw new ApiError(409, ErrorCode.Conflict, HelpFileMessages.duplicate);

  const fileId = randomUUID();
  const storageName = `${STORAGE_FOLDER}/${fileId}`;
  await deps.files.put(storageName, bytes);
  try {
    return await inTransaction(deps.db, async (trx) => {
      const record = {
        fileId,
        stateId,
        sha256,
        mime: type.mime,
        sizeBytes: bytes.length,
        storageName,
        originalName: downloadName(filename, documentName, type.extension),
        documentName,
        uploadedBy: caller.userId,
      };
      await insertHelpFile(trx, record, now);
      await recordAudit(
        trx,
        {
          stateId,
          userId: caller.userId,
          action: 'create',
          entityType: 'help_document',
          entityId: fileId,
          after: { documentName, name: record.originalName, mime: type.mime, sizeBytes: bytes.length, sha256 },
        },
        now,
      );
      const row = await findHelpFile(trx, stateId, fileId);
      if (!row) throw notFound(HelpFileMessages.notFound);
      return toHelpFile(row);
    });
  } catch (error) {
    // No row, no file: a failed insert must not leave an orphan behind.
    await deps.files.remove(storageName);
    throw error;
  }
}

/** ADMIN, SUPER and ULTRA of the state remove one of its documents (decisions §7, not the seed's "any role"). */
export async function removeHelpFile(
  deps: HelpFilesDeps,
  caller: AuthContext,
  stateId: number,
  fileId: string,
  now: string,
): Promise<void> {
  assertSameState(caller, stateId);
  // Documents are changed by ADMIN, SUPER and ULTRA with an open account, never JUDGE or STANDARD
  // (decisions §7: judges register themselves); the routes guard the same.
  await assertEditor(deps.db, caller, new Date(now));
  const removed = await inTransaction(deps.db, async (trx) => {
    const row = await findHelpFile(trx, stateId, fileId);
    if (!row) throw notFound(HelpFileMessages.notFound);
    await deleteHelpFile(trx, fileId);
    await recordAudit(
      trx,
      {
        stateId,
        userId: caller.userId,
        action: 'delete',
        entityType: 'help_document',
        entityId: fileId,
        before: toHelpFile(row),
      },
      now,
    );
    return row;
  });
  // After commit: if this fails the row is gone anyway and the bytes are an unreachable leftover.
  await deps.files.remove(removed.storage_name);
}

export interface HelpFileDownload {
  stream: Readable;
  mime: string;
  sizeBytes: number;
  contentDisposition: string;
}

/** A document's bytes for anyone (the help page is public). */
export async function openHelpFileDownload(
  deps: HelpFilesDeps,
  stateId: number,
  fileId: string,
): Promise<HelpFileDownload> {
  const row = await findHelpFile(deps.db, stateId, fileId);
  if (!row) throw notFound(HelpFileMessages.notFound);
  const size = await deps.files.size(row.storage_name);
  if (size === undefined) throw notFound(HelpFileMessages.notFound);
  // Checked on upload: only PDFs and images are shown in the browser, the rest is saved.
  const isInline = row.mime === 'application/pdf' || row.mime.startsWith('image/');
  return {
    stream: deps.files.open(row.storage_name),
    mime: row.mime,
    sizeBytes: size,
    contentDisposition: contentDisposition(row.original_name ?? `${row.file_id}`, isInline),
  };
}
