// Released migrations are frozen for SQLite databases migrated already (decision 0137): the
// PostgreSQL branches added to them must leave SQLite's SQL exactly as it was. The schema SQLite
// records after migrations 0001–0015 is compared, statement by statement, with the one recorded
// before those branches existed (sqlite-schema-0015.json). A new migration does not change it.
import { readFileSync } from 'node:fs';
import { createMigrator } from '@judging/migrations';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase } from './tables.fixtures.ts';

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

const recorded = JSON.parse(
  readFileSync(new URL('./sqlite-schema-0015.json', import.meta.url), 'utf8'),
) as SchemaObject[];

test('migrations 0001–0015 create on SQLite exactly the schema they created when released', async () => {
  const { db, sqlite } = createTestDatabase();
  const { error } = await createMigrator(db).migrateTo('0015-judge-excusal');
  assert.is(error, undefined);

  const actual = sqlite
    .prepare("select type, name, tbl_name, sql from sqlite_master where name not like 'kysely_%' order by type, name")
    .all() as SchemaObject[];
  assert.equal(
    actual.map((object) => `${object.type} ${object.name}`),
    recorded.map((object) => `${object.type} ${object.name}`),
  );
  for (const [index, object] of actual.entries()) {
    assert.is(object.sql, recorded[index]?.sql, `${object.type} ${object.name}`);
  }
  await db.destroy();
});

test.run();
