// The coordinator's "needs attention" list of the event run: judge edits the server refused.
import { ApiErrorSchema, CoordinatorEventParamsSchema, RejectedEditListSchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { listRejectedEdits } from './rejected-edits.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerRejectedEditRoutes(app: AppInstance, deps: RouteDeps): void {
  app.get(
    '/api/run/coordinator/event/:eventId/rejected',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'listRejectedEdits',
        tags: ['run'],
        summary: 'Judge edits the server refused in this event (newest first): who, where, code and reason',
        params: CoordinatorEventParamsSchema,
        response: { 200: RejectedEditListSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    (request) => listRejectedEdits(deps.db, currentUser(request), request.params.eventId),
  );
}
