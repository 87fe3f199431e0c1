import Type, { type Static } from 'typebox';
import { emailField, idField, phoneField, requiredText } from '../validation/fields.ts';

/**
 * One account per state; every account path's `:stateId` is the STATE id (the seed's
 * account-detail/{id} route carries the state id).
 */
export const AccountMessages = {
  userAdded: 'User added successfully.',
  userUpdated: 'User updated successfully.',
  userRemoved: 'User removed successfully.',
  accountAdded: 'Account added successfully.',
  renewed: (years: number) => `Account renewed for ${years} year(s).`,
  accountNotFound: 'This state has no account.',
  userNotFound: 'That user is not a user of this account.',
  stateHasAccount: 'That state already has an account.',
  unknownState: 'Choose a state from the list.',
  emailInUse: 'A user with that email already exists.',
  primaryUserRemoval: 'The primary user of an account cannot be removed.',
  primaryUserRole: 'The primary user of an account must stay an Admin.',
  selfRemoval: 'You cannot remove yourself.',
  userHasHistory:
    'This user has made changes that the history keeps under their name, so they cannot be removed. Change their role to Standard instead.',
  userIdMismatch: 'The user in the form does not match the link.',
} as const;

export const RENEWAL_MIN_YEARS = 1;
export const RENEWAL_MAX_YEARS = 6;

/** The account user roles (seed: Admin or Standard), in the seed's casing; compared case-insensitively. */
export const AccountUserRole = { Admin: 'Admin', Standard: 'Standard' } as const;
export type AccountUserRole = (typeof AccountUserRole)[keyof typeof AccountUserRole];

/** Admin or Standard in any casing ('Select a user type' is only a placeholder). */
const userRoleField = Type.String({
  minLength: 1,
  pattern: '^\\s*(?:[Aa][Dd][Mm][Ii][Nn]|[Ss][Tt][Aa][Nn][Dd][Aa][Rr][Dd])\\s*$',
  'x-messages': { required: 'Role is required', invalid: 'Role must be Admin or Standard' },
});

const userContactFields = {
  userFirstName: requiredText('First Name is required', 100),
  userLastName: requiredText('Last Name is required', 100),
  userEmail: emailField(),
  userPhone: phoneField(),
};

export const AccountUserSchema = Type.Object(
  {
    userId: Type.Integer(),
    userFirstName: Type.String(),
    userLastName: Type.String(),
    userPhone: Type.String(),
    userEmail: Type.String(),
    /** 'Admin' or 'Standard'. */
    userRole: Type.String(),
    userState: Type.Object({ stateId: Type.Integer() }),
    isPrimaryUser: Type.Boolean(),
  },
  { title: 'AccountUser' },
);
export type AccountUser = Static<typeof AccountUserSchema>;

export const PrimaryContactSchema = Type.Object({
  userId: Type.Integer(),
  userFirstName: Type.String(),
  userLastName: Type.String(),
  userEmail: Type.String(),
  userPhone: Type.String(),
});
export type PrimaryContact = Static<typeof PrimaryContactSchema>;

/** A row of manage-accounts. Dates are YYYY-MM-DD; `accountActive` = not expired. */
export const AccountSummarySchema = Type.Object({
  accountId: Type.Integer(),
  accountState: Type.Object({ stateId: Type.Integer(), stateName: Type.String() }),
  accountSignupDate: Type.String(),
  accountExpirationDate: Type.String(),
  accountActive: Type.Boolean(),
  primaryContact: Type.Union([PrimaryContactSchema, Type.Null()]),
});
export type AccountSummary = Static<typeof AccountSummarySchema>;
export const AccountListSchema = Type.Array(AccountSummarySchema);

/** account-detail: the summary plus the account's Admin and Standard users, primary first. */
export const AccountSchema = Type.Object(
  {
    ...AccountSummarySchema.properties,
    users: Type.Array(AccountUserSchema),
  },
  { title: 'Account' },
);
export type Account = Static<typeof AccountSchema>;

/** Add and edit user (role Admin or Standard). */
export const AccountUserInputSchema = Type.Object({
  userId: Type.Optional(idField()),
  ...userContactFields,
  userRole: userRoleField,
});
export type AccountUserInput = Static<typeof AccountUserInputSchema>;

/** POST account: the state (by name, as the seed sends it, or by id) and the primary Admin user. */
export const AccountCreateSchema = Type.Refine(
  Type.Object({
    accountStateName: Type.Optional(Type.String({ maxLength: 100 })),
    stateId: Type.Optional(idField()),
    ...userContactFields,
  }),
  (value) => value.stateId !== undefined || (value.accountStateName ?? '').trim() !== '',
  () => 'State is required',
);
export type AccountCreate = Static<typeof AccountCreateSchema>;

export const AccountUserParamsSchema = Type.Object({
  stateId: idField(),
  userId: idField(),
});

export const AccountRenewParamsSchema = Type.Object({
  stateId: idField(),
  years: Type.Integer({
    minimum: RENEWAL_MIN_YEARS,
    maximum: RENEWAL_MAX_YEARS,
    'x-messages': { invalid: 'Renew for 1 to 6 years' },
  }),
});

export const AccountMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  account: AccountSchema,
});
export type AccountMutationResponse = Static<typeof AccountMutationResponseSchema>;
