// Excuse or replace a judge who does not come (decisions §9), from the event-run page: editors of
// the event's state (on an expired account, of an event already started), while it is not closed.
import {
  ApiErrorSchema,
  ExcuseJudgeBodySchema,
  ReplaceJudgeBodySchema,
  RunStatusResponseSchema,
  UnlockJudgeParamsSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { excuseJudge, replaceJudge } from './excusals.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const writeErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

export function registerExcusalRoutes(app: AppInstance, deps: RouteDeps): void {
  const run = [deps.requireAuth, deps.requireEventRunner('eventId')];
  const tags = ['run'];

  app.post(
    '/api/run/coordinator/event/:eventId/category/:categoryId/judge/:judgeId/excuse',
    {
      preHandler: run,
      schema: {
        operationId: 'excuseJudge',
        tags,
        summary:
          'Excuse a judge from unsubmitted sections of a category: their scores there stay stored and stop counting; audited',
        params: UnlockJudgeParamsSchema,
        body: ExcuseJudgeBodySchema,
        response: { 200: RunStatusResponseSchema, ...writeErrors },
      },
    },
    (request) => excuseJudge(deps.db, currentUser(request), request.params, request.body, deps.now().toISOString()),
  );

  app.post(
    '/api/run/coordinator/event/:eventId/category/:categoryId/judge/:judgeId/replace',
    {
      preHandler: run,
      schema: {
        operationId: 'replaceJudge',
        tags,
        summary:
          'Replace a judge in unsubmitted sections of a category: excuse them and assign another judge, who starts with an empty sheet; audited',
        params: UnlockJudgeParamsSchema,
        body: ReplaceJudgeBodySchema,
        response: { 200: RunStatusResponseSchema, ...writeErrors },
      },
    },
    (request) => replaceJudge(deps.db, currentUser(request), request.params, request.body, deps.now().toISOString()),
  );
}
