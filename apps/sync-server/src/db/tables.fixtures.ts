// Helpers shared by the table tests (tables*.test.ts): a real in-memory SQLite database, migrated.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import type { Database } from './tables.ts';

export function createTestDatabase(): { db: Kysely<Database>; sqlite: SQLite.Database } {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}

export async function createMigratedDatabase(): Promise<{
  db: Kysely<Database>;
  sqlite: SQLite.Database;
}> {
  const handle = createTestDatabase();
  await migrateToLatest(handle.db);
  return handle;
}
