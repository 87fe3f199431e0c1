import {
  ApiErrorSchema,
  CaptchaChallengeSchema,
  ContactRequestSchema,
  MarkRequestHandledSchema,
  OverviewRequestSchema,
  PublicRequestKind,
  PublicRequestListSchema,
  PublicRequestResponseSchema,
  RequestHandledResponseSchema,
  RequestIdParamsSchema,
  RequestListQuerySchema,
  RequestMessages,
  Role,
  SchoolChangeRequestSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireRole } from '../../http/guards.ts';
import { startOutboxRetry } from '../../email/outbox-retry.ts';
import { listRequests, markRequestHandled, submitPublicRequest, type RequestsDeps } from './requests.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const publicErrors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };

export function registerRequestRoutes(app: AppInstance, deps: RouteDeps): void {
  const requestsDeps: RequestsDeps = {
    db: deps.db,
    captcha: deps.captcha,
    publicUrl: deps.config.publicUrl,
    afterCommit: { emailQueued: () => void deps.mailer.flushOutbox() },
  };
  // Public requests are emailed through the outbox; keep retrying what SMTP refused.
  const stopOutboxRetry = startOutboxRetry(deps.mailer);
  app.addHook('onClose', async () => stopOutboxRetry());
  const inbox = [deps.requireAuth, requireRole([Role.Ultra, Role.Super, Role.Admin])];
  const tags = ['requests'];

  app.get(
    '/api/captcha/challenge',
    {
      onRequest: deps.rateLimits.captchaChallenge(),
      schema: {
        operationId: 'getCaptchaChallenge',
        tags,
        summary: 'Public: a signed ALTCHA proof-of-work challenge for a public form',
        response: { 200: CaptchaChallengeSchema, 429: ApiErrorSchema },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await requestsDeps.captcha.createChallenge()),
  );

  app.post(
    '/api/email/contact-us',
    {
      onRequest: deps.rateLimits.anonymousWrite(),
      schema: {
        operationId: 'sendContactRequest',
        tags,
        summary: 'Public: a contact request (stored, then emailed to the state coordinator)',
        body: ContactRequestSchema,
        response: { 201: PublicRequestResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const kind = PublicRequestKind.Contact;
      const requestId = await submitPublicRequest(requestsDeps, { kind, body: request.body }, deps.now().toISOString());
      return reply.status(201).send({ status: 'Success' as const, message: RequestMessages.contactSent, requestId });
    },
  );

  app.post(
    '/api/email/admin',
    {
      onRequest: deps.rateLimits.anonymousWrite(),
      schema: {
        operationId: 'sendOverviewRequest',
        tags,
        summary: 'Public: an overview (sign-up information) request',
        body: OverviewRequestSchema,
        response: { 201: PublicRequestResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const kind = PublicRequestKind.Overview;
      const requestId = await submitPublicRequest(requestsDeps, { kind, body: request.body }, deps.now().toISOString());
      return reply.status(201).send({ status: 'Success' as const, message: RequestMessages.overviewSent, requestId });
    },
  );

  app.post(
    '/api/email/updateSchool',
    {
      onRequest: deps.rateLimits.anonymousWrite(),
      schema: {
        operationId: 'sendSchoolChangeRequest',
        tags,
        summary: "Public: a change request for a school's registration",
        body: SchoolChangeRequestSchema,
        response: { 201: PublicRequestResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      const kind = PublicRequestKind.SchoolChange;
      const requestId = await submitPublicRequest(requestsDeps, { kind, body: request.body }, deps.now().toISOString());
      return reply.status(201).send({ status: 'Success' as const, message: RequestMessages.changeSent, requestId });
    },
  );

  app.get(
    '/api/requests',
    {
      preHandler: inbox,
      schema: {
        operationId: 'listRequests',
        tags,
        summary: 'The requests inbox with email delivery (ULTRA/SUPER: all states; ADMIN: own state)',
        querystring: RequestListQuerySchema,
        response: { 200: PublicRequestListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    (request) => listRequests(deps.db, currentUser(request), request.query.handled),
  );

  app.put(
    '/api/requests/:requestId/handled',
    {
      // A bare PUT (no body) marks handled, like `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: [deps.requireAuth, deps.requireEditor],
      schema: {
        operationId: 'markRequestHandled',
        tags,
        summary: 'Mark a request handled ({} or {isHandled: true}) or reopen it ({isHandled: false})',
        params: RequestIdParamsSchema,
        body: MarkRequestHandledSchema,
        response: {
          200: RequestHandledResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const isHandled = request.body.isHandled ?? true;
      const updated = await markRequestHandled(
        deps.db,
        currentUser(request),
        request.params.requestId,
        isHandled,
        deps.now().toISOString(),
      );
      return {
        status: 'Success' as const,
        message: isHandled ? RequestMessages.handled : RequestMessages.reopened,
        request: updated,
      };
    },
  );
}
