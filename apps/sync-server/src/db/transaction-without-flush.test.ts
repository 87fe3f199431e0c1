// A pull's bookkeeping commits without waiting for the disk (inTransactionWithoutFlush,
// db/database.ts), and nothing else ever does: every other transaction, one queued while it
// ran included, commits with SQLite's synchronous=FULL. Its writes are kept, its failure undoes
// them. SQLite here (PostgreSQL's `set local` ends with its transaction by definition).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inTransaction, inTransactionWithoutFlush, openDatabase, type Db } from './database.ts';

/** SQLite's synchronous level as the connection reports it: 1 NORMAL, 2 FULL. */
async function synchronousLevel(db: Db): Promise<number> {
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return Number(rows[0]?.synchronous);
}

async function withSqlite(work: (db: Db) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'judging-no-flush-'));
  const db = openDatabase(path.join(dir, 'flush.sqlite'));
  try {
    await sql`create table note (id integer primary key, text text)`.execute(db);
    await work(db);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('its writes commit, at NORMAL inside, and FULL is back after it', () =>
  withSqlite(async (db) => {
    assert.is(await synchronousLevel(db), 2);
    const inside = await inTransactionWithoutFlush(db, async (trx) => {
      await sql`insert into note (text) values ('pulled')`.execute(trx);
      return synchronousLevel(trx);
    });
    assert.is(inside, 1);
    assert.is(await synchronousLevel(db), 2);
    assert.equal((await sql<{ text: string }>`select text from note`.execute(db)).rows, [{ text: 'pulled' }]);
  }));

test('a failure undoes its writes and still puts FULL back', () =>
  withSqlite(async (db) => {
    const failed = await inTransactionWithoutFlush(db, async (trx) => {
      await sql`insert into note (text) values ('lost')`.execute(trx);
      throw new Error('refused');
    }).catch((error: unknown) => (error as Error).message);
    assert.is(failed, 'refused');
    assert.is(await synchronousLevel(db), 2);
    assert.equal((await sql`select text from note`.execute(db)).rows, []);
  }));

test('a transaction begun while it runs waits for it and commits at FULL', () =>
  withSqlite(async (db) => {
    let releasePull = () => {};
    const pull = inTransactionWithoutFlush(db, async (trx) => {
      await sql`insert into note (text) values ('pull')`.execute(trx);
      await new Promise<void>((resolve) => (releasePull = resolve));
    });
    // The push asks for the connection while the pull holds it (at NORMAL).
    const push = inTransaction(db, async (trx) => {
      await sql`insert into note (text) values ('push')`.execute(trx);
      return synchronousLevel(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    releasePull();
    await pull;
    assert.is(await push, 2, 'the push ran at FULL');
    assert.equal((await sql<{ text: string }>`select text from note order by id`.execute(db)).rows, [
      { text: 'pull' },
      { text: 'push' },
    ]);
  }));

test.run();
