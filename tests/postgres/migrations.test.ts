// The migrations on PostgreSQL (decision 0137): the PostgreSQL lane, run by
// `pnpm test:postgres` (scripts/with-postgres.sh starts a throw-away cluster and sets
// DATABASE_URL). Each test starts from an empty `public` schema of that database.
import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  expectedColumns as sharedColumns,
  postgresOnlyColumns,
} from '../../apps/sync-server/src/db/tables.expected-columns.ts';
import type { Database } from '../../apps/sync-server/src/db/tables.ts';
import { createMigrator, migrateToLatest, migrations } from '../../migrations/index.ts';

/** Every table on PostgreSQL: SQLite's, and what several processes share (migration 0016). */
const expectedColumns = { ...sharedColumns, ...postgresOnlyColumns };

const databaseUrl = process.env['DATABASE_URL'];
if (databaseUrl === undefined || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  // Never a silent skip: this lane exists to run against PostgreSQL.
  throw new Error(
    'tests/postgres needs DATABASE_URL=postgres://… (run `pnpm test:postgres`, which starts a throw-away cluster).',
  );
}

let db: Kysely<Database> | undefined;

/** A connection to an emptied database: the public schema dropped and created again. */
async function emptyDatabase(): Promise<Kysely<Database>> {
  await db?.destroy();
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
  });
  await sql`drop schema if exists public cascade`.execute(db);
  await sql`create schema public`.execute(db);
  return db;
}

test.after(async () => {
  await db?.destroy();
});

async function listAppTables(kysely: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(kysely);
  return rows.map((row) => row.table_name);
}

async function listFunctions(kysely: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ routine_name: string }>`
    select routine_name from information_schema.routines where routine_schema = 'public'
    order by routine_name`.execute(kysely);
  return rows.map((row) => row.routine_name);
}

async function resultsVersion(kysely: Kysely<Database>, stateId: number): Promise<number> {
  const row = await kysely
    .selectFrom('results_version')
    .select('version')
    .where('state_id', '=', stateId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

const at = '2026-03-01T09:00:00.000Z';
const stamps = { created_at: at, updated_at: at };

/** A judge assigned to a category's section with one subsection, plus a second, unrelated section. */
async function buildWorld(kysely: Kysely<Database>, stateId: number) {
  const judge = await kysely
    .insertInto('app_user')
    .values({
      state_id: stateId,
      email: `judge${stateId}@example.org`,
      password_hash: 'x',
      first_name: 'Jo',
      last_name: 'Judge',
      phone: '555',
      role: 'JUDGE',
      ...stamps,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const school = await kysely
    .insertInto('school')
    .values({
      state_id: stateId,
      school_name: 'Central High',
      principal: 'P',
      educator1: 'E',
      contact_name: 'C',
      contact_email: 'c@example.org',
      contact_phone: '555',
      ...stamps,
    })
    .returning('school_id')
    .executeTakeFirstOrThrow();
  const event = await kysely
    .insertInto('event')
    .values({ state_id: stateId, event_name: 'Final', start_date: '2026-03-01', end_date: '2026-03-01', ...stamps })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  const category = await kysely
    .insertInto('category')
    .values({ event_id: event.event_id, state_id: stateId, category_name: 'Robots', created_at: at })
    .returning('category_id')
    .executeTakeFirstOrThrow();
  const [section, otherSection] = await kysely
    .insertInto('section')
    .values([
      { state_id: stateId, section_name: 'Design', ...stamps },
      { state_id: stateId, section_name: 'Talk', ...stamps },
    ])
    .returning('section_id')
    .execute();
  assert.ok(section !== undefined && otherSection !== undefined);
  const subsection = await kysely
    .insertInto('subsection')
    .values({
      section_id: section.section_id,
      state_id: stateId,
      subsection_name: 'Frame',
      max_score: 10,
      created_at: at,
    })
    .returning('subsection_id')
    .executeTakeFirstOrThrow();
  const judgeId = judge.user_id;
  const schoolId = school.school_id;
  const eventId = event.event_id;
  const categoryId = category.category_id;
  const sectionId = section.section_id;
  const otherSectionId = otherSection.section_id;
  const subsectionId = subsection.subsection_id;
  await kysely
    .insertInto('category_section')
    .values([
      { category_id: categoryId, section_id: sectionId, state_id: stateId },
      { category_id: categoryId, section_id: otherSectionId, state_id: stateId },
    ])
    .execute();
  await kysely
    .insertInto('judge_assignment')
    .values({ category_id: categoryId, section_id: sectionId, judge_id: judgeId, state_id: stateId, created_at: at })
    .execute();
  return { judgeId, schoolId, eventId, categoryId, sectionId, otherSectionId, subsectionId };
}

async function assertRefused(write: Promise<unknown>, message: string): Promise<void> {
  try {
    await write;
  } catch (error) {
    assert.instance(error, Error);
    assert.is((error as Error).message, message);
    assert.is((error as { code?: string }).code, '23514', 'raised as a check violation');
    return;
  }
  assert.unreachable(`expected the write to be refused with "${message}"`);
}

test('migrates an empty database to the latest: every table and column the server types name', async () => {
  const kysely = await emptyDatabase();
  const { error, results } = await createMigrator(kysely).migrateToLatest();
  assert.is(error, undefined);
  assert.equal(
    results?.map((result) => [result.migrationName, result.status]),
    Object.keys(migrations).map((name) => [name, 'Success']),
  );

  assert.equal(await listAppTables(kysely), Object.keys(expectedColumns).sort());
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(kysely);
  for (const [table, columns] of Object.entries(expectedColumns)) {
    const actual = rows.filter((row) => row.table_name === table).map((row) => row.column_name);
    assert.equal(actual.sort(), Object.keys(columns).sort(), `columns of ${table}`);
  }
  const states = await kysely.selectFrom('state').select(['state_id', 'state_code']).orderBy('state_id').execute();
  assert.is(states.length, 57);
  assert.equal(states[8], { state_id: 9, state_code: 'DE' });
});

test('every index and trigger SQLite has after 0001–0015 exists by the same name on PostgreSQL', async () => {
  const kysely = await emptyDatabase();
  const { error } = await createMigrator(kysely).migrateTo('0015-judge-excusal');
  assert.is(error, undefined);
  const sqliteSchema = JSON.parse(
    readFileSync(new URL('../../apps/sync-server/src/db/sqlite-schema-0015.json', import.meta.url), 'utf8'),
  ) as { type: string; name: string }[];
  const namesOf = (type: string) =>
    sqliteSchema
      .filter((object) => object.type === type && !object.name.startsWith('sqlite_'))
      .map((object) => object.name)
      .sort();

  const indexes = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = 'public'`.execute(kysely);
  const pgIndexes = new Set(indexes.rows.map((row) => row.indexname));
  assert.equal(
    namesOf('index').filter((name) => !pgIndexes.has(name)),
    [],
    'indexes missing on PostgreSQL',
  );
  const triggers = await sql<{ trigger_name: string }>`
    select distinct trigger_name from information_schema.triggers where trigger_schema = 'public'
    order by trigger_name`.execute(kysely);
  assert.equal(
    triggers.rows.map((row) => row.trigger_name),
    namesOf('trigger'),
  );
});

test('ids are numbered by the database; scores and clock offsets are kept whole', async () => {
  const kysely = await emptyDatabase();
  await migrateToLatest(kysely);
  const world = await buildWorld(kysely, 1);
  assert.is(world.judgeId, 1);
  assert.is(world.otherSectionId, world.sectionId + 1);

  await kysely
    .insertInto('subsection_score')
    .values({
      score_id: 's1',
      state_id: 1,
      event_id: world.eventId,
      category_id: world.categoryId,
      section_id: world.sectionId,
      school_id: world.schoolId,
      judge_id: world.judgeId,
      subsection_id: world.subsectionId,
      score: 7.1,
      ...stamps,
    })
    .execute();
  const stored = await kysely.selectFrom('subsection_score').select('score').executeTakeFirstOrThrow();
  assert.is(stored.score, 7.1);

  // A tablet whose clock was reset to 1970 is measured some 1.8e12 ms behind: beyond 32 bits.
  const yearsBehindMs = -1_800_000_000_000;
  await kysely
    .insertInto('device_sync')
    .values({ device_id: 'd1', user_id: world.judgeId, state_id: 1, clock_skew_ms: yearsBehindMs })
    .execute();
  await kysely
    .insertInto('score_history')
    .values({
      state_id: 1,
      event_id: world.eventId,
      category_id: world.categoryId,
      judge_id: world.judgeId,
      kind: 'subsection',
      action: 'update',
      is_comment_changed: 0,
      is_photo_changed: 0,
      received_at: at,
      clock_skew_ms: yearsBehindMs,
    })
    .execute();
  const device = await kysely.selectFrom('device_sync').select('clock_skew_ms').executeTakeFirstOrThrow();
  const history = await kysely.selectFrom('score_history').select('clock_skew_ms').executeTakeFirstOrThrow();
  // pg hands 64-bit integers over as text; the value itself is kept whole.
  assert.is(Number(device.clock_skew_ms), yearsBehindMs);
  assert.is(Number(history.clock_skew_ms), yearsBehindMs);
});

test('the results version of a state is bumped by every watched insert, update and delete', async () => {
  const kysely = await emptyDatabase();
  await migrateToLatest(kysely);
  const world = await buildWorld(kysely, 5);
  assert.is(await resultsVersion(kysely, 6), 0, 'another state is untouched');

  let version = await resultsVersion(kysely, 5);
  assert.ok(version > 0, 'building the world bumped it (0004)');
  const expectBump = async (what: string, write: () => Promise<unknown>, bumps = 1) => {
    await write();
    const next = await resultsVersion(kysely, 5);
    assert.is(next, version + bumps, what);
    version = next;
  };

  // 0004: a score-affecting table on insert, update and delete.
  await expectBump('school insert', () =>
    kysely
      .insertInto('school')
      .values({
        state_id: 5,
        school_name: 'North',
        principal: 'P',
        educator1: 'E',
        contact_name: 'C',
        contact_email: 'n@example.org',
        contact_phone: '555',
        ...stamps,
      })
      .execute(),
  );
  await expectBump('school update', () =>
    kysely.updateTable('school').set({ school_name: 'North High' }).where('school_name', '=', 'North').execute(),
  );
  await expectBump('school delete', () =>
    kysely.deleteFrom('school').where('school_name', '=', 'North High').execute(),
  );
  // 0008: a judge's name counts, a password change does not.
  await expectBump('judge renamed', () =>
    kysely.updateTable('app_user').set({ first_name: 'Joan' }).where('user_id', '=', world.judgeId).execute(),
  );
  await expectBump(
    'password changed',
    () => kysely.updateTable('app_user').set({ password_hash: 'y' }).where('user_id', '=', world.judgeId).execute(),
    0,
  );
  // 0015: an excusal.
  await expectBump('judge excused', () =>
    kysely
      .insertInto('judge_excusal')
      .values({
        category_id: world.categoryId,
        section_id: world.sectionId,
        judge_id: world.judgeId,
        state_id: 5,
        event_id: world.eventId,
        reason: 'ill',
        created_at: at,
      })
      .execute(),
  );
  await expectBump('excusal withdrawn', () => kysely.deleteFrom('judge_excusal').execute());
  // 0017: a conflict of interest.
  await expectBump('conflict declared', () =>
    kysely
      .insertInto('judge_conflict')
      .values({ judge_id: world.judgeId, school_id: world.schoolId, state_id: 5, created_at: at })
      .execute(),
  );
  await expectBump('conflict removed', () => kysely.deleteFrom('judge_conflict').execute());
  assert.is(await resultsVersion(kysely, 6), 0, 'another state is still untouched');
});

test('the subsection guard refuses a stray subsection score and a subsection moving section', async () => {
  const kysely = await emptyDatabase();
  await migrateToLatest(kysely);
  const world = await buildWorld(kysely, 1);
  const score = {
    score_id: 's1',
    state_id: 1,
    event_id: world.eventId,
    category_id: world.categoryId,
    section_id: world.otherSectionId,
    school_id: world.schoolId,
    judge_id: world.judgeId,
    subsection_id: world.subsectionId,
    score: 5,
    ...stamps,
  };
  const notOfSection = "The subsection does not belong to the score's section.";
  await assertRefused(kysely.insertInto('subsection_score').values(score).execute(), notOfSection);

  await kysely
    .insertInto('subsection_score')
    .values({ ...score, section_id: world.sectionId })
    .execute();
  await assertRefused(
    kysely.updateTable('subsection_score').set({ section_id: world.otherSectionId }).execute(),
    notOfSection,
  );
  await assertRefused(
    kysely.updateTable('subsection').set({ section_id: world.otherSectionId }).execute(),
    'A subsection cannot move to another section.',
  );
  // Setting the same section is not a move.
  await kysely.updateTable('subsection').set({ section_id: world.sectionId }).execute();
  assert.is((await kysely.selectFrom('subsection_score').selectAll().execute()).length, 1);
});

test('migrating again is a no-op; all the way down leaves nothing, and up again works', async () => {
  const kysely = await emptyDatabase();
  await migrateToLatest(kysely);
  const migrator = createMigrator(kysely);
  const again = await migrator.migrateToLatest();
  assert.is(again.error, undefined);
  assert.equal(again.results, []);

  for (const expectedName of Object.keys(migrations).reverse()) {
    const { error, results } = await migrator.migrateDown();
    assert.is(error, undefined, `down ${expectedName}`);
    assert.equal(
      results?.map((result) => [result.migrationName, result.direction, result.status]),
      [[expectedName, 'Down', 'Success']],
    );
  }
  assert.equal(await listAppTables(kysely), []);
  assert.equal(await listFunctions(kysely), [], 'trigger functions dropped too');

  await migrateToLatest(kysely);
  assert.equal(await listAppTables(kysely), Object.keys(expectedColumns).sort());
  const world = await buildWorld(kysely, 2);
  assert.ok(world.subsectionId > 0);
  assert.ok((await resultsVersion(kysely, 2)) > 0, 'the triggers are back');
});

test.run();
