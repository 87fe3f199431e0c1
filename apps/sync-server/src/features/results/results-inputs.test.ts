// RESULTS_INPUTS (results-compute.ts) against what a report really reads and what really
// invalidates it: every query computeReport sends is recorded (a Kysely plugin walking each
// query's tree), and every listed insert, update and delete must move the state's results
// version. A new read in the results code without its line in RESULTS_INPUTS, or a listed input
// without its trigger, fails here rather than leaving stale results on a coordinator's screen.
import { sql, type KyselyPlugin, type RawBuilder, type RootOperationNode } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../db/database.ts';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';
import { findResultsVersion } from './results.repository.ts';
import { createHandCheckedEvent, submitAs, type HandCheckedEvent } from './results.fixture.ts';
import { RESULTS_INPUTS, computeReport } from './results-compute.ts';
import { findEventRow } from '../../shared/event-lookups.ts';
import { listColumns } from '../../test-support/schema-reads.ts';
import { usesPostgres } from '../../db/postgres.ts';

type InputTable = keyof typeof RESULTS_INPUTS;
const inputTables = Object.keys(RESULTS_INPUTS) as InputTable[];

interface Node {
  kind?: string;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

function visit(node: unknown, onNode: (node: Node) => void): void {
  if (Array.isArray(node)) for (const child of node) visit(child, onNode);
  else if (isNode(node)) {
    onNode(node);
    for (const child of Object.values(node)) visit(child, onNode);
  }
}

/** A TableNode's name ('app_user'), or undefined for any other node. */
function tableName(node: unknown): string | undefined {
  if (!isNode(node) || node.kind !== 'TableNode' || !isNode(node.table)) return undefined;
  const identifier = node.table.identifier;
  return isNode(identifier) && typeof identifier.name === 'string' ? identifier.name : undefined;
}

/** The columns each table's queries read; a column not qualified by its table counts for every table of its query. */
type Reads = Map<string, Set<string>>;

function recordReads(root: RootOperationNode, reads: Reads): void {
  assert.is.not(root.kind, 'RawNode', 'a raw query: its tables cannot be checked, build it with Kysely');
  const tables = new Set<string>();
  const references: { table?: string; column: string }[] = [];
  visit(root, (node) => {
    const table = tableName(node);
    if (table !== undefined) tables.add(table);
    if (node.kind === 'SelectAllNode') references.push({ column: '*' });
    if (node.kind === 'ReferenceNode' && isNode(node.column)) {
      const column = node.column.kind === 'SelectAllNode' ? '*' : (node.column.column as { name?: string }).name;
      references.push({ table: tableName(node.table), column: column ?? '?' });
    }
  });
  for (const table of tables) if (!reads.has(table)) reads.set(table, new Set());
  for (const reference of references) {
    for (const table of reference.table === undefined ? tables : [reference.table]) {
      reads.get(table)?.add(reference.column);
    }
  }
}

function readsRecorder(reads: Reads): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      recordReads(node, reads);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
}

async function setUp(): Promise<Context> {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  // A submission too, so every input table holds a row of this state.
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j1);
  // And an excused judge (decisions §9), which results read as well.
  await world.t.db
    .insertInto('judge_excusal')
    .values({
      category_id: fixture.categoryId,
      section_id: fixture.sectionIds.a,
      judge_id: fixture.judgeIds.j2,
      state_id: world.stateId,
      event_id: fixture.eventId,
      reason: 'Did not come',
      excused_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  // And a conflict of interest (fair panels), read by the same owed-cell rule.
  await world.t.db
    .insertInto('judge_conflict')
    .values({
      judge_id: fixture.judgeIds.j1,
      school_id: fixture.schoolIds.s5,
      state_id: world.stateId,
      declared_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { world, fixture };
}

test('RESULTS_INPUTS lists exactly the tables a report reads, and every column it reads of a partly watched table', async () => {
  const { world, fixture } = await setUp();
  const reads: Reads = new Map();
  const recordingDb: Db = world.t.db.withPlugin(readsRecorder(reads));
  const event = await findEventRow(recordingDb, fixture.eventId);
  assert.ok(event);
  const report = await computeReport(recordingDb, event, new Date().toISOString());
  assert.ok((report.categories[0]?.standings.length ?? 0) > 0, 'the report was computed from real rows');

  assert.equal([...reads.keys()].sort(), [...inputTables].sort(), 'tables read = tables listed');
  for (const table of inputTables) {
    const watched = RESULTS_INPUTS[table];
    if (watched === 'every column') continue;
    const listed: readonly string[] = watched;
    for (const column of reads.get(table) ?? []) {
      assert.ok(listed.includes(column), `${table}.${column} is read but a change to it would not invalidate`);
    }
  }
  await world.t.close();
});

/**
 * One row of the table in the state, as a where condition on its physical address (SQLite's
 * rowid; on PostgreSQL the ctid of the state's first row, which an update moves: any row will do).
 */
async function oneRowOf(db: Db, table: string, stateId: number): Promise<RawBuilder<unknown>> {
  if (usesPostgres(db)) {
    return sql`ctid = (select ctid from ${sql.table(table)} where state_id = ${stateId} order by ctid limit 1)`;
  }
  const { rows } = await sql<{
    id: number;
  }>`select rowid as id from ${sql.table(table)} where state_id = ${stateId} order by rowid limit 1`.execute(db);
  const id = rows[0]?.id;
  assert.ok(id !== undefined, `${table} has a row in the state`);
  return sql`rowid = ${id}`;
}

test('an update of every listed column of every input moves the state results version', async () => {
  const { world } = await setUp();
  const { db } = world.t;
  for (const table of inputTables) {
    const watched = RESULTS_INPUTS[table];
    const columns: readonly string[] = watched === 'every column' ? await listColumns(db, table) : watched;
    const row = await oneRowOf(db, table, world.stateId);
    for (const column of columns) {
      const before = await findResultsVersion(db, world.stateId);
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} where ${row}`.execute(db);
      assert.ok((await findResultsVersion(db, world.stateId)) > before, `update of ${table}.${column}`);
    }
  }
  // A user's other columns change at every logout or password change; results do not read them.
  const before = await findResultsVersion(db, world.stateId);
  await db
    .updateTable('app_user')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: new Date().toISOString() }))
    .where('state_id', '=', world.stateId)
    .execute();
  assert.is(await findResultsVersion(db, world.stateId), before, 'a token revocation leaves results cached');
  await world.t.close();
});

class RolledBack extends Error {}

/** PostgreSQL's way to keep a delete from cascading: the foreign keys dropped, in a transaction rolled back after. */
async function dropForeignKeysTo(trx: Db, table: string): Promise<void> {
  const { rows } = await sql<{ child: string; name: string }>`select conrelid::regclass::text as child, conname as name
    from pg_constraint where contype = 'f' and confrelid = ${table}::regclass`.execute(trx);
  for (const { child, name } of rows) {
    await sql`alter table ${sql.table(child)} drop constraint ${sql.ref(name)}`.execute(trx);
  }
}

test('a deleted and an inserted row of every input table move the state results version', async () => {
  const { world } = await setUp();
  const { db } = world.t;
  // Without foreign keys, a delete cascades nowhere: only the table's own trigger can move the
  // version. PostgreSQL cannot turn them off (short of a superuser), so there a delete cascades.
  const onPostgres = usesPostgres(db);
  if (!onPostgres) await sql`pragma foreign_keys = off`.execute(db);
  const kept = sql.raw(onPostgres ? 'pg_temp.kept_row' : 'temp.kept_row');
  for (const table of inputTables) {
    const row = await oneRowOf(db, table, world.stateId);
    await db
      .transaction()
      .execute(async (trx) => {
        if (onPostgres) await dropForeignKeysTo(trx, table);
        await sql`create temp table kept_row as select * from ${sql.table(table)} where ${row}`.execute(trx);
        const before = await findResultsVersion(trx, world.stateId);
        await sql`delete from ${sql.table(table)} where ${row}`.execute(trx);
        const afterDelete = await findResultsVersion(trx, world.stateId);
        assert.ok(afterDelete > before, `delete from ${table}`);
        await sql`insert into ${sql.table(table)} select * from ${kept}`.execute(trx);
        assert.ok((await findResultsVersion(trx, world.stateId)) > afterDelete, `insert into ${table}`);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
  }
  if (!onPostgres) await sql`pragma foreign_keys = on`.execute(db);
  await world.t.close();
});

test.run();
