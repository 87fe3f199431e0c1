import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts';

const Http = suite<{ t: TestApp }>('server conventions');
Http.before(async (context) => {
  const t = await buildTestApp();
  await t.close();
  // A second app on the same folder, now with a fake built PWA, to check the SPA fallback.
  const pwaDist = path.join(t.config.dataDir, 'pwa');
  mkdirSync(path.join(pwaDist, 'assets'), { recursive: true });
  writeFileSync(path.join(pwaDist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(pwaDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  context.t = await buildTestApp({ DATA_DIR: t.config.dataDir, PWA_DIST: pwaDist });
});
Http.after(async (context) => {
  await context.t.close();
});

Http('GET /api/health answers ok', async ({ t }) => {
  const response = await t.app.inject('/api/health');
  assert.is(response.statusCode, 200);
  assert.is(response.json().status, 'ok');
});

Http('GET /api/state lists the 50 states and the territories', async ({ t }) => {
  const response = await t.app.inject('/api/state');
  assert.is(response.statusCode, 200);
  const states = response.json() as Array<{ stateId: number; stateName: string; isActive: boolean }>;
  assert.is(states.length, 57);
  const names = states.map((s) => s.stateName);
  for (const name of [
    'Delaware',
    'District of Columbia',
    'Puerto Rico',
    'Guam',
    'U.S. Virgin Islands',
    'American Samoa',
    'Northern Mariana Islands',
    'DoDEA',
    'Wyoming',
  ]) {
    assert.ok(
      names.some((n) => n === name || (name === 'U.S. Virgin Islands' && /Virgin Islands/.test(n))),
      name,
    );
  }
  assert.equal(
    states.filter((s) => s.isActive).map((s) => s.stateName),
    ['Delaware'],
    'the demo account makes Delaware active',
  );
});

Http('unknown /api paths get a JSON 404', async ({ t }) => {
  const response = await t.app.inject('/api/no-such-thing');
  assert.is(response.statusCode, 404);
  assert.is(response.json().code, 'NOT_FOUND');
});

Http('unknown app paths get the PWA, missing files a 404', async ({ t }) => {
  const page = await t.app.inject('/admin/manage-events');
  assert.is(page.statusCode, 200);
  assert.match(page.headers['content-type'] as string, 'text/html');
  assert.match(page.body, '<title>app</title>');
  assert.is(page.headers['cache-control'], 'no-cache');
  const asset = await t.app.inject('/assets/main-abc123.js');
  assert.is(asset.statusCode, 200);
  assert.match(asset.headers['cache-control'] as string, 'immutable');
  assert.is((await t.app.inject('/assets/missing.js')).statusCode, 404);
});

Http('security headers are set', async ({ t }) => {
  const response = await t.app.inject('/welcome');
  assert.match(response.headers['content-security-policy'] as string, "default-src 'self'");
  assert.is(response.headers['x-content-type-options'], 'nosniff');
});

Http("the sync calls' JSON answers carry the API's headers, not the page's", async ({ t }) => {
  const page = await t.app.inject('/welcome');
  const pull = await t.app.inject('/api/sync/pull?eventId=1&cursor=0&deviceId=d');
  assert.is(pull.statusCode, 401);
  assert.is(pull.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'");
  assert.is(pull.headers['x-content-type-options'], 'nosniff');
  assert.is(pull.headers['cross-origin-resource-policy'], 'same-origin');
  assert.is(pull.headers['x-frame-options'], 'DENY');
  assert.is(pull.headers['referrer-policy'], 'no-referrer');
  for (const pageOnly of [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-xss-protection',
    'x-download-options',
  ]) {
    assert.is(pull.headers[pageOnly], undefined, pageOnly);
    assert.ok(page.headers[pageOnly] !== undefined, `the page keeps ${pageOnly}`);
  }
  // The other API calls keep the full set.
  const health = await t.app.inject('/api/health');
  assert.match(health.headers['content-security-policy'] as string, "default-src 'self'");
});

Http('OpenAPI is generated from the route schemas', async ({ t }) => {
  const response = await t.app.inject('/api/docs/json');
  assert.is(response.statusCode, 200);
  const spec = response.json();
  assert.ok(spec.paths['/api/login/user'].post, 'login documented');
  assert.ok(spec.paths['/api/user/{userId}'].put, 'settings documented');
  assert.is((await t.app.inject('/api/docs')).statusCode < 400, true);
});

Http('malformed JSON is a clear 400', async ({ t }) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    headers: { 'content-type': 'application/json' },
    payload: '{nope',
  });
  assert.is(response.statusCode, 400);
  assert.is(response.json().message, 'The request body is not valid JSON.');
});

Http.run();
