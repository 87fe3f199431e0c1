// An expired account through the real app (decisions §3 and §8): its users read, its editors
// write nothing, except that an event already STARTED runs to its close (review, unlock, end);
// and its state takes no school registrations, as it takes no judge registrations.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RegistrationMessages } from '@judging/shared-types';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { createSchool, setAccountExpiration } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, buildAdminWorld, type Session } from '../../test-support/sessions.ts';
import { confirmRemaining, createHandCheckedEvent, submitAs } from '../results/results.fixture.ts';

const runTables = ['event', 'category_submission', 'penalty_review', 'penalty_score', 'audit_log'] as const;
const expired = { status: 403, code: 'ACCOUNT_EXPIRED' };

test('competition day: an expired account’s ADMIN reviews, unlocks and ends a STARTED event, and changes nothing else', async () => {
  const world = await buildAdminWorld();
  const { t, stateId } = world;
  const underWay = await createHandCheckedEvent(t.db, stateId, 'day');
  const notStarted = await createHandCheckedEvent(t.db, stateId, 'later');
  const run = (eventId: number) => `/api/run/coordinator/event/${eventId}`;
  const school = `category/${underWay.categoryId}/school/${underWay.schoolIds.s2}`;
  const unlockUrl = (judgeId: number) =>
    `/api/score/submitScores/event/${underWay.eventId}/category/${underWay.categoryId}/judge/${judgeId}`;
  const as = (session: Session) => ({ headers: session.headers });

  const started = await t.app.inject({ method: 'PUT', url: `${run(underWay.eventId)}/start`, ...as(world.admin) });
  assert.is(started.statusCode, 200, started.body);
  await submitAs(t.db, underWay, stateId, underWay.judgeIds.j1);
  await submitAs(t.db, underWay, stateId, underWay.judgeIds.j2);
  await setAccountExpiration(t.db, stateId, '2020-01-31');

  await assertRefusedWithoutChange(t, runTables, [
    {
      label: 'start an event not started yet',
      request: { method: 'PUT', url: `${run(notStarted.eventId)}/start`, ...as(world.admin) },
      ...expired,
    },
    {
      label: 'remove the event under way (an ordinary write)',
      request: { method: 'DELETE', url: `/api/event/${underWay.eventId}`, ...as(world.admin) },
      ...expired,
    },
    {
      label: 'STANDARD ends it',
      request: { method: 'PUT', url: `${run(underWay.eventId)}/complete`, ...as(world.standard) },
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      label: "another expired state's ADMIN ends it",
      request: { method: 'PUT', url: `${run(underWay.eventId)}/complete`, ...as(world.expiredAdmin) },
      ...expired,
    },
    {
      label: "another state's ADMIN ends it",
      request: { method: 'PUT', url: `${run(underWay.eventId)}/complete`, ...as(world.otherAdmin) },
      status: 403,
    },
  ]);

  const viewed = await t.app.inject({
    method: 'POST',
    url: `/api/run/coordinator/viewed/event/${underWay.eventId}/${school}`,
    ...as(world.admin),
  });
  assert.is(viewed.statusCode, 200, viewed.body);
  const reviewed = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/confirm/event/${underWay.eventId}/${school}`,
    ...as(world.admin),
    payload: [{ penaltyScoreId: underWay.rejectedPenaltyScoreId, isConfirmed: false }],
  });
  assert.is(reviewed.statusCode, 200, reviewed.body);
  const penalty = await t.db
    .selectFrom('penalty_score')
    .select('is_confirmed')
    .where('score_id', '=', underWay.rejectedPenaltyScoreId)
    .executeTakeFirstOrThrow();
  assert.is(penalty.is_confirmed, 0, 'the rejection is stored');

  const unlocked = await t.app.inject({ method: 'DELETE', url: unlockUrl(underWay.judgeIds.j2), ...as(world.admin) });
  assert.is(unlocked.statusCode, 200, unlocked.body);
  await submitAs(t.db, underWay, stateId, underWay.judgeIds.j2);
  await confirmRemaining(t.app, as(world.admin).headers, underWay);

  const ended = await t.app.inject({ method: 'PUT', url: `${run(underWay.eventId)}/complete`, ...as(world.admin) });
  assert.is(ended.statusCode, 200, ended.body);
  assert.is(ended.json().eventStatus, 'CLOSED');

  // Closed, the event is no longer under way: the expiry answers again.
  await assertRefusedWithoutChange(t, runTables, [
    {
      label: 'unlock once the event is closed',
      request: { method: 'DELETE', url: unlockUrl(underWay.judgeIds.j1), ...as(world.admin) },
      ...expired,
    },
  ]);
  await t.close();
});

test('an expired account’s state takes no school registration: no open event is listed and a registration is refused', async () => {
  const world = await buildAdminWorld();
  const { t } = world;
  const schoolId = await createSchool(t.db, { stateId: world.expired.stateId, schoolName: 'NJ North High School' });
  const opened = await t.app.inject({ method: 'GET', url: `/api/state/${world.other.stateId}/event/open` });
  assert.equal(
    (opened.json() as { eventId: number }[]).map((event) => event.eventId),
    [world.other.eventId],
    'an active state lists its event',
  );
  const listed = await t.app.inject({ method: 'GET', url: `/api/state/${world.expired.stateId}/event/open` });
  assert.is(listed.statusCode, 200, listed.body);
  assert.equal(listed.json(), []);
  const allowed = await t.app.inject({
    method: 'GET',
    url: `/api/event/${world.expired.eventId}/school/${schoolId}/allowed`,
  });
  assert.equal(allowed.json(), { allowed: false, message: RegistrationMessages.stateNotOpen });

  const payload = {
    school: { schoolId },
    state: { stateId: world.expired.stateId },
    event: { eventId: world.expired.eventId, categories: [{ categoryId: world.expired.categoryId, students: 'Ana' }] },
  };
  await assertRefusedWithoutChange(
    t,
    ['school', 'category_registration', 'audit_log', 'change_log'],
    [
      {
        label: 'a visitor registers a school',
        request: {
          method: 'POST',
          url: '/api/school/register',
          payload: { ...payload, captcha: await solveCaptcha(t.app) },
        },
        status: 400,
        fieldError: ['state.stateId', RegistrationMessages.stateNotOpen],
      },
      {
        label: 'the state’s own ADMIN registers a school',
        request: { method: 'POST', url: '/api/school/register', payload, headers: world.expiredAdmin.headers },
        status: 400,
        fieldError: ['state.stateId', RegistrationMessages.stateNotOpen],
      },
    ],
  );
  await t.close();
});

test.run();
