// The migrations against a real in-memory SQLite database, and the table types against the
// migrated schema: `expectedColumns` must name every column of `Database` (checked by the
// compiler) and exactly the columns the migrations create (checked here).
import type SQLite from 'better-sqlite3';
import { createMigrator, migrateToLatest, migrations } from '@judging/migrations';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedColumns } from './tables.expected-columns.ts';
import { createMigratedDatabase } from './tables.fixtures.ts';

function listAppTables(sqlite: SQLite.Database): string[] {
  const rows = sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
    )
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

test('migrates a fresh database to the built-in 57 states, ids in alphabetical order', async () => {
  const { db } = await createMigratedDatabase();
  const states = await db.selectFrom('state').selectAll().orderBy('state_id').execute();

  assert.is(states.length, 57);
  assert.equal(
    states.map((state) => state.state_id),
    Array.from({ length: 57 }, (_, index) => index + 1),
  );
  const names = states.map((state) => state.state_name);
  assert.equal(names, [...names].sort());
  for (const [name, code] of [
    ['Delaware', 'DE'],
    ['Guam', 'GU'],
    ['District of Columbia', 'DC'],
    ['DoDEA', 'DD'],
    ['Puerto Rico', 'PR'],
    ['Wyoming', 'WY'],
  ] as const) {
    const state = states.find((candidate) => candidate.state_name === name);
    assert.ok(state, `${name} is seeded`);
    assert.is(state.state_code, code);
  }
  assert.is(states.find((state) => state.state_name === 'Delaware')?.state_id, 9);
  await db.destroy();
});

test('the table types name exactly the columns the migrations create', async () => {
  const { db, sqlite } = await createMigratedDatabase();

  assert.equal(listAppTables(sqlite), Object.keys(expectedColumns).sort());
  for (const [table, columns] of Object.entries(expectedColumns)) {
    const actual = (sqlite.pragma(`table_info(${table})`) as { name: string }[]).map((column) => column.name).sort();
    assert.equal(actual, Object.keys(columns).sort(), `columns of ${table}`);
  }
  await db.destroy();
});

test('every migration goes down in reverse order, leaving no table, and up again', async () => {
  const { db, sqlite } = await createMigratedDatabase();
  const migrator = createMigrator(db);
  const names = Object.keys(migrations);

  for (const expectedName of [...names].reverse()) {
    const { error, results } = await migrator.migrateDown();
    assert.is(error, undefined);
    assert.equal(
      results?.map((result) => [result.migrationName, result.direction, result.status]),
      [[expectedName, 'Down', 'Success']],
    );
  }
  assert.equal(listAppTables(sqlite), []);

  await migrateToLatest(db);
  assert.equal(listAppTables(sqlite), Object.keys(expectedColumns).sort());
  await db.destroy();
});

test.run();
