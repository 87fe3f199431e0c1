import type { FastifyRequest } from 'fastify';

/**
 * The request as it is logged: Fastify's default fields, with a `token` query value hidden.
 * Photo URLs carry the bearer token for <img> tags, and a token must not land in the logs.
 */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokenQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function redactTokenQuery(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}
