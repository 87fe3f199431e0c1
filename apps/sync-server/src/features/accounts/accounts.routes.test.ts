// The accounts API: the list, one account, and renewing it.
import * as assert from 'uvu/assert';
import { todayIso } from '../../common/clock.ts';
import { stateIdByCode } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, type AdminWorld } from '../../test-support/sessions.ts';
import { addYears } from './account-dates.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { accountTables, lastAudit } from './accounts.routes.fixtures.ts';

const Accounts = createAdminWorldSuite('accounts API');

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

Accounts.run();
