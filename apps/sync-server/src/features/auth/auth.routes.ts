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
import type { AppInstance, RouteDeps } from '../../http/app-types.ts';
import { currentUser } from '../../http/guards.ts';
import {
  TOKEN_LIFETIME_SECONDS,
  getSessionUser,
  login,
  logout,
  resetPassword,
  sendPasswordReset,
  type AuthDeps,
} from './auth.service.ts';

export function registerAuthRoutes(app: AppInstance, deps: RouteDeps): void {
  const authDeps: AuthDeps = {
    db: deps.db,
    now: deps.now,
    loginThrottle: deps.loginThrottle,
    publicUrl: deps.config.publicUrl,
    signToken: (payload) => app.jwt.sign(payload, { expiresIn: TOKEN_LIFETIME_SECONDS }),
    afterCommit: { emailQueued: () => void deps.mailer.flushOutbox() },
  };
  const resetDeps = { ...authDeps, captcha: deps.captcha };

  app.post(
    '/api/login/user',
    {
      schema: {
        operationId: 'logIn',
        tags: ['auth'],
        summary: 'Log in with email and password',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => login(authDeps, request.body, request.ip),
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
      await sendPasswordReset(resetDeps, request.body);
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
