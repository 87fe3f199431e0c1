import { ApiErrorSchema, HistoryPageSchema, HistoryParamsSchema, HistoryQuerySchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { readHistoryPage } from './history.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerHistoryRoutes(app: AppInstance, deps: RouteDeps): void {
  app.get(
    '/api/run/coordinator/event/:eventId/history',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'listScoreHistory',
        tags: ['run'],
        summary:
          'Score history of an event, newest first: every applied change with its device and server times (admin area of the event’s state)',
        params: HistoryParamsSchema,
        querystring: HistoryQuerySchema,
        response: {
          200: HistoryPageSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    (request) => readHistoryPage(deps.db, currentUser(request), request.params.eventId, request.query),
  );
}
