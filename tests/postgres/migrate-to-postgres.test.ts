// `pnpm migrate-to-postgres` on the demo data (issue 38, decision 0142): run as the operator runs
// it, it moves a SQLite data folder into an empty PostgreSQL database; this test then counts
// every table's rows on both sides and computes every event's results report on both with the
// server's own computation, and finds them equal. A second run into the filled database, and a
// run while a server holds the SQLite folder, are refused with nothing changed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase, openMigratedDatabase, type Db } from '../../apps/sync-server/src/db/database.ts';
import { loadDemoIfEmpty } from '../../apps/sync-server/src/demo/load-demo.ts';
import { clearServerLive, markServerLive } from '../../apps/sync-server/src/features/backups/live-mark.ts';
import { computeReport } from '../../apps/sync-server/src/features/results/results-compute.ts';
import { freezeResults } from '../../apps/sync-server/src/features/results/results.service.ts';

const serverUrl = process.env['DATABASE_URL'];
if (serverUrl === undefined || !/^postgres(ql)?:\/\//.test(serverUrl)) {
  throw new Error('tests/postgres needs DATABASE_URL=postgres://… (run `pnpm test:postgres`).');
}

const CLI = fileURLToPath(new URL('../../apps/sync-server/src/migrate-to-postgres-cli.ts', import.meta.url));
const NOW = '2026-03-07T12:00:00.000Z';

/** Runs the command; `sourceDir` undefined: the SQLite data folder is DATA_DIR itself. */
function runMove(
  sourceDir: string | undefined,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const args = sourceDir === undefined ? [CLI] : [CLI, sourceDir];
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the lane's cluster. */
async function emptyDatabase(name: string): Promise<string> {
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await db.introspection.getTables()) {
    if (table.isView || table.name.startsWith('kysely_migration')) continue;
    const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(table.name)}`.execute(db);
    counts[table.name] = Number(rows[0]?.count);
  }
  return counts;
}

/** Every event's results report by the server's computation, by event id. */
async function reports(db: Db): Promise<Record<number, unknown>> {
  const answer: Record<number, unknown> = {};
  for (const event of await db.selectFrom('event').selectAll().orderBy('event_id').execute()) {
    answer[event.event_id] = await computeReport(db, event, NOW);
  }
  return answer;
}

/** A SQLite data folder holding the demo, one event's results frozen, and stored files. */
async function demoDataFolder(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'judging-move-source-'));
  mkdirSync(path.join(dir, 'files', 'help-documents'), { recursive: true });
  writeFileSync(path.join(dir, 'files', 'help-documents', 'rules.pdf'), '%PDF-1.7 the rules');
  writeFileSync(path.join(dir, 'files', 'photo-1.jpg'), Buffer.alloc(4096, 7));
  writeFileSync(path.join(dir, 'jwt-secret'), 'the-secret-that-signed-the-tablets-tokens');
  const db = await openMigratedDatabase(path.join(dir, 'judging.sqlite'));
  try {
    assert.ok(await loadDemoIfEmpty(db, new Date(NOW)), 'the demo was loaded');
    const event = await db.selectFrom('event').selectAll().orderBy('event_id').executeTakeFirstOrThrow();
    await freezeResults(db, event, NOW);
  } finally {
    await db.destroy();
  }
  return dir;
}

test('the demo data moves into PostgreSQL with every table and every results report equal', async () => {
  const sourceDir = await demoDataFolder();
  const targetDir = mkdtempSync(path.join(tmpdir(), 'judging-move-target-'));
  const url = await emptyDatabase(`judging_move_${process.pid}`);
  const moved = await runMove(sourceDir, { DATA_DIR: targetDir, DATABASE_URL: url });
  assert.is(moved.code, 0, moved.output);
  assert.match(moved.output, /move checked/);

  const before = openDatabase(path.join(sourceDir, 'judging.sqlite'));
  const after = openDatabase(url);
  try {
    const counts = await rowCounts(before);
    assert.equal(await rowCounts(after), counts, 'every table, row for row');
    assert.ok(counts['subsection_score']! > 0 && counts['score_history']! > 0, 'the demo has scores and history');
    assert.ok(counts['results_snapshot']! > 0, 'a frozen event');
    const reportsBefore = await reports(before);
    assert.ok(Object.keys(reportsBefore).length > 1, 'the demo events');
    assert.equal(await reports(after), reportsBefore, "every event's results report");
    const snapshots = (db: Db) =>
      db.selectFrom('results_snapshot').select(['event_id', 'payload_json']).orderBy('event_id').execute();
    assert.equal(await snapshots(after), await snapshots(before), 'the frozen results, as stored');
    const versions = (db: Db) => db.selectFrom('results_version').selectAll().orderBy('state_id').execute();
    assert.equal(await versions(after), await versions(before), 'results versions copied, not bumped by triggers');

    // The ids go on after the copied ones: a new event gets the next id, as on SQLite.
    const highest = await before
      .selectFrom('event')
      .select(sql<number>`max(event_id)`.as('id'))
      .executeTakeFirstOrThrow();
    const template = await after.selectFrom('event').selectAll().executeTakeFirstOrThrow();
    const { event_id: _copiedId, ...fields } = template;
    const inserted = await after
      .insertInto('event')
      .values({ ...fields, event_name: 'After the move' })
      .returning('event_id')
      .executeTakeFirstOrThrow();
    assert.ok(inserted.event_id > Number(highest.id), `new id ${inserted.event_id} after ${highest.id}`);
    await after.deleteFrom('event').where('event_id', '=', inserted.event_id).execute();
  } finally {
    await before.destroy();
    await after.destroy();
  }
  assert.is(readFileSync(path.join(targetDir, 'files', 'help-documents', 'rules.pdf'), 'utf8'), '%PDF-1.7 the rules');
  assert.is(readFileSync(path.join(targetDir, 'jwt-secret'), 'utf8'), 'the-secret-that-signed-the-tablets-tokens');

  // Again into the same database: refused, nothing changed.
  const countsAfter = await (async () => {
    const db = openDatabase(url);
    try {
      return await rowCounts(db);
    } finally {
      await db.destroy();
    }
  })();
  const again = await runMove(sourceDir, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'judging-move-2-')),
    DATABASE_URL: url,
  });
  assert.is(again.code, 1, again.output);
  assert.match(again.output, /move refused, nothing was changed: the PostgreSQL database is not empty: rows in/);
  const db = openDatabase(url);
  try {
    assert.equal(await rowCounts(db), countsAfter);
  } finally {
    await db.destroy();
  }
  await admin((client) => client.query(`drop database judging_move_${process.pid} with (force)`));
});

test('the move refuses while a server runs on the SQLite folder, and a missing database', async () => {
  const sourceDir = await demoDataFolder();
  const url = await emptyDatabase(`judging_move_live_${process.pid}`);
  try {
    markServerLive(sourceDir, process.pid);
    const live = await runMove(sourceDir, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'judging-move-3-')),
      DATABASE_URL: url,
    });
    clearServerLive(sourceDir, process.pid);
    assert.is(live.code, 1, live.output);
    assert.match(live.output, /move refused, nothing was changed: a server is running on/);
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'judging-move-none-'));
    const none = await runMove(emptyDir, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'judging-move-4-')),
      DATABASE_URL: url,
    });
    assert.is(none.code, 1, none.output);
    assert.match(none.output, /judging\.sqlite does not exist/);
    const tables = await admin(async (client) => {
      await client.query(`select 1`);
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      try {
        return (
          await probe.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'")
        ).rows[0].n as number;
      } finally {
        await probe.end();
      }
    });
    assert.is(tables, 0, 'the target was not touched');
  } finally {
    await admin((client) => client.query(`drop database judging_move_live_${process.pid} with (force)`));
  }
});

test('moving the data folder the server runs with keeps its stored files where they are', async () => {
  const dataDir = await demoDataFolder();
  const url = await emptyDatabase(`judging_move_same_${process.pid}`);
  try {
    const moved = await runMove(undefined, { DATA_DIR: dataDir, DATABASE_URL: url });
    assert.is(moved.code, 0, moved.output);
    assert.match(moved.output, /the stored files stay in .*files \(the same data folder\)/);
    assert.match(moved.output, /move checked/);
    const before = openDatabase(path.join(dataDir, 'judging.sqlite'));
    const after = openDatabase(url);
    try {
      assert.equal(await rowCounts(after), await rowCounts(before));
    } finally {
      await before.destroy();
      await after.destroy();
    }
  } finally {
    await admin((client) => client.query(`drop database judging_move_same_${process.pid} with (force)`));
  }
});

test.run();
