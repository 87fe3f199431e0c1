// The coordinator's list of refused judge edits, through the real app: edits refused by the sync
// push show with the judge, category, section, school and item names; the admin area of the
// event's state may read it; judges, other states and visitors may not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RejectedEditList } from '@judging/shared-types';
import { buildAdminWorld, sessionFor, type AdminWorld, type Session } from '../../test-support/sessions.ts';
import { createHandCheckedEvent, submitAs, type HandCheckedEvent } from '../results/results.fixture.ts';

const url = (eventId: number) => `/api/run/coordinator/event/${eventId}/rejected`;

async function push(world: AdminWorld, judge: Session, mutations: unknown[]) {
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: judge.headers,
    payload: { deviceId: 'tablet-a', protocolVersion: 1, mutations },
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as { results: { id: string; status: string; code?: string }[] };
}

async function idOf(world: AdminWorld, table: 'subsection' | 'penalty', name: string): Promise<number> {
  if (table === 'subsection') {
    const row = await world.t.db
      .selectFrom('subsection')
      .select('subsection_id')
      .where('subsection_name', '=', name)
      .executeTakeFirstOrThrow();
    return row.subsection_id;
  }
  const row = await world.t.db
    .selectFrom('penalty')
    .select('penalty_id')
    .where('penalty_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.penalty_id;
}

/** Three refusals: J1 edits after submitting (a score, a penalty); J2 scores a section it is not assigned to. */
async function refuseThreeEdits(world: AdminWorld, fixture: HandCheckedEvent) {
  const j1 = await sessionFor(world.t, 'j1.hc@run.test');
  const j2 = await sessionFor(world.t, 'j2.hc@run.test');
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j1);
  const place = { eventId: fixture.eventId, categoryId: fixture.categoryId, sectionId: fixture.sectionIds.a };
  const first = await push(world, j1, [
    {
      id: '0190e2c0-0000-7000-8000-000000000001',
      seq: 1,
      kind: 'subsectionScore.put',
      createdAt: '2026-03-01T09:00:00.000Z',
      data: {
        ...place,
        scoreId: '0190e2c0-1111-7000-8000-000000000001',
        schoolId: fixture.schoolIds.s1,
        subsectionId: await idOf(world, 'subsection', 'Knife Skills hc 1'),
        score: 9.5,
        comments: null,
        photoSha256: null,
      },
    },
    {
      id: '0190e2c0-0000-7000-8000-000000000002',
      seq: 2,
      kind: 'penaltyScore.put',
      createdAt: '2026-03-01T09:01:00.000Z',
      data: {
        ...place,
        scoreId: '0190e2c0-1111-7000-8000-000000000002',
        schoolId: fixture.schoolIds.s3,
        penaltyId: await idOf(world, 'penalty', 'Late hc'),
        amount: 1.25,
        comments: 'Late by a minute',
        photoSha256: null,
      },
    },
  ]);
  assert.equal(
    first.results.map((result) => result.code),
    ['category_submitted', 'category_submitted'],
  );
  const second = await push(world, j2, [
    {
      id: '0190e2c0-0000-7000-8000-000000000003',
      seq: 1,
      kind: 'subsectionScore.put',
      createdAt: '2026-03-01T09:02:00.000Z',
      data: {
        ...place,
        sectionId: fixture.sectionIds.b,
        scoreId: '0190e2c0-1111-7000-8000-000000000003',
        schoolId: fixture.schoolIds.s2,
        subsectionId: await idOf(world, 'subsection', 'Plating hc 1'),
        score: 7,
        comments: null,
        photoSha256: null,
      },
    },
  ]);
  assert.equal(
    second.results.map((result) => result.code),
    ['not_assigned'],
  );
}

test('the refused edits of an event, newest first, named as far as the edit identifies them', async () => {
  const world = await buildAdminWorld();
  const { t } = world;
  const fixture = await createHandCheckedEvent(t.db, world.stateId);
  const other = await createHandCheckedEvent(t.db, world.stateId, 'other');
  const empty = await t.app.inject({ method: 'GET', url: url(fixture.eventId), headers: world.admin.headers });
  assert.is(empty.statusCode, 200, empty.body);
  assert.equal(empty.json(), { eventId: fixture.eventId, rejected: [], isTruncated: false });

  await refuseThreeEdits(world, fixture);
  // A refusal filed under another event of the state is not this event's.
  await t.db
    .insertInto('rejected_mutation')
    .values({
      user_id: fixture.judgeIds.j1,
      mutation_id: 'elsewhere',
      device_id: 'tablet-a',
      kind: 'category.submit',
      payload_json: JSON.stringify({ kind: 'category.submit', data: { eventId: other.eventId } }),
      code: 'incomplete',
      message: 'Not yet',
      state_id: world.stateId,
      event_id: other.eventId,
      rejected_at: '2099-01-01T00:00:00.000Z',
    })
    .execute();

  const response = await t.app.inject({ method: 'GET', url: url(fixture.eventId), headers: world.admin.headers });
  assert.is(response.statusCode, 200, response.body);
  const list = response.json() as RejectedEditList;
  assert.is(list.isTruncated, false);
  const byId = new Map(list.rejected.map((row) => [row.mutationId.slice(-1), row]));
  assert.is(list.rejected.length, 3);
  assert.ok(list.rejected[0]!.rejectedAt >= list.rejected[2]!.rejectedAt, 'newest first');
  const score = byId.get('1');
  assert.equal(
    score && {
      judge: `${score.judgeFirstName} ${score.judgeLastName}`,
      action: score.action,
      category: score.categoryName,
      section: score.sectionName,
      school: score.schoolName,
      item: score.itemName,
      value: score.value,
      code: score.code,
      editedAt: score.editedAt,
      deviceId: score.deviceId,
    },
    {
      judge: 'Jo Alpha',
      action: 'Score',
      category: 'Culinary',
      section: 'Knife Skills hc',
      school: 'S1 Academy hc',
      item: 'Knife Skills hc 1',
      value: 9.5,
      code: 'category_submitted',
      editedAt: '2026-03-01T09:00:00.000Z',
      deviceId: 'tablet-a',
    },
  );
  assert.ok(score?.message);
  const penalty = byId.get('2');
  assert.equal(
    [penalty?.action, penalty?.itemName, penalty?.value, penalty?.schoolName],
    ['Penalty', 'Late hc', 1.25, 'S3 Academy hc'],
  );
  const unassigned = byId.get('3');
  assert.equal(
    [unassigned?.judgeLastName, unassigned?.sectionName, unassigned?.code],
    ['Beta', 'Plating hc', 'not_assigned'],
  );
  await t.close();
});

test('ADMIN, STANDARD, SUPER and ULTRA of the state read it; a judge, another state and a visitor are refused', async () => {
  const world = await buildAdminWorld();
  const { t } = world;
  const fixture = await createHandCheckedEvent(t.db, world.stateId);
  await refuseThreeEdits(world, fixture);
  for (const [label, headers] of [
    ['admin', world.admin.headers],
    ['standard', world.standard.headers],
    ['super', world.super.headers],
    ['ultra', world.ultra.headers],
  ] as const) {
    const response = await t.app.inject({ method: 'GET', url: url(fixture.eventId), headers });
    assert.is(response.statusCode, 200, `${label}: ${response.body}`);
    assert.is((response.json() as RejectedEditList).rejected.length, 3, label);
  }
  const j1 = await sessionFor(t, 'j1.hc@run.test');
  for (const [label, headers, status] of [
    ['the refused judge', j1.headers, 403],
    ['a demo judge', world.judge.headers, 403],
    ['other state admin', world.otherAdmin.headers, 403],
    ['other state standard', world.otherStandard.headers, 403],
    ['no token', {}, 401],
  ] as const) {
    const response = await t.app.inject({ method: 'GET', url: url(fixture.eventId), headers });
    assert.is(response.statusCode, status, `${label}: ${response.body}`);
    assert.not.ok(response.body.includes('Knife Skills'), label);
  }
  const unknown = await t.app.inject({ method: 'GET', url: url(999_999), headers: world.admin.headers });
  assert.is(unknown.statusCode, 404);
  await t.close();
});

test.run();
