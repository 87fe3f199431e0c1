// What a test reads of the database itself, on either engine: the application's tables, a
// table's columns (SQLite's catalog, or PostgreSQL's information_schema), and its soundness.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { usesPostgres } from '../db/postgres.ts';
import { postgresOnlyColumns } from '../db/tables.expected-columns.ts';

/** The application's tables (Kysely's migration bookkeeping included), by name. */
export async function listTables(db: Db): Promise<string[]> {
  const { rows } = usesPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** A table's columns, in their order. */
export async function listColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = usesPostgres(db)
    ? await sql<{ name: string }>`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
    : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Every row of every table, each table's rows in one order whatever their physical order (a
 * PostgreSQL update moves a row), so "nothing changed" covers tables no one thought of. Left out:
 * what several processes count together on PostgreSQL (login failures, rate-limit windows, used
 * captchas, stream leases; migration 0016), which SQLite keeps in memory: a refused request
 * still counts against its limits, and the data is the same on both engines.
 */
export async function dumpDatabase(db: Db): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const name of await listTables(db)) {
    if (Object.hasOwn(postgresOnlyColumns, name)) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    dump[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}

/**
 * 'ok' when the database is sound: SQLite's `integrity_check`. PostgreSQL has no such statement
 * for a plain role (amcheck is an extension a superuser creates): there every row of every table
 * must read back (PostgreSQL's own write-ahead log guards the rest, constraints included).
 */
export async function integrityCheck(db: Db): Promise<string> {
  if (usesPostgres(db)) return postgresIntegrityCheck(db);
  const result = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  return result.rows.map((row) => row.integrity_check).join('; ');
}

async function postgresIntegrityCheck(db: Db): Promise<string> {
  for (const table of await listTables(db)) {
    await sql`select * from ${sql.table(table)}`.execute(db);
  }
  return 'ok';
}
