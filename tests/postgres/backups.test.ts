// Issue 38's backup acceptance on PostgreSQL (decision 0141): `pnpm backup` (pg_dump, as its own
// process) while a judge pushes without pause; the backup restored into a fresh database holds
// every mutation acknowledged before the backup began, with every table's rows as counted; a
// restore refuses a live server and a damaged dump, changing nothing; the schedule and
// GET /api/backup/latest work on PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from '../../migrations/index.ts';
import type { PushResponse } from '../../packages/shared-types/src/index.ts';
import { buildTestApp, loginAs } from '../../apps/sync-server/src/test-support/build-test-app.ts';
import {
  fakeJpeg,
  loadCulinary,
  multipartBody,
  pushFirstScore,
} from '../../apps/sync-server/src/test-support/judging-fixtures.ts';
import { closeTestDatabases } from '../../apps/sync-server/src/test-support/test-database.ts';
import { waitFor } from '../../apps/sync-server/src/test-support/wait-for.ts';
import { MANIFEST_NAME, parseManifest } from '../../apps/sync-server/src/features/backups/backup-rules.ts';
import { takeBackup } from '../../apps/sync-server/src/features/backups/backup.service.ts';
import {
  databaseNameOf,
  holdServerConnection,
  postgresEngineBackup,
} from '../../apps/sync-server/src/features/backups/postgres-backup.ts';
import {
  RestoreRefused,
  restoreBackup,
  type RestoreTarget,
} from '../../apps/sync-server/src/features/backups/restore.service.ts';
import { registerBackupSchedule } from '../../apps/sync-server/src/features/backups/backups.routes.ts';
import type { AppInstance } from '../../apps/sync-server/src/http/app-instance.ts';
import { listBackups } from '../../apps/sync-server/src/shared/backup-folders.ts';
import { hashFile } from '../../apps/sync-server/src/features/backups/backup-files.ts';

const serverUrl = process.env['DATABASE_URL'];
if (serverUrl === undefined || !/^postgres(ql)?:\/\//.test(serverUrl)) {
  throw new Error('tests/postgres needs DATABASE_URL=postgres://… (run `pnpm test:postgres`).');
}

const SRC = fileURLToPath(new URL('../../apps/sync-server/src/', import.meta.url));

/** Runs a command-line entry (`backup-cli.ts`, `restore-cli.ts`) as an operator would. */
function runCli(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(SRC, entry), ...args], { env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

let fresh = 0;
/** A URL of a database that does not exist yet on the lane's cluster. */
function freshDatabaseUrl(): string {
  fresh += 1;
  const url = new URL(serverUrl!);
  url.pathname = `/judging_restored_${process.pid}_${fresh}`;
  return url.toString();
}

function freshTarget(): RestoreTarget {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-pg-restore-'));
  return {
    dataDir,
    databaseFile: path.join(dataDir, 'judging.sqlite'),
    filesDir: path.join(dataDir, 'files'),
    secretFile: path.join(dataDir, 'jwt-secret'),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The names of the cluster's databases that start with `prefix`. */
async function databasesNamed(prefix: string): Promise<string[]> {
  return withClient(serverUrl!, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by 1',
      [prefix],
    );
    return rows.map((row) => row.datname);
  });
}

async function dropDatabase(url: string): Promise<void> {
  await withClient(serverUrl!, (client) =>
    client.query(`drop database if exists "${databaseNameOf(url)}" with (force)`),
  );
}

test.after(async () => {
  await closeTestDatabases();
});

test('a backup taken while a judge pushes holds every mutation acknowledged before it began', async () => {
  const t = await buildTestApp();
  const restoredUrl = freshDatabaseUrl();
  try {
    assert.match(t.config.database, /^postgres/);
    const c = await loadCulinary(t.app, t.db);
    const photo = fakeJpeg(64 * 1024);
    const body = multipartBody({}, { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${photo.sha256}`,
      headers: { ...c.headers, ...body.headers },
      payload: body.payload,
    });
    assert.is(upload.statusCode, 201);

    const acknowledged: { id: string; at: number }[] = [];
    let isBackingUp = true;
    let score = 0;
    const pushing = (async () => {
      while (isBackingUp || acknowledged.length < 50) {
        const response = await pushFirstScore(t.app, c, 1 + (score++ % 9));
        const [result] = (response.json() as PushResponse).results;
        if (result?.status !== 'applied') throw new Error(`a push was not applied: ${JSON.stringify(result)}`);
        acknowledged.push({ id: result.id, at: performance.now() });
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));

    const backupStarted = performance.now();
    const backup = await runCli('backup-cli.ts', [], { DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.database });
    const backupEnded = performance.now();
    isBackingUp = false;
    await pushing;
    assert.is(backup.code, 0, backup.output);
    assert.match(backup.output, /backup taken: .*database database\.pgdump/s);

    const before = acknowledged.filter((push) => push.at < backupStarted).map((push) => push.id);
    const during = acknowledged.filter((push) => push.at >= backupStarted && push.at <= backupEnded);
    assert.ok(before.length >= 20, `${before.length} pushes acknowledged before the backup`);
    assert.ok(during.length > 0, `the judge pushed on while the backup ran (${during.length} pushes)`);

    const [newest] = await listBackups(t.config.backup.dir);
    assert.ok(newest, 'a backup folder');
    const folder = path.join(t.config.backup.dir, newest);
    const manifest = parseManifest(readFileSync(path.join(folder, MANIFEST_NAME), 'utf8'));
    if (typeof manifest === 'string') throw new Error(manifest);
    assert.is(manifest.engine, 'postgres');
    assert.ok((manifest.rows?.['applied_mutation'] ?? 0) >= before.length, 'the manifest counts the rows');

    const target = freshTarget();
    const lines = await restoreBackup({
      source: folder,
      target,
      engine: postgresEngineBackup(restoredUrl),
      knownMigrations: Object.keys(migrations),
      now: new Date(),
    });
    assert.match(lines.join('\n'), /integrity ok/);
    assert.match(lines.join('\n'), new RegExp(`restored the database to ${databaseNameOf(restoredUrl)}`));

    await withClient(restoredUrl, async (client) => {
      const ids = new Set(
        (await client.query<{ mutation_id: string }>('select mutation_id from applied_mutation')).rows.map(
          (row) => row.mutation_id,
        ),
      );
      assert.equal(
        before.filter((id) => !ids.has(id)),
        [],
        'every mutation acknowledged before the backup is in it',
      );
      for (const [table, count] of Object.entries(manifest.rows ?? {})) {
        const { rows } = await client.query<{ count: string }>(`select count(*) as count from "${table}"`);
        assert.is(Number(rows[0]?.count), count, `rows of ${table}`);
      }
      const photoRow = await client.query<{ storage_name: string }>(
        'select storage_name from stored_file where sha256 = $1',
        [photo.sha256],
      );
      const storageName = photoRow.rows[0]?.storage_name;
      assert.ok(storageName, "the photo's row");
      assert.ok(readFileSync(path.join(target.filesDir, storageName)).equals(photo.bytes), 'the photo, byte for byte');
    });
    assert.equal(await databasesNamed(`${databaseNameOf(restoredUrl)}_`), [], 'no staged database is left');
    assert.not.ok(
      readdirSync(t.config.backup.dir).some((name) => name.includes('partial')),
      'no half-made backup is left',
    );

    // `pnpm restore` over the restored database keeps it aside, renamed, and switches in.
    await withClient(restoredUrl, (client) =>
      client.query("insert into state (state_id, state_name, state_code) values (999, 'Gone', 'GN')"),
    );
    const again = await runCli('restore-cli.ts', [folder], {
      DATA_DIR: freshTarget().dataDir,
      DATABASE_URL: restoredUrl,
    });
    assert.is(again.code, 0, again.output);
    const [keptName] = await databasesNamed(`${databaseNameOf(restoredUrl)}_before_restore_`);
    assert.ok(keptName, again.output);
    assert.match(again.output, new RegExp(`kept the previous database as ${keptName}`));
    assert.match(again.output, /restore done/);
    assert.equal(await databasesNamed(`${databaseNameOf(restoredUrl)}_`), [keptName]);
    const gone = (url: string) =>
      withClient(url, async (client) => (await client.query('select 1 from state where state_id = 999')).rowCount);
    assert.is(await gone(restoredUrl), 0, 'the restored database is the backup');
    const keptUrl = new URL(restoredUrl);
    keptUrl.pathname = `/${keptName}`;
    assert.is(await gone(keptUrl.toString()), 1, 'the previous one is kept as it was');
    await dropDatabase(keptUrl.toString());
  } finally {
    await t.close();
    await dropDatabase(restoredUrl);
  }
});

test('a restore refuses a live server and a damaged dump, and changes nothing', async () => {
  const t = await buildTestApp();
  const restoredUrl = freshDatabaseUrl();
  try {
    const taken = await takeBackup(
      postgresEngineBackup(t.config.database),
      { backupDir: t.config.backup.dir, filesDir: t.config.filesDir },
      new Date('2026-03-07T12:00:00Z'),
    );
    const eventsNow = () =>
      withClient(t.config.database, async (client) => (await client.query('select * from event order by 1')).rows);
    const events = await eventsNow();
    assert.ok(events.length > 0, 'the demo events');

    // The running server (its held connection named judging-server), through `pnpm restore`.
    const refused = await runCli('restore-cli.ts', [taken.folder], {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'judging-other-dir-')),
      DATABASE_URL: t.config.database,
    });
    assert.is(refused.code, 1, refused.output);
    assert.match(refused.output, /restore refused, nothing was changed: a server is connected to database/);
    assert.equal(await eventsNow(), events, 'the live database is unchanged');
    assert.equal(await databasesNamed(`${databaseNameOf(t.config.database)}_`), [], 'nothing staged');

    // Someone connecting between the check and the switch: the switch is refused, nothing changed.
    await withClient(serverUrl!, (client) => client.query(`create database "${databaseNameOf(restoredUrl)}"`));
    const engine = postgresEngineBackup(restoredUrl);
    const staged = await engine.stage(path.join(taken.folder, taken.manifest.database.path), taken.manifest.rows);
    assert.is(staged.check.integrity, 'ok');
    await withClient(restoredUrl, async () => {
      await staged.switchIn('20260307T120000Z').then(
        () => assert.unreachable('switched under a connection'),
        (error: unknown) => {
          assert.instance(error, RestoreRefused);
          assert.match((error as Error).message, /could not be renamed aside/);
        },
      );
    });
    assert.equal(await databasesNamed(databaseNameOf(restoredUrl)), [databaseNameOf(restoredUrl)], 'staged dropped');
    await dropDatabase(restoredUrl);

    // A dump damaged on disk: the manifest's hash refuses it.
    const dumpFile = path.join(taken.folder, taken.manifest.database.path);
    const dump = readFileSync(dumpFile);
    const damaged = Buffer.from(dump);
    for (let at = Math.floor(damaged.length / 3); at < damaged.length; at += 97) damaged[at] = damaged[at]! ^ 0xff;
    writeFileSync(dumpFile, damaged);
    const restoreInto = (url: string) =>
      restoreBackup({
        source: taken.folder,
        target: freshTarget(),
        engine: postgresEngineBackup(url),
        knownMigrations: Object.keys(migrations),
        now: new Date(),
      });
    await restoreInto(restoredUrl).then(
      () => assert.unreachable('a damaged dump was restored'),
      (error: unknown) => {
        assert.instance(error, RestoreRefused);
        assert.match((error as Error).message, /database\.pgdump is damaged/);
      },
    );
    // The same damage with a manifest that matches it (damaged before the backup finished):
    // pg_restore, or the row counts, refuse it.
    const found = await hashFile(dumpFile);
    const manifestFile = path.join(taken.folder, MANIFEST_NAME);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, database: { ...taken.manifest.database, ...found } }));
    await restoreInto(restoredUrl).then(
      () => assert.unreachable('a damaged dump was restored'),
      (error: unknown) => {
        assert.instance(error, RestoreRefused);
        assert.match((error as Error).message, /the backup's database is damaged/);
      },
    );
    assert.equal(await databasesNamed(databaseNameOf(restoredUrl)), [], 'no database was made or left');

    // Row counts that differ from the manifest's (a dump of another moment): refused too.
    writeFileSync(dumpFile, dump);
    writeFileSync(
      manifestFile,
      JSON.stringify({
        ...manifest,
        rows: { ...taken.manifest.rows, event: (taken.manifest.rows?.['event'] ?? 0) + 1 },
      }),
    );
    await restoreInto(restoredUrl).then(
      () => assert.unreachable('a dump with other row counts was restored'),
      (error: unknown) => assert.match((error as Error).message, /row counts differ .*table event has/),
    );
    assert.equal(await databasesNamed(databaseNameOf(restoredUrl)), [], 'no database was made or left');
  } finally {
    await t.close();
    await dropDatabase(restoredUrl);
  }
});

test('a server is seen by its held connection, even with no query running', async () => {
  const url = freshDatabaseUrl();
  await withClient(serverUrl!, (client) => client.query(`create database "${databaseNameOf(url)}"`));
  try {
    const engine = postgresEngineBackup(url);
    assert.is(await engine.findLiveUse(), undefined, 'nobody is connected');
    const held = holdServerConnection(url);
    await waitFor('the held connection', async () => (await engine.findLiveUse()) !== undefined);
    assert.match((await engine.findLiveUse()) ?? '', /a server is connected to database .* \(1 connection, from /);
    await held.close();
    await waitFor('the connection closed', async () => (await engine.findLiveUse()) === undefined);
  } finally {
    await dropDatabase(url);
  }
});

test("the schedule backs up PostgreSQL, and GET /api/backup/latest tells the newest's age", async () => {
  const t = await buildTestApp({ BACKUP_INTERVAL: '30' });
  try {
    const admin = (await loginAs(t.app, 'admin@demo.test')).headers;
    const before = await t.app.inject({ method: 'GET', url: '/api/backup/latest', headers: admin });
    assert.is(before.json().lastBackupAt, null);
    // The app's own schedule waits a minute after start; a second host runs it on the same data at once.
    const fastify = createRequire(path.join(SRC, 'app.ts')).resolve('fastify');
    const Fastify = ((await import(pathToFileURL(fastify).href)) as { default: (options: object) => AppInstance })
      .default;
    const host = Fastify({ logger: false });
    registerBackupSchedule(host, { config: t.config, now: () => new Date() }, { minimumDelayMs: 10 });
    await host.ready();
    await waitFor('a scheduled backup', async () => (await listBackups(t.config.backup.dir)).length > 0, 30_000);
    await host.close();
    const after = await t.app.inject({ method: 'GET', url: '/api/backup/latest', headers: admin });
    assert.is(after.statusCode, 200);
    assert.is(after.json().ageMinutes, 0);
    const [newest] = await listBackups(t.config.backup.dir);
    assert.ok(readdirSync(path.join(t.config.backup.dir, newest!)).includes('database.pgdump'));
  } finally {
    await t.close();
  }
});

test.run();
