import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  ApiErrorSchema,
  JudgeIdParamsSchema,
  JudgeListSchema,
  JudgeMessages,
  JudgeMutationResponseSchema,
  JudgePostSchema,
  JudgeSchema,
  JudgeUpdateSchema,
  StatePathParamsSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { validationError } from '../../common/api-error.ts';
import { createOptionalAuth, requireAdminArea } from '../../http/guards.ts';
import {
  archiveJudge,
  createJudge,
  getJudge,
  listJudges,
  registerJudge,
  reinstateJudge,
  updateJudge,
  type JudgesDeps,
} from './judges.service.ts';
import { currentUser, isCoordinator } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** The password fields only a judge registering themself sends. */
const PASSWORD_FIELDS = ['judgePassword', 'confirmPassword'] as const;

function passwordFieldsOf(request: FastifyRequest): string[] {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return [];
  return PASSWORD_FIELDS.filter((field) => field in body && (body as Record<string, unknown>)[field] !== undefined);
}

/**
 * POST judge is a public registration when the body carries `judgePassword` or no token is
 * sent; otherwise it is an editor's "add judge" in their own state. A coordinator's token with
 * a password is neither: refused by name (docs/decisions/0020-coordinator-adds-judge-without-password.md), not
 * taken for a registration that then fails its captcha.
 */
function isRegistration(request: FastifyRequest): boolean {
  if (isCoordinatorWithPassword(request)) return false;
  return passwordFieldsOf(request).includes('judgePassword') || !request.headers.authorization;
}

function isCoordinatorWithPassword(request: FastifyRequest): boolean {
  return isCoordinator(request.auth) && passwordFieldsOf(request).length > 0;
}

export function registerJudgeRoutes(app: AppInstance, deps: RouteDeps): void {
  const judgesDeps: JudgesDeps = {
    db: deps.db,
    now: deps.now,
    publicUrl: deps.config.publicUrl,
    captcha: deps.captcha,
    emailQueued: () => void deps.mailer.flushOutbox(),
  };
  const readers = [deps.requireAuth, requireAdminArea];
  const editors = [deps.requireAuth, deps.requireEditor];
  const optionalAuth = createOptionalAuth(deps.requireAuth);

  app.get(
    '/api/state/:stateId/judge',
    {
      preHandler: readers,
      schema: {
        operationId: 'listStateJudges',
        tags: ['judges'],
        summary: "A state's active judges, by last name",
        params: StatePathParamsSchema,
        response: { 200: JudgeListSchema, ...refusals },
      },
    },
    (request) => listJudges(judgesDeps, currentUser(request), request.params.stateId, false),
  );

  app.get(
    '/api/judge/inactive/:stateId',
    {
      preHandler: readers,
      schema: {
        operationId: 'listArchivedJudges',
        tags: ['judges'],
        summary: "A state's archived judges, by last name",
        params: StatePathParamsSchema,
        response: { 200: JudgeListSchema, ...refusals },
      },
    },
    (request) => listJudges(judgesDeps, currentUser(request), request.params.stateId, true),
  );

  app.get(
    '/api/judge/:judgeId',
    {
      preHandler: [deps.requireAuth],
      schema: {
        operationId: 'getJudge',
        tags: ['judges'],
        summary: 'One judge (admin area of their state, or the judge themself)',
        params: JudgeIdParamsSchema,
        response: { 200: JudgeSchema, ...refusals },
      },
    },
    (request) => getJudge(judgesDeps, currentUser(request), request.params.judgeId),
  );

  const guardJudgePost: preHandlerAsyncHookHandler = async function guardJudgePost(request, reply) {
    if (isRegistration(request)) return;
    await deps.requireAuth.call(this, request, reply);
    await deps.requireEditor.call(this, request, reply);
    if (isCoordinatorWithPassword(request)) {
      throw validationError(
        passwordFieldsOf(request).map((field) => ({ field, message: JudgeMessages.coordinatorSetsNoPassword })),
      );
    }
  };

  app.post(
    '/api/judge',
    {
      // Counted per IP before the body is read, as every anonymous write; a coordinator's calls
      // (their "add judge") are not (decisions §8).
      onRequest: [optionalAuth, deps.rateLimits.anonymousWrite((request) => isCoordinator(request.auth))],
      preHandler: guardJudgePost,
      schema: {
        operationId: 'addJudge',
        tags: ['judges'],
        summary:
          'Add a judge to your state (invited by email), or register as a judge (public, with judgePassword and captcha)',
        description:
          'A coordinator (ADMIN, SUPER, ULTRA) adds a judge without a password: the judge is invited by email and ' +
          "sets their own. A coordinator's call carrying judgePassword or confirmPassword is refused 400 naming " +
          "the field; without a token (or with a judge's), judgePassword makes the call a self-registration.",
        body: JudgePostSchema,
        response: { 201: JudgeMutationResponseSchema, ...refusals, 409: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const registration = isRegistration(request);
      const judge = registration
        ? await registerJudge(judgesDeps, request.body)
        : await createJudge(judgesDeps, currentUser(request), request.body);
      return reply.code(201).send({
        status: 'Success' as const,
        message: registration ? JudgeMessages.registered : JudgeMessages.added,
        judge,
      });
    },
  );

  app.put(
    '/api/judge/:judgeId',
    {
      preHandler: editors,
      schema: {
        operationId: 'updateJudge',
        tags: ['judges'],
        summary: "Edit a judge (only an ULTRA's judgeState moves them to another state)",
        params: JudgeIdParamsSchema,
        body: JudgeUpdateSchema,
        response: { 200: JudgeMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const judge = await updateJudge(judgesDeps, currentUser(request), request.params.judgeId, request.body);
      return { status: 'Success' as const, message: JudgeMessages.updated, judge };
    },
  );

  app.put(
    '/api/judge/:judgeId/archive',
    {
      preHandler: editors,
      schema: {
        operationId: 'archiveJudge',
        tags: ['judges'],
        summary: 'Archive a judge: revokes their tokens; their scores stay',
        params: JudgeIdParamsSchema,
        response: { 200: JudgeMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const judge = await archiveJudge(judgesDeps, currentUser(request), request.params.judgeId);
      return { status: 'Success' as const, message: JudgeMessages.archived, judge };
    },
  );

  app.put(
    '/api/judge/:judgeId/reinstate',
    {
      preHandler: editors,
      schema: {
        operationId: 'reinstateJudge',
        tags: ['judges'],
        summary: 'Reinstate an archived judge',
        params: JudgeIdParamsSchema,
        response: { 200: JudgeMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const judge = await reinstateJudge(judgesDeps, currentUser(request), request.params.judgeId);
      return { status: 'Success' as const, message: JudgeMessages.activated, judge };
    },
  );
}
