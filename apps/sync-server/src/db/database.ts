import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import { PRIVATE_FILE_MODE } from './data-dir.ts';
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
  // A state final's score index (about 5 MB for 100k scores) stays in this connection's page
  // cache, so results and pulls read memory rather than copying pages in again (default: 2 MB).
  // 64 MB held most of an idle server's memory (issue 20); what does not fit is in the OS's cache.
  sqlite.pragma('cache_size = -16384');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  connectionOf.set(db, directStatements(sqlite));
  return db;
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

/** Statements run on the connection directly (`runSql` inside `inTransaction`), by their SQL text. */
type DirectStatements = (text: string) => SQLite.Statement;

/**
 * Kept apart from Kysely's cache: they always run to the end at once (never streamed), so
 * they need neither its busy check nor its recency order. Their texts are the code's own, a
 * bounded set; the cap only guards against a text built from data by mistake.
 */
function directStatements(sqlite: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): DirectStatements {
  const statements = new Map<string, SQLite.Statement>();
  return (text) => {
    let statement = statements.get(text);
    if (statement === undefined) {
      if (statements.size >= capacity) statements.clear();
      statement = sqlite.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
}

/** Each database's one SQLite connection (Kysely's SQLite driver has exactly one). */
const connectionOf = new WeakMap<Db, DirectStatements>();
/** Transactions begun by `inTransaction`, while they run: their SQL may go to the connection directly. */
const directTransactions = new WeakMap<Db, DirectStatements>();

/**
 * `db.transaction().execute(work)`, where `runSql` inside may skip Kysely's executor. That is
 * safe only while the transaction runs: Kysely then holds the one connection for it, so
 * nothing else runs on the connection in between, and what runs directly is in the
 * transaction. The score writes use it (a push runs a few statements for each of its 50
 * mutations; the executor's promise chain cost more per statement than SQLite did).
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const connection = connectionOf.get(db);
  return db.transaction().execute(async (trx) => {
    if (connection !== undefined) directTransactions.set(trx, connection);
    try {
      return await work(trx);
    } finally {
      directTransactions.delete(trx);
    }
  });
}

/**
 * Runs SQL in the caller's transaction: on the connection directly inside `inTransaction`,
 * through Kysely's executor (past its query builder and compiler) otherwise. For queries
 * compiled once (`prepareQuery`, db/prepared-query.ts) and the few the builder cannot
 * compile once: savepoints, and the push's applied-mutation read and insert, whose length
 * follows the batch. Parameters are bound, never spliced in.
 */
export async function runSql<Row>(db: Db, text: string, parameters: readonly unknown[] = []): Promise<Row[]> {
  const connection = directTransactions.get(db);
  if (connection === undefined) return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
  const statement = connection(text);
  if (statement.reader) return statement.all(parameters) as Row[];
  statement.run(parameters);
  return [];
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing (parsing and planning the SQL) was the largest
 * cost of a sync push. Kysely compiles the same SQL text for the same query shape, so prepared
 * statements are kept by their text, least recently used dropped first. A statement still busy
 * (a streamed read in progress) is never handed out twice: that query gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached !== undefined) {
        if (cached.busy) return sqlite.prepare(sql);
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

/** Opens and migrates; the one entry point the server and the tools use. */
export async function openMigratedDatabase(file: string): Promise<Db> {
  const db = openDatabase(file);
  await migrateToLatest(db);
  return db;
}
