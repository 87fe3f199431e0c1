// Coordinator results (seed §7): the whole event, one category, or one team, computed by the
// shared model; a closed event answers its frozen snapshot. The event's and a category's answers
// are sent as bytes serialised (and compressed) once per results version (results-answers.ts).
import {
  ApiErrorSchema,
  CoordinatorCategoryParamsSchema,
  CoordinatorEventParamsSchema,
  CoordinatorSchoolParamsSchema,
  RecomputeBodySchema,
  ResultsAnswerQuerySchema,
  ResultsReportSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { schoolOfReport } from './report-parts.ts';
import { sendAnswer } from './results-answers.ts';
import {
  categoryAnswer,
  eventAnswer,
  sheetlessCategoryAnswer,
  getEventResults,
  getResultsAtVersion,
  recomputeResults,
  type ResultsComputation,
} from './results.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };

/** `computation`: where open events' provisional results are computed (the results worker, or this thread). */
export function registerResultsRoutes(app: AppInstance, deps: RouteDeps, computation: ResultsComputation): void {
  const read = [deps.requireAuth, requireAdminArea];
  const write = [deps.requireAuth, deps.requireEditor];
  const tags = ['results'];

  app.get(
    '/api/run/coordinator/results/event/:eventId',
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
    async (request, reply) => {
      const results = await getResultsAtVersion(
        deps.db,
        currentUser(request),
        request.params.eventId,
        deps.now().toISOString(),
        computation,
      );
      return sendAnswer(request, reply, eventAnswer(results));
    },
  );

  app.get(
    '/api/run/coordinator/results/event/:eventId/category/:categoryId',
    {
      preHandler: read,
      schema: {
        operationId: 'getCategoryResults',
        tags,
        summary: 'One category’s results',
        description:
          'With `sheets=omit`, every team’s sections keep their scores but list no judges’ sheets ' +
          '(`sheets: []`): what the overall and section results pages show, a fraction of the bytes.',
        params: CoordinatorCategoryParamsSchema,
        querystring: ResultsAnswerQuerySchema,
        response: { 200: ResultsReportSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const results = await getResultsAtVersion(
        deps.db,
        currentUser(request),
        request.params.eventId,
        deps.now().toISOString(),
        computation,
      );
      const { categoryId } = request.params;
      const answer =
        request.query.sheets === 'omit'
          ? sheetlessCategoryAnswer(results, categoryId)
          : categoryAnswer(results, categoryId);
      return sendAnswer(request, reply, answer);
    },
  );

  app.get(
    '/api/run/coordinator/results/event/:eventId/school/:schoolId',
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
      schoolOfReport(
        await getEventResults(
          deps.db,
          currentUser(request),
          request.params.eventId,
          deps.now().toISOString(),
          computation,
        ),
        request.params.schoolId,
      ),
  );

  app.put(
    '/api/run/coordinator/event/:eventId/recomputeScores',
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
      recomputeResults(
        deps.db,
        currentUser(request),
        request.params.eventId,
        request.body ?? {},
        deps.now().toISOString(),
      ),
  );
}
