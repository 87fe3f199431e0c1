import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inTransaction, openDatabase } from './database.ts';
import { runSql, withStatementCache } from './direct-sql.ts';

function openMemory() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table item (id integer primary key, name text)');
  sqlite.exec(`insert into item (name) values ('a'), ('b'), ('c')`);
  return sqlite;
}

test('the same SQL text is prepared once and its statement reused', () => {
  const db = withStatementCache(openMemory());
  const first = db.prepare('select name from item where id = ?');
  const second = db.prepare('select name from item where id = ?');
  assert.is(first, second);
  assert.equal(second.all([2]), [{ name: 'b' }]);
  assert.is.not(db.prepare('select id from item'), first);
  db.close();
});

test('a statement still being iterated is not handed out again: the second query gets its own', () => {
  const db = withStatementCache(openMemory());
  const sql = 'select name from item order by id';
  const streaming = db.prepare(sql);
  const iterator = streaming.iterate([]);
  assert.equal(iterator.next().value, { name: 'a' });
  const other = db.prepare(sql);
  assert.is.not(other, streaming);
  assert.equal(other.all([]), [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
  iterator.return?.();
  db.close();
});

test('beyond its capacity the least recently used statement is dropped', () => {
  const db = withStatementCache(openMemory(), 2);
  const a = db.prepare('select 1');
  const b = db.prepare('select 2');
  assert.is(db.prepare('select 1'), a, 'used again: now the most recent');
  db.prepare('select 3');
  assert.is(db.prepare('select 1'), a);
  assert.is.not(db.prepare('select 2'), b, 'the least recently used was prepared again');
  db.close();
});

test('runSql inside inTransaction runs in that transaction: a throw rolls its writes back, a commit keeps them', async () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'direct-sql-'));
  const db = openDatabase(path.join(directory, 'test.db'));
  try {
    await runSql(db, 'create table note (id integer primary key, text text not null)');
    const count = async () => (await runSql<{ n: number }>(db, 'select count(*) as n from note'))[0]?.n;
    const refused = await inTransaction(db, async (trx) => {
      await runSql(trx, 'insert into note (text) values (?)', ['lost']);
      assert.is((await runSql<{ n: number }>(trx, 'select count(*) as n from note'))[0]?.n, 1);
      throw new Error('refused');
    }).catch((error: unknown) => error);
    assert.instance(refused, Error);
    assert.is(await count(), 0);
    await inTransaction(db, async (trx) => {
      await runSql(trx, 'insert into note (text) values (?)', ['kept']);
      // A Kysely query in the same transaction sees the direct write.
      const rows = await trx
        .selectFrom('note' as never)
        .selectAll()
        .execute();
      assert.equal(rows, [{ id: 1, text: 'kept' }]);
    });
    assert.is(await count(), 1);
  } finally {
    await db.destroy();
    rmSync(directory, { recursive: true, force: true });
  }
});

test.run();
