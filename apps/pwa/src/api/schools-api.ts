import { SchoolListSchema, SchoolMutationResponseSchema, SchoolSchema, type SchoolUpdate } from '@judging/shared-types';
import { api } from './api.ts';

/** GET state/{stateId}/school: the state's schools, by name. */
export function listSchools(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/school`, SchoolListSchema, { signal });
}

export function getSchool(schoolId: number, signal?: AbortSignal) {
  return api.get(`/school/${schoolId}`, SchoolSchema, { signal });
}

/** PUT school/{id}: the modify-school modal (the state never changes). */
export function updateSchool(schoolId: number, school: SchoolUpdate) {
  return api.put(`/school/${schoolId}`, { ...school, schoolId, profile: 'school' }, SchoolMutationResponseSchema);
}
