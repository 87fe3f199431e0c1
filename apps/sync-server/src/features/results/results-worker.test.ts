// The results worker (issue 20): a push completes while the worker's thread is held by a results
// computation; the worker's answers are byte for byte those computed on the server's thread; a
// failing worker leaves the results to the server's thread (and says so in the log); an idle
// worker stops and starts again when asked. Through the real routes, SQLite file and thread.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Role, type PushResponse, type ResultsReport } from '@judging/shared-types';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { loadCulinary, pushFirstScore, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { computeReport } from './results-compute.ts';
import { serialiseReport } from './results-json.ts';
import { createResultsWorker } from './results-thread.ts';
import { jsonTextOf } from './results-answers.ts';
import {
  ON_THIS_THREAD,
  categoryAnswer,
  eventAnswer,
  forgetResults,
  getResultsAtVersion,
  sheetlessCategoryAnswer,
} from './results.service.ts';
import type { AuthContext } from '../../caller/caller.ts';

const FIXTURE = new URL('./results-worker.fixture.ts', import.meta.url);
const fixedNow = new Date();

interface World {
  t: TestApp;
  c: CulinaryFixture;
  admin: { authorization: string };
}

async function buildWorld(
  computeQuery?: string,
  options: { logStream?: { write(line: string): void } } = {},
): Promise<World> {
  const computeModule = computeQuery === undefined ? undefined : `${FIXTURE.href}?${computeQuery}`;
  const t = await buildTestApp(
    {},
    {
      ...options,
      now: () => fixedNow,
      resultsWorker: (databaseFile) =>
        createResultsWorker(databaseFile, computeModule === undefined ? {} : { computeModule }),
    },
  );
  const c = await loadCulinary(t.app, t.db);
  const admin = (await loginAs(t.app, 'admin@demo.test')).headers;
  return { t, c, admin };
}

function push(w: World, score: number) {
  return pushFirstScore(w.t.app, w.c, score, fixedNow);
}

function readResults(w: World, path = '') {
  return w.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${w.c.eventId}${path}`,
    headers: w.admin,
  });
}

async function adminCaller(w: World): Promise<AuthContext> {
  const admin = await w.t.db
    .selectFrom('app_user')
    .select(['user_id', 'state_id'])
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirstOrThrow();
  return {
    userId: admin.user_id,
    role: Role.Admin,
    stateId: admin.state_id,
    tokenExpiresAt: new Date(fixedNow.getTime() + 60_000).toISOString(),
    tokenVersion: 0,
  };
}

async function waitFor(what: string, isDone: () => boolean): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  while (!isDone()) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('a push completes while the results worker is held by a computation', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'results-worker-'));
  const started = path.join(dir, 'started');
  const release = path.join(dir, 'release');
  const w = await buildWorld(`started=${encodeURIComponent(started)}&release=${encodeURIComponent(release)}`);
  try {
    let isAnswered = false;
    const results = readResults(w).then((response) => {
      isAnswered = true;
      return response;
    });
    await waitFor('the computation to start on the worker', () => existsSync(started));
    // The worker's thread is held now, and stays held until the release file exists.
    const pushed = await push(w, 5);
    assert.is(pushed.statusCode, 200, pushed.body);
    assert.equal(
      (pushed.json() as PushResponse).results.map((result) => result.status),
      ['applied'],
    );
    assert.not.ok(isAnswered, 'the results were still being computed when the push was answered');
    writeFileSync(release, 'go');
    const answer = await results;
    assert.is(answer.statusCode, 200, answer.body);
    // The push moved the results version: the next read is computed again, with its score.
    const after = (await readResults(w)).json() as ResultsReport;
    const before = answer.json() as ResultsReport;
    assert.is.not(JSON.stringify(after.categories), JSON.stringify(before.categories), 'the push shows');
  } finally {
    writeFileSync(release, 'go');
    await w.t.close();
  }
});

test("the worker's answers are byte for byte those of the server's thread, its report the computed one", async () => {
  const w = await buildWorld();
  try {
    assert.is((await push(w, 7)).statusCode, 200);
    const event = await readResults(w);
    assert.is(event.statusCode, 200, event.body);
    const categoryIds = (event.json() as ResultsReport).categories.map((category) => category.categoryId);
    assert.ok(categoryIds.length > 1, 'several categories');
    const categories = await Promise.all(categoryIds.map((id) => readResults(w, `/category/${id}`)));
    const sheetless = await Promise.all(categoryIds.map((id) => readResults(w, `/category/${id}?sheets=omit`)));

    const caller = await adminCaller(w);
    const now = fixedNow.toISOString();
    const onWorker = await getResultsAtVersion(w.t.db, caller, w.c.eventId, now);
    const row = await w.t.db
      .selectFrom('event')
      .selectAll()
      .where('event_id', '=', w.c.eventId)
      .executeTakeFirstOrThrow();
    // Every field of ResultsReport (the schema's type); the model's working fields (a standing's group) stay out.
    const computed = JSON.parse(serialiseReport(await computeReport(w.t.db, row, now))) as ResultsReport;
    assert.equal(await onWorker.report(), computed, 'the parsed report is the computed one');

    forgetResults(w.t.db, w.c.eventId);
    const here = await getResultsAtVersion(w.t.db, caller, w.c.eventId, now, ON_THIS_THREAD);
    assert.is(event.body, await jsonTextOf(eventAnswer(here)));
    for (const [at, id] of categoryIds.entries()) {
      assert.is(categories[at]?.body, await jsonTextOf(categoryAnswer(here, id)), `category ${id}`);
    }
    for (const [at, id] of categoryIds.entries()) {
      assert.is(
        sheetless[at]?.body,
        await jsonTextOf(sheetlessCategoryAnswer(here, id)),
        `category ${id} without sheets`,
      );
    }
  } finally {
    await w.t.close();
  }
});

test("a failing worker: the results come from the server's thread, and the log says so", async () => {
  const lines: string[] = [];
  const w = await buildWorld('fail', { logStream: { write: (line) => lines.push(line) } });
  try {
    const answer = await readResults(w);
    assert.is(answer.statusCode, 200, answer.body);
    const row = await w.t.db
      .selectFrom('event')
      .selectAll()
      .where('event_id', '=', w.c.eventId)
      .executeTakeFirstOrThrow();
    assert.is(answer.body, serialiseReport(await computeReport(w.t.db, row, fixedNow.toISOString())));
    assert.ok(
      lines.some((line) => line.includes('results worker failed') && line.includes('This computation always fails.')),
      lines.join(''),
    );
  } finally {
    await w.t.close();
  }
});

test('the worker compresses: the event loop gets the encoded bytes, the same JSON decoded', async () => {
  const w = await buildWorld();
  try {
    assert.is((await push(w, 7)).statusCode, 200);
    const worker = createResultsWorker(w.t.config.database);
    try {
      const now = fixedNow.toISOString();
      const json = await worker.answer(w.c.eventId, now, 'event', 'identity');
      const br = await worker.answer(w.c.eventId, now, 'event', 'br');
      const gzipped = await worker.answer(w.c.eventId, now, 'event', 'gzip');
      assert.is(json?.encoding, 'identity');
      assert.is(br?.encoding, 'br');
      assert.is(gzipped?.encoding, 'gzip');
      assert.ok(br!.body.byteLength < json!.body.byteLength / 2, 'compressed on the worker');
      assert.equal(brotliDecompressSync(br!.body), json!.body);
      assert.equal(gunzipSync(gzipped!.body), json!.body);
    } finally {
      await worker.close();
    }
    const plain = await readResults(w);
    const compressed = await w.t.app.inject({
      method: 'GET',
      url: `/api/run/coordinator/results/event/${w.c.eventId}`,
      headers: { ...w.admin, 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.is(compressed.headers['content-encoding'], 'br');
    assert.is(brotliDecompressSync(compressed.rawPayload).toString('utf8'), plain.body);
  } finally {
    await w.t.close();
  }
});

test('an idle worker stops, and starts again at the next computation', async () => {
  const t = await buildTestApp({}, { now: () => fixedNow });
  const worker = createResultsWorker(t.config.database, { idleMs: 50 });
  try {
    const eventId = (
      await t.db.selectFrom('event').select('event_id').where('status', '!=', 'CLOSED').executeTakeFirstOrThrow()
    ).event_id;
    assert.not.ok(worker.isRunning, 'no thread before the first computation');
    assert.is(worker.queued, 0);
    const asked = worker.answer(eventId, fixedNow.toISOString(), 'event', 'identity');
    assert.is(worker.queued, 1, 'the metrics queue gauge counts a computation asked and not answered');
    const first = await asked;
    assert.is(worker.queued, 0);
    assert.ok(first !== undefined && first.body.byteLength > 0, 'an answer from the worker');
    await waitFor('the idle worker to stop', () => !worker.isRunning);
    const again = await worker.answer(eventId, fixedNow.toISOString(), 'event', 'identity');
    assert.equal(again, first, 'a new thread, the same answer');
  } finally {
    await worker.close();
    await t.close();
  }
});

test.run();
