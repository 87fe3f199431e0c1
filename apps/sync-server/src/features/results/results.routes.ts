// Coordinator results (seed §7): the whole event, one category, or one team, computed by the
// shared model; a closed event answers its frozen snapshot.
import {
  ApiErrorSchema,
  CoordinatorCategoryParamsSchema,
  CoordinatorEventParamsSchema,
  CoordinatorSchoolParamsSchema,
  RecomputeBodySchema,
  ResultsReportSchema,
} from '@judging/shared-types';
import type { AppInstance, RouteDeps } from '../../http/app-types.ts';
import { currentUser, requireAdminArea } from '../../http/guards.ts';
import { categoryOfReport, schoolOfReport } from './report-parts.ts';
import { getEventResults, recomputeResults } from './results.service.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };

export function registerResultsRoutes(app: AppInstance, deps: RouteDeps): void {
  const read = [deps.requireAuth, requireAdminArea];
  const write = [deps.requireAuth, deps.requireEditor];
  const tags = ['results'];

  app.get(
    '/api/run/coordinator/results/event/:e',
    {
      preHandler: read,
      schema: {
        operationId: 'getEventResults',
        tags,
        summary: 'An event’s results: provisional while open, the frozen final results once closed',
        params: CoordinatorEventParamsSchema,
        response: { 200: ResultsReportSchema, ...readErrors },
      },
    },
    (request) => getEventResults(deps.db, currentUser(request), request.params.e),
  );

  app.get(
    '/api/run/coordinator/results/event/:e/category/:c',
    {
      preHandler: read,
      schema: {
        operationId: 'getCategoryResults',
        tags,
        summary: 'One category’s results',
        params: CoordinatorCategoryParamsSchema,
        response: { 200: ResultsReportSchema, ...readErrors },
      },
    },
    async (request) =>
      categoryOfReport(await getEventResults(deps.db, currentUser(request), request.params.e), request.params.c),
  );

  app.get(
    '/api/run/coordinator/results/event/:e/school/:s',
    {
      preHandler: read,
      schema: {
        operationId: 'getSchoolResults',
        tags,
        summary: 'One team’s results in every category it competes in (places as in the category)',
        params: CoordinatorSchoolParamsSchema,
        response: { 200: ResultsReportSchema, ...readErrors },
      },
    },
    async (request) =>
      schoolOfReport(await getEventResults(deps.db, currentUser(request), request.params.e), request.params.s),
  );

  app.put(
    '/api/run/coordinator/event/:e/recomputeScores',
    {
      preHandler: write,
      schema: {
        operationId: 'recomputeResults',
        tags,
        summary: 'Recompute an open event’s results; a closed event only on an ULTRA/SUPER republish (audited)',
        params: CoordinatorEventParamsSchema,
        body: RecomputeBodySchema,
        response: { 200: ResultsReportSchema, ...writeErrors },
      },
    },
    (request) =>
      recomputeResults(deps.db, currentUser(request), request.params.e, request.body ?? {}, new Date().toISOString()),
  );
}
