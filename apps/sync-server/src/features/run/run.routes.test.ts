// Event run through the real app on a fresh SQLite database: start, end and unlock per status
// and role; the judge table's status and progress; the live stream.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CoordinatorEvent } from '@judging/shared-types';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';
import {
  confirmRemaining,
  createHandCheckedEvent,
  submitAs,
  type HandCheckedEvent,
} from '../results/results.fixture.ts';

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
}

async function setUp(): Promise<Context> {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  return { world, fixture };
}

const base = (eventId: number) => `/api/run/coordinator/event/${eventId}`;

test('start: STANDARD, judges, other states and no token are refused; ADMIN starts once', async () => {
  const { world, fixture } = await setUp();
  const { t } = world;
  const url = `${base(fixture.eventId)}/start`;
  for (const [label, headers, status] of [
    ['no token', {}, 401],
    ['standard', world.standard.headers, 403],
    ['judge', world.judge.headers, 403],
    ['other state admin', world.otherAdmin.headers, 403],
    ['expired account admin', world.expiredAdmin.headers, 403],
  ] as const) {
    const response = await t.app.inject({ method: 'PUT', url, headers });
    assert.is(response.statusCode, status, label);
  }
  const started = await t.app.inject({ method: 'PUT', url, headers: world.admin.headers });
  assert.is(started.statusCode, 200, started.body);
  assert.is(started.json().eventStatus, 'STARTED');
  const again = await t.app.inject({ method: 'PUT', url, headers: world.admin.headers });
  assert.is(again.statusCode, 409);
  const change = await t.db
    .selectFrom('change_log')
    .selectAll()
    .where('event_id', '=', fixture.eventId)
    .where('entity', '=', 'event')
    .executeTakeFirst();
  assert.equal(JSON.parse(change?.payload_json ?? 'null'), { eventId: fixture.eventId, eventStatus: 'STARTED' });
  const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'start').executeTakeFirst();
  assert.is(audit?.entity_id, String(fixture.eventId));
  await t.close();
});

test('the judge table: "-" before start, In Progress, Complete; progress and last sync', async () => {
  const { world, fixture } = await setUp();
  const { t } = world;
  const read = async (headers = world.standard.headers) => {
    const response = await t.app.inject({ method: 'GET', url: base(fixture.eventId), headers });
    assert.is(response.statusCode, 200, response.body);
    return response.json() as CoordinatorEvent;
  };
  let view = await read();
  const [category] = view.categories;
  assert.equal(
    category?.judges.map((judge) => [judge.judgeLastName, judge.status, judge.cellsScored, judge.cellsExpected]),
    [
      ['Alpha', '-', 15, 15],
      ['Beta', '-', 10, 10],
    ],
  );
  assert.is(view.canEnd, false);
  await t.db
    .insertInto('device_sync')
    .values({
      device_id: 'tablet-1',
      user_id: fixture.judgeIds.j1,
      state_id: world.stateId,
      last_push_at: '2026-03-01T09:00:00.000Z',
      last_pull_at: '2026-03-01T09:05:00.000Z',
      last_seq: 3,
      last_cursor: 1,
    })
    .execute();
  await t.app.inject({ method: 'PUT', url: `${base(fixture.eventId)}/start`, headers: world.admin.headers });
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  view = await read();
  assert.equal(
    view.categories[0]?.judges.map((judge) => [judge.status, judge.lastSyncAt]),
    [
      ['Complete', '2026-03-01T09:05:00.000Z'],
      ['In Progress', null],
    ],
  );
  const bySchool = await t.app.inject({
    method: 'GET',
    url: `${base(fixture.eventId)}/school/${fixture.schoolIds.s1}`,
    headers: world.admin.headers,
  });
  assert.equal(
    bySchool.json().categories[0].judges.map((j: { cellsExpected: number }) => j.cellsExpected),
    [3, 2],
  );
  const byCategory = await t.app.inject({
    method: 'GET',
    url: `${base(fixture.eventId)}/category/${fixture.categoryId}`,
    headers: world.admin.headers,
  });
  assert.is(byCategory.json().categories.length, 1);
  const otherState = await t.app.inject({
    method: 'GET',
    url: base(fixture.eventId),
    headers: world.otherAdmin.headers,
  });
  assert.is(otherState.statusCode, 403);
  await t.close();
});

test('end: refused before start and while a judge is incomplete; then closes, freezes and announces', async () => {
  const { world, fixture } = await setUp();
  const { t } = world;
  const complete = (headers = world.admin.headers) =>
    t.app.inject({ method: 'PUT', url: `${base(fixture.eventId)}/complete`, headers });
  assert.is((await complete()).statusCode, 409, 'not started');
  await t.app.inject({ method: 'PUT', url: `${base(fixture.eventId)}/start`, headers: world.admin.headers });
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  const incomplete = await complete();
  assert.is(incomplete.statusCode, 409);
  assert.is(incomplete.json().code, 'INCOMPLETE');
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  assert.is((await complete(world.standard.headers)).statusCode, 403, 'standard');
  const pending = await complete();
  assert.is(pending.json().code, 'REVIEW_PENDING', 'Final means reviewed too');
  await confirmRemaining(t.app, world.admin.headers, fixture);
  const ended = await complete();
  assert.is(ended.statusCode, 200, ended.body);
  const event = await t.db
    .selectFrom('event')
    .selectAll()
    .where('event_id', '=', fixture.eventId)
    .executeTakeFirstOrThrow();
  assert.is(event.status, 'CLOSED');
  assert.ok(event.closed_at);
  const snapshot = await t.db
    .selectFrom('results_snapshot')
    .selectAll()
    .where('event_id', '=', fixture.eventId)
    .executeTakeFirst();
  assert.ok(snapshot, 'results frozen');
  assert.is(JSON.parse(snapshot?.payload_json ?? '{}').isFinal, true);
  const changes = await t.db
    .selectFrom('change_log')
    .select('payload_json')
    .where('event_id', '=', fixture.eventId)
    .where('entity', '=', 'event')
    .execute();
  assert.equal(
    changes.map((row) => JSON.parse(row.payload_json ?? '{}').eventStatus),
    ['STARTED', 'CLOSED'],
  );
  assert.is((await complete()).statusCode, 409, 'already closed');
  await t.close();
});

test('unlock: STARTED only, editors only, submitted judges only; audited and announced to the judge', async () => {
  const { world, fixture } = await setUp();
  const { t } = world;
  const url = `/api/score/submitScores/event/${fixture.eventId}/category/${fixture.categoryId}/judge/${fixture.judgeIds.j1}`;
  const unlock = (headers = world.admin.headers) => t.app.inject({ method: 'DELETE', url, headers });
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  assert.is((await unlock()).statusCode, 409, 'not started');
  await t.app.inject({ method: 'PUT', url: `${base(fixture.eventId)}/start`, headers: world.admin.headers });
  assert.is((await unlock(world.standard.headers)).statusCode, 403, 'standard');
  assert.is((await unlock(world.judge.headers)).statusCode, 403, 'judge');
  assert.is((await unlock(world.otherAdmin.headers)).statusCode, 403, 'other state');
  const unlocked = await unlock();
  assert.is(unlocked.statusCode, 200, unlocked.body);
  const submission = await t.db
    .selectFrom('category_submission')
    .selectAll()
    .where('judge_id', '=', fixture.judgeIds.j1)
    .executeTakeFirst();
  assert.is(submission, undefined);
  const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'unlock').executeTakeFirst();
  assert.is(audit?.entity_id, `${fixture.categoryId}:${fixture.judgeIds.j1}`);
  const change = await t.db
    .selectFrom('change_log')
    .selectAll()
    .where('entity', '=', 'categorySubmission')
    .where('op', '=', 'delete')
    .executeTakeFirst();
  assert.is(change?.judge_id, fixture.judgeIds.j1);
  assert.is((await unlock()).statusCode, 409, 'not submitted any more');
  await t.close();
});

test('the stream announces a change when a score changes', async () => {
  const { world, fixture } = await setUp();
  const { t } = world;
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ticket = await t.app.inject({
    method: 'POST',
    url: '/api/link-ticket',
    headers: world.standard.headers,
    payload: { path: `${base(fixture.eventId)}/stream` },
  });
  const controller = new AbortController();
  const response = await fetch(`${address}${ticket.json().url}`, { signal: controller.signal });
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', 'text/event-stream');
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const readEvent = async () => {
    let text = '';
    while (!text.includes('\n\n')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    return text;
  };
  assert.match(await readEvent(), 'event: changed');
  await t.db.updateTable('subsection_score').set({ score: 1 }).where('judge_id', '=', fixture.judgeIds.j2).execute();
  assert.match(await readEvent(), 'event: changed');
  controller.abort();
  await t.close();
});

test("the run view names each category's sections without a judge (Start event lists them as not ready)", async () => {
  const { world, fixture } = await setUp();
  const { t } = world;
  const read = async () => {
    const response = await t.app.inject({ method: 'GET', url: base(fixture.eventId), headers: world.admin.headers });
    assert.is(response.statusCode, 200, response.body);
    return (response.json() as CoordinatorEvent).categories[0];
  };
  assert.equal((await read())?.sectionsWithoutJudges, []);
  await t.db.deleteFrom('judge_assignment').where('section_id', '=', fixture.sectionIds.b).execute();
  const category = await read();
  assert.equal(category?.sectionsWithoutJudges, ['Plating hc']);
  assert.is(category?.judges.length, 2);
  await t.close();
});

test.run();
