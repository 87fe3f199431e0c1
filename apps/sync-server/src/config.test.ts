import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, parseMetricsToken, parseTrustProxy } from './config.ts';

/** The configuration of a fresh data folder with these settings. */
function configWith(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-config-'));
  try {
    return { dataDir, config: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env }) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'judging-config-'));

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
  rmSync(dataDir, { recursive: true, force: true });
});

test('STUDENT_NAMES_KEEP_DAYS: unset or empty keeps the names for ever; else a positive number of days', () => {
  assert.is(configWith({}).config.studentNamesKeepDays, undefined);
  assert.is(configWith({ STUDENT_NAMES_KEEP_DAYS: '' }).config.studentNamesKeepDays, undefined);
  assert.is(configWith({ STUDENT_NAMES_KEEP_DAYS: '365' }).config.studentNamesKeepDays, 365);
  for (const value of ['0', '-3', '1.5', 'forever', '30 days']) {
    assert.throws(() => configWith({ STUDENT_NAMES_KEEP_DAYS: value }), /STUDENT_NAMES_KEEP_DAYS/, value);
  }
});

test('backups: hourly, 24 kept, in DATA_DIR/backups unless the settings say otherwise', () => {
  const dir = dataDir();
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) });
  assert.equal(config.backup, { intervalMinutes: 60, keep: 24, dir: path.join(dir, 'backups') });
  const chosen = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: 'x'.repeat(40),
    BACKUP_INTERVAL: '15',
    BACKUP_KEEP: '3',
    BACKUP_DIR: path.join(dir, 'elsewhere'),
  });
  assert.equal(chosen.backup, { intervalMinutes: 15, keep: 3, dir: path.join(dir, 'elsewhere') });
  assert.is(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), BACKUP_INTERVAL: '0' }).backup.intervalMinutes, 0);
});

test('backup settings refuse what is not a count', () => {
  for (const [name, value] of [
    ['BACKUP_INTERVAL', '-5'],
    ['BACKUP_INTERVAL', 'hourly'],
    ['BACKUP_INTERVAL', '1.5'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'all'],
  ] as const) {
    assert.throws(
      () => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40), [name]: value }),
      new RegExp(name),
    );
  }
});

test.run();
