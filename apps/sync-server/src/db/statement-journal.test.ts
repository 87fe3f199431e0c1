// A statement that may fail halfway keeps the pages it changes in a statement journal; past
// 64 KiB SQLite spills it to a temporary file, and a push's one insert of its applied records
// did, on every push of a large event (docs/decisions/0197-statement-journal-in-memory.md). The
// server's connection keeps that journal in memory: no temporary file is open in a transaction
// after such a statement. SQLite here (PostgreSQL has no such file); Linux's /proc shows the
// process's open files.
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inTransaction, openDatabase } from './database.ts';

/** The files this process holds open that were deleted once opened: SQLite's temporary files. */
function openDeletedFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.endsWith('(deleted)') ? [target] : [];
    } catch {
      return []; // closed meanwhile
    }
  });
}

const randomKey = () => `${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

test('a many-row insert under a unique index keeps its statement journal in memory', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'judging-statement-journal-'));
  const db = openDatabase(path.join(dir, 'journal.sqlite'));
  try {
    await sql`create table record (id integer primary key, key text not null unique, body text not null)`.execute(db);
    // Enough rows that random keys land on many different index pages.
    for (let batch = 0; batch < 20; batch += 1) {
      await inTransaction(db, async (trx) => {
        for (let row = 0; row < 500; row += 1)
          await sql`insert into record (key, body) values (${randomKey()}, ${'x'.repeat(200)})`.execute(trx);
      });
    }
    const before = openDeletedFiles();
    const heldInTransaction = await inTransaction(db, async (trx) => {
      await sql`insert into record (key, body) values (${'first'}, ${'y'})`.execute(trx);
      const rows = Array.from({ length: 200 }, () => sql`(${randomKey()}, ${'z'.repeat(200)})`);
      await sql`insert into record (key, body) values ${sql.join(rows)}`.execute(trx);
      return openDeletedFiles().filter((file) => !before.includes(file));
    });
    assert.equal(heldInTransaction, []);
    const { rows } = await sql<{ count: number }>`select count(*) as count from record`.execute(db);
    assert.is(Number(rows[0]?.count), 10_201);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
