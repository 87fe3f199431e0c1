import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PASSWORD, loginAs } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { createJudge, stateIdByCode } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  sessionFor,
  writeRefusals,
  type AdminWorld,
  type TableList,
} from '../../test-support/sessions.ts';

const Judges = suite<{ w: AdminWorld }>('judges API');
Judges.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Judges.after.each(async (context) => {
  await context.w.t.close();
});

const judgeTables: TableList = ['app_user', 'judge_profile', 'password_reset_token', 'email_outbox', 'audit_log'];
const newJudge = {
  judgeFirstName: 'Nadia',
  judgeLastName: 'Alvarez',
  judgeEmail: 'Nadia.Alvarez@Example.test',
  judgePhone: '(302) 555-0142',
};
const registration = {
  judgeState: { stateId: 0 },
  ...newJudge,
  judgePassword: 'sautee-pan-42',
  confirmPassword: 'sautee-pan-42',
  profile: 'judge',
};

/** The field messages of the add/edit judge form (seed section 5). */
const contactCases: Array<[Record<string, unknown>, string, string]> = [
  [{ judgeFirstName: '' }, 'judgeFirstName', 'First Name is required'],
  [{ judgeLastName: '  ' }, 'judgeLastName', 'Last Name is required'],
  [{ judgeEmail: '' }, 'judgeEmail', 'Email is required'],
  [{ judgeEmail: 'nadia-at-example' }, 'judgeEmail', 'Email format is invalid'],
  [{ judgePhone: '' }, 'judgePhone', 'Phone number is required'],
];

async function judgeRow(w: AdminWorld, judgeId: number) {
  return w.t.db
    .selectFrom('app_user')
    .innerJoin('judge_profile', 'judge_profile.user_id', 'app_user.user_id')
    .select([
      'app_user.email',
      'app_user.first_name',
      'app_user.state_id',
      'app_user.role',
      'app_user.token_version',
      'judge_profile.is_archived',
    ])
    .where('app_user.user_id', '=', judgeId)
    .executeTakeFirstOrThrow();
}

async function lastAudit(w: AdminWorld) {
  return w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
}

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

Judges('public registration creates a judge of the chosen state who can log in at once', async ({ w }) => {
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/judge',
    payload: { ...registration, judgeState: { stateId: w.other.stateId }, captcha: await solveCaptcha(w.t.app) },
  });
  assert.is(response.statusCode, 201, response.body);
  assert.is(response.json().message, 'Registration successful.');
  const judge = response.json().judge;
  assert.equal(judge.judgeState.stateId, w.other.stateId);
  const session = await loginAs(w.t.app, 'nadia.alvarez@example.test', registration.judgePassword);
  assert.is(session.user.userId, judge.judgeId);
  const hash = (
    await w.t.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('user_id', '=', judge.judgeId)
      .executeTakeFirstOrThrow()
  ).password_hash;
  assert.match(hash, /^\$argon2id\$/);
  const audit = await lastAudit(w);
  assert.equal(
    [audit.action, audit.entity_type, audit.user_id, audit.state_id],
    ['register', 'judge', judge.judgeId, w.other.stateId],
  );
  assert.is(
    await w.t.db
      .selectFrom('email_outbox')
      .select('email_id')
      .where('to_address', '=', judge.judgeEmail)
      .executeTakeFirst(),
    undefined,
  );
});

Judges('registration: password policy, confirmation, state and duplicate email', async ({ w }) => {
  const body = { ...registration, judgeState: { stateId: w.stateId } };
  const register = (payload: Record<string, unknown>) => ({ method: 'POST' as const, url: '/api/judge', payload });
  const montana = await stateIdByCode(w.t.db, 'MT');
  const { judgeState: _state, ...withoutState } = body;
  const { judgePassword: _password, confirmPassword: _confirm, ...withoutPassword } = body;
  await assertRefusedWithoutChange(w.t, judgeTables, [
    ...contactCases.map(([change, field, message]) => ({
      label: message,
      request: register({ ...body, ...change }),
      status: 400,
      fieldError: [field, message] as [string, string],
    })),
    {
      label: 'too short',
      request: register({ ...body, judgePassword: 'short12', confirmPassword: 'short12' }),
      status: 400,
      fieldError: ['judgePassword', 'Password must be between 8 and 64 characters long'],
    },
    {
      label: 'too long',
      request: register({ ...body, judgePassword: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) }),
      status: 400,
      fieldError: ['judgePassword', 'Password must be between 8 and 64 characters long'],
    },
    {
      label: 'mismatch',
      request: register({ ...body, confirmPassword: 'sautee-pan-43' }),
      status: 400,
      message: 'Password must match',
    },
    {
      label: 'no password',
      request: register(withoutPassword),
      status: 400,
      fieldError: ['judgePassword', 'Password is required'],
    },
    {
      label: 'no state',
      request: register(withoutState),
      status: 400,
      fieldError: ['judgeState', 'State is required'],
    },
    {
      label: 'a state without an active account',
      request: register({ ...body, judgeState: { stateId: montana }, captcha: await solveCaptcha(w.t.app) }),
      status: 400,
      fieldError: ['judgeState.stateId', 'Judge registration is not open for that state.'],
    },
    {
      label: 'a taken email',
      request: register({ ...body, judgeEmail: 'judge3@demo.test', captcha: await solveCaptcha(w.t.app) }),
      status: 409,
    },
  ]);
  // 64 characters of anything is accepted.
  const long = 'ü'.repeat(64);
  const accepted = await w.t.app.inject(
    register({ ...body, judgePassword: long, confirmPassword: long, captcha: await solveCaptcha(w.t.app) }),
  );
  assert.is(accepted.statusCode, 201, accepted.body);
});

Judges(
  'registration needs a solved captcha (decisions §7): missing, forged or replayed is 400 CAPTCHA_FAILED, nothing stored',
  async ({ w }) => {
    const body = { ...registration, judgeState: { stateId: w.stateId } };
    const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => ({
      method: 'POST' as const,
      url: '/api/judge',
      headers,
      payload,
    });
    const used = await solveCaptcha(w.t.app);
    const first = await w.t.app.inject(register({ ...body, judgeEmail: 'first@judges.test', captcha: used }));
    assert.is(first.statusCode, 201, first.body);
    const refusal = {
      status: 400,
      code: 'CAPTCHA_FAILED',
      fieldError: ['captcha', 'The captcha could not be verified, please try again.'] as [string, string],
    };
    await assertRefusedWithoutChange(w.t, judgeTables, [
      { label: 'no captcha', request: register(body), ...refusal },
      { label: 'a forged captcha', request: register({ ...body, captcha: 'bm90IGEgc29sdXRpb24=' }), ...refusal },
      { label: 'a replayed captcha', request: register({ ...body, captcha: used }), ...refusal },
      {
        label: "an editor's token does not make a registration skip it",
        request: register(body, w.admin.headers),
        ...refusal,
      },
    ]);
    // An editor's "add judge" (no password) is no public write: no captcha.
    const added = await w.t.app.inject({
      method: 'POST',
      url: '/api/judge',
      headers: w.admin.headers,
      payload: newJudge,
    });
    assert.is(added.statusCode, 201, added.body);
  },
);

Judges("an editor edits a judge, audited; only ULTRA's judgeState moves a judge", async ({ w }) => {
  const judge5 = await sessionFor(w.t, 'judge5@demo.test');
  const update = { judgeId: judge5.userId, ...newJudge, judgeState: { stateId: w.other.stateId }, profile: 'judge' };
  for (const session of [w.admin, w.super]) {
    const response = await w.t.app.inject({
      method: 'PUT',
      url: `/api/judge/${judge5.userId}`,
      headers: session.headers,
      payload: update,
    });
    assert.is(response.statusCode, 200, response.body);
    assert.is(response.json().message, 'Judge updated successfully.');
    assert.is(response.json().judge.judgeState.stateId, w.stateId, 'the state is kept');
  }
  const row = await judgeRow(w, judge5.userId);
  assert.equal([row.email, row.first_name, row.state_id], ['nadia.alvarez@example.test', 'Nadia', w.stateId]);
  const audits = await w.t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'judge')
    .orderBy('audit_id')
    .execute();
  assert.equal(
    audits.map((audit) => [audit.action, audit.entity_id, audit.user_id]),
    [
      ['update', String(judge5.userId), w.admin.userId],
      ['update', String(judge5.userId), w.super.userId],
    ],
  );
  assert.match(audits[0]?.before_json ?? '', 'judge5@demo.test');
  assert.match(audits[0]?.after_json ?? '', 'nadia.alvarez@example.test');
});

Judges(
  'ULTRA moves an unassigned judge to another state (tokens revoked); an assigned one is refused',
  async ({ w }) => {
    const freeId = await createJudge(w.t.db, { stateId: w.stateId, email: 'free@demo.test', lastName: 'Free' });
    const freeSession = await sessionFor(w.t, 'free@demo.test');
    const move = {
      judgeFirstName: 'Fran',
      judgeLastName: 'Free',
      judgeEmail: 'free@demo.test',
      judgePhone: '3025550100',
      judgeState: { stateId: w.other.stateId },
    };
    const moved = await w.t.app.inject({
      method: 'PUT',
      url: `/api/judge/${freeId}`,
      headers: w.ultra.headers,
      payload: move,
    });
    assert.is(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().judge.judgeState, { stateId: w.other.stateId, stateName: 'Pennsylvania' });
    const profile = await w.t.db
      .selectFrom('judge_profile')
      .select('state_id')
      .where('user_id', '=', freeId)
      .executeTakeFirstOrThrow();
    assert.is(profile.state_id, w.other.stateId);
    assert.is(
      (await w.t.app.inject({ url: `/api/judge/${freeId}`, headers: freeSession.headers })).statusCode,
      401,
      'old token revoked',
    );

    await assertRefusedWithoutChange(
      w.t,
      [...judgeTables, 'judge_assignment'],
      [
        {
          label: 'judge1 is assigned to open events',
          request: {
            method: 'PUT',
            url: `/api/judge/${w.judge.userId}`,
            headers: w.ultra.headers,
            payload: { ...move, judgeEmail: 'judge1@demo.test' },
          },
          status: 409,
          message:
            'This judge is assigned to an event that is not closed. Remove those assignments before moving the judge to another state.',
        },
        {
          label: 'an unknown state',
          request: {
            method: 'PUT',
            url: `/api/judge/${freeId}`,
            headers: w.ultra.headers,
            payload: { ...move, judgeState: { stateId: 9999 } },
          },
          status: 400,
          fieldError: ['judgeState.stateId', 'Choose a state from the list.'],
        },
      ],
    );
  },
);

Judges('edit judge: form messages, refusals and a taken email leave the database unchanged', async ({ w }) => {
  const judge5 = await sessionFor(w.t, 'judge5@demo.test');
  const edit = { method: 'PUT' as const, url: `/api/judge/${judge5.userId}`, payload: newJudge };
  await assertRefusedWithoutChange(w.t, judgeTables, [
    ...contactCases.map(([change, field, message]) => ({
      label: message,
      request: { ...edit, headers: w.admin.headers, payload: { ...newJudge, ...change } },
      status: 400,
      fieldError: [field, message] as [string, string],
    })),
    ...writeRefusals(edit, w),
    { label: "another state's admin", request: { ...edit, headers: w.otherAdmin.headers }, status: 403 },
    {
      label: "SUPER cannot edit another state's judge",
      request: { ...edit, url: `/api/judge/${w.other.judgeId}`, headers: w.super.headers },
      status: 403,
    },
    {
      label: 'a taken email',
      request: { ...edit, headers: w.admin.headers, payload: { ...newJudge, judgeEmail: 'judge6@demo.test' } },
      status: 409,
    },
    { label: 'unknown judge', request: { ...edit, url: '/api/judge/999999', headers: w.admin.headers }, status: 404 },
  ]);
});

Judges("archive revokes the judge's tokens and keeps their scores; reinstate lets them log in again", async ({ w }) => {
  const scoresBefore = await w.t.db
    .selectFrom('subsection_score')
    .select('score_id')
    .where('judge_id', '=', w.judge.userId)
    .execute();
  assert.ok(scoresBefore.length > 0, 'judge1 has demo scores');
  const archived = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/archive`,
    headers: w.admin.headers,
  });
  assert.is(archived.statusCode, 200, archived.body);
  assert.is(archived.json().message, 'Judge Archived');
  assert.is(archived.json().judge.isArchived, true);
  assert.is(
    (await w.t.app.inject({ url: `/api/judge/${w.judge.userId}`, headers: w.judge.headers })).statusCode,
    401,
    'token revoked',
  );
  const login = await w.t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'judge1@demo.test', password: DEMO_PASSWORD },
  });
  assert.is(login.statusCode, 401);
  const after = await w.t.db
    .selectFrom('subsection_score')
    .select('score_id')
    .where('judge_id', '=', w.judge.userId)
    .execute();
  assert.equal(after, scoresBefore, 'nothing they scored is removed');
  const active = await w.t.app.inject({ url: `/api/state/${w.stateId}/judge`, headers: w.admin.headers });
  assert.not.ok(active.json().some((judge: { judgeId: number }) => judge.judgeId === w.judge.userId));
  assert.is((await lastAudit(w)).action, 'archive');

  // An archived judge cannot be assigned (the categories feature checks the profile).
  const target = await w.t.db
    .selectFrom('category')
    .innerJoin('category_section', 'category_section.category_id', 'category.category_id')
    .innerJoin('section', 'section.section_id', 'category_section.section_id')
    .select(['category.event_id', 'category.category_id', 'section.section_id'])
    .where('category.category_name', '=', 'Restaurant Management')
    .where('section.section_name', '=', 'Menu Presentation')
    .executeTakeFirstOrThrow();
  const assign = await w.t.app.inject({
    method: 'POST',
    url: `/api/event/${target.event_id}/category/${target.category_id}/section/${target.section_id}`,
    headers: w.admin.headers,
    payload: [{ judgeId: w.judge.userId }],
  });
  assert.is(assign.statusCode, 409, assign.body);

  const again = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/archive`,
    headers: w.admin.headers,
  });
  assert.is(again.statusCode, 409);
  assert.is(again.json().message, 'This judge is already archived.');

  const reinstated = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/reinstate`,
    headers: w.admin.headers,
  });
  assert.is(reinstated.statusCode, 200);
  assert.is(reinstated.json().message, 'Judge activated');
  assert.is(reinstated.json().judge.isArchived, false);
  assert.is((await lastAudit(w)).action, 'reinstate');
  await loginAs(w.t.app, 'judge1@demo.test');
  const twice = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/reinstate`,
    headers: w.admin.headers,
  });
  assert.is(twice.statusCode, 409);
  assert.is(twice.json().message, 'This judge is already active.');
});

Judges('archive and reinstate: refusals leave the database unchanged', async ({ w }) => {
  const archivedId = await createJudge(w.t.db, { stateId: w.stateId, email: 'gone@demo.test', isArchived: true });
  const archive = { method: 'PUT' as const, url: `/api/judge/${w.judge.userId}/archive` };
  const reinstate = { method: 'PUT' as const, url: `/api/judge/${archivedId}/reinstate` };
  await assertRefusedWithoutChange(w.t, judgeTables, [
    ...writeRefusals(archive, w),
    ...writeRefusals(reinstate, w),
    { label: 'archive, other state', request: { ...archive, headers: w.otherAdmin.headers }, status: 403 },
    { label: 'reinstate, other state', request: { ...reinstate, headers: w.otherAdmin.headers }, status: 403 },
    {
      label: 'unknown judge',
      request: { method: 'PUT', url: '/api/judge/999999/archive', headers: w.admin.headers },
      status: 404,
    },
  ]);
});

Judges(
  'a judge id that is not plain decimal is a 400: judge/0x10/archive archives no one, not judge 16',
  async ({ w }) => {
    const judge16 = await w.t.db
      .selectFrom('judge_profile')
      .select('is_archived')
      .where('user_id', '=', 16)
      .executeTakeFirst();
    assert.is(judge16?.is_archived, 0, 'the demo has an active judge 16');
    const malformed = ['0x10', '0b10000', '1.6e1', '16.0', ' 16', '+16', '016', '-16', '0'];
    await assertRefusedWithoutChange(
      w.t,
      judgeTables,
      [w.admin, w.ultra].flatMap((session) =>
        malformed.flatMap((id) =>
          (['archive', 'reinstate'] as const).map((action) => ({
            label: `${action} '${id}'`,
            request: {
              method: 'PUT' as const,
              url: `/api/judge/${encodeURIComponent(id)}/${action}`,
              headers: session.headers,
            },
            status: 400,
            code: 'VALIDATION_FAILED',
          })),
        ),
      ),
    );
  },
);

Judges(
  "another state's judges: SUPER, ADMIN and STANDARD refused, ULTRA may; an expired account cannot write its own",
  async ({ w }) => {
    const archivedPa = await createJudge(w.t.db, { stateId: w.other.stateId, email: 'gone@pa.test', isArchived: true });
    const archivedNj = await createJudge(w.t.db, {
      stateId: w.expired.stateId,
      email: 'gone@nj.test',
      isArchived: true,
    });
    const calls = (judgeId: number, archivedId: number, email: string) => [
      { method: 'PUT' as const, url: `/api/judge/${judgeId}`, payload: { ...newJudge, judgeEmail: email } },
      { method: 'PUT' as const, url: `/api/judge/${judgeId}/archive` },
      { method: 'PUT' as const, url: `/api/judge/${archivedId}/reinstate` },
    ];
    const pennsylvania = calls(w.other.judgeId, archivedPa, 'judge@pa.test');
    await assertRefusedWithoutChange(w.t, judgeTables, [
      ...pennsylvania.flatMap((request) =>
        (
          [
            ['super', w.super],
            ['delaware admin', w.admin],
            ['delaware standard', w.standard],
            ['pennsylvania standard', w.otherStandard],
            ['delaware judge', w.judge],
          ] as const
        ).map(([label, session]) => ({
          label: `${label} ${request.method} ${request.url}`,
          request: { ...request, headers: session.headers },
          status: 403,
        })),
      ),
      ...calls(w.expired.judgeId, archivedNj, 'judge@nj.test').map((request) => ({
        label: `expired account ${request.method} ${request.url}`,
        request: { ...request, headers: w.expiredAdmin.headers },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      })),
      {
        label: 'expired account adds a judge',
        request: { method: 'POST', url: '/api/judge', headers: w.expiredAdmin.headers, payload: newJudge },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      },
    ]);
    for (const request of pennsylvania) {
      const response = await w.t.app.inject({ ...request, headers: w.ultra.headers });
      assert.is(response.statusCode, 200, `ULTRA ${request.method} ${request.url}: ${response.body}`);
    }
  },
);

Judges.run();
