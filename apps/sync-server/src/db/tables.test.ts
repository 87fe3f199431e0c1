// The migrations against a real in-memory SQLite database, and the table types against the
// migrated schema: `expectedColumns` must name every column of `Database` (checked by the
// compiler) and exactly the columns the migrations create (checked here).
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createMigrator, migrateToLatest, migrations } from '@judging/migrations';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Database } from './tables.ts';

const now = '2025-01-15T09:00:00.000Z';

function createTestDatabase(): { db: Kysely<Database>; sqlite: SQLite.Database } {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}

async function createMigratedDatabase(): Promise<{
  db: Kysely<Database>;
  sqlite: SQLite.Database;
}> {
  const handle = createTestDatabase();
  await migrateToLatest(handle.db);
  return handle;
}

const expectedColumns = {
  state: { state_id: true, state_name: true, state_code: true },
  account: {
    account_id: true,
    state_id: true,
    signup_date: true,
    expiration_date: true,
    primary_user_id: true,
    created_at: true,
    updated_at: true,
  },
  app_user: {
    user_id: true,
    state_id: true,
    email: true,
    password_hash: true,
    first_name: true,
    last_name: true,
    phone: true,
    role: true,
    token_version: true,
    created_at: true,
    updated_at: true,
  },
  judge_profile: {
    user_id: true,
    state_id: true,
    is_archived: true,
    archived_at: true,
    created_at: true,
  },
  password_reset_token: {
    token_hash: true,
    user_id: true,
    expires_at: true,
    used_at: true,
    created_at: true,
  },
  school: {
    school_id: true,
    state_id: true,
    school_name: true,
    principal: true,
    educator1: true,
    educator2: true,
    educator3: true,
    contact_name: true,
    contact_email: true,
    contact_phone: true,
    created_at: true,
    updated_at: true,
  },
  event: {
    event_id: true,
    state_id: true,
    event_name: true,
    start_date: true,
    start_time: true,
    end_date: true,
    status: true,
    is_test_event: true,
    started_at: true,
    closed_at: true,
    created_at: true,
    updated_at: true,
  },
  category: {
    category_id: true,
    event_id: true,
    state_id: true,
    category_name: true,
    created_at: true,
  },
  category_registration: {
    category_id: true,
    school_id: true,
    state_id: true,
    students_json: true,
    school_order: true,
    registered_at: true,
  },
  section: {
    section_id: true,
    state_id: true,
    section_name: true,
    section_description: true,
    created_at: true,
    updated_at: true,
  },
  subsection: {
    subsection_id: true,
    section_id: true,
    state_id: true,
    subsection_name: true,
    subsection_description: true,
    max_score: true,
    created_at: true,
  },
  penalty: {
    penalty_id: true,
    state_id: true,
    penalty_name: true,
    deduction: true,
    is_dynamic: true,
    created_at: true,
  },
  disqualification: {
    disqualification_id: true,
    state_id: true,
    disqualification_name: true,
    created_at: true,
  },
  section_penalty: { section_id: true, penalty_id: true, state_id: true },
  section_disqualification: { section_id: true, disqualification_id: true, state_id: true },
  category_section: { category_id: true, section_id: true, state_id: true, position: true },
  judge_assignment: {
    category_id: true,
    section_id: true,
    judge_id: true,
    state_id: true,
    created_at: true,
  },
  subsection_score: {
    score_id: true,
    state_id: true,
    event_id: true,
    category_id: true,
    section_id: true,
    school_id: true,
    judge_id: true,
    subsection_id: true,
    score: true,
    comments: true,
    photo_sha256: true,
    rev: true,
    created_at: true,
    updated_at: true,
  },
  penalty_score: {
    score_id: true,
    state_id: true,
    event_id: true,
    category_id: true,
    section_id: true,
    school_id: true,
    judge_id: true,
    penalty_id: true,
    amount: true,
    overtime_seconds: true,
    comments: true,
    photo_sha256: true,
    is_confirmed: true,
    reviewed_by: true,
    reviewed_at: true,
    rev: true,
    created_at: true,
    updated_at: true,
  },
  disqualification_score: {
    score_id: true,
    state_id: true,
    event_id: true,
    category_id: true,
    section_id: true,
    school_id: true,
    judge_id: true,
    disqualification_id: true,
    comments: true,
    photo_sha256: true,
    is_confirmed: true,
    reviewed_by: true,
    reviewed_at: true,
    rev: true,
    created_at: true,
    updated_at: true,
  },
  category_submission: {
    category_id: true,
    judge_id: true,
    state_id: true,
    event_id: true,
    submitted_at: true,
  },
  penalty_review: {
    category_id: true,
    school_id: true,
    state_id: true,
    event_id: true,
    status: true,
    reviewed_by: true,
    reviewed_at: true,
    viewed_by: true,
    viewed_at: true,
  },
  stored_file: {
    file_id: true,
    state_id: true,
    kind: true,
    sha256: true,
    mime: true,
    size_bytes: true,
    storage_name: true,
    original_name: true,
    document_name: true,
    uploaded_by: true,
    created_at: true,
    captured_at: true,
  },
  photo_uploader: { state_id: true, sha256: true, user_id: true, created_at: true },
  public_request: {
    request_id: true,
    kind: true,
    state_id: true,
    first_name: true,
    last_name: true,
    email: true,
    phone: true,
    school_name: true,
    event_name: true,
    comments: true,
    created_at: true,
    handled_at: true,
    handled_by: true,
  },
  email_outbox: {
    email_id: true,
    to_address: true,
    subject: true,
    body_text: true,
    status: true,
    attempts: true,
    last_error: true,
    public_request_id: true,
    created_at: true,
    sent_at: true,
  },
  audit_log: {
    audit_id: true,
    state_id: true,
    user_id: true,
    action: true,
    entity_type: true,
    entity_id: true,
    before_json: true,
    after_json: true,
    created_at: true,
  },
  applied_mutation: {
    user_id: true,
    mutation_id: true,
    device_id: true,
    kind: true,
    payload_hash: true,
    status: true,
    result_json: true,
    applied_at: true,
    event_id: true,
  },
  rejected_mutation: {
    user_id: true,
    mutation_id: true,
    device_id: true,
    kind: true,
    payload_json: true,
    code: true,
    message: true,
    state_id: true,
    event_id: true,
    rejected_at: true,
  },
  device_sync: {
    device_id: true,
    user_id: true,
    state_id: true,
    last_push_at: true,
    last_pull_at: true,
    last_seq: true,
    last_cursor: true,
    clock_skew_ms: true,
    clock_checked_at: true,
  },
  results_snapshot: { event_id: true, state_id: true, payload_json: true, frozen_at: true },
  change_log: {
    change_id: true,
    state_id: true,
    event_id: true,
    category_id: true,
    judge_id: true,
    entity: true,
    entity_id: true,
    op: true,
    payload_json: true,
    created_at: true,
  },
  results_version: { state_id: true, version: true },
  score_history: {
    history_id: true,
    state_id: true,
    event_id: true,
    category_id: true,
    section_id: true,
    school_id: true,
    judge_id: true,
    kind: true,
    action: true,
    item_id: true,
    score_id: true,
    value_before: true,
    value_after: true,
    overtime_before: true,
    overtime_after: true,
    is_comment_changed: true,
    is_photo_changed: true,
    changed_by: true,
    device_id: true,
    device_at: true,
    received_at: true,
    clock_skew_ms: true,
    note: true,
  },
} satisfies { [Table in keyof Database]: Record<keyof Database[Table], true> };

function listAppTables(sqlite: SQLite.Database): string[] {
  const rows = sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
    )
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

/** The smallest graph a score cell needs, in Delaware; returns the ids a cell refers to. */
async function insertScoringFixture(db: Kysely<Database>) {
  const stateId = 9;
  const judge = await db
    .insertInto('app_user')
    .values({
      state_id: stateId,
      email: 'judge@example.test',
      password_hash: 'not-a-real-hash',
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '3025550100',
      role: 'JUDGE',
      created_at: now,
      updated_at: now,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const school = await db
    .insertInto('school')
    .values({
      state_id: stateId,
      school_name: 'Dover High School',
      principal: 'Pat Doe',
      educator1: 'Sam Roe',
      contact_name: 'Sam Roe',
      contact_email: 'sam.roe@example.test',
      contact_phone: '3025550101',
      created_at: now,
      updated_at: now,
    })
    .returning('school_id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('event')
    .values({
      state_id: stateId,
      event_name: 'Test Invitational',
      start_date: '2025-02-01',
      end_date: '2025-02-01',
      created_at: now,
      updated_at: now,
    })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  const category = await db
    .insertInto('category')
    .values({
      event_id: event.event_id,
      state_id: stateId,
      category_name: 'Culinary',
      created_at: now,
    })
    .returning('category_id')
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto('section')
    .values({ state_id: stateId, section_name: 'Knife Skills', created_at: now, updated_at: now })
    .returning('section_id')
    .executeTakeFirstOrThrow();
  const subsection = await db
    .insertInto('subsection')
    .values({
      section_id: section.section_id,
      state_id: stateId,
      subsection_name: 'Julienne',
      max_score: 10,
      created_at: now,
    })
    .returning('subsection_id')
    .executeTakeFirstOrThrow();
  return {
    state_id: stateId,
    event_id: event.event_id,
    category_id: category.category_id,
    section_id: section.section_id,
    school_id: school.school_id,
    judge_id: judge.user_id,
    subsection_id: subsection.subsection_id,
  };
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

test('refuses a row whose foreign key points nowhere', async () => {
  const { db } = await createMigratedDatabase();

  try {
    await db
      .insertInto('school')
      .values({
        state_id: 999,
        school_name: 'Nowhere High',
        principal: 'Nobody',
        educator1: 'Nobody',
        contact_name: 'Nobody',
        contact_email: 'nobody@example.test',
        contact_phone: '3025550199',
        created_at: now,
        updated_at: now,
      })
      .execute();
    assert.unreachable('a school in an unknown state was inserted');
  } catch (error) {
    assert.instance(error, Error);
    assert.match((error as Error).message, /FOREIGN KEY constraint failed/);
  }
  await db.destroy();
});

test('refuses a second score for the same cell, subsection and penalty alike', async () => {
  const { db } = await createMigratedDatabase();
  const cell = await insertScoringFixture(db);
  await db
    .insertInto('subsection_score')
    .values({
      ...cell,
      score_id: crypto.randomUUID(),
      score: 7.5,
      created_at: now,
      updated_at: now,
    })
    .execute();

  try {
    await db
      .insertInto('subsection_score')
      .values({
        ...cell,
        score_id: crypto.randomUUID(),
        score: 8,
        created_at: now,
        updated_at: now,
      })
      .execute();
    assert.unreachable('a second score for the same cell was inserted');
  } catch (error) {
    assert.match((error as Error).message, /UNIQUE constraint failed/);
  }

  const penalty = await db
    .insertInto('penalty')
    .values({
      state_id: cell.state_id,
      penalty_name: 'Overtime',
      deduction: 5,
      is_dynamic: 1,
      created_at: now,
    })
    .returning('penalty_id')
    .executeTakeFirstOrThrow();
  const { subsection_id: _subsectionId, ...penaltyCell } = cell;
  const penaltyScore = {
    ...penaltyCell,
    penalty_id: penalty.penalty_id,
    amount: 1.25,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto('penalty_score')
    .values({ ...penaltyScore, score_id: crypto.randomUUID() })
    .execute();
  try {
    await db
      .insertInto('penalty_score')
      .values({ ...penaltyScore, score_id: crypto.randomUUID() })
      .execute();
    assert.unreachable('a second penalty for the same cell was inserted');
  } catch (error) {
    assert.match((error as Error).message, /UNIQUE constraint failed/);
  }

  const stored = await db.selectFrom('subsection_score').selectAll().execute();
  assert.is(stored.length, 1);
  assert.is(stored[0]?.score, 7.5);
  assert.is(stored[0]?.rev, 1);
  await db.destroy();
});

test('a subsection score must name a subsection of its section, and a subsection never moves', async () => {
  const { db } = await createMigratedDatabase();
  const cell = await insertScoringFixture(db);
  const other = await db
    .insertInto('section')
    .values({ state_id: cell.state_id, section_name: 'Plating', created_at: now, updated_at: now })
    .returning('section_id')
    .executeTakeFirstOrThrow();
  const score = { ...cell, score: 7, created_at: now, updated_at: now };
  const refusals: [string, () => Promise<unknown>][] = [
    [
      'a score filed under another section',
      () =>
        db
          .insertInto('subsection_score')
          .values({ ...score, score_id: crypto.randomUUID(), section_id: other.section_id })
          .execute(),
    ],
    [
      'a scored cell moved to another section',
      async () => {
        await db
          .insertInto('subsection_score')
          .values({ ...score, score_id: 'kept' })
          .execute();
        await db
          .updateTable('subsection_score')
          .set({ section_id: other.section_id })
          .where('score_id', '=', 'kept')
          .execute();
      },
    ],
    [
      'a subsection moved to another section',
      () =>
        db
          .updateTable('subsection')
          .set({ section_id: other.section_id })
          .where('subsection_id', '=', cell.subsection_id)
          .execute(),
    ],
  ];
  for (const [label, attempt] of refusals) {
    try {
      await attempt();
      assert.unreachable(`${label} was accepted`);
    } catch (error) {
      assert.match((error as Error).message, /belong to the score's section|cannot move/, label);
    }
  }
  const stored = await db.selectFrom('subsection_score').select(['score_id', 'section_id']).execute();
  assert.equal(stored, [{ score_id: 'kept', section_id: cell.section_id }]);
  await db.destroy();
});

test('check constraints refuse values outside the domain', async () => {
  const { db } = await createMigratedDatabase();
  const cell = await insertScoringFixture(db);

  try {
    await db
      .insertInto('subsection')
      .values({
        section_id: cell.section_id,
        state_id: cell.state_id,
        subsection_name: 'Too generous',
        max_score: 21,
        created_at: now,
      })
      .execute();
    assert.unreachable('a max score of 21 was accepted');
  } catch (error) {
    assert.match((error as Error).message, /CHECK constraint failed/);
  }
  try {
    await db
      .updateTable('event')
      .set({ status: 'PAUSED' as 'STARTED' })
      .where('event_id', '=', cell.event_id)
      .execute();
    assert.unreachable('an unknown event status was accepted');
  } catch (error) {
    assert.match((error as Error).message, /CHECK constraint failed/);
  }
  await db.destroy();
});

test('deleting an event cascades to its categories, criteria links, assignments and scores', async () => {
  const { db } = await createMigratedDatabase();
  const cell = await insertScoringFixture(db);
  await db
    .insertInto('category_section')
    .values({ category_id: cell.category_id, section_id: cell.section_id, state_id: cell.state_id })
    .execute();
  await db
    .insertInto('judge_assignment')
    .values({
      category_id: cell.category_id,
      section_id: cell.section_id,
      judge_id: cell.judge_id,
      state_id: cell.state_id,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('subsection_score')
    .values({ ...cell, score_id: crypto.randomUUID(), score: 9, created_at: now, updated_at: now })
    .execute();

  await db.deleteFrom('event').where('event_id', '=', cell.event_id).execute();

  for (const table of ['category', 'category_section', 'judge_assignment', 'subsection_score'] as const) {
    const { count } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    assert.is(count, 0, `${table} is emptied`);
  }
  const { count: sections } = await db
    .selectFrom('section')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  assert.is(sections, 1, 'the reusable state-level section stays');
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
