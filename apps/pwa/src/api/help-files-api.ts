import { HelpFileAddedSchema, HelpFileListSchema, SuccessMessageSchema } from '@judging/shared-types';
import { api } from './api.ts';

/** GET files/helpFile/{stateId}: the state's competition documents (public). */
export function listHelpFiles(stateId: number, signal?: AbortSignal) {
  return api.get(`/files/helpFile/${stateId}`, HelpFileListSchema, { signal, token: null });
}

/** DELETE files/helpFile/{stateId}/{fileId}: any user of that state. */
export function removeHelpFile(stateId: number, fileId: string) {
  return api.delete(`/files/helpFile/${stateId}/${fileId}`, SuccessMessageSchema);
}

/** POST files/helpFile/{stateId}: multipart, `documentName` then the file `helpFile`. */
export function uploadHelpFile(stateId: number, documentName: string, file: File) {
  const form = new FormData();
  form.append('documentName', documentName);
  form.append('helpFile', file, file.name);
  return api.multipart('POST', `/files/helpFile/${stateId}`, form, HelpFileAddedSchema);
}
