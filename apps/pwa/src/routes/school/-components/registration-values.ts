// The school registration form's values and the payload they stand for: plain functions, so the
// form checks exactly what it sends (`validateSchoolRegistration`, the server's own check).
import {
  CaptchaMessages,
  validateSchoolRegistration,
  type SchoolRegistration,
  type ValidationResult,
} from '@judging/shared-types';

/** The school picker's value for "* My school is not listed *". */
export const NEW_SCHOOL = 'new';

export interface RegistrationValues {
  stateId: number;
  eventId: number;
  /** '' (nothing chosen yet), NEW_SCHOOL, or a listed school's id. */
  schoolChoice: string;
  schoolName: string;
  schoolPrincipal: string;
  schoolEducator1: string;
  schoolEducator2: string;
  schoolEducator3: string;
  schoolContactName: string;
  schoolContactEmail: string;
  schoolContactPhone: string;
  /** Category ids the school enters, in the event's order. */
  categoryIds: number[];
  /** Typed student lists by category id. */
  students: Record<number, string>;
  /** The solved captcha ('' until solved); coordinators register without one. */
  captcha: string;
}

/** The wire payload the values stand for (the same object is checked and sent). */
export function toRegistration(values: RegistrationValues): unknown {
  const trim = (text: string) => text.trim();
  const school =
    values.schoolChoice === NEW_SCHOOL
      ? {
          schoolId: null,
          schoolName: trim(values.schoolName),
          schoolPrincipal: trim(values.schoolPrincipal),
          schoolEducator1: trim(values.schoolEducator1),
          schoolEducator2: trim(values.schoolEducator2),
          schoolEducator3: trim(values.schoolEducator3),
          schoolContactName: trim(values.schoolContactName),
          schoolContactEmail: trim(values.schoolContactEmail),
          schoolContactPhone: trim(values.schoolContactPhone),
        }
      : values.schoolChoice === ''
        ? {}
        : { schoolId: Number(values.schoolChoice) };
  return {
    school,
    state: { stateId: values.stateId },
    event: {
      eventId: values.eventId,
      categories: values.categoryIds.map((categoryId) => ({ categoryId, students: values.students[categoryId] ?? '' })),
    },
    ...(values.captcha ? { captcha: values.captcha } : {}),
  };
}

/** The server's check, plus the captcha a visitor must solve (decisions §7). */
export function checkRegistration(
  values: RegistrationValues,
  needsCaptcha: boolean,
): ValidationResult<SchoolRegistration> {
  const result = validateSchoolRegistration(toRegistration(values));
  if (!needsCaptcha || values.captcha !== '') return result;
  const missing = { field: 'captcha', message: CaptchaMessages.required };
  return { ok: false, errors: result.ok ? [missing] : [...result.errors, missing] };
}
