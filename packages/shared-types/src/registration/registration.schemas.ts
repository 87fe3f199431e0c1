// School registration (POST /api/school/register, public) and what the public form reads:
// the registrable events of a state and the state's school names. A listed school is picked
// by id; "My school is not listed" sends schoolId null with the new school's details.
import Type, { type Static } from 'typebox';
import type { FieldError } from '../errors.ts';
import { StateRefSchema } from '../events/events.schemas.ts';
import { CaptchaFieldSchema } from '../common/captcha.schemas.ts';
import { optionalNullableText } from '../common/params.schemas.ts';
import { SchoolDetailsSchema } from '../schools/schools.schemas.ts';
import { idField } from '../validation/fields.ts';
import { validate, type ValidationResult } from '../validation/validate.ts';
import { StudentNamesSchema } from './students.ts';

export const RegistrationMessages = {
  schoolSelection: 'Please make a selection - if your school is not listed, select * My school is not listed *',
  stateRequired: 'State is required',
  eventRequired: 'Event is required',
  schoolName: 'School Name is required',
  educator: 'Please enter at least one (1) Educator',
  contactName: 'Primary Contact is required',
  contactEmail: 'Primary Contact Email is required',
  contactPhone: 'Primary Contact Phone is required',
  categoriesRequired: 'Please select at least one category',
  duplicateCategory: 'Each category can be selected once',
  success: 'Registration successful.',
  alreadyRegistered: 'School is already registered',
  schoolAlreadyListed: 'That school is already listed - please select it from the list',
  eventNotFound: 'Event does not exist, please select a valid event.',
  registrationClosed: 'Registration for this event is closed.',
  stateNotOpen: 'School registration is not open for that state.',
  schoolNotFound: 'That school is not listed for this state.',
  categoryNotInEvent: 'That category is not part of this event.',
} as const;

const schoolSelectionMessages = {
  'x-messages': { required: RegistrationMessages.schoolSelection, invalid: RegistrationMessages.schoolSelection },
};

/** The school part of the payload; the details are checked only for a new school (see below). */
export const RegistrationSchoolSchema = Type.Object(
  {
    schoolId: Type.Union([idField(schoolSelectionMessages['x-messages']), Type.Null(schoolSelectionMessages)], {
      ...schoolSelectionMessages,
    }),
    schoolName: optionalNullableText(200),
    schoolPrincipal: optionalNullableText(200),
    schoolEducator1: optionalNullableText(200),
    schoolEducator2: optionalNullableText(200),
    schoolEducator3: optionalNullableText(200),
    schoolContactName: optionalNullableText(200),
    schoolContactEmail: optionalNullableText(254),
    schoolContactPhone: optionalNullableText(32),
  },
  { 'x-messages': { required: RegistrationMessages.schoolSelection } },
);

/**
 * A new ("not listed") school's details: the school fields and messages of the modify-school
 * modal, except that registration does not ask for the principal (seed section 5).
 */
export const NewSchoolDetailsSchema = Type.Object({
  ...SchoolDetailsSchema.properties,
  schoolPrincipal: optionalNullableText(200),
});
export type NewSchoolDetails = Static<typeof NewSchoolDetailsSchema>;

export const RegistrationCategorySchema = Type.Object({
  categoryId: idField(),
  /** Comma-separated, 1 to 5 names. */
  students: StudentNamesSchema,
});

export const SchoolRegistrationSchema = Type.Object({
  school: RegistrationSchoolSchema,
  state: StateRefSchema,
  event: Type.Object(
    {
      eventId: idField({ required: RegistrationMessages.eventRequired, invalid: RegistrationMessages.eventRequired }),
      categories: Type.Array(RegistrationCategorySchema, {
        minItems: 1,
        maxItems: 50,
        'x-messages': {
          required: RegistrationMessages.categoriesRequired,
          invalid: RegistrationMessages.categoriesRequired,
        },
      }),
    },
    { 'x-messages': { required: RegistrationMessages.eventRequired } },
  ),
  /**
   * The public form's solved captcha (decisions §7). Required from visitors (and from judges and
   * STANDARD users, who are no coordinators); ADMIN, SUPER and ULTRA, who add schools anyway,
   * register without one.
   */
  captcha: Type.Optional(CaptchaFieldSchema),
});
export type SchoolRegistration = Static<typeof SchoolRegistrationSchema>;

/** The rules the schema cannot state: a new school's details, each category once. */
export function describeRegistrationRules(registration: SchoolRegistration): FieldError[] {
  const errors: FieldError[] = [];
  if (registration.school.schoolId === null) {
    const details = validate(NewSchoolDetailsSchema, registration.school);
    if (!details.ok) errors.push(...details.errors.map((error) => ({ ...error, field: `school.${error.field}` })));
  }
  const seen = new Set<number>();
  registration.event.categories.forEach((category, index) => {
    if (seen.has(category.categoryId)) {
      errors.push({ field: `event.categories.${index}.categoryId`, message: RegistrationMessages.duplicateCategory });
    }
    seen.add(category.categoryId);
  });
  return errors;
}

/** A new school's missing or wrong details, read from a payload that may not pass the schema yet. */
function describeNewSchoolErrors(value: unknown): FieldError[] {
  const school = typeof value === 'object' && value !== null ? (value as { school?: unknown }).school : undefined;
  if (typeof school !== 'object' || school === null || (school as { schoolId?: unknown }).schoolId !== null) return [];
  const details = validate(NewSchoolDetailsSchema, school);
  return details.ok ? [] : details.errors.map((error) => ({ ...error, field: `school.${error.field}` }));
}

/**
 * The whole registration check, for the form and the server alike. Every problem is reported at
 * once: a new school's missing details come with the schema's errors (no category chosen, …),
 * not only on a second submit.
 */
export function validateSchoolRegistration(value: unknown): ValidationResult<SchoolRegistration> {
  const result = validate(SchoolRegistrationSchema, value);
  if (!result.ok) {
    const reported = new Set(result.errors.map((error) => error.field));
    const details = describeNewSchoolErrors(value).filter((error) => !reported.has(error.field));
    return { ok: false, errors: [...result.errors, ...details] };
  }
  const errors = describeRegistrationRules(result.value);
  return errors.length === 0 ? result : { ok: false, errors };
}

export const RegistrationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  schoolId: Type.Integer(),
  eventId: Type.Integer(),
});
export type RegistrationResponse = Static<typeof RegistrationResponseSchema>;

/** GET /api/event/{eventId}/school/{schoolId}/allowed: may this school still register? */
export const RegistrationAllowedSchema = Type.Object({
  allowed: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
export type RegistrationAllowed = Static<typeof RegistrationAllowedSchema>;

export const EventSchoolParamsSchema = Type.Object({
  eventId: idField(),
  schoolId: idField(),
});

/** GET /api/state/{stateId}/event/open: events a school can register for, with their categories. */
export const OpenEventSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  eventStartDate: Type.String(),
  eventStartTime: Type.Union([Type.String(), Type.Null()]),
  eventEndDate: Type.String(),
  isTestEvent: Type.Boolean(),
  categories: Type.Array(Type.Object({ categoryId: Type.Integer(), categoryName: Type.String() })),
});
export type OpenEvent = Static<typeof OpenEventSchema>;
export const OpenEventListSchema = Type.Array(OpenEventSchema);

/** GET /api/state/{stateId}/school/names: the public school picker; names and ids only. */
export const SchoolNameSchema = Type.Object({ schoolId: Type.Integer(), schoolName: Type.String() });
export type SchoolName = Static<typeof SchoolNameSchema>;
export const SchoolNameListSchema = Type.Array(SchoolNameSchema);
