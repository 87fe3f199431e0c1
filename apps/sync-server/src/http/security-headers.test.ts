// The per-answer headers (security-headers.ts): HSTS only on answers to HTTPS requests, and
// `no-store` on every JSON answer of the API, which carries names, emails, scores and tokens.
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { suite, test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../test-support/build-test-app.ts';
import { loadCulinary } from '../test-support/judging-fixtures.ts';
import {
  APP_SECURITY_HEADERS,
  registerResponseHeaders,
  registerSecurityHeaders,
  securityHeadersOf,
  transportSecurityFor,
} from './security-headers.ts';

test('HSTS is for HTTPS requests only', () => {
  assert.is(transportSecurityFor('https'), 'max-age=31536000');
  assert.is(transportSecurityFor('http'), undefined);
});

test('an answer to a request that came over HTTPS carries HSTS; over plain HTTP it does not', async () => {
  // HTTPS as a trusted proxy reports it (the app's own proxy trust is configuration, not this rule's).
  const app = Fastify({ trustProxy: true }).withTypeProvider<TypeBoxTypeProvider>();
  registerResponseHeaders(app);
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  await app.ready();
  for (const url of ['/api/thing', '/page', '/missing']) {
    const secure = await app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
    assert.is(secure.headers['strict-transport-security'], 'max-age=31536000', url);
    const plain = await app.inject({ url });
    assert.is(plain.headers['strict-transport-security'], undefined, url);
  }
  await app.close();
});

test("helmet's headers, made once, are set on every answer: a route's own options over the pages' set", async () => {
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  registerSecurityHeaders(app);
  app.get('/page', async () => 'page');
  app.get('/framed', { config: { securityHeaders: { xFrameOptions: { action: 'deny' } } } }, async () => 'framed');
  await app.ready();
  const pageSet = new Map(securityHeadersOf(APP_SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
  assert.match(pageSet.get('content-security-policy') ?? '', "default-src 'self'", 'made by helmet from the options');
  assert.is(pageSet.get('x-frame-options'), 'SAMEORIGIN');
  for (const url of ['/page', '/missing']) {
    const answer = await app.inject(url);
    for (const [name, value] of pageSet) assert.is(answer.headers[name], value, `${url}: ${name}`);
  }
  const framed = await app.inject('/framed');
  assert.is(framed.headers['x-frame-options'], 'DENY', "the route's own");
  assert.is(framed.headers['content-security-policy'], pageSet.get('content-security-policy'), "the pages' CSP kept");
  assert.ok(
    securityHeadersOf(APP_SECURITY_HEADERS).some(([name]) => name === 'X-Frame-Options'),
    'each name as helmet spells it',
  );
  await app.close();
});

const App = suite<{ t: TestApp }>('the app over plain HTTP');
App.before(async (context) => {
  context.t = await buildTestApp();
});
App.after(async (context) => {
  await context.t.close();
});

App('no HSTS on a plain HTTP request, for pages and API answers alike', async ({ t }) => {
  for (const url of ['/welcome', '/api/health', '/api/sync/pull?eventId=1&cursor=0']) {
    const response = await t.app.inject(url);
    assert.is(response.headers['strict-transport-security'], undefined, url);
  }
});

App("the API's JSON answers are never stored by a cache", async ({ t }) => {
  const c = await loadCulinary(t.app, t.db);
  const admin = await loginAs(t.app, 'admin@demo.test');
  const state = admin.user.state.stateId;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'admin@demo.test', password: 'Demo-2026!' },
  });
  const answers = [
    ['login (token, user)', login],
    ['session', await t.app.inject({ url: '/api/session', headers: admin.headers })],
    ['judges of a state', await t.app.inject({ url: `/api/state/${state}/judge`, headers: admin.headers })],
    [
      'reference download',
      await t.app.inject({ url: `/api/sync/judge/${c.judgeId}/event/${c.eventId}`, headers: c.headers }),
    ],
    ['pull', await t.app.inject({ url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`, headers: c.headers })],
    ['event run', await t.app.inject({ url: `/api/run/coordinator/event/${c.eventId}`, headers: admin.headers })],
    ['results', await t.app.inject({ url: `/api/run/coordinator/results/event/${c.eventId}`, headers: admin.headers })],
    ['an error', await t.app.inject({ url: '/api/session' })],
    ['public state list', await t.app.inject({ url: '/api/state' })],
  ] as const;
  for (const [label, response] of answers) {
    assert.ok(response.statusCode < 500, `${label}: ${response.statusCode}`);
    assert.match(response.headers['content-type'] as string, 'application/json', label);
    assert.is(response.headers['cache-control'], 'no-store', label);
  }
});

test.run();
App.run();
