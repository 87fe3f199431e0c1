import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import { PRIVATE_FILE_MODE } from './data-dir.ts';
import { registerConnection, withDirectStatements, withStatementCache } from './direct-sql.ts';
import type { Database } from './tables.ts';

export type Db = Kysely<Database>;

/**
 * Opens the SQLite database with the durability the sync protocol relies on: WAL with
 * synchronous=FULL, so an acknowledged mutation survives a power cut.
 */
export function openDatabase(file: string): Db {
  restrictDatabaseFiles(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  setPageCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  registerConnection(db, sqlite);
  return db;
}

/**
 * A second connection that only reads (the results worker's, features/results/results-worker.ts),
 * to a database the server has opened and migrated. In WAL mode its reads never wait for the
 * server's writes, nor the writes for them.
 */
export function openReadOnlyDatabase(file: string): Db {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  setPageCache(sqlite);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

function setPageCache(sqlite: SQLite.Database): void {
  // A state final's score index (about 5 MB for 100k scores) stays in the connection's page
  // cache, so results and pulls read memory rather than copying pages in again (default: 2 MB).
  // 64 MB held most of an idle server's memory (issue 20); what does not fit is in the OS's cache.
  sqlite.pragma('cache_size = -16384');
}

/**
 * The database holds every judge's scores and every user's contact data: readable by the
 * server's own user only (0600). The file is made with that mode before SQLite opens it, and
 * SQLite gives its -wal and -shm files the database file's mode; files of an older install are
 * tightened here.
 */
function restrictDatabaseFiles(file: string): void {
  if (file === ':memory:' || file === '') return;
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/**
 * The one way to run a transaction: `db.transaction().execute(work)`, where `runSql` inside
 * may skip Kysely's executor (db/direct-sql.ts says why and when that is safe).
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => withDirectStatements(db, trx, work));
}

/** Opens and migrates; the one entry point the server and the tools use. */
export async function openMigratedDatabase(file: string): Promise<Db> {
  const db = openDatabase(file);
  await migrateToLatest(db);
  return db;
}
