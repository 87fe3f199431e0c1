// The rows of a SQLite database copied into a migrated PostgreSQL one, table by table in
// foreign-key order (parents first), ids and all, in one transaction: a copy that fails leaves
// the target as it was. The results-version triggers stay off while rows go in (the versions
// are copied as they were); the identity sequences then continue after the highest id SQLite
// ever gave (its `sqlite_sequence`), so no id is used twice.
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/** The tables the migrations keep for themselves: made by migrating, never copied. */
export function isMigrationTable(table: string): boolean {
  return table.startsWith('kysely_migration');
}

/** Bind parameters per statement: PostgreSQL takes at most 65535. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_INSERT = 500;

/** The application's tables of the target (its current schema) and their columns, in order. */
export async function readTargetTables(client: pg.PoolClient): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    if (isMigrationTable(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? [];
    columns.push(row.column_name);
    tables.set(row.table_name, columns);
  }
  return tables;
}

/** The tables in an order where every table comes after those its foreign keys point to. */
export async function foreignKeyOrder(client: pg.PoolClient, tables: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
       join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = current_schema()`,
  );
  return parentsFirst(tables, rows);
}

/**
 * A topological order of `tables` by `references` (a table's reference to itself is left to the
 * rows' own order, by primary key). Throws on a cycle between tables: no order could fill them.
 */
export function parentsFirst(
  tables: readonly string[],
  references: readonly { child: string; parent: string }[],
): string[] {
  const parentsOf = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && parentsOf.has(parent)) parentsOf.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...tables]
      .sort()
      .filter((table) => !placed.has(table) && [...(parentsOf.get(table) ?? [])].every((parent) => placed.has(parent)));
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table));
      throw new Error(`the foreign keys between ${left.join(', ')} form a cycle: no order copies them`);
    }
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** A table's rows in SQLite, in primary-key order (rowid; the order they were made in). */
function sourceRows(sqlite: SQLite.Database, table: string, columns: readonly string[]): IterableIterator<unknown[]> {
  const hasRowid = !/without\s+rowid/i.test(
    (
      sqlite.prepare("select sql from sqlite_master where type = 'table' and name = ?").get(table) as
        { sql: string } | undefined
    )?.sql ?? '',
  );
  const order = hasRowid ? ' order by rowid' : '';
  return sqlite
    .prepare(`select ${columns.map(quoteName).join(', ')} from ${quoteName(table)}${order}`)
    .raw(true)
    .iterate() as IterableIterator<unknown[]>;
}

/** The application's tables in SQLite (its own and the migrations' left out). */
export function sourceTables(sqlite: SQLite.Database): string[] {
  const rows = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[];
  return rows.map((row) => row.name).filter((name) => !isMigrationTable(name));
}

/** The columns of a SQLite table; undefined when it has no such table. */
export function sourceColumns(sqlite: SQLite.Database, table: string): string[] | undefined {
  const rows = sqlite.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[];
  return rows.length === 0 ? undefined : rows.map((row) => row.name);
}

/**
 * Copies every table of `order` from `sqlite` into the target, in one transaction on `client`;
 * `seeded` tables (the rows migrations put in, which the source holds too) are emptied first.
 * Answers the rows copied per table.
 */
export async function copyTables(
  sqlite: SQLite.Database,
  client: pg.PoolClient,
  order: readonly string[],
  columnsOf: ReadonlyMap<string, readonly string[]>,
  seeded: ReadonlySet<string>,
): Promise<Map<string, number>> {
  const copied = new Map<string, number>();
  await client.query('begin');
  try {
    // Triggers of the application (the results version's) would count each copied row as a change.
    for (const table of order) await client.query(`alter table ${quoteName(table)} disable trigger user`);
    for (const table of [...order].reverse()) {
      if (seeded.has(table)) await client.query(`delete from ${quoteName(table)}`);
    }
    for (const table of order) {
      const columns = columnsOf.get(table) ?? [];
      copied.set(table, await copyTable(sqlite, client, table, columns));
    }
    for (const table of order) await client.query(`alter table ${quoteName(table)} enable trigger user`);
    await continueIdentities(sqlite, client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  return copied;
}

async function copyTable(
  sqlite: SQLite.Database,
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
): Promise<number> {
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns.length)));
  const head = `insert into ${quoteName(table)} (${columns.map(quoteName).join(', ')}) values `;
  let batch: unknown[][] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const places = row.map((value) => {
        values.push(value);
        return `$${values.length}`;
      });
      return `(${places.join(', ')})`;
    });
    await client.query(head + tuples.join(', '), values);
    count += batch.length;
    batch = [];
  };
  for (const row of sourceRows(sqlite, table, columns)) {
    batch.push(row);
    if (batch.length >= perInsert) await flush();
  }
  await flush();
  return count;
}

/** Each identity column's sequence set past the highest id the table (or SQLite's autoincrement) used. */
async function continueIdentities(sqlite: SQLite.Database, client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and is_identity = 'YES'`,
  );
  const hasSequences = sqlite.prepare("select 1 from sqlite_master where name = 'sqlite_sequence'").get() !== undefined;
  for (const { table_name: table, column_name: column } of rows) {
    const used = hasSequences
      ? ((sqlite.prepare('select seq from sqlite_sequence where name = ?').get(table) as { seq: number } | undefined)
          ?.seq ?? 0)
      : 0;
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2),
         greatest((select coalesce(max(${quoteName(column)}), 0) from ${quoteName(table)}), $3::bigint) + 1, false)`,
      [quoteName(table), column, used],
    );
  }
}

export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
