// The sync protocol on the real app (inject, fresh database): the reference download, pull
// visibility and paging.
import * as assert from 'uvu/assert';
import type { SyncPullResponse } from '@judging/shared-types';
import { loginAs } from '../../test-support/build-test-app.ts';
import { injectTransport, SimulatedDevice } from '../../test-support/sync-device.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { deviceFor, subsectionId } from './sync.routes.fixtures.ts';

const Sync = createCulinarySuite('sync protocol: reference download and pull');

Sync('the reference download has what a device needs to score offline, and notes the device', async ({ t, c }) => {
  const reference = c.reference;
  assert.is(reference.protocolVersion, 1);
  assert.is(reference.cursor, 0);
  assert.ok(Date.parse(reference.serverTime) > 0);
  assert.equal(reference.judge, { judgeId: c.judgeId, judgeFirstName: 'Maria', judgeLastName: 'Santos' });
  assert.equal(
    reference.categories.map((category) => category.categoryName),
    ['Culinary'],
  );
  const [category] = reference.categories;
  assert.equal([category?.isSubmitted, category?.submittedAt], [false, null]);
  assert.equal(
    category?.schools.map((school) => school.schoolOrder),
    [...Array(12).keys()],
  );
  assert.ok(category?.schools.every((school) => school.schoolStudents.length > 0));
  const knife = category?.sections[0];
  assert.equal(
    knife?.subsections.map((subsection) => subsection.subsectionMaxScore),
    [10, 10, 5, 5],
  );
  assert.equal(
    knife?.penalties.map((penalty) => [penalty.penaltyName, penalty.penaltyDeduction, penalty.isDynamic]),
    [
      ['Overtime', 5, true],
      ['Incomplete Uniform', 2, false],
      ['Unsafe Knife Handling', 3, false],
    ],
  );
  assert.equal(reference.scores, { subsections: [], penalties: [], disqualifications: [] });

  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const other = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${judge2.user.userId}/event/${c.eventId}?deviceId=tab-9`,
    headers: judge2.headers,
  });
  assert.equal(
    other.json().categories[0].sections.map((section: { sectionName: string }) => section.sectionName),
    ['Knife Skills'],
    'only the sections the judge is assigned to',
  );
  const device = await t.db
    .selectFrom('device_sync')
    .selectAll()
    .where('device_id', '=', 'tab-9')
    .executeTakeFirstOrThrow();
  assert.equal([device.user_id, device.last_cursor], [judge2.user.userId, 0]);
  assert.type(device.last_pull_at, 'string');
});

Sync("the in-progress event brings the judge's existing scores", async ({ t }) => {
  const judge = await loginAs(t.app, 'judge1@demo.test');
  const event = await t.db
    .selectFrom('event')
    .select('event_id')
    .where('status', '=', 'STARTED')
    .executeTakeFirstOrThrow();
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${judge.user.userId}/event/${event.event_id}`,
    headers: judge.headers,
  });
  const scores = response.json().scores;
  assert.is(scores.subsections.length, 5 * 4, 'judge1 scored 5 schools of Knife Skills (4 subsections)');
  assert.ok(
    scores.subsections.every(
      (cell: { judgeId: number; rev: number }) => cell.judgeId === judge.user.userId && cell.rev === 1,
    ),
  );
});

Sync(
  "pull: a judge sees their own changes and the event's schedule changes, not another judge's; other roles are refused",
  async ({ t, c }) => {
    const judge1 = deviceFor(c);
    judge1.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 5);
    await judge1.drain(injectTransport(t.app, c.token));
    const judge2Session = await loginAs(t.app, 'judge2@demo.test');
    const judge2 = new SimulatedDevice({ judgeId: judge2Session.user.userId, eventId: c.eventId });
    judge2.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 6);
    await judge2.drain(injectTransport(t.app, judge2Session.token));
    const state = c.reference.event;
    const culinary = {
      state_id: 9,
      event_id: state.eventId,
      judge_id: null,
      entity: 'reference',
      op: 'put' as const,
      created_at: new Date().toISOString(),
    };
    const restaurant = await t.db
      .selectFrom('category')
      .select('category_id')
      .where('event_id', '=', c.eventId)
      .where('category_name', '=', 'Restaurant Management')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('change_log')
      .values([
        {
          ...culinary,
          category_id: c.categoryId,
          entity_id: 'a',
          payload_json: JSON.stringify({ eventId: c.eventId, reason: 'schools reordered' }),
        },
        {
          ...culinary,
          category_id: restaurant.category_id,
          entity_id: 'b',
          payload_json: JSON.stringify({ eventId: c.eventId, reason: 'not yours' }),
        },
        {
          ...culinary,
          category_id: null,
          entity_id: 'c',
          payload_json: JSON.stringify({ eventId: c.eventId, reason: 'event renamed' }),
        },
      ])
      .execute();

    const seen = async (headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
        headers,
      });
      assert.is(response.statusCode, 200);
      const body = response.json() as SyncPullResponse;
      return {
        body,
        summary: body.changes.map(
          (change) =>
            `${change.entity}:${'judgeId' in change.data ? change.data.judgeId : 'reason' in change.data ? change.data.reason : ''}`,
        ),
      };
    };
    const forJudge1 = await seen(c.headers);
    assert.equal(
      forJudge1.summary,
      [`subsectionScore:${c.judgeId}`, 'reference:schools reordered', 'reference:not yours', 'reference:event renamed'],
      "schedule changes of any category reach the judge (a judge removed from a category must learn it); judge2's cell does not",
    );
    assert.is(forJudge1.body.cursor, 5, 'the cursor jumps past what this judge may not see');
    assert.is(forJudge1.body.hasMore, false);
    const forJudge2 = await seen(judge2Session.headers);
    assert.equal(
      forJudge2.summary,
      [
        `subsectionScore:${judge2Session.user.userId}`,
        'reference:schools reordered',
        'reference:not yours',
        'reference:event renamed',
      ],
      "judge2 sees their own cell, never judge1's",
    );
    // decisions §7: coordinators read scores through the coordinator calls, never through sync.
    for (const email of ['standard@demo.test', 'admin@demo.test', 'super@demo.test', 'ultra@demo.test']) {
      const reader = await loginAs(t.app, email);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
        headers: reader.headers,
      });
      assert.equal([refused.statusCode, refused.json().code], [403, 'FORBIDDEN'], email);
      assert.not.match(refused.body, 'subsectionScore', `${email} reads no cell`);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=5`,
      headers: c.headers,
    });
    assert.equal(after.json().changes, []);
  },
);

Sync("pull: a coordinator's review outcome reaches the owning judge's device at the next pull", async ({ t, c }) => {
  const device = deviceFor(c);
  const overtime = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
  if (!overtime) throw new Error('no time-based penalty');
  device.putPenalty(c.place(0, 0), overtime.penaltyId, 1.5, 'Ninety seconds over');
  await device.drain(injectTransport(t.app, c.token));
  const pull = async (headers: Record<string, string>, cursor: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=${cursor}`,
      headers,
    });
    assert.is(response.statusCode, 200, response.body);
    return response.json() as SyncPullResponse;
  };
  const first = await pull(c.headers, 0);
  const applied = first.changes.find((change) => change.entity === 'penaltyScore');
  assert.equal(
    applied?.data && 'isConfirmed' in applied.data ? [applied.data.isConfirmed, applied.data.rev] : undefined,
    [null, 1],
    'pending review when applied',
  );
  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const judge2Cursor = (await pull(judge2.headers, 0)).cursor;

  // Review opens once every judge of the category has submitted.
  const assigned = await t.db
    .selectFrom('judge_assignment')
    .select('judge_id')
    .distinct()
    .where('category_id', '=', c.categoryId)
    .execute();
  await t.db
    .insertInto('category_submission')
    .values(
      assigned.map((row) => ({
        category_id: c.categoryId,
        judge_id: row.judge_id,
        state_id: 9,
        event_id: c.eventId,
        submitted_at: new Date().toISOString(),
      })),
    )
    .execute();
  const admin = await loginAs(t.app, 'admin@demo.test');
  const review = (isConfirmed: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/run/coordinator/confirm/event/${c.eventId}/category/${c.categoryId}/school/${c.schoolIds[0]}`,
      headers: admin.headers,
      payload: [{ penaltyScoreId: applied?.data.scoreId, isConfirmed }],
    });
  assert.is((await review(false)).statusCode, 200);

  const second = await pull(c.headers, first.cursor);
  assert.equal(
    second.changes.map((change) => [
      change.entity,
      change.op,
      'scoreId' in change.data ? change.data.scoreId : undefined,
      'isConfirmed' in change.data ? change.data.isConfirmed : undefined,
      'rev' in change.data ? change.data.rev : undefined,
      'amount' in change.data ? change.data.amount : undefined,
    ]),
    [['penaltyScore', 'put', applied?.data.scoreId, false, 2, 1.5]],
    'the rejected penalty, with its review state, as a new revision of the cell',
  );
  assert.equal((await pull(judge2.headers, judge2Cursor)).changes, [], "not another judge's");

  // Saving the same outcome again changes nothing the device holds: no change row.
  assert.is((await review(false)).statusCode, 200);
  assert.equal((await pull(c.headers, second.cursor)).changes, []);
  assert.is((await review(true)).statusCode, 200);
  const third = await pull(c.headers, second.cursor);
  assert.equal(
    third.changes.map((change) => ('isConfirmed' in change.data ? change.data.isConfirmed : undefined)),
    [true],
  );
});

Sync('pull pages: at most 500 changes, then hasMore', async ({ t, c }) => {
  const row = {
    state_id: 9,
    event_id: c.eventId,
    category_id: c.categoryId,
    judge_id: c.judgeId,
    entity: 'reference',
    op: 'put' as const,
    created_at: new Date().toISOString(),
  };
  await t.db
    .insertInto('change_log')
    .values(
      Array.from({ length: 520 }, (_, index) => ({
        ...row,
        entity_id: String(index),
        payload_json: JSON.stringify({ eventId: c.eventId, reason: `r${index}` }),
      })),
    )
    .execute();
  const first = (
    await t.app.inject({ method: 'GET', url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`, headers: c.headers })
  ).json() as SyncPullResponse;
  assert.equal([first.changes.length, first.hasMore, first.cursor], [500, true, 500]);
  const second = (
    await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=${first.cursor}`,
      headers: c.headers,
    })
  ).json() as SyncPullResponse;
  assert.equal([second.changes.length, second.hasMore, second.cursor], [20, false, 520]);
});

Sync.run();
