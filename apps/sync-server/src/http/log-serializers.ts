import type { FastifyRequest } from 'fastify';

/**
 * The request as it is logged: Fastify's default fields, with `token` and `ticket` query values
 * hidden. Link tickets open a photo, the stream or a download for a minute, and the app's
 * password-reset page is opened with its reset token: neither may land in the logs.
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
  return url.replace(/([?&](?:token|ticket)=)[^&#]*/g, '$1[redacted]');
}
