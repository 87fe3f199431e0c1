import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  type AdminWorld,
  type Session,
  type TableList,
} from '../../test-support/sessions.ts';

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

const Permissions = suite<{ w: AdminWorld }>('PUT /api/user/:userId permissions');
Permissions.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Permissions.after.each(async (context) => {
  await context.w.t.close();
});

const settingsTables: TableList = ['app_user', 'audit_log'];

Permissions(
  "nobody changes another user's settings or their own role; every refusal leaves the database unchanged",
  async ({ w }) => {
    const own = (session: Session, payload: Record<string, unknown> = {}) => ({
      method: 'PUT' as const,
      url: `/api/user/${session.userId}`,
      headers: session.headers,
      payload: { ...validUpdate, userEmail: `changed.${session.userId}@demo.test`, ...payload },
    });
    const adminsSettings = (session: Session) => ({ ...own(w.admin), headers: session.headers });
    await assertRefusedWithoutChange(w.t, settingsTables, [
      { label: 'no token', request: { ...own(w.admin), headers: {} }, status: 401 },
      { label: 'STANDARD edits the admin', request: adminsSettings(w.standard), status: 403 },
      { label: 'a judge edits the admin', request: adminsSettings(w.judge), status: 403 },
      { label: "another state's admin edits the admin", request: adminsSettings(w.otherAdmin), status: 403 },
      { label: "another state's standard edits the admin", request: adminsSettings(w.otherStandard), status: 403 },
      { label: 'ULTRA edits the admin (settings are your own only)', request: adminsSettings(w.ultra), status: 403 },
      { label: 'SUPER edits the admin', request: adminsSettings(w.super), status: 403 },
      {
        label: "the admin edits another state's standard",
        request: { ...own(w.otherStandard), headers: w.admin.headers },
        status: 403,
      },
      {
        label: 'own path, another user named in the body',
        request: own(w.standard, { userId: w.admin.userId }),
        status: 403,
      },
      { label: 'STANDARD makes itself Admin', request: own(w.standard, { userRole: 'Admin' }), status: 403 },
      { label: 'ADMIN makes itself ULTRA', request: own(w.admin, { userRole: 'ultra' }), status: 403 },
      { label: 'ADMIN makes itself Standard', request: own(w.admin, { userRole: 'Standard' }), status: 403 },
      { label: 'a judge makes itself Admin', request: own(w.judge, { userRole: 'ADMIN' }), status: 403 },
      {
        label: 'another state admin makes itself SUPER',
        request: own(w.otherAdmin, { userRole: 'Super' }),
        status: 403,
      },
      { label: 'an unknown user', request: { ...own(w.admin), url: '/api/user/999999' }, status: 403 },
      { label: 'a malformed user id', request: { ...own(w.admin), url: '/api/user/abc' }, status: 400 },
      {
        label: 'STANDARD: a blank first name',
        request: own(w.standard, { userFirstName: '' }),
        status: 400,
        fieldError: ['userFirstName', 'First Name is required'],
      },
      {
        label: 'a judge: a malformed email',
        request: own(w.judge, { userEmail: 'judge-at-demo' }),
        status: 400,
        fieldError: ['userEmail', 'Email format is invalid'],
      },
      {
        label: "STANDARD takes another state's user's email",
        request: own(w.standard, { userEmail: w.other.adminEmail }),
        status: 409,
        message: 'That email is already used by another user',
      },
    ]);
  },
);

Permissions(
  'STANDARD, JUDGE and users of other or expired states edit their own settings only, audited in their state',
  async ({ w }) => {
    for (const [label, session] of [
      ['Delaware standard', w.standard],
      ['Delaware judge', w.judge],
      ['Pennsylvania standard', w.otherStandard],
      // Own contact details are the user's, not the account's data: an expired account does not block them.
      ['New Jersey admin, account expired', w.expiredAdmin],
    ] as const) {
      const email = `own.${session.userId}@example.test`;
      const response = await w.t.app.inject({
        method: 'PUT',
        url: `/api/user/${session.userId}`,
        headers: session.headers,
        payload: { ...validUpdate, userEmail: email },
      });
      assert.is(response.statusCode, 200, `${label}: ${response.body}`);
      assert.is(response.json().user.email, email, label);
      const audit = await w.t.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('audit_id', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(
        [audit.entity_type, audit.entity_id, audit.user_id, audit.state_id],
        ['user_settings', String(session.userId), session.userId, session.stateId],
        label,
      );
    }
  },
);

Permissions.run();
