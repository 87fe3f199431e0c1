// The coordinator's event run (seed §7 "Coordinator"): reads for the admin area (STANDARD too),
// start / end / unlock for editors of the event's state (on an expired account, only of an event
// already started), and a server-sent-events stream that tells the event-run page when to read again
// (opened with a link ticket; ended when its user's login is revoked; at most a few per user).
import {
  ApiErrorSchema,
  CoordinatorCategoryParamsSchema,
  CoordinatorEventParamsSchema,
  CoordinatorEventSchema,
  CoordinatorSchoolParamsSchema,
  ErrorCode,
  LinkTicketQuerySchema,
  RunStatusResponseSchema,
  UnlockJudgeParamsSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { ApiError } from '../../common/api-error.ts';
import { isAuthCurrent, requireAdminArea } from '../../http/guards.ts';
import { findResultsVersion } from '../results/results.repository.ts';
import {
  createMemoryStreamPlaces,
  createStreamRegistry,
  MAX_STREAMS_PER_USER,
  STREAM_CAP_RETRY_AFTER_SECONDS,
} from './run-streams.ts';
import { createPostgresStreamPlaces } from './run-stream-leases.ts';
import { createNotifiedSignals, createTickingSignals } from './run-change-signals.ts';
import { postgresPoolOf } from '../../db/postgres.ts';
import { findLatestSyncStamp } from './run.repository.ts';
import { completeEvent, getCoordinatorEvent, startEvent, unlockJudge } from './run.service.ts';
import { currentUser } from '../../caller/caller.ts';
import { findRunEvent } from '../../shared/event-lookups.ts';
import { fileAnswer } from '../../http/route-documentation.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };
const STREAM_HEARTBEAT_MS = 15_000;

export function registerRunRoutes(app: AppInstance, deps: RouteDeps): void {
  const read = [deps.requireAuth, requireAdminArea];
  // decisions §8: an expired account still runs an event already STARTED to its close.
  const run = [deps.requireAuth, deps.requireEventRunner('eventId')];
  const tags = ['run'];

  app.get(
    '/api/run/coordinator/event/:eventId',
    {
      preHandler: read,
      schema: {
        operationId: 'getEventRun',
        tags,
        summary: 'Event run: per category, each judge’s status, progress and last sync',
        params: CoordinatorEventParamsSchema,
        response: { 200: CoordinatorEventSchema, ...readErrors },
      },
    },
    (request) => getCoordinatorEvent(deps.db, currentUser(request), request.params.eventId),
  );

  app.get(
    '/api/run/coordinator/event/:eventId/category/:categoryId',
    {
      preHandler: read,
      schema: {
        operationId: 'getCategoryRun',
        tags,
        summary: 'Event run of one category',
        params: CoordinatorCategoryParamsSchema,
        response: { 200: CoordinatorEventSchema, ...readErrors },
      },
    },
    (request) =>
      getCoordinatorEvent(deps.db, currentUser(request), request.params.eventId, {
        categoryId: request.params.categoryId,
      }),
  );

  app.get(
    '/api/run/coordinator/event/:eventId/school/:schoolId',
    {
      preHandler: read,
      schema: {
        operationId: 'getSchoolRun',
        tags,
        summary: 'Event run of one school: its categories, judges’ progress on that school',
        params: CoordinatorSchoolParamsSchema,
        response: { 200: CoordinatorEventSchema, ...readErrors },
      },
    },
    (request) =>
      getCoordinatorEvent(deps.db, currentUser(request), request.params.eventId, { schoolId: request.params.schoolId }),
  );

  app.put(
    '/api/run/coordinator/event/:eventId/start',
    {
      preHandler: run,
      schema: {
        operationId: 'startEvent',
        tags,
        summary: 'Start an event (when not started)',
        params: CoordinatorEventParamsSchema,
        response: { 200: RunStatusResponseSchema, ...writeErrors },
      },
    },
    (request) => startEvent(deps.db, currentUser(request), request.params.eventId, deps.now().toISOString()),
  );

  app.put(
    '/api/run/coordinator/event/:eventId/complete',
    {
      preHandler: run,
      schema: {
        operationId: 'endEvent',
        tags,
        summary: 'End an event (when started and every judge submitted); freezes the results',
        params: CoordinatorEventParamsSchema,
        response: { 200: RunStatusResponseSchema, ...writeErrors },
      },
    },
    (request) => completeEvent(deps.db, currentUser(request), request.params.eventId, deps.now().toISOString()),
  );

  app.delete(
    '/api/score/submitScores/event/:eventId/category/:categoryId/judge/:judgeId',
    {
      preHandler: [deps.requireAuth, deps.requireEventRunner('eventId')],
      schema: {
        operationId: 'unlockSubmission',
        tags,
        summary: 'Unlock a judge’s submitted category (while the event is started); audited',
        params: UnlockJudgeParamsSchema,
        response: { 200: RunStatusResponseSchema, ...writeErrors },
      },
    },
    (request) => unlockJudge(deps.db, currentUser(request), request.params, deps.now().toISOString()),
  );

  // On PostgreSQL several processes may share the database: the cap counts their streams
  // together, and changes made through any of them reach every stream (decisions §9).
  const pool = postgresPoolOf(deps.db);
  const streams = createStreamRegistry(pool ? createPostgresStreamPlaces(pool) : createMemoryStreamPlaces());
  const signals = pool ? createNotifiedSignals(pool) : createTickingSignals();
  // Before the server waits for its requests to finish: an open stream never would.
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', () => signals.close());
  deps.metrics.gaugeReadAtScrape('live_streams_open', 'Open live-update streams of the event-run pages.', () =>
    streams.openCount(),
  );

  app.get(
    '/api/run/coordinator/event/:eventId/stream',
    {
      preHandler: [deps.requireLinkAuth, requireAdminArea],
      schema: {
        operationId: 'streamEventChanges',
        tags,
        summary:
          'Server-sent events: `changed` whenever scores, reviews, the schedule or a device sync change (a link ticket opens it)',
        params: CoordinatorEventParamsSchema,
        querystring: LinkTicketQuerySchema,
        response: {
          200: fileAnswer(
            'A stream of server-sent events: `changed` (data: what changed) whenever the run page should refresh; comments keep it open',
            ['text/event-stream'],
            { type: 'string' },
          ),
          ...readErrors,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const event = await findRunEvent(deps.db, caller, request.params.eventId);
      if (!(await streams.tryOpen(caller.userId, reply.raw))) {
        throw new ApiError(
          429,
          ErrorCode.TooManyRequests,
          `At most ${MAX_STREAMS_PER_USER} live updates are open at once per user; close another event run page.`,
          undefined,
          { retryAfterSeconds: STREAM_CAP_RETRY_AFTER_SECONDS },
        );
      }
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let lastKey = '';
      let lastWrittenAt = performance.now();
      let isChecking = false;
      let isAskedAgain = false;
      const check = async () => {
        if (stream.writableEnded) return;
        if (isChecking) {
          // A signal during a look may announce what the look read too early: look once more after it.
          isAskedAgain = true;
          return;
        }
        isChecking = true;
        try {
          // A revoked login (logout, password reset, archive, role change) or an expired one ends
          // the stream at the next look; the page's reconnect then needs a new ticket, and is refused.
          if (!(await isAuthCurrent(deps.db, caller, deps.now().getTime()))) {
            stream.end();
            return;
          }
          const version = await findResultsVersion(deps.db, event.state_id);
          const key = `${version}|${await findLatestSyncStamp(deps.db, event.state_id)}`;
          if (key !== lastKey) {
            lastKey = key;
            lastWrittenAt = performance.now();
            stream.write(`event: changed\ndata: ${JSON.stringify({ version })}\n\n`);
          } else if (performance.now() - lastWrittenAt >= STREAM_HEARTBEAT_MS) {
            lastWrittenAt = performance.now();
            stream.write(': ping\n\n');
          }
        } catch (error) {
          request.log.warn({ err: error }, 'event-run stream check failed');
        } finally {
          isChecking = false;
        }
        if (isAskedAgain) {
          isAskedAgain = false;
          await check();
        }
      };
      const stopWatching = signals.watch({ stateId: event.state_id, userId: caller.userId }, () => void check());
      stream.on('close', stopWatching);
      await check();
    },
  );
}
