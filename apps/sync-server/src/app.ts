import Fastify, { LogController, type RouteOptions } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MAX_PHOTO_BYTES } from '@judging/shared-types';
import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { registerAccountRoutes } from './features/accounts/accounts.routes.ts';
import { registerAuditRoutes } from './features/audit/audit.routes.ts';
import { registerCriteriaRoutes } from './features/criteria/criteria.routes.ts';
import { registerStateItemRoutes } from './features/criteria/state-items.routes.ts';
import { registerJudgeRoutes } from './features/judges/judges.routes.ts';
import { registerSchoolRoutes } from './features/schools/schools.routes.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createLoginThrottle, LOGIN_THROTTLE_RULES } from './http/login-throttle.ts';
import { createPostgresFailureCounters } from './http/login-throttle-postgres.ts';
import { postgresRateLimitStore } from './http/rate-limit-store-postgres.ts';
import { postgresPoolOf } from './db/postgres.ts';
import { createMailer } from './email/mailer.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { registerMetricsRoutes } from './features/metrics/metrics.routes.ts';
import { registerStateRoutes } from './features/states/states.routes.ts';
import { registerUserRoutes } from './features/users/users.routes.ts';
import { registerScoreRoutes } from './features/scores/scores.routes.ts';
import { registerSyncRoutes } from './features/sync/sync.routes.ts';
import { registerSyncPruning } from './features/sync/sync-pruning.ts';
import { registerStudentNamesRetention } from './features/retention/student-names-retention.ts';
import { registerRunRoutes } from './features/run/run.routes.ts';
import { registerExcusalRoutes } from './features/excusals/excusals.routes.ts';
import { registerTeamNumberRoutes } from './features/team-numbers/team-numbers.routes.ts';
import { registerConflictRoutes } from './features/conflicts/conflicts.routes.ts';
import { registerRejectedEditRoutes } from './features/rejected-edits/rejected-edits.routes.ts';
import { registerReviewRoutes } from './features/review/review.routes.ts';
import { registerResultsRoutes } from './features/results/results.routes.ts';
import { registerPublicResultsRoutes } from './features/results/public-results.routes.ts';
import type { ComputeReport } from './features/results/results-compute.ts';
import { createResultsWorker, type ResultsWorker } from './features/results/results-thread.ts';
import { resultsComputation } from './features/results/results.service.ts';
import { registerExportRoutes } from './features/exports/exports.routes.ts';
import { registerPacketRoutes } from './features/packets/packets.routes.ts';
import { packetAttachmentRenderer } from './features/packets/packets.service.ts';
import { registerCategoryRoutes } from './features/categories/categories.routes.ts';
import { registerTieBreakRoutes } from './features/categories/tie-breaks.routes.ts';
import { registerEventRoutes } from './features/events/events.routes.ts';
import { registerRegistrationRoutes } from './features/registration/registration.routes.ts';
import { createCaptcha } from './http/captcha.ts';
import { createPostgresCaptchaUses } from './http/captcha-uses-postgres.ts';
import { registerRequestRoutes } from './features/requests/requests.routes.ts';
import { registerPhotoCleanup } from './features/photos/photo-cleanup.ts';
import { registerHelpFileRoutes } from './features/help-files/help-files.routes.ts';
import { registerLinkTicketRoutes } from './features/link-tickets/link-tickets.routes.ts';
import { createLinkTickets } from './http/link-tickets.ts';
import { registerHistoryRoutes } from './features/history/history.routes.ts';
import { registerBackupRoutes, registerBackupSchedule, registerLiveMark } from './features/backups/backups.routes.ts';
import { registerApiDocument } from './api-document/api-document.ts';
import type { RouteDeps } from './http/app-types.ts';
import { storedFilesAt } from './shared/stored-files.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { JWT_OPTIONS, createRequireAuth, createRequireEditor, createRequireEventRunner } from './http/guards.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { collectAllowedMethods } from './http/allowed-methods.ts';
import { serializeRequestForLog } from './http/log-serializers.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerJsonCompression } from './http/json-compression.ts';
import { registerAnswersAfterFlush } from './http/answers-after-flush.ts';
import { registerRequestLog } from './http/request-log.ts';
import { createServerMetrics, registerRequestTimings } from './http/metrics.ts';
import { registerPwa } from './http/pwa-static.ts';
import { registerResponseHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { buildValidatorForRoutes, validatorCompiler } from './http/validation.ts';
import { buildSerializerOnFirstUse } from './http/lazy-compilers.ts';
import { nowIso, systemClock, type Clock } from './common/clock.ts';
import type { AppInstance } from './http/app-instance.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Sees every route as it is registered (tests walk them all: http/route-walk.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go (standard output when not given); a test reads them from here. */
  logStream?: { write(line: string): void };
  /** Computes open events' results on the server's thread (a test's slower one): no worker then. */
  computeResults?: ComputeReport;
  /** Computes open events' results (one on the database file unless computeResults is given). */
  resultsWorker?: ResultsWorker;
  /** The clock of every timestamp the server writes (the system's unless a test fixes it). */
  now?: Clock;
}

/** Builds the whole server; tests call it with a fresh database and use `inject`. */
export async function buildApp({
  config,
  db,
  logger = true,
  onRoute,
  logStream,
  computeResults,
  resultsWorker = computeResults === undefined ? createResultsWorker(config.database) : undefined,
  now = systemClock,
}: BuildAppOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.body.password'],
          serializers: { req: serializeRequestForLog },
          ...(logStream === undefined ? {} : { stream: logStream }),
        }
      : false,
    // Only the named proxy may say who the client is (decisions §7); off by default.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request instead of two, the sync calls at debug (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // The seed's paths are called with and without a trailing slash (decisions.md §8).
    routerOptions: { ignoreTrailingSlash: true },
    // Given here, Fastify never loads its own compilers (ajv) for requests it does not check with them.
    schemaController: {
      compilersFactory: { buildValidator: buildValidatorForRoutes, buildSerializer: buildSerializerOnFirstUse },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  const allowedMethods = collectAllowedMethods(app);

  app.setValidatorCompiler(validatorCompiler);
  registerJsonBodyParser(app);
  registerErrorHandling(app);
  if (logger) registerRequestLog(app);
  const metrics = createServerMetrics(config.metricsToken !== undefined);
  registerRequestTimings(app, metrics);
  app.decorateRequest('auth', null);

  registerSecurityHeaders(app);
  registerResponseHeaders(app);
  registerJsonCompression(app);
  registerAnswersAfterFlush(app, db);
  await app.register(fastifyJwt, { secret: config.jwtSecret, ...JWT_OPTIONS });
  // Score photos: one image per request. The byte of slack lets the photo store see an
  // oversize file and refuse it itself (features/photos/photos.service.ts).
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES + 1, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await registerApiDocument(app, config.publicUrl);

  // On PostgreSQL several processes may share the database: their limits count together (§9).
  const sharedPool = postgresPoolOf(db);
  const rateLimits = await registerRateLimits(app, config.limits, sharedPool && postgresRateLimitStore(sharedPool));
  const storedFiles = storedFilesAt(config.filesDir);
  // Packet emails carry their PDFs rendered as they are sent (email/attachments.ts).
  const renderAttachment = packetAttachmentRenderer({ db, storedFiles }, () => nowIso({ now }));
  const mailer = createMailer(db, config.smtpUrl, app.log, now, renderAttachment);
  app.addHook('onClose', () => mailer.close());
  const linkTickets = createLinkTickets(db, config.jwtSecret);
  if (resultsWorker !== undefined) app.addHook('onClose', () => resultsWorker.close());
  metrics.gaugeReadAtScrape(
    'results_worker_queue',
    'Results computations asked of the worker thread and not yet answered (0 without a worker).',
    () => resultsWorker?.queued ?? 0,
  );
  const deps: RouteDeps = {
    db,
    config,
    now,
    mailer,
    loginThrottle: createLoginThrottle({
      now: () => now().getTime(),
      ...(sharedPool ? { store: createPostgresFailureCounters(sharedPool, LOGIN_THROTTLE_RULES) } : {}),
    }),
    // One captcha for every public form: a challenge is checked by the instance that issued it.
    // Its expiry stays on the system clock: altcha-lib checks a challenge's expiry against it too.
    captcha: createCaptcha({
      secret: config.jwtSecret,
      ...(sharedPool ? { uses: createPostgresCaptchaUses(sharedPool) } : {}),
    }),
    rateLimits,
    requireAuth: createRequireAuth(db),
    requireEditor: createRequireEditor(db, now),
    requireEventRunner: createRequireEventRunner(db, now),
    linkTickets,
    requireLinkAuth: linkTickets.requireTicketOrAuth(createRequireAuth(db)),
    metrics,
    storedFiles,
  };

  registerHealthRoutes(app, deps);
  registerMetricsRoutes(app, deps);
  registerStateRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerLinkTicketRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerScoreRoutes(app, deps);
  registerSyncRoutes(app, deps);
  registerJudgeRoutes(app, deps);
  registerCriteriaRoutes(app, deps);
  registerStateItemRoutes(app, deps);
  registerSchoolRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerCategoryRoutes(app, deps);
  registerTieBreakRoutes(app, deps);
  registerRegistrationRoutes(app, deps);
  registerRequestRoutes(app, deps);
  registerHelpFileRoutes(app, deps);
  registerRunRoutes(app, deps);
  registerExcusalRoutes(app, deps);
  registerTeamNumberRoutes(app, deps);
  registerConflictRoutes(app, deps);
  registerHistoryRoutes(app, deps);
  registerRejectedEditRoutes(app, deps);
  registerReviewRoutes(app, deps);
  registerResultsRoutes(app, deps, resultsComputation(computeResults, resultsWorker, app.log));
  registerPublicResultsRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerPacketRoutes(app, deps);
  registerPhotoCleanup(app, deps);
  registerSyncPruning(app, deps);
  registerStudentNamesRetention(app, deps);
  registerBackupRoutes(app, deps);
  registerBackupSchedule(app, deps);
  registerLiveMark(app, deps);

  await registerPwa(app, config.pwaDist, allowedMethods);
  return app;
}
