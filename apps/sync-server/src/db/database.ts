import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import type { Database } from './tables.ts';

export type Db = Kysely<Database>;

/**
 * Opens the SQLite database with the durability the sync protocol relies on: WAL with
 * synchronous=FULL, so an acknowledged mutation survives a power cut.
 */
export function openDatabase(file: string): Db {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A state final's score tables and their indexes (tens of MB) stay in this connection's page
  // cache, so results and pulls read memory rather than copying pages in again (default: 2 MB).
  sqlite.pragma('cache_size = -65536');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Runs SQL written by hand, in the caller's transaction (through Kysely's executor, past its
 * query builder and compiler). Only for the sync push's per-mutation queries, where building
 * and compiling a query cost more than SQLite running it; everywhere else the builder's
 * checked column names are worth their cost. Parameters are bound, never spliced in.
 */
export async function runSql<Row>(db: Db, text: string, parameters: readonly unknown[] = []): Promise<Row[]> {
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
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
