// Compression, one layer (decisions §8): built files go out as the brotli/gzip twins written at
// build time (apps/pwa/scripts/precompress.ts, served by http/pwa-static.ts); JSON answers are
// compressed as they leave (http/json-compression.ts); the live-update stream and answers a
// route compressed itself pass untouched.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { suite, test } from 'uvu';
import * as assert from 'uvu/assert';
import { precompressDirectory } from '../../../pwa/scripts/precompress.ts';
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts';
import { chooseJsonEncoding, registerJsonCompression } from './json-compression.ts';
import type { AppInstance } from './app-instance.ts';

const realDist = fileURLToPath(new URL('../../../pwa/dist/', import.meta.url));
const MAIN_SCRIPT = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"/;

/** A built app: the real build when there is one (copied, so the test never writes into it), else a stand-in. */
function makeDist(dir: string): { mainScript: string } {
  if (existsSync(path.join(realDist, 'index.html'))) {
    cpSync(realDist, dir, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  } else {
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    const script = Array.from({ length: 2000 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body>${'<p>app</p>'.repeat(100)}</body></html>`,
    );
  }
  const mainScript = MAIN_SCRIPT.exec(readFileSync(path.join(dir, 'index.html'), 'utf8'))?.[1];
  if (mainScript === undefined) throw new Error('the built index.html names no main script');
  return { mainScript };
}

const Static = suite<{ t: TestApp; dist: string; mainScript: string }>('precompressed static files');
Static.before(async (context) => {
  const first = await buildTestApp();
  await first.close();
  context.dist = path.join(first.config.dataDir, 'pwa');
  context.mainScript = makeDist(context.dist).mainScript;
  precompressDirectory(context.dist);
  context.t = await buildTestApp({ DATA_DIR: first.config.dataDir, PWA_DIST: context.dist });
});
Static.after(async (context) => {
  await context.t.close();
});

Static(
  'the main script asked for with Accept-Encoding: br comes back brotli and decodes to the built file',
  async (c) => {
    const built = readFileSync(path.join(c.dist, c.mainScript));
    const response = await c.t.app.inject({ url: `/${c.mainScript}`, headers: { 'accept-encoding': 'br' } });
    assert.is(response.statusCode, 200);
    assert.is(response.headers['content-encoding'], 'br');
    assert.match(String(response.headers['content-type']), /^(text|application)\/javascript/);
    assert.match(String(response.headers.vary), /accept-encoding/i);
    assert.is(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(response.rawPayload.length < built.length / 2, 'brotli is much smaller than the file');
    assert.ok(brotliDecompressSync(response.rawPayload).equals(built), 'decodes to the built file');
  },
);

Static('the twins are not routes of their own: one GET and HEAD route per built file', async (c) => {
  const staticRoutes = c.t.routes.filter((route) => route.url === `/${c.mainScript}` || route.url.endsWith('.br'));
  assert.equal(staticRoutes.flatMap((route) => [route.method].flat()).sort(), ['GET', 'HEAD']);
  const twin = await c.t.app.inject({ url: `/${c.mainScript}.br`, headers: { 'accept-encoding': 'br' } });
  assert.is(twin.statusCode, 404, 'a twin is sent for its file, never asked for by name');
});

Static('gzip when only gzip is accepted, the raw file when nothing is', async (c) => {
  const built = readFileSync(path.join(c.dist, c.mainScript));
  const gzip = await c.t.app.inject({ url: `/${c.mainScript}`, headers: { 'accept-encoding': 'gzip' } });
  assert.is(gzip.headers['content-encoding'], 'gzip');
  assert.ok(gunzipSync(gzip.rawPayload).equals(built));
  const raw = await c.t.app.inject({ url: `/${c.mainScript}` });
  assert.is(raw.statusCode, 200);
  assert.is(raw.headers['content-encoding'], undefined);
  assert.match(String(raw.headers.vary), /accept-encoding/i);
  assert.ok(raw.rawPayload.equals(built), 'the raw file');
  const refused = await c.t.app.inject({ url: `/${c.mainScript}`, headers: { 'accept-encoding': 'identity' } });
  assert.is(refused.headers['content-encoding'], undefined);
  assert.ok(refused.rawPayload.equals(built));
});

Static('the app shell (a page route and /index.html) is compressed too and never cached', async (c) => {
  const built = readFileSync(path.join(c.dist, 'index.html'));
  for (const url of ['/login', '/index.html']) {
    const response = await c.t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.is(response.statusCode, 200, url);
    assert.is(response.headers['content-encoding'], 'br', url);
    assert.match(String(response.headers['content-type']), /^text\/html/, url);
    assert.is(response.headers['cache-control'], 'no-cache', url);
    assert.ok(brotliDecompressSync(response.rawPayload).equals(built), url);
  }
});

test('Accept-Encoding is read with its weights', () => {
  assert.is(chooseJsonEncoding('gzip, deflate, br'), 'br');
  assert.is(chooseJsonEncoding('gzip'), 'gzip');
  assert.is(chooseJsonEncoding('br;q=0, gzip;q=0.5'), 'gzip');
  assert.is(chooseJsonEncoding('*'), 'br');
  assert.is(chooseJsonEncoding('*, br;q=0'), 'gzip');
  assert.is(chooseJsonEncoding('identity'), undefined);
  assert.is(chooseJsonEncoding(undefined), undefined);
  assert.is(chooseJsonEncoding(''), undefined);
});

const Json = suite<{ t: TestApp }>('JSON answers of the app');
Json.before(async (context) => {
  context.t = await buildTestApp();
});
Json.after(async (context) => {
  await context.t.close();
});

Json('a large JSON answer is compressed per Accept-Encoding and decodes to the same JSON', async ({ t }) => {
  const plain = await t.app.inject({ url: '/api/state' });
  assert.is(plain.statusCode, 200);
  assert.is(plain.headers['content-encoding'], undefined);
  assert.ok(plain.rawPayload.length > 1024, `the states list is over 1 KiB (${plain.rawPayload.length})`);
  assert.match(String(plain.headers.vary), /accept-encoding/i);
  const br = await t.app.inject({ url: '/api/state', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  assert.is(br.headers['content-encoding'], 'br');
  assert.match(String(br.headers.vary), /accept-encoding/i);
  assert.match(String(br.headers['content-type']), /^application\/json/);
  assert.ok(br.rawPayload.length < plain.rawPayload.length / 2);
  assert.equal(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), plain.json());
  const gzip = await t.app.inject({ url: '/api/state', headers: { 'accept-encoding': 'gzip' } });
  assert.is(gzip.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(gunzipSync(gzip.rawPayload).toString()), plain.json());
});

Json('small answers (a push, the health check) stay as they are', async ({ t }) => {
  const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
  assert.is(health.statusCode, 200);
  assert.is(health.headers['content-encoding'], undefined);
  assert.is(health.json().status, 'ok');
});

Json('an error answer is JSON like any other: compressed when large, readable either way', async ({ t }) => {
  const response = await t.app.inject({ url: `/api/${'x'.repeat(2000)}`, headers: { 'accept-encoding': 'gzip' } });
  assert.is(response.statusCode, 404);
  assert.is(response.headers['content-encoding'], 'gzip');
  assert.is(JSON.parse(gunzipSync(response.rawPayload).toString()).code, 'NOT_FOUND');
});

async function bareApp(routes: (app: AppInstance) => void): Promise<AppInstance> {
  const app = Fastify() as unknown as AppInstance;
  registerJsonCompression(app);
  routes(app);
  await app.ready();
  return app;
}

test('the live-update stream is never compressed', async () => {
  const events = 'event: change\ndata: {"changed":true}\n\n'.repeat(200);
  const app = await bareApp((app) =>
    app.get('/stream', async (_request, reply) => reply.type('text/event-stream').send(events)),
  );
  const response = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'br, gzip' } });
  assert.is(response.headers['content-encoding'], undefined);
  assert.is(response.body, events);
  await app.close();
});

test('an answer a route compressed itself passes untouched (one layer, never twice)', async () => {
  const body = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i, name: `School ${i}` })) });
  const precompressed = gzipSync(body);
  const app = await bareApp((app) =>
    app.get('/results', async (_request, reply) =>
      reply.type('application/json').header('content-encoding', 'gzip').send(precompressed),
    ),
  );
  const response = await app.inject({ url: '/results', headers: { 'accept-encoding': 'br, gzip' } });
  assert.is(response.headers['content-encoding'], 'gzip');
  assert.ok(response.rawPayload.equals(precompressed));
  assert.is(gunzipSync(response.rawPayload).toString(), body);
  await app.close();
});

Static.run();
Json.run();
test.run();
