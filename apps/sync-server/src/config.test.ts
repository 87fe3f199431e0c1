import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, parseMetricsToken, parseTrustProxy } from './config.ts';

test('TRUST_PROXY is off unless it names the proxy', () => {
  assert.is(parseTrustProxy(undefined), false);
  assert.is(parseTrustProxy(''), false);
  assert.is(parseTrustProxy('false'), false);
});

test('TRUST_PROXY takes addresses, CIDR ranges and named ranges', () => {
  assert.equal(parseTrustProxy('10.0.0.2'), ['10.0.0.2']);
  assert.equal(parseTrustProxy(' 10.0.0.0/8, 192.168.1.1 ,::1, fd00::/8, loopback'), [
    '10.0.0.0/8',
    '192.168.1.1',
    '::1',
    'fd00::/8',
    'loopback',
  ]);
});

test('TRUST_PROXY refuses "true", hop counts and anything that is not an address', () => {
  for (const value of [
    'true',
    '1',
    '2',
    'proxy.example.com',
    '10.0.0.0/33',
    '10.0.0.1/8/8',
    '::1/129',
    '10.0.0.1,',
    '1.2.3',
  ]) {
    assert.throws(() => parseTrustProxy(value), /TRUST_PROXY/, value);
  }
});

test('METRICS_TOKEN: unset or empty turns /api/metrics off; a short or spaced token is refused', () => {
  assert.is(parseMetricsToken(undefined), undefined);
  assert.is(parseMetricsToken(''), undefined);
  assert.is(parseMetricsToken('   '), undefined);
  assert.is(parseMetricsToken(' 0123456789abcdef '), '0123456789abcdef');
  for (const value of ['short', '0123456789abcde', '01234567 89abcdef']) {
    assert.throws(() => parseMetricsToken(value), /METRICS_TOKEN/, value);
  }
});

test('health and metrics settings: defaults and overrides', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-config-'));
  const defaults = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
  assert.is(defaults.metricsToken, undefined);
  assert.is(defaults.healthMinFreeBytes, 1024 * 1024 * 1024);
  const set = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'x'.repeat(40),
    METRICS_TOKEN: 'a-long-enough-token',
    HEALTH_MIN_FREE_MB: '200',
  });
  assert.is(set.metricsToken, 'a-long-enough-token');
  assert.is(set.healthMinFreeBytes, 200 * 1024 * 1024);
  assert.throws(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
  assert.throws(() => loadConfig({ DATA_DIR: dataDir, HEALTH_MIN_FREE_MB: '-1' }), /HEALTH_MIN_FREE_MB/);
});

test.run();
