// Judging by team number (issue 39 item 4): read by the admin area of the event's state, changed
// by its editors before Start.
import {
  ApiErrorSchema,
  CategoryParamsSchema,
  EventIdParamsSchema,
  TeamNumberEditsSchema,
  TeamNumberSettingSchema,
  TeamNumbersSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { changeJudgeByTeamNumber, editTeamNumbers, getTeamNumbers } from './team-numbers.service.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };

export function registerTeamNumberRoutes(app: AppInstance, deps: RouteDeps): void {
  const read = [deps.requireAuth, requireAdminArea];
  const write = [deps.requireAuth, deps.requireEditor];
  const tags = ['events'];

  app.get(
    '/api/event/:eventId/team-numbers',
    {
      preHandler: read,
      schema: {
        operationId: 'getTeamNumbers',
        tags,
        summary: "Whether judges see team numbers instead of school names, and every category's team numbers",
        params: EventIdParamsSchema,
        response: { 200: TeamNumbersSchema, ...readErrors },
      },
    },
    (request) => getTeamNumbers(deps.db, currentUser(request), request.params.eventId),
  );

  app.put(
    '/api/event/:eventId/team-numbers',
    {
      preHandler: write,
      schema: {
        operationId: 'setJudgeByTeamNumber',
        tags,
        summary:
          'Turn judging by team number on or off before Start (on: numbers every category from its running order); audited',
        params: EventIdParamsSchema,
        body: TeamNumberSettingSchema,
        response: { 200: TeamNumbersSchema, ...writeErrors },
      },
    },
    (request) =>
      changeJudgeByTeamNumber(
        deps.db,
        currentUser(request),
        request.params.eventId,
        request.body.judgeByTeamNumber,
        deps.now().toISOString(),
      ),
  );

  app.put(
    '/api/event/:eventId/category/:categoryId/team-numbers',
    {
      preHandler: write,
      schema: {
        operationId: 'editTeamNumbers',
        tags,
        summary: "Change some schools' team numbers in a category before Start (unique in the category); audited",
        params: CategoryParamsSchema,
        body: TeamNumberEditsSchema,
        response: { 200: TeamNumbersSchema, ...writeErrors },
      },
    },
    (request) =>
      editTeamNumbers(
        deps.db,
        currentUser(request),
        request.params,
        request.body.teamNumbers,
        deps.now().toISOString(),
      ),
  );
}
