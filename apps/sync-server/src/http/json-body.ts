import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, with an empty one read as no body (decisions.md §7 "Seed paths"): the seed's
 * client sends `content-type: application/json` on body-less calls such as
 * `PUT judge/:judgeId/archive`, which Fastify's own parser refuses as invalid JSON. Anything else
 * goes to Fastify's default parser, keeping its refusal of `__proto__` and `constructor` keys.
 *
 * Fastify also reads `text/plain` by default, handing the route a string its schema then
 * refuses as "must be object": no route here takes text, so that parser is removed and a text
 * body is refused like any other type no parser reads (415 UNSUPPORTED_MEDIA_TYPE,
 * http/error-handler.ts).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
