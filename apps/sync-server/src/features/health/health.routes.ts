import type { FastifyReply } from 'fastify';
import { ClientConfigSchema, HealthResponseSchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { createHealthCheck } from './health-check.ts';

/** The HEAD answer's body type: the same as GET's, so a probe checking it sees our JSON. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function registerHealthRoutes(app: AppInstance, deps: RouteDeps): void {
  const health = createHealthCheck({
    db: deps.db,
    dataDir: deps.config.dataDir,
    minFreeBytes: deps.config.healthMinFreeBytes,
    now: deps.now,
  });
  deps.metrics.gaugeReadAtScrape(
    'database_writable',
    'Whether the database took the health check’s write (1) or not (0); the check is at most 10 s old.',
    async () => ((await health.report()).database.writable ? 1 : 0),
  );
  deps.metrics.gaugeReadAtScrape(
    'disk_free_bytes',
    'Free bytes of the file system holding the data folder (at most 10 s old).',
    async () => (await health.report()).disk.freeBytes,
  );

  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Health: is the database writable and the disk roomy (HEAD: the process answers, no checks)',
        description:
          'GET tries a write to the database (rolled back) and reads the data folder’s free space, at most once ' +
          'per 10 s, and answers 503 with the same body when either fails. HEAD reads nothing (the tablets ' +
          'probe it every few seconds): 200 with headers only whenever the process answers.',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (request, reply) => {
      // Fastify answers HEAD with this handler: the probe must stay free of I/O (decisions §9).
      // No payload: nothing is serialized either (the schema's reply type wants a body, HEAD sends none).
      if (request.method === 'HEAD') return (reply as FastifyReply).type(JSON_TYPE).send();
      const report = await health.report();
      return reply.code(report.status === 'ok' ? 200 : 503).send(report);
    },
  );
  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getClientConfig',
        tags: ['health'],
        summary: 'Public client configuration',
        response: { 200: ClientConfigSchema },
      },
    },
    () => ({ paymentUrl: deps.config.paymentUrl ?? null }),
  );
}
