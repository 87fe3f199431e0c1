import {
  SessionResponseSchema,
  StatusResponseSchema,
  type LoginRequest,
  type ResetPasswordRequest,
  type SendResetPasswordRequest,
} from '@judging/shared-types';
import { api } from './api.ts';
import { logInPatiently } from './login-patiently.ts';

/** Logs in, waiting out a short "not now" itself (see login-patiently.ts). */
export function logInUser(request: LoginRequest) {
  return logInPatiently(api, request);
}

/** Revokes every token of the user; sent with the token being given up. */
export function logOutUser(token: string) {
  return api.post('/logout', undefined, StatusResponseSchema, { token });
}

export function fetchSession(token: string, signal?: AbortSignal) {
  return api.get('/session', SessionResponseSchema, { token, signal });
}

export function sendResetPasswordEmail(request: SendResetPasswordRequest) {
  return api.post('/login/sendResetPassword', request, StatusResponseSchema, { token: null });
}

export function resetPassword(request: ResetPasswordRequest) {
  return api.post('/login/resetPassword', request, StatusResponseSchema, { token: null });
}
