import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, with an empty one read as no body (decisions.md §7 "Seed paths"): the seed's
 * client sends `content-type: application/json` on body-less calls such as
 * `PUT judge/:judgeId/archive`, which Fastify's own parser refuses as invalid JSON. Anything else
 * goes to Fastify's default parser, keeping its refusal of `__proto__` and `constructor` keys.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
