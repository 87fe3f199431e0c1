import Type, { type Static } from 'typebox';
import { emailField, idField, newPasswordField, phoneField, requiredText } from '../validation/fields.ts';
import { CaptchaFieldSchema } from '../common/captcha.schemas.ts';
import { StateSchema } from '../common/state.schemas.ts';

export const RoleNameSchema = Type.String({ minLength: 1, maxLength: 16 });

export const LoginRequestSchema = Type.Object({
  username: emailField(),
  password: Type.String({ minLength: 1, maxLength: 1024, 'x-messages': { required: 'Password is required' } }),
  /**
   * A solved captcha (decisions §9): needed only once the client's address has used its free
   * login failures (401 CAPTCHA_REQUIRED without it); ignored otherwise.
   */
  captcha: Type.Optional(CaptchaFieldSchema),
});
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** The seed's stored session user. */
export const SessionUserSchema = Type.Object(
  {
    userId: Type.Integer(),
    role: Type.String(),
    state: StateSchema,
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    phone: Type.String(),
  },
  { title: 'SessionUser' },
);
export type SessionUser = Static<typeof SessionUserSchema>;

export const LoginResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  token: Type.String(),
  user: SessionUserSchema,
  /** ISO time the token stops being accepted; judges' devices plan their day around it. */
  expiresAt: Type.String(),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

/** GET /api/session: who a stored token belongs to and until when it works. */
export const SessionResponseSchema = Type.Object({ user: SessionUserSchema, expiresAt: Type.String() });
export type SessionResponse = Static<typeof SessionResponseSchema>;

/** The "forgot password" form: a public write, so it carries the captcha (decisions §7). */
export const SendResetPasswordSchema = Type.Object({ email: emailField(), captcha: CaptchaFieldSchema });
export type SendResetPasswordRequest = Static<typeof SendResetPasswordSchema>;

export const ResetPasswordSchema = Type.Refine(
  Type.Object({
    password: newPasswordField(),
    confirmPassword: Type.String({ maxLength: 1024, 'x-messages': { required: 'Password must match' } }),
    token: Type.String({
      minLength: 1,
      maxLength: 512,
      'x-messages': { required: 'The reset link is missing its token' },
    }),
    email: Type.Optional(Type.String({ maxLength: 254 })),
  }),
  (value) => value.password === value.confirmPassword,
  () => 'Password must match',
);
export type ResetPasswordRequest = Static<typeof ResetPasswordSchema>;

/** PUT /api/user/{userId}: own settings only; the role cannot be changed here. */
export const UserSettingsUpdateSchema = Type.Object({
  userId: Type.Optional(idField()),
  userEmail: emailField(),
  userFirstName: requiredText('First Name is required', 100),
  userLastName: requiredText('Last Name is required', 100),
  userPhone: phoneField(),
  userRole: Type.Optional(RoleNameSchema),
});
export type UserSettingsUpdate = Static<typeof UserSettingsUpdateSchema>;

export const UserIdParamsSchema = Type.Object({ userId: idField() });

export const StatusResponseSchema = Type.Object(
  { status: Type.String(), message: Type.Optional(Type.String()) },
  { title: 'StatusResponse' },
);
export type StatusResponse = Static<typeof StatusResponseSchema>;

export const UserSettingsResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  user: SessionUserSchema,
});
export type UserSettingsResponse = Static<typeof UserSettingsResponseSchema>;
