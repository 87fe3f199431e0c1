// The demo data on a real, freshly migrated in-memory database.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Database } from '../db/tables.ts';
import { listLastSyncByUser } from '../features/run/run.repository.ts';
import { DEMO_LOGINS, DEMO_USER_EMAILS, isDatabaseEmpty, loadDemoData } from './demo-data.ts';

const today = '2026-03-31';
const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$ZGVtby1zYWx0$ZGVtby1oYXNo';

async function createMigratedDatabase(): Promise<Kysely<Database>> {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  return db;
}

async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

async function createDemoDatabase(): Promise<Kysely<Database>> {
  const db = await createMigratedDatabase();
  await loadDemoData(db, { passwordHash, today });
  return db;
}

test('isDatabaseEmpty is true before the demo is loaded and false after', async () => {
  const db = await createMigratedDatabase();
  assert.is(await isDatabaseEmpty(db), true);
  const startedAt = performance.now();
  await loadDemoData(db, { passwordHash, today });
  const elapsed = performance.now() - startedAt;
  assert.is(await isDatabaseEmpty(db), false);
  assert.ok(elapsed < 1000, `the demo loads in under a second (took ${elapsed.toFixed(0)} ms)`);
  await db.destroy();
});

test('loads the Delaware account, its users and judges with the given hash', async () => {
  const db = await createDemoDatabase();
  const users = await db
    .selectFrom('app_user')
    .innerJoin('state', 'state.state_id', 'app_user.state_id')
    .select(['email', 'role', 'password_hash', 'phone', 'state.state_name', 'user_id'])
    .execute();

  assert.is(users.length, 16);
  assert.equal(users.map((user) => user.email).sort(), [...DEMO_USER_EMAILS].sort());
  for (const user of users) {
    assert.is(user.state_name, 'Delaware');
    assert.is(user.password_hash, passwordHash);
    assert.match(user.phone, /^\d{10}$/);
  }
  const roleOf = (email: string) => users.find((user) => user.email === email)?.role;
  assert.is(roleOf(DEMO_LOGINS.ultra), 'ULTRA');
  assert.is(roleOf(DEMO_LOGINS.super), 'SUPER');
  assert.is(roleOf(DEMO_LOGINS.admin), 'ADMIN');
  assert.is(roleOf(DEMO_LOGINS.standard), 'STANDARD');
  assert.is(users.filter((user) => user.role === 'JUDGE').length, 12);
  assert.is(await countRows(db, 'judge_profile'), 12);

  const account = await db
    .selectFrom('account')
    .innerJoin('app_user', 'app_user.user_id', 'account.primary_user_id')
    .select(['account.signup_date', 'account.expiration_date', 'app_user.email'])
    .executeTakeFirstOrThrow();
  assert.equal(account, {
    signup_date: '2026-01-31',
    expiration_date: '2027-01-31',
    email: DEMO_LOGINS.admin,
  });
  await db.destroy();
});

test('clamps the signup date to the end of a shorter month', async () => {
  const db = await createMigratedDatabase();
  await loadDemoData(db, { passwordHash, today: '2028-04-30' });
  const account = await db.selectFrom('account').select(['signup_date', 'expiration_date']).executeTakeFirstOrThrow();
  assert.equal(account, { signup_date: '2028-02-29', expiration_date: '2029-02-28' });
  await db.destroy();
});

test('loads 24 schools and the culinary criteria', async () => {
  const db = await createDemoDatabase();

  assert.is(await countRows(db, 'school'), 24);
  assert.is(await countRows(db, 'section'), 6);
  assert.is(await countRows(db, 'penalty'), 5);
  assert.is(await countRows(db, 'disqualification'), 3);

  const schools = await db.selectFrom('school').selectAll().execute();
  for (const school of schools) {
    assert.ok(school.principal.length > 0 && school.educator1.length > 0);
    assert.match(school.contact_email, /^[a-z.]+@[a-z]+\.demo\.test$/);
    assert.match(school.contact_phone, /^\d{10}$/);
  }

  const subsectionsPerSection = await db
    .selectFrom('subsection')
    .select(['section_id', (eb) => eb.fn.countAll<number>().as('count')])
    .select((eb) => [eb.fn.min('max_score').as('lowest'), eb.fn.max('max_score').as('highest')])
    .groupBy('section_id')
    .execute();
  assert.is(subsectionsPerSection.length, 6);
  for (const section of subsectionsPerSection) {
    assert.ok(section.count >= 3 && section.count <= 5, 'three to five subsections');
    assert.ok(section.lowest >= 5 && section.highest <= 20, 'max scores between 5 and 20');
  }

  const overtime = await db
    .selectFrom('penalty')
    .selectAll()
    .where('penalty_name', '=', 'Overtime')
    .executeTakeFirstOrThrow();
  assert.is(overtime.is_dynamic, 1);
  assert.is(overtime.deduction, 5);

  const links = await db
    .selectFrom('section')
    .select((eb) => [
      eb
        .selectFrom('section_penalty')
        .whereRef('section_penalty.section_id', '=', 'section.section_id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('penalties'),
      eb
        .selectFrom('section_disqualification')
        .whereRef('section_disqualification.section_id', '=', 'section.section_id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('disqualifications'),
    ])
    .execute();
  for (const link of links) {
    assert.ok(link.penalties !== null && link.penalties >= 2 && link.penalties <= 3);
    assert.ok(link.disqualifications !== null && link.disqualifications >= 1 && link.disqualifications <= 2);
  }
  await db.destroy();
});

test('the upcoming invitational: two categories of three sections, 12 schools, 2 judges each', async () => {
  const db = await createDemoDatabase();
  const event = await db
    .selectFrom('event')
    .selectAll()
    .where('event_name', '=', 'Delaware ProStart Invitational 2026')
    .executeTakeFirstOrThrow();
  assert.is(event.status, 'NOT_STARTED');
  assert.is(event.start_date, '2026-04-14');
  assert.is(event.is_test_event, 0);

  const categories = await db
    .selectFrom('category')
    .selectAll()
    .where('event_id', '=', event.event_id)
    .orderBy('category_name')
    .execute();
  assert.equal(
    categories.map((category) => category.category_name),
    ['Culinary', 'Restaurant Management'],
  );
  for (const category of categories) {
    const registrations = await db
      .selectFrom('category_registration')
      .selectAll()
      .where('category_id', '=', category.category_id)
      .orderBy('school_order')
      .execute();
    assert.equal(
      registrations.map((registration) => registration.school_order),
      Array.from({ length: 12 }, (_, index) => index),
    );
    for (const registration of registrations) {
      const students: unknown = JSON.parse(registration.students_json);
      assert.ok(Array.isArray(students) && students.length >= 2 && students.length <= 5);
    }

    const sections = await db
      .selectFrom('category_section')
      .select('section_id')
      .where('category_id', '=', category.category_id)
      .execute();
    assert.is(sections.length, 3);
    const judgesPerSection = await db
      .selectFrom('judge_assignment')
      .select(['section_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('category_id', '=', category.category_id)
      .groupBy('section_id')
      .execute();
    assert.equal(
      judgesPerSection.map((row) => row.count),
      [2, 2, 2],
    );
  }

  // The quick-fill judge sees a full category to try.
  const culinary = categories[0];
  assert.ok(culinary);
  const judge1Sections = await db
    .selectFrom('judge_assignment')
    .innerJoin('app_user', 'app_user.user_id', 'judge_assignment.judge_id')
    .select('judge_assignment.section_id')
    .where('app_user.email', '=', DEMO_LOGINS.judge)
    .where('judge_assignment.category_id', '=', culinary.category_id)
    .execute();
  assert.is(judge1Sections.length, 3);
  await db.destroy();
});

test('the classic in progress is part-scored, with one pending penalty and no submission', async () => {
  const db = await createDemoDatabase();
  const event = await db
    .selectFrom('event')
    .selectAll()
    .where('event_name', '=', 'Delaware Hospitality Classic 2026')
    .executeTakeFirstOrThrow();
  assert.is(event.status, 'STARTED');
  assert.is(event.start_date, today);
  assert.ok(event.started_at !== null);

  const scores = await db
    .selectFrom('subsection_score')
    .innerJoin('subsection', 'subsection.subsection_id', 'subsection_score.subsection_id')
    .select(['subsection_score.score_id', 'score', 'max_score', 'subsection_score.event_id'])
    .execute();
  assert.ok(scores.length > 0);
  for (const score of scores) {
    assert.is(score.event_id, event.event_id);
    assert.match(score.score_id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(score.score >= 1 && score.score <= score.max_score);
    assert.is(score.score * 4, Math.round(score.score * 4), 'steps of 0.25');
  }

  // Scores only from judges assigned to that section of that category.
  const { count: unassigned } = await db
    .selectFrom('subsection_score')
    .leftJoin('judge_assignment', (join) =>
      join
        .onRef('judge_assignment.category_id', '=', 'subsection_score.category_id')
        .onRef('judge_assignment.section_id', '=', 'subsection_score.section_id')
        .onRef('judge_assignment.judge_id', '=', 'subsection_score.judge_id'),
    )
    .where('judge_assignment.judge_id', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  assert.is(unassigned, 0);

  const penalties = await db.selectFrom('penalty_score').selectAll().execute();
  assert.is(penalties.length, 1);
  assert.is(penalties[0]?.is_confirmed, null, 'pending review');
  assert.is(penalties[0]?.event_id, event.event_id);
  assert.is(await countRows(db, 'category_submission'), 0);
  assert.is(await countRows(db, 'disqualification_score'), 0);
  await db.destroy();
});

test("the day's seeded scores carry their history and their tablets' sync times, within the day", async () => {
  const db = await createDemoDatabase();
  const history = await db.selectFrom('score_history').selectAll().orderBy('history_id').execute();
  const cells = [
    ...(await db.selectFrom('subsection_score').select(['score_id', 'judge_id', 'score as value']).execute()),
    ...(await db.selectFrom('penalty_score').select(['score_id', 'judge_id', 'amount as value']).execute()),
  ];
  assert.ok(cells.length > 50, `${cells.length} cells`);
  for (const cell of cells) {
    const rows = history.filter((row) => row.score_id === cell.score_id);
    assert.is(rows[0]?.action, 'create', `${cell.score_id} was created`);
    assert.is(rows.at(-1)?.value_after, cell.value, 'the last change is the stored value');
    for (const row of rows) {
      assert.is(row.judge_id, cell.judge_id);
      assert.is(row.changed_by, cell.judge_id, 'made by the judge');
      assert.match(row.device_id ?? '', /^demo-tablet-/);
      assert.is(row.received_at.slice(0, 10), today, 'received during the event day');
      assert.ok(row.device_at !== null && row.device_at.slice(0, 10) === today);
    }
  }
  assert.ok(
    history.some((row) => row.action === 'update'),
    'a correction or two, as on a real day',
  );
  const received = history.map((row) => row.received_at);
  assert.equal(received, [...received].sort(), 'history ids follow the order the server received them');
  const penalty = history.find((row) => row.kind === 'penalty');
  assert.equal(
    [penalty?.action, penalty?.is_comment_changed, penalty?.value_after, penalty?.overtime_after],
    ['create', 1, 1.5, 84],
    'the overtime penalty was applied with its comment',
  );

  const lastSync = await listLastSyncByUser(db, history[0]?.state_id ?? 0);
  const judgesWithScores = [...new Set(cells.map((cell) => cell.judge_id))];
  assert.ok(judgesWithScores.length >= 4);
  for (const judgeId of judgesWithScores) {
    const synced = lastSync.get(judgeId);
    assert.ok(synced !== undefined, `judge ${judgeId} has a last sync`);
    const lastReceived = history
      .filter((row) => row.judge_id === judgeId)
      .map((row) => row.received_at)
      .sort()
      .at(-1);
    assert.ok(synced >= (lastReceived ?? ''), 'no sooner than their last pushed change');
    assert.is(synced.slice(0, 10), today);
  }
  // The day's other judges downloaded the event before its 8:00 start; judges of other events did not sync today.
  const event = await db
    .selectFrom('event')
    .select('event_id')
    .where('status', '=', 'STARTED')
    .executeTakeFirstOrThrow();
  const dayJudges = await db
    .selectFrom('judge_assignment')
    .innerJoin('category', 'category.category_id', 'judge_assignment.category_id')
    .where('category.event_id', '=', event.event_id)
    .select('judge_id')
    .distinct()
    .execute();
  for (const { judge_id: judgeId } of dayJudges) {
    const synced = lastSync.get(judgeId);
    assert.ok(synced !== undefined && synced >= `${today}T07:30` && synced.slice(0, 10) === today, `${judgeId}`);
  }
  assert.is(lastSync.size, dayJudges.length, 'only the judges of the day synced');
  await db.destroy();
});

test('a test event is flagged and events are Delaware-only', async () => {
  const db = await createDemoDatabase();
  const events = await db
    .selectFrom('event')
    .innerJoin('state', 'state.state_id', 'event.state_id')
    .select(['event_name', 'is_test_event', 'state_code'])
    .execute();
  assert.is(events.length, 3);
  assert.is(events.filter((event) => event.is_test_event === 1).length, 1);
  assert.ok(events.every((event) => event.state_code === 'DE'));
  await db.destroy();
});

test('a failure part-way leaves nothing behind', async () => {
  const db = await createMigratedDatabase();
  await db
    .insertInto('school')
    .values({
      state_id: 1,
      school_name: 'Placeholder',
      principal: 'A',
      educator1: 'B',
      contact_name: 'C',
      contact_email: 'c@example.test',
      contact_phone: '3025550000',
      created_at: 'x',
      updated_at: 'x',
    })
    .execute();
  // A user with a demo email already exists, so the demo insert of that user fails.
  await db
    .insertInto('app_user')
    .values({
      state_id: 1,
      email: 'judge12@demo.test',
      password_hash: passwordHash,
      first_name: 'Existing',
      last_name: 'Judge',
      phone: '3025550000',
      role: 'JUDGE',
      created_at: 'x',
      updated_at: 'x',
    })
    .execute();

  try {
    await loadDemoData(db, { passwordHash, today });
    assert.unreachable('the demo loaded over a clashing user');
  } catch (error) {
    assert.match((error as Error).message, /UNIQUE constraint failed/);
  }
  assert.is(await countRows(db, 'app_user'), 1);
  assert.is(await countRows(db, 'school'), 1);
  await db.destroy();
});

test('refuses a date that is not YYYY-MM-DD', async () => {
  const db = await createMigratedDatabase();
  try {
    await loadDemoData(db, { passwordHash, today: '03/31/2026' });
    assert.unreachable('a malformed date was accepted');
  } catch (error) {
    assert.match((error as Error).message, /YYYY-MM-DD/);
  }
  await db.destroy();
});

test('loaded before the morning is over, no start, score, history row or tablet sync lies ahead of now', async () => {
  for (const now of ['2026-03-31T00:58:00.000Z', '2026-03-31T09:30:00.000Z', '2026-03-31T18:00:00.000Z']) {
    const db = await createMigratedDatabase();
    await loadDemoData(db, { passwordHash, today, now });
    const stamps = [
      ...(await db.selectFrom('subsection_score').select('updated_at as at').execute()),
      ...(await db.selectFrom('penalty_score').select('updated_at as at').execute()),
      ...(await db.selectFrom('score_history').select('received_at as at').execute()),
      ...(await db.selectFrom('device_sync').select('last_pull_at as at').execute()),
      ...(await db.selectFrom('device_sync').select('clock_checked_at as at').execute()),
      ...(await db.selectFrom('event').select('started_at as at').execute()),
      ...(await db.selectFrom('event').select('updated_at as at').execute()),
    ]
      .map((row) => row.at)
      .filter((at): at is string => at !== null);
    assert.ok(stamps.length > 0);
    const ahead = stamps.filter((at) => at > now);
    assert.equal(ahead, [], `loaded at ${now}`);
    await db.destroy();
  }
});

test.run();
