import {
  CaptchaChallengeSchema,
  PublicRequestListSchema,
  PublicRequestResponseSchema,
  RequestHandledResponseSchema,
  type ContactRequest,
  type OverviewRequest,
  type SchoolChangeRequest,
} from '@judging/shared-types';
import { api } from './api.ts';

/** GET captcha/challenge: a fresh signed ALTCHA challenge (each is accepted once). */
export function fetchCaptchaChallenge(signal?: AbortSignal) {
  return api.get('/captcha/challenge', CaptchaChallengeSchema, { signal, token: null });
}

/** POST email/contact-us: the Contact Us form. */
export function sendContactRequest(request: ContactRequest) {
  return api.post('/email/contact-us', request, PublicRequestResponseSchema, { token: null });
}

/** POST email/admin: the overview page's request to join. */
export function sendOverviewRequest(request: OverviewRequest) {
  return api.post('/email/admin', request, PublicRequestResponseSchema, { token: null });
}

/** POST email/updateSchool: a change to a school's registration. */
export function sendSchoolChangeRequest(request: SchoolChangeRequest) {
  return api.post('/email/updateSchool', request, PublicRequestResponseSchema, { token: null });
}

/** GET requests: the inbox (ULTRA/SUPER every state, ADMIN its own), newest first. */
export function listRequests(handled: boolean | undefined, signal?: AbortSignal) {
  const query = handled === undefined ? '' : `?handled=${String(handled)}`;
  return api.get(`/requests${query}`, PublicRequestListSchema, { signal });
}

/** PUT requests/{id}/handled: marks handled, or reopens with isHandled false. */
export function markRequestHandled(requestId: number, isHandled: boolean) {
  return api.put(`/requests/${requestId}/handled`, { isHandled }, RequestHandledResponseSchema);
}
