import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';

const Settings = suite<{ t: TestApp }>('PUT /api/user/:userId');
Settings.before.each(async (context) => {
  context.t = await buildTestApp();
});
Settings.after.each(async (context) => {
  await context.t.close();
});

const validUpdate = {
  userEmail: 'new.admin@demo.test',
  userFirstName: 'Avery',
  userLastName: 'Stone',
  userPhone: '(302) 555-0199',
};

async function userRow(t: TestApp, userId: number) {
  return t.db
    .selectFrom('app_user')
    .select(['email', 'first_name', 'last_name', 'phone', 'role'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

Settings('a user updates their own settings, audited', async ({ t }) => {
  const admin = await loginAs(t.app, 'admin@demo.test');
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${admin.user.userId}`,
    headers: admin.headers,
    payload: { ...validUpdate, userEmail: 'New.Admin@Demo.Test' },
  });
  assert.is(response.statusCode, 200);
  assert.is(response.json().status, 'Success');
  assert.is(response.json().message, 'Update successful');
  assert.is(response.json().user.firstName, 'Avery');
  assert.equal(await userRow(t, admin.user.userId), {
    email: 'new.admin@demo.test',
    first_name: 'Avery',
    last_name: 'Stone',
    phone: '(302) 555-0199',
    role: 'ADMIN',
  });
  const audit = await t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'user_settings')
    .executeTakeFirstOrThrow();
  assert.is(audit.user_id, admin.user.userId);
  assert.match(audit.before_json ?? '', 'admin@demo.test');
  assert.match(audit.after_json ?? '', 'new.admin@demo.test');
  await loginAs(t.app, 'new.admin@demo.test');
});

Settings('every role, a judge included, may edit their own settings', async ({ t }) => {
  for (const email of ['ultra@demo.test', 'super@demo.test', 'standard@demo.test', 'judge5@demo.test']) {
    const session = await loginAs(t.app, email);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${session.user.userId}`,
      headers: session.headers,
      payload: { ...validUpdate, userEmail: email },
    });
    assert.is(response.statusCode, 200, email);
  }
});

Settings('validation gives the seed messages and changes nothing', async ({ t }) => {
  const admin = await loginAs(t.app, 'admin@demo.test');
  const before = await userRow(t, admin.user.userId);
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ ...validUpdate, userFirstName: '' }, 'userFirstName', 'First Name is required'],
    [{ ...validUpdate, userLastName: '   ' }, 'userLastName', 'Last Name is required'],
    [{ ...validUpdate, userEmail: '' }, 'userEmail', 'Email is required'],
    [{ ...validUpdate, userEmail: 'not-an-email' }, 'userEmail', 'Email format is invalid'],
    [{ ...validUpdate, userPhone: '' }, 'userPhone', 'Phone number is required'],
    [{ ...validUpdate, userPhone: '555-1234' }, 'userPhone', 'Phone number must have 10 digits'],
  ];
  for (const [payload, field, message] of cases) {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${admin.user.userId}`,
      headers: admin.headers,
      payload,
    });
    assert.is(response.statusCode, 400, message);
    assert.equal(response.json().errors[0], { field, message });
  }
  assert.equal(await userRow(t, admin.user.userId), before);
});

Settings('cannot change another user, nor their own role', async ({ t }) => {
  const admin = await loginAs(t.app, 'admin@demo.test');
  const judge = await loginAs(t.app, 'judge1@demo.test');
  const judgeBefore = await userRow(t, judge.user.userId);
  const other = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${judge.user.userId}`,
    headers: admin.headers,
    payload: validUpdate,
  });
  assert.is(other.statusCode, 403);
  const spoofedBody = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${admin.user.userId}`,
    headers: admin.headers,
    payload: { ...validUpdate, userId: judge.user.userId },
  });
  assert.is(spoofedBody.statusCode, 403);
  const escalate = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${judge.user.userId}`,
    headers: judge.headers,
    payload: { ...validUpdate, userRole: 'ultra' },
  });
  assert.is(escalate.statusCode, 403);
  const sameRole = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${judge.user.userId}`,
    headers: judge.headers,
    payload: { ...validUpdate, userRole: 'judge' },
  });
  assert.is(sameRole.statusCode, 200, 'restating the same role (any casing) is fine');
  assert.is((await userRow(t, judge.user.userId)).role, 'JUDGE');
  assert.not.equal(judgeBefore, await userRow(t, judge.user.userId));
});

Settings('an email already used by someone else is refused', async ({ t }) => {
  const admin = await loginAs(t.app, 'admin@demo.test');
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${admin.user.userId}`,
    headers: admin.headers,
    payload: { ...validUpdate, userEmail: 'judge1@demo.test' },
  });
  assert.is(response.statusCode, 409);
  assert.is(response.json().message, 'That email is already used by another user');
  assert.is((await userRow(t, admin.user.userId)).email, 'admin@demo.test');
});

Settings('no token is refused', async ({ t }) => {
  const response = await t.app.inject({ method: 'PUT', url: '/api/user/1', payload: validUpdate });
  assert.is(response.statusCode, 401);
});

Settings.run();
