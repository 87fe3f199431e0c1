// The public results of a CLOSED event whose coordinator opted in (issue 40): a server-written
// page at a stable link (/public/results/{eventId}) and the same data as JSON, no login, an ETag,
// and caching fit for a crowd. No rate limit by IP (decisions §9). The coordinator's opt-in is
// read and set under /api/event/{eventId}/public-results.
import {
  ApiErrorSchema,
  EventIdParamsSchema,
  PublicResultsMessages,
  PublicResultsParamsSchema,
  PublicResultsSchema,
  PublicResultsSettingBodySchema,
  PublicResultsSettingSavedSchema,
  PublicResultsSettingSchema,
} from '@judging/shared-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { fileAnswer } from '../../http/route-documentation.ts';
import { currentUser } from '../../caller/caller.ts';
import { ApiError } from '../../common/api-error.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { chooseEncoding, type SerialisedAnswer } from './results-answers.ts';
import { findPublishedAnswers, getPublicResultsSetting, setPublicResults } from './public-results.service.ts';
import { renderNotPublishedPage } from './public-results-page.ts';

/**
 * A published snapshot changes only if an ULTRA/SUPER republishes it or the coordinator opts out:
 * an hour of immutable caching lets a crowd's phones and any proxy answer from their copy, and
 * either change reaches every reader within the hour (docs/decisions/0153-public-results-caching.md).
 */
export const PUBLIC_RESULTS_CACHE_CONTROL = 'public, max-age=3600, immutable';

const NOT_MODIFIED = { description: 'Not modified: the copy named in If-None-Match is current', type: 'null' };

function matchesTag(request: FastifyRequest, tag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === tag || value === `W/${tag}`;
  });
}

async function sendPublished(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerialisedAnswer,
  tag: string,
  contentType: string,
) {
  reply.header('etag', tag).header('cache-control', PUBLIC_RESULTS_CACHE_CONTROL).header('vary', 'Accept-Encoding');
  if (matchesTag(request, tag)) return reply.status(304).send();
  const { body, encoding } = await answer.encoded(chooseEncoding(request.headers['accept-encoding']));
  reply.header('content-type', contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}

export function registerPublicResultsRoutes(app: AppInstance, deps: RouteDeps): void {
  const publicUrl = deps.config.publicUrl;

  app.get(
    '/api/public/results/:eventId',
    {
      schema: {
        operationId: 'getPublicResults',
        tags: ['results'],
        summary:
          'The final results of a CLOSED event whose coordinator published them: places, teams, scores (no judges, no comments); 404 otherwise',
        params: PublicResultsParamsSchema,
        response: { 200: PublicResultsSchema, 304: NOT_MODIFIED, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const answers = await findPublishedAnswers(deps.db, request.params.eventId, publicUrl);
      return sendPublished(request, reply, answers.json, answers.jsonTag, 'application/json; charset=utf-8');
    },
  );

  app.get(
    '/public/results/:eventId',
    {
      schema: {
        operationId: 'getPublicResultsPage',
        tags: ['results'],
        summary:
          'The public results page (HTML, printable, with the link and its QR code) of a CLOSED event whose coordinator published them',
        params: PublicResultsParamsSchema,
        response: {
          200: fileAnswer('The page', ['text/html'], { type: 'string' }),
          304: NOT_MODIFIED,
          // A browser (Accept: text/html) gets a short page; any other client the API's error body.
          404: {
            description: 'Not published: a page saying so for a browser, the error body for other clients',
            content: {
              'text/html': { schema: { type: 'string' } },
              'application/json': { schema: ApiErrorSchema },
            },
          },
        },
      },
    },
    async (request, reply) => {
      try {
        const answers = await findPublishedAnswers(deps.db, request.params.eventId, publicUrl);
        return await sendPublished(request, reply, answers.page, answers.pageTag, 'text/html; charset=utf-8');
      } catch (error) {
        const wantsPage = String(request.headers.accept ?? '').includes('text/html');
        if (!(error instanceof ApiError) || error.statusCode !== 404 || !wantsPage) throw error;
        return reply
          .status(404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(renderNotPublishedPage(PublicResultsMessages.notPublished));
      }
    },
  );

  app.get(
    '/api/event/:eventId/public-results',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'getPublicResultsSetting',
        tags: ['results'],
        summary: "Whether the event's public results page is published, and its stable link",
        params: EventIdParamsSchema,
        response: { 200: PublicResultsSettingSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    (request) => getPublicResultsSetting(deps.db, currentUser(request), request.params.eventId, publicUrl),
  );

  app.put(
    '/api/event/:eventId/public-results',
    {
      preHandler: [deps.requireAuth, deps.requireEditor],
      schema: {
        operationId: 'setPublicResults',
        tags: ['results'],
        summary: 'Publish (or withdraw) the public results page; it answers only once the event is CLOSED',
        params: EventIdParamsSchema,
        body: PublicResultsSettingBodySchema,
        response: {
          200: PublicResultsSettingSavedSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => ({
      status: 'Success' as const,
      message: PublicResultsMessages.saved,
      setting: await setPublicResults(
        deps.db,
        {
          caller: currentUser(request),
          eventId: request.params.eventId,
          now: deps.now().toISOString(),
          publicUrl,
        },
        request.body.isPublic,
      ),
    }),
  );
}
