// The security headers (helmet). The app's pages get the full set; the sync calls' answers,
// JSON that a tablet fetches by the thousand and that is never shown as a page, get the set
// meant for an API's data. HSTS and the API's no-store are set per answer (registerResponseHeaders).
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppInstance } from './app-instance.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Helmet's options for this route's answers, each over the pages' one (APP_SECURITY_HEADERS). */
    securityHeaders?: HelmetOptions;
  }
}

/** Every response unless a route says otherwise: the app's pages and files. */
export const APP_SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The app is served over plain HTTP on a closed network too: HSTS is sent only on answers to
  // HTTPS requests (registerResponseHeaders), never on plain HTTP, where it would lock that out.
  strictTransportSecurity: false,
};

/**
 * JSON data (the sync calls): nosniff, same-origin only (CORP), no referrer, and a policy that
 * lets the answer load nothing and be framed nowhere, should it ever be opened as a page. The
 * headers that only mean something on a page (the page's CSP, COOP, Origin-Agent-Cluster, the
 * legacy X- ones) are left off: the browser parses every header of every answer, and the
 * page's CSP alone made each push's answer measurably slower on the tablet (docs/decisions/
 * 0013-api-security-headers.md).
 */
export const JSON_DATA_HEADERS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers helmet sets for `options`, as name and value. Helmet's answer depends on its
 * options alone (no nonces here), so each set is made once rather than by a helmet built anew
 * for every request, as @fastify/helmet does (docs/decisions/0213-security-headers-made-once.md).
 */
export function securityHeadersOf(options: HelmetOptions): readonly (readonly [string, string])[] {
  // By lower-case name, as a response keeps them; each with the name as helmet spelled it.
  const headers = new Map<string, readonly [string, string]>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers.values()];
}

/**
 * Sets the security headers on every answer as the request arrives, so error answers carry them
 * too: the pages' set, with a route's own options (`config.securityHeaders`) put over it as
 * @fastify/helmet did.
 */
export function registerSecurityHeaders(app: AppInstance): void {
  const pageHeaders = securityHeadersOf(APP_SECURITY_HEADERS);
  const madeFor = new WeakMap<HelmetOptions, readonly (readonly [string, string])[]>();
  const headersFor = (options: HelmetOptions | undefined) => {
    if (options === undefined) return pageHeaders;
    let headers = madeFor.get(options);
    // The cast: helmet's type forbids a header's name beside its old alias, and spreading two
    // sets loses that; both sets here use the current names only.
    if (headers === undefined)
      madeFor.set(options, (headers = securityHeadersOf({ ...APP_SECURITY_HEADERS, ...options } as HelmetOptions)));
    return headers;
  };
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersFor(request.routeOptions.config.securityHeaders))
      reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * HSTS for an answer to a request that came over HTTPS (`request.protocol`: the connection
 * itself, or `X-Forwarded-Proto` from a proxy the server trusts). One year, this host only: the
 * app may share its domain with other services that are not ours to pin.
 */
export function transportSecurityFor(protocol: string): string | undefined {
  return protocol === 'https' ? 'max-age=31536000' : undefined;
}

/**
 * The API's JSON answers hold personal data (names, emails, scores, comments, tokens), so no
 * browser or proxy cache keeps them: `no-store`, unless the route chose its own caching. One
 * rule for every JSON answer under /api, the few public ones included (they are small and
 * always read fresh anyway).
 */
export function cacheControlFor(url: string, contentType: unknown, routeChoice: unknown): string | undefined {
  if (routeChoice !== undefined || !url.startsWith('/api/')) return undefined;
  return typeof contentType === 'string' && contentType.startsWith('application/json') ? 'no-store' : undefined;
}

/** Sets the per-answer headers above on every answer (the event-run stream writes its own). */
export function registerResponseHeaders(app: AppInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const transportSecurity = transportSecurityFor(request.protocol);
    if (transportSecurity !== undefined) reply.header('strict-transport-security', transportSecurity);
    const cacheControl = cacheControlFor(
      request.url,
      reply.getHeader('content-type'),
      reply.getHeader('cache-control'),
    );
    if (cacheControl !== undefined) reply.header('cache-control', cacheControl);
    return payload;
  });
}
