// A transaction holds the write lock from its begin (db/database.ts says why): another
// connection to the file that writes meanwhile waits its turn, and the transaction's own
// writes are never refused for what that connection committed after the transaction read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inTransaction, openDatabase } from './database.ts';

test('a transaction that read first still writes while another connection tries to write', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'judging-write-lock-'));
  const file = path.join(dir, 'lock.sqlite');
  const db = openDatabase(file);
  await sql`create table item (id integer primary key, name text)`.execute(db);
  await sql`insert into item (name) values ('a')`.execute(db);
  // Another writer that does not wait: it tells at once whether the file's write lock is free.
  const other = new SQLite(file);
  other.pragma('busy_timeout = 0');
  const otherWrite = () => other.prepare(`update item set name = 'other' where id = 1`).run();
  try {
    const refusedMeanwhile = await inTransaction(db, async (trx) => {
      await sql`select name from item`.execute(trx);
      let refused = '';
      try {
        otherWrite();
      } catch (error) {
        refused = (error as { code?: string }).code ?? String(error);
      }
      // With a deferred begin the other write would have committed here, and this one would fail.
      await sql`update item set name = 'ours' where id = 1`.execute(trx);
      return refused;
    });
    assert.is(refusedMeanwhile, 'SQLITE_BUSY', 'the transaction held the write lock from its begin');
    assert.equal((await sql<{ name: string }>`select name from item`.execute(db)).rows, [{ name: 'ours' }]);
    otherWrite();
    assert.equal((await sql<{ name: string }>`select name from item`.execute(db)).rows, [{ name: 'other' }]);
  } finally {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
