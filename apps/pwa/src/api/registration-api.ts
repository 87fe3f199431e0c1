import {
  JudgeMutationResponseSchema,
  OpenEventListSchema,
  RegistrationAllowedSchema,
  RegistrationResponseSchema,
  SchoolNameListSchema,
  type JudgeRegistration,
  type SchoolRegistration,
} from '@judging/shared-types';
import { api } from './api.ts';

// Public calls. The stored token goes along where the server shows more to some roles
// (test events for ADMIN and ULTRA); a stale one leaves a plain visitor, never a 401.

/** GET state/{id}/event/open: events a school can still register for, with their categories. */
export function listOpenEvents(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/event/open`, OpenEventListSchema, { signal });
}

/** GET state/{id}/school/names: the registration form's school picker. */
export function listSchoolNames(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/school/names`, SchoolNameListSchema, { signal, token: null });
}

/** GET event/{id}/school/{schoolId}/allowed: may this listed school still register? */
export function checkRegistrationAllowed(eventId: number, schoolId: number, signal?: AbortSignal) {
  return api.get(`/event/${eventId}/school/${schoolId}/allowed`, RegistrationAllowedSchema, { signal });
}

/** POST school/register: a listed school by id, or a new one with its details. */
export function registerSchool(registration: SchoolRegistration) {
  return api.post('/school/register', registration, RegistrationResponseSchema);
}

/** POST judge with a password: the public judge registration (never with a token). */
export function registerJudge(registration: JudgeRegistration) {
  return api.post('/judge', { ...registration, profile: 'judge' }, JudgeMutationResponseSchema, { token: null });
}
