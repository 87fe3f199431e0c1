import {
  ApiErrorSchema,
  CategoryParamsSchema,
  TieBreakMessages,
  TieBreakRulesBodySchema,
  TieBreakRulesSavedSchema,
  TieBreakRulesSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { getTieBreakRules, setTieBreakRules } from './tie-breaks.service.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };

export function registerTieBreakRoutes(app: AppInstance, deps: RouteDeps): void {
  const tags = ['categories'];

  app.get(
    '/api/event/:eventId/category/:categoryId/tie-breaks',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'getTieBreakRules',
        tags,
        summary: "A category's tie-break rules, in the order they are tried, and whether scores lock them",
        params: CategoryParamsSchema,
        response: { 200: TieBreakRulesSchema, ...readErrors },
      },
    },
    (request) => getTieBreakRules(deps.db, currentUser(request), request.params.eventId, request.params.categoryId),
  );

  app.put(
    '/api/event/:eventId/category/:categoryId/tie-breaks',
    {
      preHandler: [deps.requireAuth, deps.requireEditor],
      schema: {
        operationId: 'setTieBreakRules',
        tags,
        summary:
          "Replace a category's tie-break rules (an ordered list; empty: ties stand); 409 once a judge has scored in the category",
        params: CategoryParamsSchema,
        body: TieBreakRulesBodySchema,
        response: { 200: TieBreakRulesSavedSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: 'Success' as const,
      message: TieBreakMessages.saved,
      tieBreaks: await setTieBreakRules(
        deps.db,
        {
          caller: currentUser(request),
          eventId: request.params.eventId,
          categoryId: request.params.categoryId,
          now: deps.now().toISOString(),
        },
        request.body.rules,
      ),
    }),
  );
}
