// /api/health (decisions §9, decision 0133): GET tries a database write and reads the disk's
// free space, at most once per 10 s by the server's clock, and answers 503 with the same body
// when either fails; HEAD reads nothing at all, so a closed database still answers it.
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Value } from 'typebox/value';
import { HealthResponseSchema, type HealthResponse } from '@judging/shared-types';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openReadOnlyDatabase } from '../../db/database.ts';
import { buildTestApp } from '../../test-support/build-test-app.ts';
import { createHealthCheck, HEALTH_CHECK_MAX_AGE_MS } from './health-check.ts';

const START = new Date('2026-11-28T08:00:00.000Z');

/** A clock the test moves by hand. */
function handClock() {
  let at = START.getTime();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

async function getHealth(app: {
  inject: (options: { method: 'GET'; url: string }) => Promise<{ statusCode: number; json(): unknown }>;
}) {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  const body = response.json() as HealthResponse;
  assert.ok(Value.Check(HealthResponseSchema, body), JSON.stringify(body));
  return { statusCode: response.statusCode, body };
}

const Health = suite('/api/health');

Health('GET: the database is writable and the disk has room: 200, status ok', async () => {
  const t = await buildTestApp();
  try {
    const { statusCode, body } = await getHealth(t.app);
    assert.is(statusCode, 200);
    assert.is(body.status, 'ok');
    assert.is(body.database.writable, true);
    assert.is(body.disk.hasRoom, true);
    assert.ok(body.disk.freeBytes >= body.disk.minFreeBytes);
    assert.is(body.disk.minFreeBytes, 1024 * 1024 * 1024, 'HEALTH_MIN_FREE_MB defaults to 1024');
    const tables = await t.db.introspection.getTables();
    assert.not.ok(
      tables.some((table) => table.name === 'health_write_probe'),
      'the write is rolled back',
    );
  } finally {
    await t.close();
  }
});

Health('GET: a disk below HEALTH_MIN_FREE_MB is 503 with the same body', async () => {
  const t = await buildTestApp({ HEALTH_MIN_FREE_MB: String(1024 ** 3) });
  try {
    const { statusCode, body } = await getHealth(t.app);
    assert.is(statusCode, 503);
    assert.is(body.status, 'unhealthy');
    assert.is(body.database.writable, true);
    assert.is(body.disk.hasRoom, false);
    assert.is(body.disk.minFreeBytes, 1024 ** 5);
  } finally {
    await t.close();
  }
});

Health('GET: a closed database is 503, not writable; the check is cached 10 s by the server clock', async () => {
  const clock = handClock();
  const t = await buildTestApp({}, { now: clock.now });
  try {
    const first = await getHealth(t.app);
    assert.is(first.statusCode, 200);
    assert.is(first.body.database.checkedAt, START.toISOString());
    await t.db.destroy();
    clock.advance(HEALTH_CHECK_MAX_AGE_MS - 1);
    const cached = await getHealth(t.app);
    assert.is(cached.statusCode, 200, 'within 10 s the last check stands');
    assert.is(cached.body.database.checkedAt, START.toISOString());
    assert.is(cached.body.time, new Date(START.getTime() + HEALTH_CHECK_MAX_AGE_MS - 1).toISOString());
    clock.advance(1);
    const checked = await getHealth(t.app);
    assert.is(checked.statusCode, 503);
    assert.is(checked.body.status, 'unhealthy');
    assert.is(checked.body.database.writable, false);
    assert.is(checked.body.database.checkedAt, clock.now().toISOString());
  } finally {
    await t.app.close();
  }
});

Health('GET: a read-only database connection is 503, not writable', async () => {
  const t = await buildTestApp();
  const readOnly = openReadOnlyDatabase(t.config.database);
  const config = loadConfig({
    DATA_DIR: t.config.dataDir,
    JWT_SECRET: t.config.jwtSecret,
    PWA_DIST: path.join(t.config.dataDir, 'none'),
  });
  const app = await buildApp({
    config,
    db: readOnly,
    logger: false,
    computeResults: () => Promise.resolve(undefined as never),
  });
  try {
    const { statusCode, body } = await getHealth(app);
    assert.is(statusCode, 503);
    assert.is(body.database.writable, false);
    assert.is(body.disk.hasRoom, true);
  } finally {
    await app.close();
    await readOnly.destroy();
    await t.close();
  }
});

Health('HEAD does no I/O: a closed database and a full disk still answer 200, JSON headers, no body', async () => {
  const t = await buildTestApp({ HEALTH_MIN_FREE_MB: String(1024 ** 3) });
  try {
    await t.db.destroy();
    for (let probe = 0; probe < 3; probe += 1) {
      const head = await t.app.inject({ method: 'HEAD', url: '/api/health' });
      assert.is(head.statusCode, 200);
      assert.match(String(head.headers['content-type']), 'application/json');
      assert.is(head.body, '');
    }
    assert.is((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 503, 'GET does look');
  } finally {
    await t.app.close();
  }
});

Health.run();

const Check = suite('health check cache');

Check('reads the disk and tries the write once per 10 s, whatever the number of callers', async () => {
  const t = await buildTestApp();
  const clock = handClock();
  let diskReads = 0;
  let statements = 0;
  const db = t.db.withPlugin({
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const health = createHealthCheck({
    db,
    dataDir: t.config.dataDir,
    minFreeBytes: 1,
    now: clock.now,
    freeBytesOf: async () => {
      diskReads += 1;
      return 1000;
    },
  });
  try {
    const reports = await Promise.all(Array.from({ length: 20 }, () => health.report()));
    assert.ok(reports.every((report) => report.status === 'ok'));
    assert.is(diskReads, 1);
    const statementsOfOneCheck = statements;
    assert.ok(statementsOfOneCheck >= 1);
    clock.advance(HEALTH_CHECK_MAX_AGE_MS - 1);
    await health.report();
    assert.is(diskReads, 1);
    assert.is(statements, statementsOfOneCheck);
    clock.advance(1);
    await health.report();
    assert.is(diskReads, 2);
    assert.is(statements, 2 * statementsOfOneCheck);
    clock.advance(-60_000);
    await health.report();
    assert.is(diskReads, 3, 'a clock set back checks again rather than trusting an answer from the future');
  } finally {
    await t.close();
  }
});

Check.run();
