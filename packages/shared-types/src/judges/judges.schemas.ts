import Type, { type Static } from 'typebox';
import { CaptchaFieldSchema } from '../common/captcha.schemas.ts';
import { conflictSchoolIdsField, conflictsField } from './conflicts.schemas.ts';
import { emailField, idField, newPasswordField, phoneField, requiredText } from '../validation/fields.ts';

/** Texts of the judge screens (seed section 8) and of the refusals the server explains. */
export const JudgeMessages = {
  added: 'Judge added successfully.',
  updated: 'Judge updated successfully.',
  archived: 'Judge Archived',
  activated: 'Judge activated',
  registered: 'Registration successful.',
  /**
   * A coordinator's "Add judge" carrying a password
   * (docs/decisions/0020-coordinator-adds-judge-without-password.md).
   */
  coordinatorSetsNoPassword:
    'Coordinators invite judges: leave the password out. The judge gets an email and sets their own password.',
  notFound: 'Judge not found.',
  emailInUse: 'A user with that email already exists. Each judge needs their own email address.',
  alreadyArchived: 'This judge is already archived.',
  alreadyActive: 'This judge is already active.',
  registrationClosed: 'Judge registration is not open for that state.',
  unknownState: 'Choose a state from the list.',
  movingAssignedJudge:
    'This judge is assigned to an event that is not closed. Remove those assignments before moving the judge to another state.',
  otherStateCreate: 'Judges are created in your own state.',
} as const;

const stateRequired = { required: 'State is required', invalid: 'State is required' };

/** `judgeState` in requests: the seed sends `{ stateId }` (a stateName alongside is ignored). */
export const JudgeStateRefSchema = Type.Object(
  { stateId: idField(stateRequired), stateName: Type.Optional(Type.String()) },
  { 'x-messages': stateRequired },
);

const judgeContactFields = {
  judgeFirstName: requiredText('First Name is required', 100),
  judgeLastName: requiredText('Last Name is required', 100),
  judgeEmail: emailField(),
  judgePhone: phoneField(),
};

const confirmPasswordField = Type.String({ maxLength: 1024, 'x-messages': { required: 'Password must match' } });
const passwordsMatch = (value: { judgePassword?: string; confirmPassword?: string }) =>
  value.judgePassword === undefined || value.judgePassword === value.confirmPassword;

/** A judge as the admin screens and the judge's own pages see them; `judgeId` is their user id. */
export const JudgeSchema = Type.Object(
  {
    judgeId: Type.Integer(),
    judgeFirstName: Type.String(),
    judgeLastName: Type.String(),
    judgeEmail: Type.String(),
    judgePhone: Type.String(),
    judgeState: Type.Object({ stateId: Type.Integer(), stateName: Type.String() }),
    profile: Type.Literal('judge'),
    /** Archived judges cannot log in or be assigned; reinstating restores both. */
    isArchived: Type.Boolean(),
    /** The schools the judge declared a conflict with (admin lists). */
    ...conflictsField,
  },
  { title: 'Judge' },
);
export type Judge = Static<typeof JudgeSchema>;
export const JudgeListSchema = Type.Array(JudgeSchema);

/** The admin "add judge" modal: created in the caller's own state, invited by email to set a password. */
export const JudgeCreateSchema = Type.Object({
  ...judgeContactFields,
  judgeState: Type.Optional(JudgeStateRefSchema),
  profile: Type.Optional(Type.Literal('judge')),
});
export type JudgeCreate = Static<typeof JudgeCreateSchema>;

/**
 * The public /judge registration form (seed "Judge registration payload"); decisions §4 password
 * policy; the captcha of every public write (decisions §7).
 */
export const JudgeRegistrationSchema = Type.Refine(
  Type.Object({
    judgeState: JudgeStateRefSchema,
    ...judgeContactFields,
    judgePassword: newPasswordField(),
    confirmPassword: confirmPasswordField,
    profile: Type.Optional(Type.Literal('judge')),
    captcha: CaptchaFieldSchema,
    ...conflictSchoolIdsField,
  }),
  passwordsMatch,
  () => 'Password must match',
);
export type JudgeRegistration = Static<typeof JudgeRegistrationSchema>;

/**
 * What POST /api/judge accepts: a registration when it carries `judgePassword` (or comes
 * without a token), otherwise an editor's "add judge". The server then requires the fields
 * of the mode it chose, with the same messages as the two schemas above (a registration
 * without a solved captcha is refused CAPTCHA_FAILED).
 */
export const JudgePostSchema = Type.Refine(
  Type.Object({
    ...judgeContactFields,
    judgeState: Type.Optional(JudgeStateRefSchema),
    judgePassword: Type.Optional(newPasswordField()),
    confirmPassword: Type.Optional(confirmPasswordField),
    profile: Type.Optional(Type.Literal('judge')),
    captcha: Type.Optional(CaptchaFieldSchema),
    ...conflictSchoolIdsField,
  }),
  passwordsMatch,
  () => 'Password must match',
);
export type JudgePost = Static<typeof JudgePostSchema>;

/** The edit modal. Only an ULTRA's `judgeState` moves the judge; everyone else's is ignored. */
export const JudgeUpdateSchema = Type.Object({
  judgeId: Type.Optional(idField()),
  ...judgeContactFields,
  judgeState: Type.Optional(JudgeStateRefSchema),
  profile: Type.Optional(Type.Literal('judge')),
});
export type JudgeUpdate = Static<typeof JudgeUpdateSchema>;

export const JudgeIdParamsSchema = Type.Object({ judgeId: idField() });

export const JudgeMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  judge: JudgeSchema,
});
export type JudgeMutationResponse = Static<typeof JudgeMutationResponseSchema>;
