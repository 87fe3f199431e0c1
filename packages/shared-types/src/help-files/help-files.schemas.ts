// Competition documents per state (/help "Competition Documents"): listed and downloaded by
// anyone, uploaded by ADMIN/SUPER/ULTRA of the state, removed by any user of the state.
// Uploads are multipart: the file field `helpFile` and the text field `documentName`.
import Type, { type Static } from 'typebox';
import { idField, requiredText } from '../validation/fields.ts';

/** 20 MB: a scanned rules packet fits, a video does not. */
export const HELP_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** For the file picker; the server checks the content, not the name. */
export const HELP_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx';

export const HelpFileMessages = {
  documentNameRequired: 'Document Name is required',
  documentRequired: 'Document is required',
  added: 'File Added',
  removed: 'Remove successful',
  removeFailed: 'Please try again',
  confirmRemove: 'Are you sure you want to delete this file?',
  unsupportedType:
    'Only PDF, image (JPEG, PNG, GIF, WebP) and Office documents (Word, Excel, PowerPoint) can be uploaded.',
  tooLarge: 'The document is too large (20 MB at most).',
  duplicate: 'This document has already been uploaded for this state.',
  notFound: 'That document does not exist.',
} as const;

/** The text fields of the upload form (the file itself is checked by the server). */
export const HelpFileUploadFieldsSchema = Type.Object({
  documentName: requiredText(HelpFileMessages.documentNameRequired, 200),
});
export type HelpFileUploadFields = Static<typeof HelpFileUploadFieldsSchema>;

export const HelpFileSchema = Type.Object(
  {
    fileId: Type.String(),
    documentName: Type.String(),
    /** Where the file downloads from (public). */
    url: Type.String(),
    /** The file name offered on download. */
    name: Type.String(),
    mime: Type.String(),
    sizeBytes: Type.Integer(),
    createdAt: Type.String(),
  },
  { title: 'HelpFile' },
);
export type HelpFile = Static<typeof HelpFileSchema>;

export const HelpFileListSchema = Type.Object({ files: Type.Array(HelpFileSchema) });
export type HelpFileList = Static<typeof HelpFileListSchema>;

export const HelpFileAddedSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  file: HelpFileSchema,
});

export const HelpFileStateParamsSchema = Type.Object({ stateId: idField() });
export const HelpFileParamsSchema = Type.Object({
  stateId: idField(),
  fileId: Type.String({ pattern: '^[0-9a-f-]{36}$' }),
});
