// One log line per request, after its answer (Fastify's default is two: received and answered).
// The calls a tablet makes by the thousand (push, pull, reference download) and the health check
// log at debug: at info, a push benchmark of 5,000 batches wrote 476 MB of log (issue 20). Their
// failures still log through the error handler (error-handler.ts).
import type { FastifyInstance } from 'fastify';

/** Routes (as registered) whose answered requests log at debug. */
export const QUIET_ROUTES: ReadonlySet<string> = new Set([
  '/api/sync/push',
  '/api/sync/pull',
  '/api/sync/judge/:judgeId/event/:eventId',
  '/api/health',
]);

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (QUIET_ROUTES.has(request.routeOptions.url ?? '')) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
