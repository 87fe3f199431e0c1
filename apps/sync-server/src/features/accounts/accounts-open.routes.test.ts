// ULTRA opening an account, and the permission matrix of every account write.
import * as assert from 'uvu/assert';
import { todayIso } from '../../common/clock.ts';
import type { InjectOptions } from 'fastify';
import { createUser, stateIdByCode } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  stateWriteRefusals,
  type Refusal,
  type Session,
} from '../../test-support/sessions.ts';
import { addYears } from './account-dates.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { accountTables, newUser, userCases } from './accounts.routes.fixtures.ts';

const Accounts = createAdminWorldSuite('accounts API: open and permissions');

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
