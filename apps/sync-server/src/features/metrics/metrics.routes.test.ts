// GET /api/metrics on the real app (issue 38, decision 0133): scraped while a judge's tablet
// pushes, the push and mutation counters move by exactly what the pushes answered, each
// rejection under its code; the push route has a latency histogram; the token is required.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { usesPostgres } from '../../db/postgres.ts';
import type { PushResponse } from '@judging/shared-types';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { loadCulinary, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { uuidv7 } from '../../test-support/sync-device.ts';
import { deviceFor, postPush, subsectionId } from '../sync/sync.routes.fixtures.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const BEARER = { authorization: `Bearer ${TOKEN}` };

/** The samples of a Prometheus text answer, `name{labels}` → value. */
function samplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

async function scrape(t: TestApp): Promise<Map<string, number>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: BEARER });
  assert.is(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), 'text/plain');
  return samplesOf(response.body);
}

const PUSHES_ANSWERED = 'judging_sync_pushes_total{outcome="answered"}';
const mutations = (status: string, code = 'none') => `judging_sync_mutations_total{status="${status}",code="${code}"}`;
const PUSH_LATENCY_COUNT =
  'judging_http_request_duration_seconds_count{route="/api/sync/push",method="POST",status_code="200"}';

const Metrics = suite<{ t: TestApp; c: CulinaryFixture }>('GET /api/metrics');

Metrics.before.each(async (context) => {
  context.t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  context.c = await loadCulinary(context.t.app, context.t.db);
});

Metrics.after.each(async (context) => {
  await context.t.close();
});

Metrics('scraped while pushes run: the counters move by what the pushes answered, by code', async ({ t, c }) => {
  const before = await scrape(t);
  const value = (samples: Map<string, number>, key: string) => samples.get(key) ?? 0;
  const device = deviceFor(c);
  const rounds = 8;
  let isPushing = true;
  const answers: PushResponse[] = [];
  const pushing = (async () => {
    for (let round = 0; round < rounds; round += 1) {
      // Each push: one valid score and one out of range (rejected invalid_value).
      device.putSubsection(c.place(0, round % 2), subsectionId(c, 0, round % 2), 5 + (round % 3));
      device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 4242);
      const response = await postPush(t, c.headers, device.nextPush().body);
      assert.is(response.statusCode, 200, response.body);
      const answer = response.json() as PushResponse;
      device.acceptPushResponse(answer);
      device.outbox = device.outbox.filter((entry) => entry.status === 'pending');
      answers.push(answer);
    }
    isPushing = false;
  })();
  const scrapes: Map<string, number>[] = [];
  const scraping = (async () => {
    while (isPushing) {
      scrapes.push(await scrape(t));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  await Promise.all([pushing, scraping]);
  assert.ok(scrapes.length >= 2, `scraped ${scrapes.length} times while pushing`);
  const pushedSoFar = scrapes.map((samples) => value(samples, PUSHES_ANSWERED));
  assert.equal(
    pushedSoFar,
    [...pushedSoFar].sort((a, b) => a - b),
    'the push counter never goes back',
  );

  // A replayed push answers duplicate; a reused id with another payload refuses the whole push.
  const replayed = device.history.slice(0, 2);
  const replay = {
    deviceId: device.deviceId,
    protocolVersion: 1,
    mutations: replayed.map(({ id, seq, kind, data, createdAt }) => ({ id, seq, kind, data, createdAt })),
  };
  const replayAnswer = (await postPush(t, c.headers, replay)).json() as PushResponse;
  const reused = {
    ...replay,
    mutations: [{ ...replay.mutations[0], data: { ...replayed[0]?.data, score: 3 } }],
  };
  assert.is((await postPush(t, c.headers, reused)).statusCode, 409);
  const stranger = { ...replay, mutations: [{ ...replay.mutations[0], id: uuidv7(), seq: 999 }] };
  const strangerResponse = await postPush(t, c.headers, stranger);
  assert.is(strangerResponse.statusCode, 200);
  const strangerAnswer = strangerResponse.json() as PushResponse;

  const after = await scrape(t);
  const moved = (key: string) => value(after, key) - value(before, key);
  const all = [...answers, replayAnswer, strangerAnswer].flatMap((answer) => answer.results);
  const count = (status: string, code?: string) =>
    all.filter((result) => result.status === status && result.code === code).length;
  assert.is(moved(PUSHES_ANSWERED), rounds + 2, 'eight pushes, the replay and the stranger');
  // What the pushes answered, and the figures those answers must be.
  assert.is(count('applied'), rounds + 1);
  assert.is(count('duplicate'), 1, 'the replayed score');
  assert.is(count('rejected', 'invalid_value'), rounds + 1, 'a rejected mutation replayed is rejected again');
  assert.is(moved(mutations('applied')), count('applied'));
  assert.is(moved(mutations('duplicate')), count('duplicate'));
  assert.is(moved(mutations('rejected', 'invalid_value')), count('rejected', 'invalid_value'));
  assert.is(moved('judging_sync_pushes_total{outcome="MUTATION_ID_REUSED"}'), 1);
  assert.is(moved(PUSH_LATENCY_COUNT), rounds + 2, 'one latency observation per answered push');
  assert.ok(
    [...after.keys()].some((key) =>
      key.startsWith('judging_http_request_duration_seconds_bucket{le="0.05",route="/api/sync/push"'),
    ),
  );
  assert.not.ok(
    [...after.keys()].some((key) => key.includes(`/api/sync/judge/${c.judgeId}`)),
    'routes are labelled by their pattern, never the raw URL',
  );

  // Pushes refused before the handler runs count too, by their answer's code.
  const push = device.nextPush().body as Record<string, unknown>;
  const refusals = [
    { headers: {}, body: push, status: 401 },
    { headers: c.headers, body: { ...push, mutations: 'none' }, status: 400 },
    { headers: c.headers, body: { ...push, protocolVersion: 999 }, status: 426 },
  ];
  for (const refusal of refusals) {
    assert.is((await postPush(t, refusal.headers, refusal.body)).statusCode, refusal.status);
  }
  const refused = await scrape(t);
  const refusedNow = (code: string) =>
    value(refused, `judging_sync_pushes_total{outcome="${code}"}`) -
    value(after, `judging_sync_pushes_total{outcome="${code}"}`);
  assert.is(refusedNow('TOKEN_INVALID'), 1, 'no session');
  assert.is(refusedNow('VALIDATION_FAILED'), 1, 'a bad body');
  assert.is(refusedNow('PROTOCOL_UNSUPPORTED'), 1, 'an old app');
  assert.is(value(refused, PUSHES_ANSWERED), value(after, PUSHES_ANSWERED), 'none of them answered');
});

Metrics('the token is required: 401 without it or with a wrong one, a user’s token included', async ({ t, c }) => {
  for (const headers of [
    {},
    { authorization: `Bearer ${TOKEN}x` },
    { authorization: `Bearer ${TOKEN.slice(1)}` },
    { authorization: TOKEN },
    { authorization: `Basic ${TOKEN}` },
    c.headers,
  ]) {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
    assert.is(response.statusCode, 401, JSON.stringify(headers));
    assert.is(response.json().code, 'TOKEN_INVALID');
    assert.not.match(response.body, 'judging_');
  }
  const lowerCase = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `bearer ${TOKEN}` },
  });
  assert.is(lowerCase.statusCode, 200);
});

Metrics(
  'the database size, free pages, outbox, streams, results queue and backup age are read at scrape time',
  async ({ t }) => {
    let samples = await scrape(t);
    const pageSize = samples.get('judging_database_page_size_bytes') ?? 0;
    assert.ok(pageSize >= 512, `page size ${pageSize}`);
    assert.ok((samples.get('judging_database_size_bytes') ?? 0) >= pageSize * 10);
    assert.is(samples.get('judging_database_free_pages'), 0);
    assert.is(samples.get('judging_live_streams_open'), 0);
    assert.is(samples.get('judging_results_worker_queue'), 0);
    assert.is(samples.get('judging_database_writable'), 1);
    assert.ok(Number.isNaN(samples.get('judging_backup_age_seconds')), 'no backup folder: NaN');
    assert.ok(samples.has('judging_process_cpu_seconds_total'), 'the process metrics are on');

    // A dropped table leaves free pages the file keeps; a queued email is backlog; a backup folder has an age.
    const pending = samples.get('judging_email_outbox_pending') ?? -1;
    await t.db
      .insertInto('email_outbox')
      .values({ to_address: 'a@demo.test', subject: 'S', body_text: 'B', created_at: new Date().toISOString() })
      .execute();
    const sizeBefore = samples.get('judging_database_size_bytes') ?? 0;
    const onPostgres = usesPostgres(t.db);
    if (onPostgres) {
      // PostgreSQL reuses freed space itself: its free pages stay 0, its size follows the data.
      await sql`create table scratch as select repeat(md5(i::text), 64) as filler from generate_series(1, 500) as i`.execute(
        t.db,
      );
    } else {
      await sql`create table scratch as with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) select randomblob(2000) as filler from n`.execute(
        t.db,
      );
      await sql`drop table scratch`.execute(t.db);
    }
    const backups = path.join(t.config.dataDir, 'backups');
    mkdirSync(path.join(backups, 'backup-20200101T000000Z'), { recursive: true });
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString().replace(/[-:]|\.\d+/g, '');
    mkdirSync(path.join(backups, `backup-${fiveMinutesAgo}`));
    mkdirSync(path.join(backups, 'backup-29991399T000000Z'));
    samples = await scrape(t);
    assert.is(samples.get('judging_email_outbox_pending'), pending + 1);
    if (onPostgres) {
      assert.ok((samples.get('judging_database_size_bytes') ?? 0) > sizeBefore, 'a new table grows the database');
    } else {
      assert.ok((samples.get('judging_database_free_pages') ?? 0) > 0, 'a dropped table leaves free pages');
    }
    const age = samples.get('judging_backup_age_seconds') ?? 0;
    assert.ok(age >= 299 && age < 400, `the newest backup is five minutes old, not ${age}`);
  },
);

Metrics('one registry per app: a second app counts its own pushes only', async ({ t }) => {
  const other = await buildTestApp({ METRICS_TOKEN: TOKEN });
  try {
    await t.app.inject({ method: 'GET', url: '/api/state' });
    const theirs = await scrape(other);
    assert.not.ok([...theirs.keys()].some((key) => key.includes('route="/api/state"')));
  } finally {
    await other.close();
  }
});

Metrics.run();

const Unset = suite('GET /api/metrics without METRICS_TOKEN');

Unset('answers 404 to everyone, the right-looking token included, so nothing leaks', async () => {
  const t = await buildTestApp({ METRICS_TOKEN: '' });
  try {
    for (const headers of [{}, BEARER]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      assert.is(response.statusCode, 404);
      assert.is(response.json().code, 'NOT_FOUND');
      assert.not.match(response.body, 'judging_');
    }
  } finally {
    await t.close();
  }
});

Unset.run();
