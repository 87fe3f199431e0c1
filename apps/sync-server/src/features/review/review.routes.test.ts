// POST run/coordinator/viewed/…: a coordinator opening a school's penalties marks it Viewed in the
// school-penalties lists, with the confirmation's guards (editors of the event's state, review
// open), and a Complete school stays Complete. Uses the hand-checked event (results.fixture.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RunMessages } from '@judging/shared-types';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  writeRefusals,
  type AdminWorld,
} from '../../test-support/sessions.ts';
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

function viewedUrl(fixture: HandCheckedEvent, schoolId: number, eventId = fixture.eventId): string {
  return `/api/run/coordinator/viewed/event/${eventId}/category/${fixture.categoryId}/school/${schoolId}`;
}

async function judgeEveryone({ world, fixture }: Context): Promise<void> {
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j2);
}

async function statuses({ world, fixture }: Context): Promise<Record<string, string>> {
  const response = await world.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/event/${fixture.eventId}/category/${fixture.categoryId}/penalties`,
    headers: world.standard.headers,
  });
  assert.is(response.statusCode, 200, response.body);
  const schools = response.json().schools as { schoolName: string; status: string }[];
  return Object.fromEntries(schools.map((school) => [school.schoolName.split(' ')[0] ?? '', school.status]));
}

test('viewed: Pending becomes Viewed in both lists, for every coordinator; saving makes it Complete, viewing again keeps it', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  await judgeEveryone(context);
  assert.equal(await statuses(context), { S2: 'Pending', S4: 'Pending', S5: 'Pending' });

  const viewed = await world.t.app.inject({
    method: 'POST',
    url: viewedUrl(fixture, fixture.schoolIds.s2),
    headers: world.admin.headers,
  });
  assert.is(viewed.statusCode, 200, viewed.body);
  assert.equal(viewed.json(), { status: 'Success', message: RunMessages.reviewViewed });
  assert.equal(await statuses(context), { S2: 'Viewed', S4: 'Pending', S5: 'Pending' });
  const detail = await world.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/event/${fixture.eventId}/category/${fixture.categoryId}/school/${fixture.schoolIds.s2}/penalties`,
    headers: world.standard.headers,
  });
  assert.is(detail.json().status, 'Viewed');
  const row = await world.t.db
    .selectFrom('penalty_review')
    .selectAll()
    .where('school_id', '=', fixture.schoolIds.s2)
    .executeTakeFirstOrThrow();
  assert.equal([row.status, row.viewed_by, row.reviewed_by], ['PENDING', world.admin.userId, null]);
  assert.type(row.viewed_at, 'string');
  const penalty = await world.t.db
    .selectFrom('penalty_score')
    .select(['is_confirmed', 'rev'])
    .where('score_id', '=', fixture.rejectedPenaltyScoreId)
    .executeTakeFirstOrThrow();
  assert.equal(penalty, { is_confirmed: null, rev: 1 }, 'a view decides nothing');

  const saved = await world.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/confirm/event/${fixture.eventId}/category/${fixture.categoryId}/school/${fixture.schoolIds.s2}`,
    headers: world.admin.headers,
    payload: [{ penaltyScoreId: fixture.rejectedPenaltyScoreId, isConfirmed: true }],
  });
  assert.is(saved.statusCode, 200, saved.body);
  const again = await world.t.app.inject({
    method: 'POST',
    url: viewedUrl(fixture, fixture.schoolIds.s2),
    headers: world.super.headers,
  });
  assert.is(again.statusCode, 200, again.body);
  assert.equal(await statuses(context), { S2: 'Complete', S4: 'Pending', S5: 'Pending' });
});

test('viewed: refused (and nothing stored) for STANDARD, judges, other states, expired accounts, before judging ends and once closed', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  const request = { method: 'POST' as const, url: viewedUrl(fixture, fixture.schoolIds.s2) };
  const admin = { ...request, headers: world.admin.headers };
  const conflict = { status: 409, code: 'CONFLICT', message: RunMessages.reviewDisabled };

  await assertRefusedWithoutChange(t, ['penalty_review'], [{ label: 'not fully judged', request: admin, ...conflict }]);
  await judgeEveryone(context);
  await assertRefusedWithoutChange(
    t,
    ['penalty_review'],
    [
      ...writeRefusals(request, world),
      { label: "another state's admin", request: { ...request, headers: world.otherAdmin.headers }, status: 403 },
      {
        label: 'unknown event',
        request: { ...admin, url: viewedUrl(fixture, fixture.schoolIds.s2, 999_999) },
        status: 404,
      },
      { label: 'school not registered', request: { ...admin, url: viewedUrl(fixture, 999_999) }, status: 404 },
    ],
  );

  const start = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/start`,
    headers: world.admin.headers,
  });
  assert.is(start.statusCode, 200, start.body);
  await confirmRemaining(t.app, world.admin.headers, fixture);
  const end = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/complete`,
    headers: world.admin.headers,
  });
  assert.is(end.statusCode, 200, end.body);
  await assertRefusedWithoutChange(t, ['penalty_review'], [{ label: 'event closed', request: admin, ...conflict }]);
});

test.run();
