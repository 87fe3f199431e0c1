// Storage that shrinks (issue 38, docs/decisions/0135-incremental-vacuum.md): the database runs in
// incremental auto-vacuum, a new file from its first page and a file made before from its next
// open; after the pruning deletes an event's sync records, the pages they held go back to the
// file system, so the file on disk is smaller and almost no free pages remain. Real SQLite files.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrateToLatest } from '@judging/migrations';
import { freePageCount, openMigratedDatabase, type Db } from '../../db/database.ts';
import { createEvent, stateIdByCode } from '../../test-support/factories.ts';
import { pruneSyncRecords, reclaimFreedPages } from './sync-pruning.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INCREMENTAL = 2;

function tempFile(name: string): { file: string; done: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'judging-vacuum-'));
  return { file: path.join(dir, name), done: () => rmSync(dir, { recursive: true, force: true }) };
}

async function pragma(db: Db, name: string): Promise<number> {
  const rows = (await sql.raw(`pragma ${name}`).execute(db)).rows as Record<string, number>[];
  return Number(Object.values(rows[0] ?? {})[0]);
}

/** The file's size as SQLite counts it, and on disk after a checkpoint folds the WAL in. */
async function sizes(db: Db, file: string) {
  await sql.raw('pragma wal_checkpoint(TRUNCATE)').execute(db);
  return {
    counted: (await pragma(db, 'page_count')) * (await pragma(db, 'page_size')),
    onDisk: statSync(file).size,
    free: await freePageCount(db),
  };
}

async function judgeOf(db: Db): Promise<number> {
  const found = await db
    .selectFrom('app_user')
    .select('user_id')
    .where('email', '=', 'judge@vacuum.test')
    .executeTakeFirst();
  if (found) return found.user_id;
  const stamp = new Date().toISOString();
  const row = await db
    .insertInto('app_user')
    .values({
      state_id: await stateIdByCode(db, 'TX'),
      email: 'judge@vacuum.test',
      password_hash: 'not a hash: nobody logs in',
      first_name: 'Jo',
      last_name: 'Judge',
      phone: '3025550199',
      role: 'JUDGE',
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** `count` recorded mutations of the event, as a crowd of pushes leaves them. */
async function recordMutations(db: Db, eventId: number, count: number): Promise<void> {
  const userId = await judgeOf(db);
  const result = JSON.stringify({ status: 'applied', detail: 'x'.repeat(300) });
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, index) => ({
      user_id: userId,
      mutation_id: `m-${eventId}-${start + index}`,
      device_id: 'tablet-1',
      kind: 'subsectionScore.put',
      payload_hash: 'h'.repeat(64),
      status: 'applied' as const,
      result_json: result,
      applied_at: new Date().toISOString(),
      event_id: eventId,
    }));
    await db.insertInto('applied_mutation').values(rows).execute();
  }
}

test('a new database is in incremental auto-vacuum from its first table', async () => {
  const { file, done } = tempFile('new.sqlite');
  const db = await openMigratedDatabase(file);
  try {
    assert.is(await pragma(db, 'auto_vacuum'), INCREMENTAL);
  } finally {
    await db.destroy();
    done();
  }
});

test('a database made before is switched once at open, its rows and migrations intact', async () => {
  const { file, done } = tempFile('old.sqlite');
  // As an older server left it: WAL, no auto-vacuum, migrated, with data.
  const old = new SQLite(file);
  old.pragma('journal_mode = WAL');
  const { Kysely, SqliteDialect } = await import('kysely');
  const oldDb = new Kysely<never>({ dialect: new SqliteDialect({ database: old }) });
  await migrateToLatest(oldDb);
  await sql`insert into audit_log (action, entity_type, entity_id, created_at) values ('kept', 'note', '1', '2026-01-01T00:00:00.000Z')`.execute(
    oldDb,
  );
  assert.is(Number(old.pragma('auto_vacuum', { simple: true })), 0, 'made without auto-vacuum');
  await oldDb.destroy();

  const db = await openMigratedDatabase(file);
  try {
    assert.is(await pragma(db, 'auto_vacuum'), INCREMENTAL, 'switched at open');
    assert.equal((await sql`pragma journal_mode`.execute(db)).rows, [{ journal_mode: 'wal' }], 'still WAL');
    const kept = await db.selectFrom('audit_log').select('action').where('action', '=', 'kept').execute();
    assert.is(kept.length, 1, 'its rows kept');
    const integrity = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows;
    assert.equal(integrity, [{ integrity_check: 'ok' }]);
  } finally {
    await db.destroy();
  }
  // Opened again: already incremental, nothing to do.
  const again = await openMigratedDatabase(file);
  try {
    assert.is(await pragma(again, 'auto_vacuum'), INCREMENTAL);
  } finally {
    await again.destroy();
    done();
  }
});

test('after pruning many sync records the file gives its free pages back', async () => {
  const { file, done } = tempFile('pruned.sqlite');
  const db = await openMigratedDatabase(file);
  try {
    const stateId = await stateIdByCode(db, 'TX');
    const now = new Date();
    const closed = await createEvent(db, { stateId, status: 'CLOSED' });
    await db
      .updateTable('event')
      .set({ closed_at: new Date(now.getTime() - 31 * DAY_MS).toISOString() })
      .where('event_id', '=', closed.eventId)
      .execute();
    const open = await createEvent(db, { stateId, eventName: 'Still running' });
    await recordMutations(db, closed.eventId, 20_000);
    await recordMutations(db, open.eventId, 500);
    const before = await sizes(db, file);

    const report = await pruneSyncRecords(db, now, 30);
    assert.is(report.appliedMutations, 20_000);
    assert.ok(report.reclaimedPages > 0, 'pages given back');
    const after = await sizes(db, file);

    assert.ok(after.counted < before.counted / 3, `page_count × page_size ${before.counted} → ${after.counted}`);
    assert.ok(after.onDisk < before.onDisk / 3, `on disk ${before.onDisk} → ${after.onDisk}`);
    assert.ok(after.free <= 4, `free pages near 0, got ${after.free}`);
    const kept = await db.selectFrom('applied_mutation').select('mutation_id').execute();
    assert.is(kept.length, 500, 'the open event keeps its records');
  } finally {
    await db.destroy();
    done();
  }
});

test('the reclaiming is bounded per run and takes what is left at the next', async () => {
  const { file, done } = tempFile('bounded.sqlite');
  const db = await openMigratedDatabase(file);
  try {
    const stateId = await stateIdByCode(db, 'TX');
    const { eventId } = await createEvent(db, { stateId });
    await recordMutations(db, eventId, 5000);
    await db.deleteFrom('applied_mutation').execute();
    const free = await freePageCount(db);
    assert.ok(free > 100, `free pages after the delete: ${free}`);
    assert.is(await reclaimFreedPages(db, 100), 100, 'no more than asked');
    assert.is(await freePageCount(db), free - 100);
    assert.is(await reclaimFreedPages(db), free - 100, 'the rest at the next run');
    assert.is(await freePageCount(db), 0);
  } finally {
    await db.destroy();
    done();
  }
});

test.run();
