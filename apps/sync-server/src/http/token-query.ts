import type { FastifyRequest } from 'fastify';

/**
 * Pre-handler for URLs a browser opens without headers (an <img>, an EventSource, a download
 * link): a `?token=` becomes the bearer header, then requireAuth checks it exactly like one.
 * A real header wins. Request logs redact the query (`log-serializers.ts`).
 */
export async function bearerFromTokenQuery(request: FastifyRequest): Promise<void> {
  const query: unknown = request.query;
  const token = query !== null && typeof query === 'object' && 'token' in query ? query.token : undefined;
  if (typeof token === 'string' && token !== '' && request.headers.authorization === undefined) {
    request.headers.authorization = `Bearer ${token}`;
  }
}
