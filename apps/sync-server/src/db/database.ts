import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import { PRIVATE_FILE_MODE } from './data-dir.ts';
import { registerConnection, withDirectStatements, withStatementCache } from './direct-sql.ts';
import type { Database, Db } from './tables.ts';

export type { Db };

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
  const db = new Kysely<Database>({ dialect: new WritingSqliteDialect({ database: withStatementCache(sqlite) }) });
  registerConnection(db, sqlite);
  return db;
}

/**
 * Kysely begins a transaction with a plain (deferred) `begin`: it reads first and asks for the
 * write lock at its first write. If another connection to the file committed in between (an
 * operator's sqlite3 shell, a script, a test writing beside the server), SQLite cannot move the
 * transaction's read snapshot forward and refuses the write at once with SQLITE_BUSY
 * ("database is locked"), whatever the busy timeout: a 500 for a plain `PUT …/start`. `begin
 * immediate` takes the write lock up front, waiting for it under the busy timeout, so a
 * transaction never reads what another writer could change under it. Inside the server nothing
 * changes: its one connection runs one transaction at a time anyway.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class WritingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
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
