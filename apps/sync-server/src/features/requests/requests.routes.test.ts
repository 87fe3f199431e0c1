import type { Challenge } from 'altcha-lib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { createSecondState, snapshotTables, stateIdByCode } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  stateWriteRefusals,
  type AdminWorld,
  type Session,
} from '../../test-support/sessions.ts';
import { startSmtpListener, waitFor } from '../../test-support/smtp-listener.ts';

function contact(stateId: number, captcha: string) {
  return {
    state: { stateId, stateName: 'Delaware' },
    firstName: 'Jo',
    lastName: 'Parker',
    email: 'jo.parker@example.test',
    phone: '302-555-0142',
    comments: 'How do we register two teams?',
    captcha,
  };
}

const requestTables = ['public_request', 'email_outbox'] as const;

interface Context {
  t: TestApp;
  delawareId: number;
}

const Requests = suite<Context>('public requests');
Requests.before.each(async (context) => {
  context.t = await buildTestApp();
  context.delawareId = await stateIdByCode(context.t.db, 'DE');
});
Requests.after.each(async (context) => {
  await context.t.close();
});

Requests('GET captcha/challenge: a signed, expiring challenge, never cached', async ({ t }) => {
  const response = await t.app.inject('/api/captcha/challenge');
  assert.is(response.statusCode, 200);
  assert.is(response.headers['cache-control'], 'no-store');
  const challenge = response.json() as Challenge;
  assert.is(challenge.parameters.algorithm, 'SHA-256');
  assert.type(challenge.signature, 'string');
  assert.type(challenge.parameters.keySignature, 'string');
  assert.ok((challenge.parameters.expiresAt ?? 0) > Date.now() / 1000);
});

Requests('contact: stored first, then emailed to the state primary user', async ({ t, delawareId }) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/email/contact-us',
    payload: contact(delawareId, await solveCaptcha(t.app)),
  });
  assert.is(response.statusCode, 201);
  const body = response.json();
  assert.is(body.status, 'Success');
  assert.match(body.message, 'one to two business days');
  const stored = await t.db
    .selectFrom('public_request')
    .selectAll()
    .where('request_id', '=', body.requestId)
    .executeTakeFirstOrThrow();
  assert.equal(
    [stored.kind, stored.state_id, stored.first_name, stored.email, stored.comments, stored.handled_at],
    ['contact', delawareId, 'Jo', 'jo.parker@example.test', 'How do we register two teams?', null],
  );
  const emails = await t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('public_request_id', '=', body.requestId)
    .execute();
  assert.equal(
    emails.map((email) => email.to_address),
    ['admin@demo.test'],
  );
  assert.match(emails[0]?.body_text ?? '', 'How do we register two teams?');
  assert.match(emails[0]?.body_text ?? '', 'jo.parker@example.test');
});

Requests('overview for a state without an account goes to the ULTRA and SUPER users', async ({ t }) => {
  const texasId = await stateIdByCode(t.db, 'TX');
  const payload = {
    state: { stateId: texasId },
    firstName: 'Lee',
    lastName: 'Ray',
    email: 'lee@tx.test',
    phone: '5125550100',
    captcha: await solveCaptcha(t.app),
  };
  const response = await t.app.inject({ method: 'POST', url: '/api/email/admin', payload });
  assert.is(response.statusCode, 201);
  const stored = await t.db.selectFrom('public_request').selectAll().executeTakeFirstOrThrow();
  assert.equal([stored.kind, stored.state_id, stored.comments], ['overview', texasId, null]);
  const emails = await t.db.selectFrom('email_outbox').select('to_address').orderBy('to_address').execute();
  assert.equal(
    emails.map((email) => email.to_address),
    ['super@demo.test', 'ultra@demo.test'],
  );
});

Requests('school change request keeps the school and event names', async ({ t, delawareId }) => {
  const payload = {
    ...contact(delawareId, await solveCaptcha(t.app)),
    schoolName: 'Dover High School',
    eventName: 'Delaware ProStart Invitational',
    comments: 'Please move our team to Restaurant Management.',
  };
  const response = await t.app.inject({ method: 'POST', url: '/api/email/updateSchool', payload });
  assert.is(response.statusCode, 201);
  const stored = await t.db.selectFrom('public_request').selectAll().executeTakeFirstOrThrow();
  assert.equal(
    [stored.kind, stored.school_name, stored.event_name],
    ['school_change', 'Dover High School', 'Delaware ProStart Invitational'],
  );
});

Requests(
  'captcha: missing, garbage, forged or replayed solutions are refused and nothing is stored',
  async ({ t, delawareId }) => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: { ...contact(delawareId, ''), captcha: undefined },
    });
    assert.is(missing.statusCode, 400);
    assert.equal(missing.json().errors, [{ field: 'captcha', message: 'Please confirm you are not a robot' }]);

    const solved = await solveCaptcha(t.app);
    const decoded = JSON.parse(Buffer.from(solved, 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forgeries: Array<[string, string]> = [
      ['not base64 json', 'abc'],
      ['no solution', encode({ challenge: decoded.challenge })],
      ['a guessed key', encode({ ...decoded, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } })],
      [
        'a tampered challenge',
        encode({
          ...decoded,
          challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 2 } },
        }),
      ],
      ['an unsigned challenge', encode({ ...decoded, challenge: { parameters: decoded.challenge.parameters } })],
      [
        'a later expiry',
        encode({
          ...decoded,
          challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, expiresAt: 4102444800 } },
        }),
      ],
    ];
    for (const [label, captcha] of forgeries) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/email/contact-us',
        payload: contact(delawareId, captcha),
      });
      assert.is(response.statusCode, 400, label);
      assert.is(response.json().code, 'CAPTCHA_FAILED', label);
      assert.is(response.json().message, 'The captcha could not be verified, please try again.');
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(delawareId, solved),
    });
    assert.is(first.statusCode, 201, 'the genuine solution still works once');
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(delawareId, solved),
    });
    assert.is(replay.statusCode, 400);
    assert.is(replay.json().code, 'CAPTCHA_FAILED');
    const replayElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/email/admin',
      payload: contact(delawareId, solved),
    });
    assert.is(replayElsewhere.statusCode, 400, 'nor on another form');
    assert.is((await t.db.selectFrom('public_request').selectAll().execute()).length, 1);
  },
);

Requests(
  'captcha: a challenge from before a restart is refused (its used solutions were forgotten)',
  async ({ t, delawareId }) => {
    const solved = await solveCaptcha(t.app);
    const restarted = await buildTestApp({ DATA_DIR: t.config.dataDir });
    try {
      const response = await restarted.app.inject({
        method: 'POST',
        url: '/api/email/contact-us',
        payload: contact(delawareId, solved),
      });
      assert.is(response.statusCode, 400);
      assert.is(response.json().code, 'CAPTCHA_FAILED');
    } finally {
      await restarted.close();
    }
  },
);

Requests(
  'validation: the seed messages of the three forms; an unknown state; nothing stored',
  async ({ t, delawareId }) => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), state: undefined }, 'state', 'State is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), firstName: '' }, 'firstName', 'First Name is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), lastName: ' ' }, 'lastName', 'Last Name is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), email: '' }, 'email', 'Email is required'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), email: 'jo@' }, 'email', 'Email format is invalid'],
      ['/api/email/contact-us', { ...contact(delawareId, 'x'), phone: '' }, 'phone', 'Phone Number is required'],
      [
        '/api/email/contact-us',
        { ...contact(delawareId, 'x'), comments: '' },
        'comments',
        'Please provide a reason why you are contacting us',
      ],
      ['/api/email/admin', { ...contact(delawareId, 'x'), phone: undefined }, 'phone', 'Phone Number is required'],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, 'x'), eventName: 'E' },
        'schoolName',
        'School Name is required',
      ],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, 'x'), schoolName: 'S' },
        'eventName',
        'Event Name is required',
      ],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, 'x'), schoolName: 'S', eventName: 'E', comments: ' ' },
        'comments',
        'Please provide a reason for the change',
      ],
      ['/api/email/contact-us', { ...contact(99999, 'x') }, 'state.stateId', 'State is required'],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      assert.is(response.statusCode, 400, `${url} ${message}`);
      assert.equal(response.json().errors[0], { field, message }, `${url} ${message}`);
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });
  },
);

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

Requests(
  'captcha on every public form: missing or forged is refused and nothing is stored',
  async ({ t, delawareId }) => {
    const challenge = (await t.app.inject('/api/captcha/challenge')).json() as Challenge;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forms: Array<[string, Record<string, unknown>]> = [
      ['/api/email/contact-us', contact(delawareId, '')],
      ['/api/email/admin', { ...contact(delawareId, ''), comments: undefined }],
      [
        '/api/email/updateSchool',
        { ...contact(delawareId, ''), schoolName: 'Dover High School', eventName: 'Delaware ProStart Invitational' },
      ],
    ];
    for (const [url, body] of forms) {
      for (const captcha of [undefined, '']) {
        const response = await t.app.inject({ method: 'POST', url, payload: { ...body, captcha } });
        assert.is(response.statusCode, 400, `${url} captcha ${String(captcha)}`);
        assert.equal(response.json().errors, [{ field: 'captcha', message: 'Please confirm you are not a robot' }]);
      }
      const forgeries = [
        'abc',
        encode({ challenge }),
        encode({ challenge, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } }),
      ];
      for (const captcha of forgeries) {
        const response = await t.app.inject({ method: 'POST', url, payload: { ...body, captcha } });
        assert.is(response.statusCode, 400, `${url} forged`);
        assert.is(response.json().code, 'CAPTCHA_FAILED', url);
        assert.is(response.json().message, 'The captcha could not be verified, please try again.', url);
      }
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });
  },
);

Requests(
  'validation: every field message of the overview and change-request forms; nothing stored',
  async ({ t, delawareId }) => {
    const overview = {
      state: { stateId: delawareId },
      firstName: 'Lee',
      lastName: 'Ray',
      email: 'lee@example.test',
      phone: '3025550100',
      captcha: 'x',
    };
    const change = {
      ...overview,
      schoolName: 'Dover High School',
      eventName: 'Delaware ProStart Invitational',
      comments: 'Please move our team.',
    };
    const shared: Array<[Record<string, unknown>, string, string]> = [
      [{ state: undefined }, 'state', 'State is required'],
      [{ state: {} }, 'state.stateId', 'State is required'],
      [{ firstName: '' }, 'firstName', 'First Name is required'],
      [{ lastName: '  ' }, 'lastName', 'Last Name is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'lee@' }, 'email', 'Email format is invalid'],
      [{ phone: '' }, 'phone', 'Phone Number is required'],
    ];
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ...shared.map(([edit, field, message]): [string, Record<string, unknown>, string, string] => [
        '/api/email/admin',
        { ...overview, ...edit },
        field,
        message,
      ]),
      ...shared.map(([edit, field, message]): [string, Record<string, unknown>, string, string] => [
        '/api/email/updateSchool',
        { ...change, ...edit },
        field,
        message,
      ]),
      ['/api/email/updateSchool', { ...change, schoolName: '' }, 'schoolName', 'School Name is required'],
      ['/api/email/updateSchool', { ...change, eventName: ' ' }, 'eventName', 'Event Name is required'],
      ['/api/email/updateSchool', { ...change, comments: '' }, 'comments', 'Please provide a reason for the change'],
      ['/api/email/admin', { ...overview, state: { stateId: 99999 } }, 'state.stateId', 'State is required'],
      ['/api/email/updateSchool', { ...change, state: { stateId: 99999 } }, 'state.stateId', 'State is required'],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      assert.is(response.statusCode, 400, `${url} ${field} ${message}`);
      assert.equal(response.json().errors[0], { field, message }, `${url} ${field}`);
    }
    assert.equal(await snapshotTables(t.db, requestTables), { public_request: [], email_outbox: [] });
  },
);

Requests.run();

const Smtp = suite('public requests and a failing SMTP server');

Smtp('an SMTP failure never loses a request: stored, visible with the error, retried and sent later', async () => {
  const smtp = await startSmtpListener({ isRejecting: true });
  const t = await buildTestApp({ SMTP_URL: smtp.url });
  try {
    const delawareId = await stateIdByCode(t.db, 'DE');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      payload: contact(delawareId, await solveCaptcha(t.app)),
    });
    assert.is(response.statusCode, 201, 'the visitor is told it was received');
    const requestId = response.json().requestId as number;
    await waitFor(
      async () => ((await t.db.selectFrom('email_outbox').select('attempts').executeTakeFirst())?.attempts ?? 0) >= 1,
    );
    const ultra = await loginAs(t.app, 'ultra@demo.test');
    const inbox = (await t.app.inject({ url: '/api/requests', headers: ultra.headers })).json() as Array<{
      requestId: number;
      comments: string;
      emails: Array<{ status: string; attempts: number; lastError: string | null }>;
    }>;
    assert.is(inbox[0]?.requestId, requestId);
    assert.is(inbox[0]?.comments, 'How do we register two teams?');
    assert.is(inbox[0]?.emails[0]?.status, 'pending');
    assert.match(inbox[0]?.emails[0]?.lastError ?? '', 'mailbox unavailable');
    assert.is(smtp.received.length, 0);

    smtp.isRejecting = false;
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/email/admin',
      payload: { ...contact(delawareId, await solveCaptcha(t.app)), comments: undefined },
    });
    assert.is(next.statusCode, 201);
    await waitFor(() => smtp.received.length === 2);
    assert.ok(
      smtp.received.some((message) => message.includes('How do we register two teams?')),
      'the refused email went out on retry',
    );
    await waitFor(
      async () =>
        (await t.db.selectFrom('email_outbox').select('status').where('status', '!=', 'sent').execute()).length === 0,
    );
    const after = (await t.app.inject({ url: '/api/requests', headers: ultra.headers })).json() as Array<{
      requestId: number;
      emails: Array<{ status: string; attempts: number }>;
    }>;
    const first = after.find((request) => request.requestId === requestId);
    assert.is(first?.emails[0]?.status, 'sent');
    assert.ok((first?.emails[0]?.attempts ?? 0) >= 2);
  } finally {
    await t.close();
    await smtp.close();
  }
});

Smtp.run();

const Inbox = suite<{ w: AdminWorld }>('requests inbox permission matrix');
Inbox.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Inbox.after.each(async (context) => {
  await context.w.t.close();
});

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

Inbox.run();
