import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, type ApiErrorBody } from '@judging/shared-types';
import type { AllowedMethods } from './allowed-methods.ts';

/**
 * Serves the built PWA with an SPA fallback: unknown non-API paths get index.html, unknown
 * /api paths a JSON 404. Hashed assets are cached for a year; the shell and service worker never.
 * Text files go out as the brotli or gzip twin written at build time (apps/pwa/scripts/
 * precompress.ts) when the browser accepts it, with `Vary: Accept-Encoding`; nothing is
 * compressed per request here. A path that exists with other methods answers 405 with `Allow`.
 */
export async function registerPwa(app: FastifyInstance, pwaDist: string, allowed: AllowedMethods): Promise<void> {
  const hasBuild = existsSync(path.join(pwaDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: pwaDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // A twin is sent for the file a request names; as routes of their own (a GET and a HEAD
      // each) they only held memory: nobody asks for a `.br` or `.gz` file by its name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ pwaDist }, 'no built PWA found: run `pnpm build`; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const allow = allowed.of(pathname);
    if (allow.length > 0 && !allow.includes(request.method)) {
      const body: ApiErrorBody = {
        statusCode: 405,
        code: ErrorCode.MethodNotAllowed,
        message: `${request.method} is not allowed on ${pathname}: use ${allow.join(', ')}.`,
      };
      return reply.status(405).header('Allow', allow.join(', ')).send(body);
    }
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing file (it has an extension) is a 404, not the app: an HTML answer for a lost chunk misleads.
    const looksLikeFile = path.extname(pathname) !== '';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || looksLikeFile || !hasBuild || !isPageRequest) {
      const body: ApiErrorBody = {
        statusCode: 404,
        code: ErrorCode.NotFound,
        message: `No route for ${request.method} ${pathname}`,
      };
      return reply.status(404).send(body);
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
