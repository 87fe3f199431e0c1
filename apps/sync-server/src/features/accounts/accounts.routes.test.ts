import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { todayIso } from '../../http/clock.ts';
import type { InjectOptions } from 'fastify';
import { createUser, stateIdByCode } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  sessionFor,
  stateWriteRefusals,
  writeRefusals,
  type AdminWorld,
  type Refusal,
  type Session,
  type TableList,
} from '../../test-support/sessions.ts';
import { addYears } from './account-dates.ts';

const Accounts = suite<{ w: AdminWorld }>('accounts API');
Accounts.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Accounts.after.each(async (context) => {
  await context.w.t.close();
});

const accountTables: TableList = ['account', 'app_user', 'password_reset_token', 'email_outbox', 'audit_log'];
const newUser = {
  userFirstName: 'Rita',
  userLastName: 'Moreno',
  userEmail: 'Rita.Moreno@Example.test',
  userPhone: '(302) 555-0160',
  userRole: 'Standard',
};

/** The add/edit user form's messages (seed section 5 "User (admin)"). */
const userCases: Array<[Record<string, unknown>, string, string]> = [
  [{ userFirstName: '' }, 'userFirstName', 'First Name is required'],
  [{ userLastName: ' ' }, 'userLastName', 'Last Name is required'],
  [{ userEmail: '' }, 'userEmail', 'Email is required'],
  [{ userEmail: 'rita.moreno' }, 'userEmail', 'Email format is invalid'],
  [{ userPhone: '' }, 'userPhone', 'Phone number is required'],
  [{ userRole: '' }, 'userRole', 'Role is required'],
  [{ userRole: 'ultra' }, 'userRole', 'Role must be Admin or Standard'],
];

async function lastAudit(w: AdminWorld) {
  return w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
}

async function expirationOf(w: AdminWorld, stateId: number): Promise<string> {
  return (
    await w.t.db
      .selectFrom('account')
      .select('expiration_date')
      .where('state_id', '=', stateId)
      .executeTakeFirstOrThrow()
  ).expiration_date;
}

Accounts(
  'ULTRA and SUPER list every account with state, primary contact and status; no one else may',
  async ({ w }) => {
    for (const session of [w.ultra, w.super]) {
      const response = await w.t.app.inject({ url: '/api/account', headers: session.headers });
      assert.is(response.statusCode, 200);
      const accounts = response.json() as Array<{
        accountState: { stateName: string };
        accountActive: boolean;
        primaryContact: { userEmail: string };
      }>;
      assert.equal(
        accounts.map((account) => [
          account.accountState.stateName,
          account.accountActive,
          account.primaryContact.userEmail,
        ]),
        [
          ['Delaware', true, 'admin@demo.test'],
          ['New Jersey', false, 'admin@nj.test'],
          ['Pennsylvania', true, 'admin@pa.test'],
        ],
      );
    }
    for (const session of [w.admin, w.standard, w.judge]) {
      assert.is((await w.t.app.inject({ url: '/api/account', headers: session.headers })).statusCode, 403);
    }
    assert.is((await w.t.app.inject({ url: '/api/account' })).statusCode, 401);
  },
);

Accounts(
  "account detail: by state id; ADMIN and STANDARD see their own state's, ULTRA and SUPER any",
  async ({ w }) => {
    for (const session of [w.admin, w.standard, w.ultra]) {
      const response = await w.t.app.inject({ url: `/api/account/${w.stateId}`, headers: session.headers });
      assert.is(response.statusCode, 200);
      const account = response.json();
      assert.equal(account.accountState, { stateId: w.stateId, stateName: 'Delaware' });
      assert.match(account.accountSignupDate, /^\d{4}-\d{2}-\d{2}$/);
      assert.is(account.accountActive, true);
      assert.equal(
        account.users.map((user: { userEmail: string; userRole: string; isPrimaryUser: boolean }) => [
          user.userEmail,
          user.userRole,
          user.isPrimaryUser,
        ]),
        [
          ['admin@demo.test', 'Admin', true],
          ['standard@demo.test', 'Standard', false],
        ],
        'ULTRA, SUPER and judges are no account users',
      );
    }
    const expired = await w.t.app.inject({
      url: `/api/account/${w.expiredAdmin.stateId}`,
      headers: w.expiredAdmin.headers,
    });
    assert.is(expired.json().accountActive, false);
    assert.is(
      (await w.t.app.inject({ url: `/api/account/${w.other.stateId}`, headers: w.super.headers })).statusCode,
      200,
    );
    assert.is(
      (await w.t.app.inject({ url: `/api/account/${w.stateId}`, headers: w.otherAdmin.headers })).statusCode,
      403,
    );
    assert.is(
      (await w.t.app.inject({ url: `/api/account/${w.stateId}`, headers: w.otherStandard.headers })).statusCode,
      403,
    );
    assert.is((await w.t.app.inject({ url: `/api/account/${w.stateId}`, headers: w.judge.headers })).statusCode, 403);
    assert.is((await w.t.app.inject({ url: `/api/account/${w.stateId}` })).statusCode, 401);
    const maryland = await stateIdByCode(w.t.db, 'MD');
    const none = await w.t.app.inject({ url: `/api/account/${maryland}`, headers: w.ultra.headers });
    assert.is(none.statusCode, 404);
    assert.is(none.json().message, 'This state has no account.');
  },
);

Accounts('renew: from the later of today and the expiration, audited, ULTRA and SUPER only', async ({ w }) => {
  const current = await expirationOf(w, w.stateId);
  const renewed = await w.t.app.inject({
    method: 'PUT',
    url: `/api/account/${w.stateId}/renew/2`,
    headers: w.ultra.headers,
  });
  assert.is(renewed.statusCode, 200, renewed.body);
  assert.is(renewed.json().message, 'Account renewed for 2 year(s).');
  assert.is(
    renewed.json().account.accountExpirationDate,
    addYears(current, 2),
    'an unexpired account extends from its expiration',
  );
  const audit = await lastAudit(w);
  assert.equal(
    [audit.action, audit.entity_type, audit.state_id, audit.user_id],
    ['renew', 'account', w.stateId, w.ultra.userId],
  );
  assert.equal(JSON.parse(audit.before_json ?? '{}'), { expirationDate: current });

  const lapsed = await w.t.app.inject({
    method: 'PUT',
    url: `/api/account/${w.expiredAdmin.stateId}/renew/1`,
    headers: w.super.headers,
  });
  assert.is(lapsed.statusCode, 200);
  assert.is(lapsed.json().message, 'Account renewed for 1 year(s).');
  assert.is(
    lapsed.json().account.accountExpirationDate,
    addYears(todayIso(), 1),
    'an expired account extends from today',
  );
  assert.is(lapsed.json().account.accountActive, true);

  const renew = { method: 'PUT' as const, url: `/api/account/${w.stateId}/renew/1` };
  const maryland = await stateIdByCode(w.t.db, 'MD');
  await assertRefusedWithoutChange(w.t, accountTables, [
    { label: 'admin', request: { ...renew, headers: w.admin.headers }, status: 403 },
    { label: 'standard', request: { ...renew, headers: w.standard.headers }, status: 403 },
    { label: 'judge', request: { ...renew, headers: w.judge.headers }, status: 403 },
    {
      label: 'expired admin renewing itself',
      request: { ...renew, url: `/api/account/${w.expiredAdmin.stateId}/renew/1`, headers: w.expiredAdmin.headers },
      status: 403,
    },
    { label: 'no token', request: renew, status: 401 },
    {
      label: '0 years',
      request: { ...renew, url: `/api/account/${w.stateId}/renew/0`, headers: w.ultra.headers },
      status: 400,
      message: 'Renew for 1 to 6 years',
    },
    {
      label: '7 years',
      request: { ...renew, url: `/api/account/${w.stateId}/renew/7`, headers: w.ultra.headers },
      status: 400,
      message: 'Renew for 1 to 6 years',
    },
    {
      label: 'no account',
      request: { ...renew, url: `/api/account/${maryland}/renew/1`, headers: w.ultra.headers },
      status: 404,
    },
  ]);
});

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

Accounts('ULTRA opens an account: signup today, a year to run, its primary Admin invited by email', async ({ w }) => {
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/account/',
    headers: w.ultra.headers,
    payload: {
      accountStateName: ' maryland ',
      userFirstName: 'Mae',
      userLastName: 'Jemison',
      userEmail: 'mae@md.test',
      userPhone: '410-555-0100',
    },
  });
  assert.is(response.statusCode, 201, response.body);
  assert.is(response.json().message, 'Account added successfully.');
  const account = response.json().account;
  const today = todayIso();
  assert.equal(
    [
      account.accountState.stateName,
      account.accountSignupDate,
      account.accountExpirationDate,
      account.accountActive,
      account.primaryContact.userEmail,
    ],
    ['Maryland', today, addYears(today, 1), true, 'mae@md.test'],
  );
  assert.equal(
    account.users.map((user: { userRole: string; isPrimaryUser: boolean }) => [user.userRole, user.isPrimaryUser]),
    [['Admin', true]],
  );
  assert.ok(
    await w.t.db
      .selectFrom('email_outbox')
      .select('email_id')
      .where('to_address', '=', 'mae@md.test')
      .executeTakeFirst(),
  );
  const audits = await w.t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_type', 'state_id'])
    .where('state_id', '=', account.accountState.stateId)
    .execute();
  assert.equal(audits, [{ action: 'create', entity_type: 'account', state_id: account.accountState.stateId }]);

  const byId = await w.t.app.inject({
    method: 'POST',
    url: '/api/account',
    headers: w.super.headers,
    payload: {
      stateId: await stateIdByCode(w.t.db, 'GU'),
      userFirstName: 'Gus',
      userLastName: 'Cruz',
      userEmail: 'gus@gu.test',
      userPhone: '6715550100',
    },
  });
  assert.is(byId.statusCode, 201);
  assert.is(byId.json().account.accountState.stateName, 'Guam');
});

Accounts(
  'open account: State is required, the user messages, taken states and emails, refusals change nothing',
  async ({ w }) => {
    const body = {
      accountStateName: 'Maryland',
      userFirstName: 'Mae',
      userLastName: 'Jemison',
      userEmail: 'mae@md.test',
      userPhone: '410-555-0100',
    };
    const add = { method: 'POST' as const, url: '/api/account', headers: w.ultra.headers, payload: body };
    const { accountStateName: _name, ...withoutState } = body;
    const cases = userCases.filter(([change]) => !('userRole' in change));
    await assertRefusedWithoutChange(w.t, accountTables, [
      { label: 'no state', request: { ...add, payload: withoutState }, status: 400, message: 'State is required' },
      {
        label: 'blank state',
        request: { ...add, payload: { ...body, accountStateName: ' ' } },
        status: 400,
        message: 'State is required',
      },
      {
        label: 'unknown state',
        request: { ...add, payload: { ...body, accountStateName: 'Atlantis' } },
        status: 400,
        fieldError: ['accountStateName', 'Choose a state from the list.'],
      },
      {
        label: 'state with an account',
        request: { ...add, payload: { ...body, accountStateName: 'Delaware' } },
        status: 409,
        message: 'That state already has an account.',
      },
      { label: 'taken email', request: { ...add, payload: { ...body, userEmail: 'admin@pa.test' } }, status: 409 },
      ...cases.map(([change, field, message]) => ({
        label: message,
        request: { ...add, payload: { ...body, ...change } },
        status: 400,
        fieldError: [field, message] as [string, string],
      })),
      { label: 'admin', request: { ...add, headers: w.admin.headers }, status: 403 },
      { label: 'standard', request: { ...add, headers: w.standard.headers }, status: 403 },
      { label: 'judge', request: { ...add, headers: w.judge.headers }, status: 403 },
      { label: 'no token', request: { ...add, headers: {} }, status: 401 },
    ]);
  },
);

Accounts(
  'permission matrix: every account write refused to STANDARD, JUDGE, visitors, other states and expired accounts; nothing changes',
  async ({ w }) => {
    const target = await createUser(w.t.db, { stateId: w.stateId, email: 'target@demo.test', role: 'STANDARD' });
    const expiredTarget = await createUser(w.t.db, {
      stateId: w.expired.stateId,
      email: 'target@nj.test',
      role: 'STANDARD',
    });
    const edit = { ...newUser, userEmail: 'target@demo.test', userRole: 'Admin' };
    const userCalls = (stateId: number, userId: number) => [
      { method: 'POST' as const, url: `/api/account/${stateId}/user`, payload: newUser },
      { method: 'PUT' as const, url: `/api/account/${stateId}/user/${userId}`, payload: edit },
      { method: 'DELETE' as const, url: `/api/account/${stateId}/user/${userId}` },
    ];
    const renew = { method: 'PUT' as const, url: `/api/account/${w.stateId}/renew/1` };
    const open = {
      method: 'POST' as const,
      url: '/api/account',
      payload: {
        accountStateName: 'Maryland',
        userFirstName: 'Mae',
        userLastName: 'Jemison',
        userEmail: 'mae@md.test',
        userPhone: '410-555-0100',
      },
    };
    const refusedOnly = (request: InjectOptions, callers: Array<[string, Session]>): Refusal[] =>
      callers.map(([label, session]) => ({
        label: `${request.method} ${request.url}: ${label}`,
        request: { ...request, headers: session.headers },
        status: 403,
      }));
    await assertRefusedWithoutChange(w.t, accountTables, [
      ...userCalls(w.stateId, target).flatMap((request) => [
        ...stateWriteRefusals(w, request),
        ...refusedOnly(request, [["another state's standard", w.otherStandard]]),
      ]),
      ...userCalls(w.expired.stateId, expiredTarget).map((request) => ({
        label: `${request.method} ${request.url}: an expired account's admin, own account`,
        request: { ...request, headers: w.expiredAdmin.headers },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      })),
      { label: 'renew: visitor', request: renew, status: 401 },
      ...refusedOnly(renew, [
        ['admin of the state', w.admin],
        ['standard of the state', w.standard],
        ['judge', w.judge],
        ["another state's admin", w.otherAdmin],
        ["an expired account's admin", w.expiredAdmin],
      ]),
      { label: 'open: visitor', request: open, status: 401 },
      ...refusedOnly(open, [
        ['admin', w.admin],
        ['standard', w.standard],
        ['judge', w.judge],
        ["another state's admin", w.otherAdmin],
        ["an expired account's admin", w.expiredAdmin],
      ]),
    ]);
    // ULTRA and SUPER manage every state's account users.
    const byUltra = await w.t.app.inject({ ...userCalls(w.stateId, target)[1], headers: w.ultra.headers });
    assert.is(byUltra.statusCode, 200, byUltra.body);
    const bySuper = await w.t.app.inject({
      ...userCalls(w.expired.stateId, expiredTarget)[2],
      headers: w.super.headers,
    });
    assert.is(bySuper.statusCode, 200, bySuper.body);
  },
);

Accounts.run();
