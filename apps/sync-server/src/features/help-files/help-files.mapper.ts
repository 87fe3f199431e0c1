import type { HelpFile } from '@judging/shared-types';
import type { HelpFileRecord } from './help-files.repository.ts';

export function helpFileUrl(stateId: number, fileId: string): string {
  return `/api/files/helpFile/${stateId}/${fileId}/download`;
}

export function toHelpFile(row: HelpFileRecord): HelpFile {
  return {
    fileId: row.file_id,
    documentName: row.document_name ?? row.original_name ?? 'Document',
    url: helpFileUrl(row.state_id, row.file_id),
    name: row.original_name ?? row.file_id,
    mime: row.mime,
    sizeBytes: row.size_bytes,
    createdAt: row.created_at,
  };
}
