import { HelpFileAddedSchema, HelpFileListSchema, SuccessResponseSchema, validate } from '@judging/shared-types';
import { sessionStore } from '../session/app-session.ts';
import { API_BASE } from './api-client.ts';
import { ApiError, ClientErrorCode, isApiErrorBody } from './api-error.ts';
import { api } from './api.ts';

/** GET files/helpFile/{stateId}: the state's competition documents (public). */
export function listHelpFiles(stateId: number, signal?: AbortSignal) {
  return api.get(`/files/helpFile/${stateId}`, HelpFileListSchema, { signal, token: null });
}

/** DELETE files/helpFile/{stateId}/{fileId}: any user of that state. */
export function removeHelpFile(stateId: number, fileId: string) {
  return api.delete(`/files/helpFile/${stateId}/${fileId}`, SuccessResponseSchema);
}

/**
 * POST files/helpFile/{stateId}: multipart (`documentName`, then the file `helpFile`), which the
 * JSON client does not send; the answer is checked and failures typed the same way.
 */
export async function uploadHelpFile(stateId: number, documentName: string, file: File) {
  const form = new FormData();
  form.append('documentName', documentName);
  form.append('helpFile', file, file.name);
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/files/helpFile/${stateId}`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const checked = validate(HelpFileAddedSchema, body);
    if (checked.ok) return checked.value;
    throw new ApiError(response.status, ClientErrorCode.InvalidResponse, 'The server answered in an unexpected shape.');
  }
  if (isApiErrorBody(body)) {
    throw new ApiError(response.status, body.code, body.message, Array.isArray(body.errors) ? body.errors : []);
  }
  throw new ApiError(response.status, ClientErrorCode.Http, `Server returned code: ${response.status}`);
}
