// Results never stall a judge (issue 20): a slow results computation runs while a judge's push
// completes; an answer is computed once per results version, shared by concurrent readers, and
// sent compressed as the client accepts (brotli, gzip) with the same JSON as uncompressed; one
// category can be read alone. Through the real routes and SQLite.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { omitSheets, Role, type PushResponse, type ResultsReport } from '@judging/shared-types';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { loadCulinary, pushFirstScore, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { chooseEncoding, jsonTextOf } from './results-answers.ts';
import { computeReport, type ComputeReport } from './results-compute.ts';
import { serialiseReport } from './results-json.ts';
import { eventAnswer, getResultsAtVersion } from './results.service.ts';
import type { AuthContext } from '../../caller/caller.ts';

interface World {
  t: TestApp;
  c: CulinaryFixture;
  admin: { authorization: string };
  computations: () => number;
}

/** The app with its results computed by `compute` around the real computeReport, counting computations. */
async function buildWorld(before: () => Promise<void> = async () => {}): Promise<World> {
  let computations = 0;
  const compute: ComputeReport = async (db, event, now) => {
    computations += 1;
    await before();
    return computeReport(db, event, now);
  };
  const t = await buildTestApp({}, { computeResults: compute });
  const c = await loadCulinary(t.app, t.db);
  const admin = (await loginAs(t.app, 'admin@demo.test')).headers;
  return { t, c, admin, computations: () => computations };
}

function push(w: World, score: number) {
  return pushFirstScore(w.t.app, w.c, score);
}

function readResults(w: World, path = '', acceptEncoding?: string) {
  return w.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${w.c.eventId}${path}`,
    headers: { ...w.admin, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
}

test('a push completes while a slow results computation is still running', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const w = await buildWorld(() => held);
  try {
    let isAnswered = false;
    const results = readResults(w).then((response) => {
      isAnswered = true;
      return response;
    });
    // The computation has started and waits: the push must not wait for it.
    for (let turns = 0; w.computations() === 0; turns += 1) {
      if (turns > 10_000) throw new Error('the results computation never started');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const pushed = await Promise.race([
      push(w, 5),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the push waited for the results')), 10_000)),
    ]);
    assert.is(pushed.statusCode, 200, pushed.body);
    assert.equal(
      (pushed.json() as PushResponse).results.map((result) => result.status),
      ['applied'],
    );
    assert.not.ok(isAnswered, 'the results were still being computed when the push was answered');
    release();
    const answer = await results;
    assert.is(answer.statusCode, 200, answer.body);
  } finally {
    release();
    await w.t.close();
  }
});

test('one computation per results version, shared by concurrent readers; a push moves the version', async () => {
  const w = await buildWorld();
  try {
    const first = await Promise.all([readResults(w), readResults(w), readResults(w, '', 'gzip')]);
    for (const answer of first) assert.is(answer.statusCode, 200, answer.body);
    assert.is(w.computations(), 1, 'three concurrent reads, one computation');
    const again = await readResults(w);
    assert.is(again.body, first[0]?.body, 'the same bytes');
    assert.is(w.computations(), 1, 'a later read of the same version computes nothing');
    assert.is((await push(w, 6)).statusCode, 200);
    await readResults(w);
    assert.is(w.computations(), 2, 'the push moved the version: computed again');
  } finally {
    await w.t.close();
  }
});

test('compressed as the client accepts, the same JSON; uncompressed when it accepts none', async () => {
  const w = await buildWorld();
  try {
    const plain = await readResults(w);
    assert.is(plain.statusCode, 200);
    assert.is(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers['content-type']), /^application\/json/);
    const report = plain.json() as ResultsReport;
    assert.is(report.eventId, w.c.eventId);

    const gzipped = await readResults(w, '', 'gzip, deflate');
    assert.is(gzipped.headers['content-encoding'], 'gzip');
    assert.match(String(gzipped.headers.vary), /Accept-Encoding/i);
    assert.equal(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8')), report);
    assert.ok(gzipped.rawPayload.length < plain.rawPayload.length, 'smaller on the wire');

    const brotli = await readResults(w, '', 'gzip, deflate, br');
    assert.is(brotli.headers['content-encoding'], 'br');
    assert.equal(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8')), report);

    const refused = await readResults(w, '', 'br;q=0, gzip;q=0');
    assert.is(refused.headers['content-encoding'], undefined);
    assert.equal(refused.json(), report);
  } finally {
    await w.t.close();
  }
});

test('one category alone: that category of the event answer, compressed too', async () => {
  const w = await buildWorld();
  try {
    const whole = (await readResults(w)).json() as ResultsReport;
    const answer = await readResults(w, `/category/${w.c.categoryId}`, 'gzip');
    assert.is(answer.statusCode, 200);
    assert.is(answer.headers['content-encoding'], 'gzip');
    const one = JSON.parse(gunzipSync(answer.rawPayload).toString('utf8')) as ResultsReport;
    assert.equal(
      one.categories.map((category) => category.categoryId),
      [w.c.categoryId],
    );
    assert.equal(one, { ...whole, categories: whole.categories.filter((x) => x.categoryId === w.c.categoryId) });
    assert.is(w.computations(), 1, 'both answers come from one computation');
  } finally {
    await w.t.close();
  }
});

test('sheets=omit: the category without the judges’ sheets, all else equal; a bad value is a 400', async () => {
  const w = await buildWorld();
  try {
    assert.is((await push(w, 6)).statusCode, 200);
    const path = `/category/${w.c.categoryId}`;
    const whole = (await readResults(w, path)).json() as ResultsReport;
    const sheetCount = (report: ResultsReport) =>
      report.categories
        .flatMap((category) => category.standings)
        .flatMap((line) => line.sections)
        .reduce((sum, section) => sum + section.sheets.length, 0);
    assert.ok(sheetCount(whole) > 0, 'the whole answer lists the judges’ sheets');

    const answer = await readResults(w, `${path}?sheets=omit`, 'gzip');
    assert.is(answer.statusCode, 200, answer.body);
    assert.is(answer.headers['content-encoding'], 'gzip');
    const sheetless = JSON.parse(gunzipSync(answer.rawPayload).toString('utf8')) as ResultsReport;
    assert.is(sheetCount(sheetless), 0);
    assert.equal(sheetless, omitSheets(whole));
    assert.equal((await readResults(w, `${path}?sheets=include`)).json(), whole);
    assert.is(w.computations(), 1, 'every variant from one computation');

    const bad = await readResults(w, `${path}?sheets=none`);
    assert.is(bad.statusCode, 400, bad.body);
    assert.is((bad.json() as { code: string }).code, 'VALIDATION_FAILED');
  } finally {
    await w.t.close();
  }
});

test('the event answer, built category by category, is byte for byte the whole report serialised', async () => {
  const w = await buildWorld();
  try {
    const admin = await w.t.db
      .selectFrom('app_user')
      .select(['user_id', 'state_id'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const caller: AuthContext = {
      userId: admin.user_id,
      role: Role.Admin,
      stateId: admin.state_id,
      tokenExpiresAt: new Date(Date.now() + 60_000).toISOString(),
      tokenVersion: 0,
    };
    const results = await getResultsAtVersion(w.t.db, caller, w.c.eventId, new Date().toISOString());
    const report = await results.report();
    assert.ok(report.categories.length > 1, 'several categories');
    assert.is(await jsonTextOf(eventAnswer(results)), serialiseReport(report));
  } finally {
    await w.t.close();
  }
});

test('Accept-Encoding: brotli before gzip, q=0 refuses, * counts', () => {
  assert.is(chooseEncoding(undefined), 'identity');
  assert.is(chooseEncoding(''), 'identity');
  assert.is(chooseEncoding('gzip'), 'gzip');
  assert.is(chooseEncoding('gzip, br'), 'br');
  assert.is(chooseEncoding('br;q=0, gzip'), 'gzip');
  assert.is(chooseEncoding('identity'), 'identity');
  assert.is(chooseEncoding('*'), 'br');
  assert.is(chooseEncoding('*;q=0'), 'identity');
  assert.is(chooseEncoding('GZIP;Q=0.5'), 'gzip');
});

test.run();
