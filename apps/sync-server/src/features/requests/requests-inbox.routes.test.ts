// The requests inbox: who sees which state's requests, and who may mark them handled.
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  stateWriteRefusals,
  type AdminWorld,
  type Session,
} from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { createRequestsSuite, contact } from './requests.routes.fixtures.ts';

const Requests = createRequestsSuite('public requests: inbox');

const Inbox = createAdminWorldSuite('requests inbox permission matrix');

Requests(
  'inbox: ULTRA and SUPER see every state, ADMIN its own; STANDARD, JUDGE and visitors refused',
  async ({ t, delawareId }) => {
    const other = await createSecondState(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(delawareId, await solveCaptcha(t.app)),
    });
    const pa = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(other.stateId, await solveCaptcha(t.app)),
    });
    const paEmail = await t.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('public_request_id', '=', pa.json().requestId)
      .executeTakeFirstOrThrow();
    assert.is(paEmail.to_address, other.adminEmail, "the other state's primary user");
    const count = async (email: string) => {
      const session = await loginAs(t.app, email);
      const response = await t.app.inject({ url: '/api/requests', headers: session.headers });
      return response.statusCode === 200 ? (response.json() as unknown[]).length : response.statusCode;
    };
    assert.is(await count('ultra@demo.test'), 2);
    assert.is(await count('super@demo.test'), 2);
    assert.is(await count('admin@demo.test'), 1);
    assert.is(await count(other.adminEmail), 1);
    assert.is(await count('standard@demo.test'), 403);
    assert.is(await count('judge1@demo.test'), 403);
    assert.is((await t.app.inject({ url: '/api/requests' })).statusCode, 401);
  },
);

Requests(
  'inbox: mark handled and reopen, audited; filters; other states and STANDARD cannot',
  async ({ t, delawareId }) => {
    const other = await createSecondState(t.db);
    const de = (
      await t.app.inject({
        method: 'POST',
        url: '/api/email/contact-us',
        payload: contact(delawareId, await solveCaptcha(t.app)),
      })
    ).json();
    const pa = (
      await t.app.inject({
        method: 'POST',
        url: '/api/email/contact-us',
        payload: contact(other.stateId, await solveCaptcha(t.app)),
      })
    ).json();
    const admin = await loginAs(t.app, 'admin@demo.test');
    const handled = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${de.requestId}/handled`,
      headers: admin.headers,
    });
    assert.is(handled.statusCode, 200);
    assert.is(handled.json().message, 'Request marked as handled.');
    assert.is(handled.json().request.isHandled, true);
    assert.is(handled.json().request.handledBy, admin.user.userId);
    const ultra = await loginAs(t.app, 'ultra@demo.test');
    const open = await t.app.inject({ url: '/api/requests?handled=false', headers: ultra.headers });
    assert.equal(
      (open.json() as Array<{ requestId: number }>).map((r) => r.requestId),
      [pa.requestId],
    );
    const done = await t.app.inject({ url: '/api/requests?handled=true', headers: ultra.headers });
    assert.equal(
      (done.json() as Array<{ requestId: number }>).map((r) => r.requestId),
      [de.requestId],
    );
    const reopened = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${de.requestId}/handled`,
      headers: admin.headers,
      payload: { isHandled: false },
    });
    assert.is(reopened.json().request.isHandled, false);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'public_request')
      .orderBy('audit_id')
      .execute();
    assert.equal(
      audits.map((a) => a.action),
      ['handle', 'reopen'],
    );
    const before = await snapshotTables(t.db, ['public_request']);
    assert.is(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/requests/${pa.requestId}/handled`,
          headers: admin.headers,
          payload: {},
        })
      ).statusCode,
      403,
    );
    const standard = await loginAs(t.app, 'standard@demo.test');
    assert.is(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/requests/${de.requestId}/handled`,
          headers: standard.headers,
          payload: {},
        })
      ).statusCode,
      403,
    );
    assert.is(
      (await t.app.inject({ method: 'PUT', url: '/api/requests/99999/handled', headers: admin.headers, payload: {} }))
        .statusCode,
      404,
    );
    assert.equal(await snapshotTables(t.db, ['public_request']), before);
    const ultraHandles = await t.app.inject({
      method: 'PUT',
      url: `/api/requests/${pa.requestId}/handled`,
      headers: ultra.headers,
      payload: {},
    });
    assert.is(ultraHandles.statusCode, 200, 'ULTRA handles any state');
  },
);

/** One contact request per state (Delaware, Pennsylvania, New Jersey whose account expired). */
async function submitOnePerState(w: AdminWorld): Promise<{ de: number; pa: number; nj: number }> {
  const ids: number[] = [];
  for (const stateId of [w.stateId, w.other.stateId, w.expired.stateId]) {
    const response = await w.t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(stateId, await solveCaptcha(w.t.app)),
    });
    assert.is(response.statusCode, 201, response.body);
    ids.push(response.json().requestId as number);
  }
  const [de = 0, pa = 0, nj = 0] = ids;
  return { de, pa, nj };
}

Inbox('list: each caller sees its own scope; STANDARD, JUDGE and visitors are refused', async ({ w }) => {
  const ids = await submitOnePerState(w);
  const callers: Array<[string, Session | undefined, number, number[]]> = [
    ['ultra', w.ultra, 200, [ids.de, ids.pa, ids.nj]],
    ['super', w.super, 200, [ids.de, ids.pa, ids.nj]],
    ['delaware admin', w.admin, 200, [ids.de]],
    ['pennsylvania admin', w.otherAdmin, 200, [ids.pa]],
    ['an expired account admin still reads its own', w.expiredAdmin, 200, [ids.nj]],
    ['delaware standard', w.standard, 403, []],
    ['pennsylvania standard', w.otherStandard, 403, []],
    ['judge', w.judge, 403, []],
    ['visitor', undefined, 401, []],
  ];
  for (const [label, session, status, expected] of callers) {
    const response = await w.t.app.inject({ url: '/api/requests', headers: session?.headers ?? {} });
    assert.is(response.statusCode, status, label);
    if (status === 200) {
      assert.equal(
        (response.json() as Array<{ requestId: number }>).map((request) => request.requestId).sort(),
        [...expected].sort(),
        label,
      );
    }
  }
  assert.is((await w.t.app.inject({ url: '/api/requests?handled=maybe', headers: w.ultra.headers })).statusCode, 400);
});

Inbox(
  'mark handled: refused to STANDARD, JUDGE, visitors, other states and expired accounts; nothing changes',
  async ({ w }) => {
    const ids = await submitOnePerState(w);
    const handle = { method: 'PUT' as const, url: `/api/requests/${ids.de}/handled`, payload: {} };
    await assertRefusedWithoutChange(
      w.t,
      ['public_request', 'audit_log'],
      [
        ...stateWriteRefusals(w, handle),
        { label: "another state's standard", request: { ...handle, headers: w.otherStandard.headers }, status: 403 },
        {
          label: 'reopen by STANDARD',
          request: { ...handle, headers: w.standard.headers, payload: { isHandled: false } },
          status: 403,
        },
        {
          label: 'an expired account on its own request',
          request: { ...handle, url: `/api/requests/${ids.nj}/handled`, headers: w.expiredAdmin.headers },
          status: 403,
          code: 'ACCOUNT_EXPIRED',
        },
        {
          label: 'an unknown request',
          request: { ...handle, url: '/api/requests/99999/handled', headers: w.admin.headers },
          status: 404,
        },
        {
          label: 'a malformed id',
          request: { ...handle, url: '/api/requests/abc/handled', headers: w.admin.headers },
          status: 400,
        },
        {
          label: 'a malformed body',
          request: { ...handle, headers: w.admin.headers, payload: { isHandled: 'soon' } },
          status: 400,
        },
      ],
    );
    for (const [label, session, id] of [
      ['delaware admin, own state', w.admin, ids.de],
      ['pennsylvania admin, own state', w.otherAdmin, ids.pa],
      ['super, any state', w.super, ids.nj],
    ] as const) {
      const response = await w.t.app.inject({
        ...handle,
        url: `/api/requests/${id}/handled`,
        headers: session.headers,
      });
      assert.is(response.statusCode, 200, `${label}: ${response.body}`);
      assert.is(response.json().request.isHandled, true, label);
    }
  },
);

Requests.run();

Inbox.run();
