import {
  ApiErrorSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  Messages,
  ResetPasswordSchema,
  SendResetPasswordSchema,
  SessionResponseSchema,
  StatusResponseSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import {
  TOKEN_LIFETIME_SECONDS,
  getSessionUser,
  login,
  logout,
  resetPassword,
  sendPasswordReset,
  type AuthDeps,
} from './auth.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerAuthRoutes(app: AppInstance, deps: RouteDeps): void {
  const authDeps: AuthDeps = {
    db: deps.db,
    now: deps.now,
    loginThrottle: deps.loginThrottle,
    publicUrl: deps.config.publicUrl,
    signToken: (payload) => app.jwt.sign(payload, { expiresIn: TOKEN_LIFETIME_SECONDS }),
    afterCommit: { emailQueued: () => void deps.mailer.flushOutbox() },
  };
  const captchaDeps = { ...authDeps, captcha: deps.captcha };

  app.post(
    '/api/login/user',
    {
      schema: {
        operationId: 'logIn',
        tags: ['auth'],
        summary: 'Log in with email and password',
        description:
          'Failures are counted per (account, client address) and per client address (decisions §7, §9). ' +
          'Past 5 failures of one account from one address, its next attempts wait: 429 with `Retry-After`. ' +
          'Past 100 failures from one address, a login from it needs a solved captcha (`captcha`, from ' +
          '`getCaptchaChallenge`): without a valid one the answer is 401 `CAPTCHA_REQUIRED`. ' +
          'A burst of logins from one address may wait in line; one that waited too long is answered 429 ' +
          'with `Retry-After: 1`: send it again after that many seconds.',
        body: LoginRequestSchema,
        response: {
          200: LoginResponseSchema,
          400: ApiErrorSchema,
          401: {
            ...ApiErrorSchema,
            description:
              'Wrong email or password (`INVALID_CREDENTIALS`), or this address has used its free failures and ' +
              'no valid captcha came with the login (`CAPTCHA_REQUIRED`: solve one and send it as `captcha`).',
          },
          429: {
            ...ApiErrorSchema,
            description: 'Not now: wait `Retry-After` seconds, then send the login again.',
          },
        },
      },
    },
    async (request) => login(captchaDeps, request.body, request.ip),
  );

  app.post(
    '/api/logout',
    {
      preHandler: [deps.requireAuth],
      schema: {
        operationId: 'logOut',
        tags: ['auth'],
        summary: 'Revoke every token of the caller',
        response: { 200: StatusResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      await logout(authDeps, currentUser(request).userId);
      return { status: 'Success' };
    },
  );

  app.get(
    '/api/session',
    {
      preHandler: [deps.requireAuth],
      schema: {
        operationId: 'getSession',
        tags: ['auth'],
        summary: 'The session user of a valid token',
        response: { 200: SessionResponseSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      return { user: await getSessionUser(deps.db, caller.userId), expiresAt: caller.tokenExpiresAt };
    },
  );

  app.post(
    '/api/login/sendResetPassword',
    {
      onRequest: deps.rateLimits.anonymousWrite(),
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['auth'],
        summary:
          'Email a password-reset link, at most one per address per 5 minutes (answers the same whether or not the email exists)',
        body: SendResetPasswordSchema,
        response: { 200: StatusResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      await sendPasswordReset(captchaDeps, request.body);
      return { status: 'Success', message: Messages.resetEmailSent };
    },
  );

  app.post(
    '/api/login/resetPassword',
    {
      onRequest: deps.rateLimits.anonymousWrite(),
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary: 'Set a new password with a single-use reset token',
        body: ResetPasswordSchema,
        response: { 200: StatusResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      await resetPassword(authDeps, request.body);
      return { status: 'Success', message: Messages.passwordResetDone };
    },
  );
}
