import {
  CategoryPenaltiesSchema,
  SchoolPenaltiesSchema,
  SuccessMessageSchema,
  type ConfirmationList,
} from '@judging/shared-types';
import { api } from './api.ts';

/** GET run/coordinator/event/{e}/category/{c}/penalties */
export function getCategoryPenalties(eventId: number, categoryId: number, signal?: AbortSignal) {
  return api.get(`/run/coordinator/event/${eventId}/category/${categoryId}/penalties`, CategoryPenaltiesSchema, {
    signal,
  });
}

/** GET run/coordinator/event/{e}/category/{c}/school/{s}/penalties */
export function getSchoolPenalties(eventId: number, categoryId: number, schoolId: number, signal?: AbortSignal) {
  return api.get(
    `/run/coordinator/event/${eventId}/category/${categoryId}/school/${schoolId}/penalties`,
    SchoolPenaltiesSchema,
    { signal },
  );
}

/** PUT run/coordinator/confirm/event/{e}/category/{c}/school/{s}: saves decisions (Complete once none awaits one). */
export function confirmSchoolPenalties(eventId: number, categoryId: number, schoolId: number, list: ConfirmationList) {
  return api.put(
    `/run/coordinator/confirm/event/${eventId}/category/${categoryId}/school/${schoolId}`,
    list,
    SuccessMessageSchema,
  );
}

/** POST run/coordinator/viewed/event/{e}/category/{c}/school/{s}: the school shows Viewed until saved. */
export function markSchoolPenaltiesViewed(eventId: number, categoryId: number, schoolId: number) {
  return api.post(
    `/run/coordinator/viewed/event/${eventId}/category/${categoryId}/school/${schoolId}`,
    {},
    SuccessMessageSchema,
  );
}

/** POST run/coordinator/confirm-remaining/event/{e}/category/{c}: confirms every item still awaiting a decision. */
export function confirmRemainingPenalties(eventId: number, categoryId: number) {
  return api.post(
    `/run/coordinator/confirm-remaining/event/${eventId}/category/${categoryId}`,
    {},
    SuccessMessageSchema,
  );
}
