// GET /api/metrics: the Prometheus text of this app's registry (http/metrics.ts), for the
// monitoring system only (decision 0133). Without METRICS_TOKEN the route answers 404 as if it
// did not exist; with it, anything but `Authorization: Bearer <METRICS_TOKEN>` is 401.
import { timingSafeEqual } from 'node:crypto';
import { ApiErrorSchema, ErrorCode } from '@judging/shared-types';
import { ApiError, notFound } from '../../common/api-error.ts';
import type { RouteDeps } from '../../http/app-types.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { fileAnswer } from '../../http/route-documentation.ts';
import { countPendingEmails } from '../../email/email.repository.ts';
import { readDatabasePages } from './metrics.repository.ts';
import { readBackupAgeSeconds } from './backup-age.ts';

/** Whether the Authorization header carries exactly this bearer token (compared in constant time). */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (match === null) return false;
  const sent = Buffer.from(match[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

function registerScrapeGauges(deps: RouteDeps): void {
  const { metrics, db, config } = deps;
  // One read of the three pragmas serves the three gauges of a scrape.
  let pages: ReturnType<typeof readDatabasePages> | undefined;
  const pagesOfThisScrape = () => {
    pages ??= readDatabasePages(db).finally(() => setImmediate(() => (pages = undefined)));
    return pages;
  };
  metrics.gaugeReadAtScrape('database_size_bytes', 'Size of the database file: page_count × page_size.', async () => {
    const { pageCount, pageSize } = await pagesOfThisScrape();
    return pageCount * pageSize;
  });
  metrics.gaugeReadAtScrape(
    'database_free_pages',
    'Pages of the database file that no table uses (freelist_count): room a vacuum would give back.',
    async () => (await pagesOfThisScrape()).freePages,
  );
  metrics.gaugeReadAtScrape(
    'database_page_size_bytes',
    'The database page size (free pages × this = free bytes).',
    async () => (await pagesOfThisScrape()).pageSize,
  );
  metrics.gaugeReadAtScrape('email_outbox_pending', 'Emails waiting in the outbox to be sent.', () =>
    countPendingEmails(db),
  );
  metrics.gaugeReadAtScrape(
    'backup_age_seconds',
    'Seconds since the newest backup-YYYYMMDDTHHMMSSZ folder in the backup folder; NaN when there is none.',
    () => readBackupAgeSeconds(config.backup.dir, deps.now()),
  );
}

export function registerMetricsRoutes(app: AppInstance, deps: RouteDeps): void {
  const token = deps.config.metricsToken;
  registerScrapeGauges(deps);
  if (token !== undefined) deps.metrics.collectProcessMetrics();

  app.get(
    '/api/metrics',
    {
      schema: {
        operationId: 'getMetrics',
        tags: ['health'],
        summary: 'Prometheus metrics (the METRICS_TOKEN setting as bearer token; 404 while it is unset)',
        description:
          'The Prometheus text format: pushes and mutations by outcome and code, request latency per route, open ' +
          'live-update streams, the email outbox, the results worker’s queue, the database’s size and free pages, ' +
          'the newest backup’s age. docs/operations.md lists them.',
        response: {
          200: fileAnswer('The metrics, Prometheus text format 0.0.4', ['text/plain'], { type: 'string' }),
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const registry = deps.metrics.registry;
      if (token === undefined || registry === undefined) throw notFound();
      if (!isMetricsToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new ApiError(401, ErrorCode.TokenInvalid, 'Send the metrics token (METRICS_TOKEN) as a bearer token.');
      }
      const text = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
