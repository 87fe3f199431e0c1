// The judges API: lists, one judge, and an editor adding a judge to their state.
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createJudge } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, sessionFor, writeRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { judgeTables, newJudge, contactCases, judgeRow, lastAudit } from './judges.routes.fixtures.ts';

const Judges = createAdminWorldSuite('judges API');

Judges("lists a state's active judges by last name; archived ones only on the inactive list", async ({ w }) => {
  const archivedId = await createJudge(w.t.db, {
    stateId: w.stateId,
    email: 'gone@demo.test',
    lastName: 'Aaronson',
    isArchived: true,
  });
  for (const session of [w.admin, w.standard]) {
    const response = await w.t.app.inject({ url: `/api/state/${w.stateId}/judge`, headers: session.headers });
    assert.is(response.statusCode, 200);
    const judges = response.json() as Array<{
      judgeId: number;
      judgeLastName: string;
      judgeState: { stateId: number };
      isArchived: boolean;
    }>;
    assert.is(judges.length, 12);
    const lastNames = judges.map((judge) => judge.judgeLastName);
    assert.equal(
      lastNames,
      [...lastNames].sort((a, b) => a.localeCompare(b)),
    );
    assert.ok(judges.every((judge) => judge.judgeState.stateId === w.stateId && !judge.isArchived));
    assert.not.ok(judges.some((judge) => judge.judgeId === archivedId || judge.judgeId === w.other.judgeId));
  }
  const inactive = await w.t.app.inject({ url: `/api/judge/inactive/${w.stateId}`, headers: w.standard.headers });
  assert.is(inactive.statusCode, 200);
  assert.equal(
    inactive.json().map((judge: { judgeId: number }) => judge.judgeId),
    [archivedId],
  );
});

Judges('judge lists: ULTRA and SUPER read any state; other states, judges and visitors are refused', async ({ w }) => {
  for (const session of [w.ultra, w.super]) {
    const response = await w.t.app.inject({ url: `/api/state/${w.other.stateId}/judge`, headers: session.headers });
    assert.is(response.statusCode, 200);
    assert.equal(
      response.json().map((judge: { judgeId: number }) => judge.judgeId),
      [w.other.judgeId],
    );
  }
  for (const url of [`/api/state/${w.stateId}/judge`, `/api/judge/inactive/${w.stateId}`]) {
    assert.is((await w.t.app.inject({ url, headers: w.otherAdmin.headers })).statusCode, 403, url);
    assert.is((await w.t.app.inject({ url, headers: w.otherStandard.headers })).statusCode, 403, url);
    assert.is((await w.t.app.inject({ url, headers: w.judge.headers })).statusCode, 403, url);
    assert.is((await w.t.app.inject({ url })).statusCode, 401, url);
  }
});

Judges("GET judge/:id: the admin area of the judge's state, or the judge themself", async ({ w }) => {
  const judge5 = await sessionFor(w.t, 'judge5@demo.test');
  const own = await w.t.app.inject({ url: `/api/judge/${judge5.userId}`, headers: w.standard.headers });
  assert.is(own.statusCode, 200);
  assert.equal(own.json(), {
    judgeId: judge5.userId,
    judgeFirstName: 'Angela',
    judgeLastName: 'Brooks',
    judgeEmail: 'judge5@demo.test',
    judgePhone: own.json().judgePhone,
    judgeState: { stateId: w.stateId, stateName: 'Delaware' },
    profile: 'judge',
    isArchived: false,
  });
  assert.is((await w.t.app.inject({ url: `/api/judge/${judge5.userId}`, headers: judge5.headers })).statusCode, 200);
  assert.is((await w.t.app.inject({ url: `/api/judge/${judge5.userId}`, headers: w.judge.headers })).statusCode, 403);
  assert.is(
    (await w.t.app.inject({ url: `/api/judge/${judge5.userId}`, headers: w.otherAdmin.headers })).statusCode,
    403,
  );
  assert.is((await w.t.app.inject({ url: `/api/judge/${w.other.judgeId}`, headers: w.ultra.headers })).statusCode, 200);
  assert.is(
    (await w.t.app.inject({ url: `/api/judge/${w.admin.userId}`, headers: w.admin.headers })).statusCode,
    404,
    'an admin is no judge',
  );
  assert.is((await w.t.app.inject({ url: '/api/judge/999999', headers: w.admin.headers })).statusCode, 404);
});

Judges('an editor adds a judge to their state, invited by email to set a password within 7 days', async ({ w }) => {
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/judge',
    headers: w.admin.headers,
    payload: { ...newJudge, profile: 'judge' },
  });
  assert.is(response.statusCode, 201, response.body);
  assert.is(response.json().message, 'Judge added successfully.');
  const judge = response.json().judge;
  assert.equal(judge.judgeState, { stateId: w.stateId, stateName: 'Delaware' });
  assert.is(judge.judgeEmail, 'nadia.alvarez@example.test');
  const row = await judgeRow(w, judge.judgeId);
  assert.is(row.role, 'JUDGE');
  assert.is(row.is_archived, 0);

  const token = await w.t.db
    .selectFrom('password_reset_token')
    .selectAll()
    .where('user_id', '=', judge.judgeId)
    .executeTakeFirstOrThrow();
  const lifetimeDays = (Date.parse(token.expires_at) - Date.parse(token.created_at)) / 86_400_000;
  assert.is(lifetimeDays, 7);
  const email = await w.t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', 'nadia.alvarez@example.test')
    .executeTakeFirstOrThrow();
  const link = /\/account-help-reset\?token=([\w-]+)/.exec(email.body_text);
  assert.ok(link, email.body_text);
  assert.match(email.body_text, `${w.t.config.publicUrl}/account-help-reset?token=`);

  const audit = await lastAudit(w);
  assert.equal(
    [audit.action, audit.entity_type, audit.entity_id, audit.user_id, audit.state_id],
    ['create', 'judge', String(judge.judgeId), w.admin.userId, w.stateId],
  );

  // No password works until the invitation is used; then the judge logs in.
  const early = await w.t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: judge.judgeEmail, password: 'anything-at-all' },
  });
  assert.is(early.statusCode, 401);
  const reset = await w.t.app.inject({
    method: 'POST',
    url: '/api/login/resetPassword',
    payload: { token: link[1], password: 'whisk-and-fold-9', confirmPassword: 'whisk-and-fold-9' },
  });
  assert.is(reset.statusCode, 200, reset.body);
  await loginAs(w.t.app, judge.judgeEmail, 'whisk-and-fold-9');
});

Judges('add judge: the form messages, refusals and a taken email leave the database unchanged', async ({ w }) => {
  const add = { method: 'POST' as const, url: '/api/judge', payload: newJudge };
  await assertRefusedWithoutChange(w.t, judgeTables, [
    ...contactCases.map(([change, field, message]) => ({
      label: message,
      request: { ...add, headers: w.admin.headers, payload: { ...newJudge, ...change } },
      status: 400,
      fieldError: [field, message] as [string, string],
    })),
    ...writeRefusals({ ...add, headers: {} }, w).filter((refusal) => refusal.label !== 'no token'),
    {
      label: 'another state in judgeState',
      request: { ...add, headers: w.admin.headers, payload: { ...newJudge, judgeState: { stateId: w.other.stateId } } },
      status: 403,
      message: 'Judges are created in your own state.',
    },
    {
      label: 'an email already used',
      request: { ...add, headers: w.admin.headers, payload: { ...newJudge, judgeEmail: 'JUDGE2@demo.test' } },
      status: 409,
      message: 'A user with that email already exists. Each judge needs their own email address.',
    },
  ]);
});

Judges.run();
