import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Opens and migrates; the one entry point the server and the tools use. */
export async function openMigratedDatabase(file: string): Promise<Db> {
  const db = openDatabase(file);
  await migrateToLatest(db);
  return db;
}
