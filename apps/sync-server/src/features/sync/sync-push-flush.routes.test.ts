// A push's answer is durable once it is sent (offline-sync.md), now through the group commit
// (docs/decisions/0196-push-group-commit.md): the push commits without its own fsync, and no
// answer leaves the server before the WAL file holding it has been flushed. These tests hold
// the flush back (or fail it) and watch what the server answers meanwhile.
import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { commitFlusherOf } from '../../db/database.ts';
import { usesPostgres } from '../../db/postgres.ts';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { ContractBreach } from '../../test-support/contract-check.ts';
import { loadCulinary, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { deviceFor, postPush } from './sync.routes.fixtures.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
}

const Flush = suite<Context>('a push answers after its commit is flushed');
Flush.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
});
Flush.after.each(async (context) => {
  await context.t.close();
});

const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

function onePush(c: CulinaryFixture) {
  const device = deviceFor(c);
  device.putSubsection(c.place(0, 0), c.sections[0]!.subsections[0]!.subsectionId, 3);
  return device.nextPush().body;
}

/** The flusher's fsync held until `release`, or failed by `fail`; `calls` counts them. */
function holdFlushes(t: TestApp) {
  const flusher = commitFlusherOf(t.db);
  if (!flusher) throw new Error('no flusher');
  const original = flusher.syncFile;
  let calls = 0;
  const gates: { resolve(): void; reject(error: Error): void }[] = [];
  flusher.syncFile = (file) =>
    new Promise<void>((resolve, reject) => {
      calls += 1;
      gates.push({ resolve: () => void original(file).then(resolve, reject), reject });
    });
  return {
    get calls() {
      return calls;
    },
    release: () => gates.shift()?.resolve(),
    fail: () => gates.shift()?.reject(new Error('EIO')),
  };
}

Flush('PostgreSQL: its commit is its flush, so nothing is held; SQLite: the WAL file is flushed', async ({ t, c }) => {
  const flusher = commitFlusherOf(t.db);
  if (usesPostgres(t.db)) {
    assert.is(flusher, undefined);
    assert.is((await postPush(t, c.headers, onePush(c))).statusCode, 200);
    return;
  }
  assert.ok(flusher);
  const original = flusher.syncFile;
  const flushed: string[] = [];
  flusher.syncFile = async (file) => {
    flushed.push(file);
    await original(file);
  };
  assert.is((await postPush(t, c.headers, onePush(c))).statusCode, 200);
  assert.is(flushed.length, 1, 'one fsync for the push');
  assert.match(flushed[0]!, /judging.*\.sqlite-wal$/);
  assert.ok(existsSync(flushed[0]!), 'the real WAL file');
  // Every other transaction still commits with its own fsync.
  const level = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db);
  assert.is(level.rows[0]?.synchronous, 2, 'back to FULL after the push');
});

Flush('the answer, and any other answer, waits for the flush; then all go at once', async ({ t, c }) => {
  if (usesPostgres(t.db)) return void assert.is(commitFlusherOf(t.db), undefined);
  const held = holdFlushes(t);
  let pushAnswer: number | undefined;
  const push = onePush(c);
  const pushing = postPush(t, c.headers, push).then((response) => (pushAnswer = response.statusCode));
  let pullAnswer: string | undefined;
  await turns(20);
  // Committed already: a pull would show its change, so it too waits for the disk.
  const pulling = t.app
    .inject({ method: 'GET', url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`, headers: c.headers })
    .then((response) => (pullAnswer = response.body));
  await turns(20);
  assert.is(held.calls, 1);
  assert.is(pushAnswer, undefined, 'no answer before its commit is on disk');
  assert.is(pullAnswer, undefined, "no pull showing the push's change before it is on disk");
  const stored = await t.db
    .selectFrom('subsection_score')
    .select('score')
    .where('score_id', '=', (push as { mutations: { data: { scoreId: string } }[] }).mutations[0]!.data.scoreId)
    .execute();
  assert.equal(
    stored.map((row) => row.score),
    [3],
    'committed meanwhile',
  );
  held.release();
  await Promise.all([pushing, pulling]);
  assert.is(pushAnswer, 200);
  assert.match(pullAnswer!, '"changes":[{');
  assert.is(held.calls, 1, 'the pull shared the push’s flush');
});

/** The status of an answer the API document does not list (a fault: 500), from the test's contract check. */
async function faultStatus(answering: Promise<unknown>): Promise<string> {
  const error = await answering.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  assert.instance(error, ContractBreach, 'a fault, not a documented answer');
  return /POST \/api\/sync\/push → (\d+)/.exec((error as Error).message)?.[1] ?? '';
}

Flush('a failed flush answers 500, never "applied", until the server restarts', async ({ t, c }) => {
  if (usesPostgres(t.db)) return void assert.is(commitFlusherOf(t.db), undefined);
  const held = holdFlushes(t);
  const push = onePush(c);
  const pushing = postPush(t, c.headers, push);
  await turns(20);
  held.fail();
  assert.is(await faultStatus(pushing), '500');
  // The same push again: recorded, but not known to be on disk, so not answered as saved.
  assert.is(await faultStatus(postPush(t, c.headers, push)), '500');
  assert.is(held.calls, 1, 'no later fsync is trusted');
});

Flush.run();
