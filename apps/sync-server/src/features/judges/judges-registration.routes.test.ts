// Judges registering themselves: the password policy, the state, duplicates and the captcha.
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { stateIdByCode } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { judgeTables, newJudge, contactCases, lastAudit } from './judges.routes.fixtures.ts';

const Judges = createAdminWorldSuite('judges API: public registration');

const registration = {
  judgeState: { stateId: 0 },
  ...newJudge,
  judgePassword: 'sautee-pan-42',
  confirmPassword: 'sautee-pan-42',
  profile: 'judge',
};

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

Judges("a coordinator's add-judge with a password is refused by name, not taken for a registration", async ({ w }) => {
  const { judgeState: _state, captcha: _captcha, ...withPassword } = { ...registration, captcha: undefined };
  const add = (payload: Record<string, unknown>, headers: Record<string, string>) => ({
    method: 'POST' as const,
    url: '/api/judge',
    headers,
    payload,
  });
  const sentence =
    'Coordinators invite judges: leave the password out. The judge gets an email and sets their own password.';
  const refusal = { status: 400, code: 'VALIDATION_FAILED', message: sentence };
  await assertRefusedWithoutChange(w.t, judgeTables, [
    {
      label: 'ADMIN with judgePassword and confirmPassword',
      request: add(withPassword, w.admin.headers),
      ...refusal,
      fieldError: ['judgePassword', sentence],
    },
    {
      label: 'ULTRA with a solved captcha too',
      request: add({ ...withPassword, captcha: await solveCaptcha(w.t.app) }, w.ultra.headers),
      ...refusal,
      fieldError: ['judgePassword', sentence],
    },
    {
      label: 'confirmPassword alone',
      request: add({ ...newJudge, confirmPassword: 'sautee-pan-42' }, w.super.headers),
      ...refusal,
      fieldError: ['confirmPassword', sentence],
    },
    // Who may not add judges is told so first, as without a password.
    {
      label: 'STANDARD is no coordinator: a registration, which needs its captcha',
      request: add({ ...withPassword, judgeState: { stateId: w.stateId } }, w.standard.headers),
      status: 400,
      code: 'CAPTCHA_FAILED',
    },
    { label: 'an expired account', request: add(withPassword, w.expiredAdmin.headers), status: 403 },
  ]);
  const refused = await w.t.app.inject(add(withPassword, w.admin.headers));
  assert.equal(
    (refused.json().errors as { field: string }[]).map((error) => error.field),
    ['judgePassword', 'confirmPassword'],
  );
  // The same coordinator without the password adds the judge, invited by email.
  const added = await w.t.app.inject(add(newJudge, w.admin.headers));
  assert.is(added.statusCode, 201, added.body);
  assert.is(added.json().message, 'Judge added successfully.');
});

Judges.run();
