import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Messages } from '@judging/shared-types';
import { sql } from 'kysely';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';

const Auth = suite<{ t: TestApp }>('auth routes');
Auth.before.each(async (context) => {
  context.t = await buildTestApp();
});
Auth.after.each(async (context) => {
  await context.t.close();
});

const demoLandings = [
  ['ultra@demo.test', 'ULTRA'],
  ['super@demo.test', 'SUPER'],
  ['admin@demo.test', 'ADMIN'],
  ['standard@demo.test', 'STANDARD'],
  ['judge1@demo.test', 'JUDGE'],
  ['judge12@demo.test', 'JUDGE'],
] as const;

Auth('every demo role logs in and gets the seed session user', async ({ t }) => {
  for (const [email, role] of demoLandings) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/user',
      payload: { username: email, password: 'Demo-2026!' },
    });
    assert.is(response.statusCode, 200, email);
    const body = response.json();
    assert.is(body.status, 'Success');
    assert.type(body.token, 'string');
    assert.is(body.user.role, role);
    assert.is(body.user.email, email);
    assert.equal(Object.keys(body.user).sort(), ['email', 'firstName', 'lastName', 'phone', 'role', 'state', 'userId']);
    assert.is(body.user.state.stateName, 'Delaware');
    assert.ok(Date.parse(body.expiresAt) > Date.now() + 48 * 3600 * 1000, 'token outlasts a competition day offline');
  }
});

Auth('email is matched case-insensitively', async ({ t }) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'Admin@Demo.Test', password: 'Demo-2026!' },
  });
  assert.is(response.statusCode, 200);
});

Auth('wrong password and unknown email give the seed 401 message', async ({ t }) => {
  for (const payload of [
    { username: 'admin@demo.test', password: 'wrong-password' },
    { username: 'nobody@demo.test', password: 'Demo-2026!' },
  ]) {
    const response = await t.app.inject({ method: 'POST', url: '/api/login/user', payload });
    assert.is(response.statusCode, 401);
    assert.is(
      response.json().message,
      'There was an issue with your username or password. Please try logging in again.',
    );
    assert.is(response.json().code, 'INVALID_CREDENTIALS');
  }
});

Auth('a bad login body gets the seed validation messages', async ({ t }) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'not-an-email', password: '' },
  });
  assert.is(response.statusCode, 400);
  assert.equal(response.json().errors, [
    { field: 'username', message: 'Email format is invalid' },
    { field: 'password', message: 'Password is required' },
  ]);
});

Auth('an archived judge cannot log in and their token stops working', async ({ t }) => {
  const judge = await loginAs(t.app, 'judge2@demo.test');
  await t.db.updateTable('judge_profile').set({ is_archived: 1 }).where('user_id', '=', judge.user.userId).execute();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'judge2@demo.test', password: 'Demo-2026!' },
  });
  assert.is(login.statusCode, 401);
  assert.is(login.json().message, Messages.invalidCredentials);
  const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: judge.headers });
  assert.is(session.statusCode, 401);
});

Auth('a token is refused after logout', async ({ t }) => {
  const admin = await loginAs(t.app, 'admin@demo.test');
  const before = await t.app.inject({ method: 'GET', url: '/api/session', headers: admin.headers });
  assert.is(before.statusCode, 200);
  assert.is(before.json().user.email, 'admin@demo.test');
  const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: admin.headers });
  assert.is(logout.statusCode, 200);
  const after = await t.app.inject({ method: 'GET', url: '/api/session', headers: admin.headers });
  assert.is(after.statusCode, 401);
  assert.is(after.json().message, 'Failed to authenticate token.');
});

Auth('no token, a forged token and a malformed header are refused', async ({ t }) => {
  for (const headers of [{}, { authorization: 'Bearer not.a.jwt' }, { authorization: 'Basic abc' }]) {
    const response = await t.app.inject({ method: 'GET', url: '/api/session', headers });
    assert.is(response.statusCode, 401);
    assert.is(response.json().code, 'TOKEN_INVALID');
  }
  const forged = t.app.jwt.sign({ sub: '1', role: 'ULTRA', stateId: 1, tv: 99 });
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/session',
    headers: { authorization: `Bearer ${forged}` },
  });
  assert.is(response.statusCode, 401, 'a token with a stale version is refused');
});

async function latestResetToken(t: TestApp, email: string): Promise<string> {
  const row = await t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('email_id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /account-help-reset\?token=([\w-]+)/.exec(row.body_text);
  if (!match?.[1]) throw new Error(`no reset link in: ${row.body_text}`);
  return match[1];
}

Auth('password reset works end to end through the outbox, once', async ({ t }) => {
  const judge = await loginAs(t.app, 'judge3@demo.test');
  const send = await t.app.inject({
    method: 'POST',
    url: '/api/login/sendResetPassword',
    payload: { email: 'JUDGE3@demo.test', captcha: await solveCaptcha(t.app) },
  });
  assert.is(send.statusCode, 200);
  const token = await latestResetToken(t, 'judge3@demo.test');

  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/login/resetPassword',
    payload: { password: 'a brand new pass', confirmPassword: 'a brand new pass', token, email: 'judge3@demo.test' },
  });
  assert.is(reset.statusCode, 200);
  assert.is(
    (await t.app.inject({ method: 'GET', url: '/api/session', headers: judge.headers })).statusCode,
    401,
    'old token revoked',
  );
  await loginAs(t.app, 'judge3@demo.test', 'a brand new pass');
  const oldPassword = await t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'judge3@demo.test', password: 'Demo-2026!' },
  });
  assert.is(oldPassword.statusCode, 401);

  const reuse = await t.app.inject({
    method: 'POST',
    url: '/api/login/resetPassword',
    payload: { password: 'yet another pass', confirmPassword: 'yet another pass', token },
  });
  assert.is(reuse.statusCode, 400);
  assert.is(reuse.json().code, 'RESET_TOKEN_INVALID');
  await loginAs(t.app, 'judge3@demo.test', 'a brand new pass');
});

Auth('reset request answers the same for an unknown email and sends nothing', async ({ t }) => {
  const known = await t.app.inject({
    method: 'POST',
    url: '/api/login/sendResetPassword',
    payload: { email: 'admin@demo.test', captcha: await solveCaptcha(t.app) },
  });
  const unknown = await t.app.inject({
    method: 'POST',
    url: '/api/login/sendResetPassword',
    payload: { email: 'ghost@demo.test', captcha: await solveCaptcha(t.app) },
  });
  assert.is(unknown.statusCode, known.statusCode);
  assert.equal(unknown.json(), known.json());
  const ghostMail = await t.db
    .selectFrom('email_outbox')
    .select('email_id')
    .where('to_address', '=', 'ghost@demo.test')
    .execute();
  assert.is(ghostMail.length, 0);
});

Auth(
  'reset request: without a solved captcha 400 CAPTCHA_FAILED and nothing sent; a forged one alike',
  async ({ t }) => {
    const requestReset = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/login/sendResetPassword', payload });
    const missing = await requestReset({ email: 'judge5@demo.test' });
    assert.is(missing.statusCode, 400);
    assert.is(missing.json().code, 'VALIDATION_FAILED', 'the form requires it, as the request forms do');
    assert.equal(missing.json().errors, [{ field: 'captcha', message: 'Please confirm you are not a robot' }]);
    for (const captcha of ['Zm9yZ2Vk', 'x']) {
      const forged = await requestReset({ email: 'judge5@demo.test', captcha });
      assert.is(forged.statusCode, 400, captcha);
      assert.is(forged.json().code, 'CAPTCHA_FAILED', captcha);
    }
    const tables = await t.db.selectFrom('email_outbox').select('email_id').execute();
    assert.equal(tables, [], 'no email queued');
    assert.equal(await t.db.selectFrom('password_reset_token').select('user_id').execute(), [], 'no link made');
    const solved = await requestReset({ email: 'judge5@demo.test', captcha: await solveCaptcha(t.app) });
    assert.is(solved.statusCode, 200);
    assert.is((await t.db.selectFrom('email_outbox').select('email_id').execute()).length, 1);
  },
);

Auth(
  'reset request: one email per address per 5 minutes, with the same neutral answer (decisions §7)',
  async ({ t }) => {
    const requestReset = async (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/sendResetPassword',
        payload: { email, captcha: await solveCaptcha(t.app) },
      });
    const mailsTo = async (email: string) =>
      (await t.db.selectFrom('email_outbox').select('email_id').where('to_address', '=', email).execute()).length;
    const first = await requestReset('judge8@demo.test');
    const second = await requestReset('JUDGE8@demo.test');
    assert.is(second.statusCode, 200);
    assert.equal(second.json(), first.json(), 'the answer does not tell that nothing went out');
    assert.is(await mailsTo('judge8@demo.test'), 1, 'two requests within 5 minutes send one email');
    assert.is((await requestReset('judge9@demo.test')).statusCode, 200);
    assert.is(await mailsTo('judge9@demo.test'), 1, 'another address is not held back');

    // Five minutes later the next request sends again.
    const sixMinutesAgo = new Date(Date.now() - 6 * 60 * 1000).toISOString();
    await sql`update password_reset_token set created_at = ${sixMinutesAgo}`.execute(t.db);
    assert.is((await requestReset('judge8@demo.test')).statusCode, 200);
    assert.is(await mailsTo('judge8@demo.test'), 2);
  },
);

Auth('reset refuses an expired token, a short password and a mismatch, changing nothing', async ({ t }) => {
  await t.app.inject({
    method: 'POST',
    url: '/api/login/sendResetPassword',
    payload: { email: 'judge4@demo.test', captcha: await solveCaptcha(t.app) },
  });
  const token = await latestResetToken(t, 'judge4@demo.test');
  const short = await t.app.inject({
    method: 'POST',
    url: '/api/login/resetPassword',
    payload: { password: 'short', confirmPassword: 'short', token },
  });
  assert.is(short.statusCode, 400);
  assert.is(short.json().message, 'Password must be between 8 and 64 characters long');
  const mismatch = await t.app.inject({
    method: 'POST',
    url: '/api/login/resetPassword',
    payload: { password: 'long enough 1', confirmPassword: 'long enough 2', token },
  });
  assert.is(mismatch.statusCode, 400);
  assert.is(mismatch.json().message, 'Password must match');
  await t.db
    .updateTable('password_reset_token')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
  const expired = await t.app.inject({
    method: 'POST',
    url: '/api/login/resetPassword',
    payload: { password: 'long enough 1', confirmPassword: 'long enough 1', token },
  });
  assert.is(expired.statusCode, 400);
  assert.is(expired.json().code, 'RESET_TOKEN_INVALID');
  await loginAs(t.app, 'judge4@demo.test');
});

Auth.run();
