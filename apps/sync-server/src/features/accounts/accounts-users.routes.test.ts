// The users of an account: added (invited by email), edited and removed.
import * as assert from 'uvu/assert';
import { stateIdByCode } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, sessionFor, writeRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { accountTables, newUser, userCases, lastAudit } from './accounts.routes.fixtures.ts';

const Accounts = createAdminWorldSuite('accounts API: users');

Accounts(
  'an ADMIN adds a user to their account, who is invited by email; ULTRA may add to any account',
  async ({ w }) => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: `/api/account/${w.stateId}/user`,
      headers: w.admin.headers,
      payload: { ...newUser, userRole: 'standard' },
    });
    assert.is(response.statusCode, 201, response.body);
    assert.is(response.json().message, 'User added successfully.');
    const added = response
      .json()
      .account.users.find((user: { userEmail: string }) => user.userEmail === 'rita.moreno@example.test');
    assert.equal(
      { ...added, userId: 0 },
      {
        userId: 0,
        userFirstName: 'Rita',
        userLastName: 'Moreno',
        userPhone: '(302) 555-0160',
        userEmail: 'rita.moreno@example.test',
        userRole: 'Standard',
        userState: { stateId: w.stateId },
        isPrimaryUser: false,
      },
    );
    const row = await w.t.db
      .selectFrom('app_user')
      .select(['role', 'password_hash'])
      .where('user_id', '=', added.userId)
      .executeTakeFirstOrThrow();
    assert.is(row.role, 'STANDARD');
    assert.not.match(row.password_hash, /^\$argon2/, 'no password until the invitation is used');
    const email = await w.t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'rita.moreno@example.test')
      .executeTakeFirstOrThrow();
    assert.match(email.body_text, '/account-help-reset?token=');
    assert.ok(
      await w.t.db
        .selectFrom('password_reset_token')
        .select('user_id')
        .where('user_id', '=', added.userId)
        .executeTakeFirst(),
    );
    const audit = await lastAudit(w);
    assert.equal([audit.action, audit.entity_type, audit.entity_id], ['create', 'user', String(added.userId)]);

    const byUltra = await w.t.app.inject({
      method: 'POST',
      url: `/api/account/${w.other.stateId}/user`,
      headers: w.ultra.headers,
      payload: { ...newUser, userEmail: 'second@example.test', userRole: 'ADMIN' },
    });
    assert.is(byUltra.statusCode, 201);
    assert.ok(
      byUltra
        .json()
        .account.users.some(
          (user: { userEmail: string; userRole: string }) =>
            user.userEmail === 'second@example.test' && user.userRole === 'Admin',
        ),
    );
  },
);

Accounts('add user: every form message, refusals and a taken email leave the database unchanged', async ({ w }) => {
  const add = { method: 'POST' as const, url: `/api/account/${w.stateId}/user`, payload: newUser };
  const maryland = await stateIdByCode(w.t.db, 'MD');
  await assertRefusedWithoutChange(w.t, accountTables, [
    ...userCases.map(([change, field, message]) => ({
      label: message,
      request: { ...add, headers: w.admin.headers, payload: { ...newUser, ...change } },
      status: 400,
      fieldError: [field, message] as [string, string],
    })),
    ...writeRefusals(add, w),
    { label: "another state's admin", request: { ...add, headers: w.otherAdmin.headers }, status: 403 },
    {
      label: 'a taken email',
      request: { ...add, headers: w.admin.headers, payload: { ...newUser, userEmail: 'JUDGE4@demo.test' } },
      status: 409,
      message: 'A user with that email already exists.',
    },
    {
      label: 'a state without an account',
      request: { ...add, url: `/api/account/${maryland}/user`, headers: w.ultra.headers },
      status: 404,
    },
  ]);
});

Accounts('edit user: contact details and role; a role change revokes their tokens', async ({ w }) => {
  const edit = {
    method: 'PUT' as const,
    url: `/api/account/${w.stateId}/user/${w.standard.userId}`,
    headers: w.admin.headers,
  };
  const contact = await w.t.app.inject({
    ...edit,
    payload: { ...newUser, userId: w.standard.userId, userEmail: 'luis.ortega@demo.test' },
  });
  assert.is(contact.statusCode, 200, contact.body);
  assert.is(contact.json().message, 'User updated successfully.');
  assert.is(
    (await w.t.app.inject({ url: `/api/account/${w.stateId}`, headers: w.standard.headers })).statusCode,
    200,
    'same role: token still valid',
  );

  const promoted = await w.t.app.inject({
    ...edit,
    payload: { ...newUser, userEmail: 'luis.ortega@demo.test', userRole: 'Admin' },
  });
  assert.is(promoted.statusCode, 200);
  const user = promoted.json().account.users.find((item: { userId: number }) => item.userId === w.standard.userId);
  assert.equal([user.userFirstName, user.userEmail, user.userRole], ['Rita', 'luis.ortega@demo.test', 'Admin']);
  assert.is(
    (await w.t.app.inject({ url: `/api/account/${w.stateId}`, headers: w.standard.headers })).statusCode,
    401,
    'role change revoked the token',
  );
  const audit = await lastAudit(w);
  assert.equal([audit.action, audit.entity_type, audit.entity_id], ['update', 'user', String(w.standard.userId)]);
  assert.match(audit.before_json ?? '', '"STANDARD"');
  assert.match(audit.after_json ?? '', '"ADMIN"');
});

Accounts("edit user: messages, the primary user's role, refusals leave the database unchanged", async ({ w }) => {
  const edit = { method: 'PUT' as const, url: `/api/account/${w.stateId}/user/${w.standard.userId}`, payload: newUser };
  await assertRefusedWithoutChange(w.t, accountTables, [
    ...userCases.map(([change, field, message]) => ({
      label: message,
      request: { ...edit, headers: w.admin.headers, payload: { ...newUser, ...change } },
      status: 400,
      fieldError: [field, message] as [string, string],
    })),
    ...writeRefusals(edit, w),
    { label: "another state's admin", request: { ...edit, headers: w.otherAdmin.headers }, status: 403 },
    {
      label: 'the primary user made Standard',
      request: {
        ...edit,
        url: `/api/account/${w.stateId}/user/${w.admin.userId}`,
        headers: w.admin.headers,
        payload: { ...newUser, userRole: 'Standard' },
      },
      status: 409,
      message: 'The primary user of an account must stay an Admin.',
    },
    {
      label: 'a taken email',
      request: { ...edit, headers: w.admin.headers, payload: { ...newUser, userEmail: 'super@demo.test' } },
      status: 409,
    },
    {
      label: 'a judge is no account user',
      request: { ...edit, url: `/api/account/${w.stateId}/user/${w.judge.userId}`, headers: w.admin.headers },
      status: 404,
    },
    {
      label: 'ULTRA is no account user',
      request: { ...edit, url: `/api/account/${w.stateId}/user/${w.ultra.userId}`, headers: w.admin.headers },
      status: 404,
    },
    {
      label: "a user of another state's account",
      request: { ...edit, url: `/api/account/${w.stateId}/user/${w.otherStandard.userId}`, headers: w.admin.headers },
      status: 404,
    },
    {
      label: 'body names another user',
      request: { ...edit, headers: w.admin.headers, payload: { ...newUser, userId: w.admin.userId } },
      status: 400,
    },
  ]);
});

Accounts(
  'remove user: deleted and audited; never the primary user, oneself, or a user the history names',
  async ({ w }) => {
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/account/${w.stateId}/user/${w.standard.userId}`,
      headers: w.admin.headers,
    });
    assert.is(removed.statusCode, 200, removed.body);
    assert.is(removed.json().message, 'User removed successfully.');
    assert.is(
      await w.t.db.selectFrom('app_user').select('user_id').where('user_id', '=', w.standard.userId).executeTakeFirst(),
      undefined,
    );
    const audit = await lastAudit(w);
    assert.equal([audit.action, audit.entity_type, audit.entity_id], ['remove', 'user', String(w.standard.userId)]);
    assert.match(audit.before_json ?? '', 'standard@demo.test');

    // A second Admin who has changed competition data.
    const added = await w.t.app.inject({
      method: 'POST',
      url: `/api/account/${w.stateId}/user`,
      headers: w.admin.headers,
      payload: { ...newUser, userRole: 'Admin' },
    });
    const second = await sessionFor(w.t, 'rita.moreno@example.test');
    assert.is(added.statusCode, 201);
    const section = await w.t.app.inject({
      method: 'POST',
      url: '/api/section',
      headers: second.headers,
      payload: { sectionName: 'Plating' },
    });
    assert.is(section.statusCode, 201);

    const remove = (userId: number) => ({ method: 'DELETE' as const, url: `/api/account/${w.stateId}/user/${userId}` });
    await assertRefusedWithoutChange(w.t, accountTables, [
      {
        label: 'primary user',
        request: { ...remove(w.admin.userId), headers: second.headers },
        status: 409,
        message: 'The primary user of an account cannot be removed.',
      },
      {
        label: 'oneself',
        request: { ...remove(second.userId), headers: second.headers },
        status: 409,
        message: 'You cannot remove yourself.',
      },
      {
        label: 'a user with history',
        request: { ...remove(second.userId), headers: w.admin.headers },
        status: 409,
        message:
          'This user has made changes that the history keeps under their name, so they cannot be removed. Change their role to Standard instead.',
      },
      ...writeRefusals(
        { ...remove(second.userId), headers: {} },
        { judge: w.judge, standard: w.otherStandard, expiredAdmin: w.expiredAdmin },
      ),
      {
        label: "another state's admin",
        request: { ...remove(second.userId), headers: w.otherAdmin.headers },
        status: 403,
      },
      { label: 'unknown user', request: { ...remove(999999), headers: w.admin.headers }, status: 404 },
    ]);
  },
);

Accounts.run();
