// What several server processes share on PostgreSQL (decisions §9; docs/decisions/0139, 0140),
// each store run as two "processes" (two stores, two pools) on one migrated database: login
// failures count together, rate-limit windows count together, stream places are leases that a
// dead process's renewals no longer hold, and a change NOTIFYs every listener, also after the
// listening connection was lost. The real processes: two-processes.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openMigratedDatabase, type Db } from '../../apps/sync-server/src/db/database.ts';
import { postgresPoolOf } from '../../apps/sync-server/src/db/postgres.ts';
import { createLoginThrottle, LOGIN_THROTTLE_RULES } from '../../apps/sync-server/src/http/login-throttle.ts';
import { createPostgresFailureCounters } from '../../apps/sync-server/src/http/login-throttle-postgres.ts';
import { postgresRateLimitStore } from '../../apps/sync-server/src/http/rate-limit-store-postgres.ts';
import { createPostgresStreamPlaces } from '../../apps/sync-server/src/features/run/run-stream-leases.ts';
import { createNotifiedSignals } from '../../apps/sync-server/src/features/run/run-change-signals.ts';
import { closeTestDatabases, createTestDatabase } from '../../apps/sync-server/src/test-support/test-database.ts';
import { waitFor } from '../../apps/sync-server/src/test-support/wait-for.ts';

if (process.env['DATABASE_URL'] === undefined || !/^postgres(ql)?:\/\//.test(process.env['DATABASE_URL'])) {
  throw new Error('tests/postgres needs DATABASE_URL=postgres://… (run `pnpm test:postgres`).');
}

const SECOND = 1000;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let processA: Db;
let processB: Db;

function poolOf(db: Db) {
  const pool = postgresPoolOf(db);
  if (!pool) throw new Error('not on PostgreSQL');
  return pool;
}

test.before(async () => {
  database = await createTestDatabase(mkdtempSync(path.join(tmpdir(), 'judging-shared-')));
  const url = database.env['DATABASE_URL'] ?? '';
  processA = await openMigratedDatabase(url);
  processB = await openMigratedDatabase(url);
});

test.after(async () => {
  await processA.destroy();
  await processB.destroy();
  await database.drop();
  await closeTestDatabases();
});

test('login failures made through two processes count together: the sixth attempt waits', async () => {
  let now = 1_000_000;
  const throttleOn = (db: Db) =>
    createLoginThrottle({
      now: () => now,
      store: createPostgresFailureCounters(poolOf(db), LOGIN_THROTTLE_RULES),
    });
  const [a, b] = [throttleOn(processA), throttleOn(processB)];
  const attempt = { account: 'judge1@demo.test', clientIp: '203.0.113.7' };
  const noCaptcha = () => Promise.resolve(false);
  for (let failure = 0; failure < LOGIN_THROTTLE_RULES.perAccountAndAddress.freeFailures; failure++) {
    const admission = await (failure % 2 === 0 ? a : b).admit(attempt, noCaptcha);
    assert.is(admission.kind, 'admitted', `failure ${failure + 1} is heard`);
    if (admission.kind === 'admitted') await admission.settle('failure');
  }
  assert.equal(await a.admit(attempt, noCaptcha), { kind: 'wait', waitSeconds: 2 });
  assert.equal(await b.admit(attempt, noCaptcha), { kind: 'wait', waitSeconds: 2 });
  // Another account from the address is not slowed; time forgives as the rules say.
  assert.is((await b.admit({ ...attempt, account: 'judge2@demo.test' }, noCaptcha)).kind, 'admitted');
  now += 2 * SECOND;
  assert.is((await a.admit(attempt, noCaptcha)).kind, 'admitted');
  assert.ok((await a.countersHeld()) >= 2);
});

test('parallel guesses through two processes cannot all pass the free failures', async () => {
  const throttleOn = (db: Db) =>
    createLoginThrottle({ store: createPostgresFailureCounters(poolOf(db), LOGIN_THROTTLE_RULES) });
  const [a, b] = [throttleOn(processA), throttleOn(processB)];
  const attempt = { account: 'guessed@demo.test', clientIp: '198.51.100.77' };
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? a : b).admit(attempt, () => Promise.resolve(false))),
  );
  const heard = answers.filter((answer) => answer.kind === 'admitted');
  assert.is(heard.length, LOGIN_THROTTLE_RULES.perAccountAndAddress.freeFailures);
  for (const answer of heard) if (answer.kind === 'admitted') await answer.settle('failure');
});

test('rate-limit windows count the requests of both processes, per limiter, and end on time', async () => {
  let now = 5_000_000;
  const storeOn = (db: Db) => {
    const Store = postgresRateLimitStore(poolOf(db), () => now);
    // As the plugin does: a root store, a child per limiter, in the order routes register.
    return new Store({}).child({} as never);
  };
  const [a, b] = [storeOn(processA), storeOn(processB)];
  const hit = (store: typeof a) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      (store.incr as (...args: unknown[]) => void)(
        '203.0.113.9',
        (error: Error | null, result?: { current: number; ttl: number }) =>
          error ? reject(error) : resolve(result ?? { current: 0, ttl: 0 }),
        60 * SECOND,
        3,
      ),
    );
  assert.equal(await hit(a), { current: 1, ttl: 60 * SECOND });
  now += 10 * SECOND;
  assert.equal(await hit(b), { current: 2, ttl: 50 * SECOND });
  assert.equal(await hit(a), { current: 3, ttl: 50 * SECOND });
  now += 50 * SECOND;
  assert.equal(await hit(b), { current: 1, ttl: 60 * SECOND }, 'a new window');
});

test('stream places are counted across processes; a dead process’s leases expire; closing gives them back', async () => {
  let now = 9_000_000;
  const options = { now: () => now, maxPerUser: 5, leaseMs: 45 * SECOND, renewEveryMs: 60 * 60 * SECOND };
  const a = createPostgresStreamPlaces(poolOf(processA), options);
  const b = createPostgresStreamPlaces(poolOf(processB), options);
  const coordinator = 42;
  const onA = [await a.take(coordinator), await a.take(coordinator), await a.take(coordinator)];
  const onB = [await b.take(coordinator), await b.take(coordinator)];
  assert.ok([...onA, ...onB].every((place) => place !== undefined));
  assert.is(await a.take(coordinator), undefined, 'the sixth stream, on either process, is refused');
  assert.is(await b.take(coordinator), undefined);
  assert.ok(await a.take(7), 'another user has places of their own');

  await b.give(onB[0] ?? '');
  const freed = await a.take(coordinator);
  assert.ok(freed, 'a closed stream on B frees a place on A');
  assert.is(await a.take(coordinator), undefined);

  // A stops renewing (killed): once its leases are older than a lease, their places are free.
  now += 45 * SECOND;
  const afterDeath = await Promise.all([b.take(coordinator), b.take(coordinator), b.take(coordinator)]);
  assert.ok(
    afterDeath.every((place) => place !== undefined),
    'A’s four expired leases no longer count',
  );
  await a.close();
  await b.close();
  const { rows } = await poolOf(processA).query<{ count: number }>(
    'select count(*)::int as count from stream_lease where expires_at > $1',
    [now],
  );
  assert.is(rows[0]?.count, 0, 'closing a process gives back every lease it holds');
});

test('a lease is renewed while its stream is open, so a live stream keeps its place past one lease', async () => {
  let now = 20_000_000;
  const a = createPostgresStreamPlaces(poolOf(processA), { now: () => now, leaseMs: 300, renewEveryMs: 50 });
  const place = await a.take(77);
  now += 10_000;
  await new Promise((resolve) => setTimeout(resolve, 200));
  const { rows } = await poolOf(processB).query<{ expires_at: number }>(
    'select expires_at from stream_lease where lease_id = $1',
    [place],
  );
  assert.ok((rows[0]?.expires_at ?? 0) > now, 'renewed from the new time');
  await a.close();
});

test('a change through one process signals the watchers of its state on another, also after the listener reconnects', async () => {
  const signals = createNotifiedSignals(poolOf(processB), 60 * 60 * SECOND);
  let looks = 0;
  let otherStateLooks = 0;
  const stop = signals.watch({ stateId: 9, userId: 1 }, () => (looks += 1));
  const stopOther = signals.watch({ stateId: 10, userId: 2 }, () => (otherStateLooks += 1));
  await waitFor('the listener', () => looks > 0, 5000);
  const lookedBefore = looks;
  const othersBefore = otherStateLooks;
  await sql`insert into results_version (state_id, version) values (9, 1)
    on conflict (state_id) do update set version = results_version.version + 1`.execute(processA);
  await waitFor('a signal for state 9', () => looks > lookedBefore, 5000);
  assert.is(otherStateLooks, othersBefore, 'another state’s streams are not woken');

  // The listening connection is cut (a database restart, a network blip): it comes back, and
  // its watchers look again at once, since a change may have been missed meanwhile.
  const lookedBeforeCut = looks;
  await sql`select pg_terminate_backend(pid) from pg_stat_activity
    where query ilike 'listen %' and datname = current_database() and pid <> pg_backend_pid()`.execute(processA);
  await waitFor('a look after reconnecting', () => looks > lookedBeforeCut, 10_000);
  const lookedAfterCut = looks;
  await sql`update results_version set version = version + 1 where state_id = 9`.execute(processA);
  await waitFor('a signal after reconnecting', () => looks > lookedAfterCut, 5000);

  // A burst of changes (judges pulling at once) wakes the streams once or twice, not per change.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const lookedBeforeBurst = looks;
  await Promise.all(
    Array.from({ length: 10 }, () =>
      sql`update results_version set version = version + 1 where state_id = 9`.execute(processA),
    ),
  );
  await waitFor('a signal after the burst', () => looks > lookedBeforeBurst, 5000);
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.ok(looks - lookedBeforeBurst <= 2, `${looks - lookedBeforeBurst} looks for 10 changes`);
  stop();
  stopOther();
  await signals.close();
});

test.run();
