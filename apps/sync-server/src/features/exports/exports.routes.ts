// GET export/results/event/:eventId (+ /category/:categoryId, /school/:schoolId): `{name}_export.csv`. A download
// link carries a link ticket (features/link-tickets), never the login token.
import {
  ApiErrorSchema,
  CoordinatorCategoryParamsSchema,
  CoordinatorEventParamsSchema,
  CoordinatorSchoolParamsSchema,
  ExportQuerySchema,
} from '@judging/shared-types';
import type { FastifyReply } from 'fastify';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { exportResults, type CsvFile } from './exports.service.ts';
import { currentUser } from '../../caller/caller.ts';
import { fileAnswer } from '../../http/route-documentation.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const responses = {
  200: fileAnswer('The CSV file (UTF-8 with BOM; cells that could run as formulas are neutralised)', ['text/csv'], {
    type: 'string',
  }),
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export function registerExportRoutes(app: AppInstance, deps: RouteDeps): void {
  const read = [deps.requireLinkAuth, requireAdminArea];
  const tags = ['exports'];

  app.get(
    '/api/export/results/event/:eventId',
    {
      preHandler: read,
      schema: {
        operationId: 'exportEventResults',
        tags,
        summary: 'Results of an event as CSV',
        params: CoordinatorEventParamsSchema,
        querystring: ExportQuerySchema,
        response: responses,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportResults(
          deps.db,
          currentUser(request),
          { eventId: request.params.eventId, report: request.query.report },
          deps.now().toISOString(),
        ),
      ),
  );

  app.get(
    '/api/export/results/event/:eventId/category/:categoryId',
    {
      preHandler: read,
      schema: {
        operationId: 'exportCategoryResults',
        tags,
        summary: 'Results of a category as CSV',
        params: CoordinatorCategoryParamsSchema,
        querystring: ExportQuerySchema,
        response: responses,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportResults(
          deps.db,
          currentUser(request),
          {
            eventId: request.params.eventId,
            categoryId: request.params.categoryId,
            report: request.query.report,
          },
          deps.now().toISOString(),
        ),
      ),
  );

  app.get(
    '/api/export/results/event/:eventId/school/:schoolId',
    {
      preHandler: read,
      schema: {
        operationId: 'exportSchoolResults',
        tags,
        summary: 'Results of a team as CSV (per category and section)',
        params: CoordinatorSchoolParamsSchema,
        querystring: ExportQuerySchema,
        response: responses,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportResults(
          deps.db,
          currentUser(request),
          { eventId: request.params.eventId, schoolId: request.params.schoolId },
          deps.now().toISOString(),
        ),
      ),
  );
}
