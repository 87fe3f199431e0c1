// The database's own rules on a real in-memory SQLite database: foreign keys, unique cells,
// check constraints and cascades.
import type { Kysely } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Database } from './tables.ts';
import { createMigratedDatabase } from './tables.fixtures.ts';

const now = '2025-01-15T09:00:00.000Z';

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

test.run();
