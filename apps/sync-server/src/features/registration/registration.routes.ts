import {
  ApiErrorSchema,
  EventSchoolParamsSchema,
  OpenEventListSchema,
  RegistrationAllowedSchema,
  RegistrationMessages,
  RegistrationResponseSchema,
  SchoolNameListSchema,
  SchoolRegistrationSchema,
  StateIdParamsSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { todayIso } from '../../common/clock.ts';
import { createOptionalAuth } from '../../http/guards.ts';
import {
  checkRegistrationAllowed,
  listOpenEvents,
  listPublicSchoolNames,
  registerSchool,
} from './registration.service.ts';
import { isCoordinator } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerRegistrationRoutes(app: AppInstance, deps: RouteDeps): void {
  const optionalAuth = createOptionalAuth(deps.requireAuth);
  const tags = ['registration'];

  app.get(
    '/api/state/:stateId/event/open',
    {
      preHandler: [optionalAuth],
      schema: {
        operationId: 'listOpenEvents',
        tags,
        summary: 'Public: the events a school can register for (test events only for ADMIN and ULTRA of the state)',
        params: StateIdParamsSchema,
        response: { 200: OpenEventListSchema, 400: ApiErrorSchema },
      },
    },
    (request) => listOpenEvents(deps.db, request.auth, request.params.stateId, todayIso(deps.now())),
  );

  app.get(
    '/api/state/:stateId/school/names',
    {
      schema: {
        operationId: 'listSchoolNames',
        tags,
        summary: "Public: the state's school names for the registration picker (no contact data)",
        params: StateIdParamsSchema,
        response: { 200: SchoolNameListSchema, 400: ApiErrorSchema },
      },
    },
    (request) => listPublicSchoolNames(deps.db, request.params.stateId),
  );

  app.get(
    '/api/event/:eventId/school/:schoolId/allowed',
    {
      preHandler: [optionalAuth],
      schema: {
        operationId: 'getSchoolRegistrationAllowed',
        tags,
        summary: 'Public: may this listed school still register for the event?',
        params: EventSchoolParamsSchema,
        response: { 200: RegistrationAllowedSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    (request) =>
      checkRegistrationAllowed(
        deps.db,
        request.auth,
        request.params.eventId,
        request.params.schoolId,
        todayIso(deps.now()),
      ),
  );

  app.post(
    '/api/school/register',
    {
      // Counted per IP (before the body is read) and captcha-checked unless a coordinator's
      // token is sent (decisions §7, §8).
      onRequest: [optionalAuth, deps.rateLimits.anonymousWrite((request) => isCoordinator(request.auth))],
      schema: {
        operationId: 'registerSchool',
        tags,
        summary:
          'Public: register a listed or new school for categories of an event (with captcha, unless a coordinator)',
        body: SchoolRegistrationSchema,
        response: {
          201: RegistrationResponseSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const now = deps.now();
      const registered = await registerSchool(deps, request.auth, request.body, {
        today: todayIso(now),
        now: now.toISOString(),
      });
      return reply
        .status(201)
        .send({ status: 'Success' as const, message: RegistrationMessages.success, ...registered });
    },
  );
}
