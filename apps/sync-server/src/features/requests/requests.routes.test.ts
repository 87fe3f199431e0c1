// The public request forms: stored first, then emailed; an SMTP failure never loses a request.
import type { Challenge } from 'altcha-lib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { stateIdByCode } from '../../test-support/factories.ts';
import { startSmtpListener, waitFor } from '../../test-support/smtp-listener.ts';
import { createRequestsSuite, contact } from './requests.routes.fixtures.ts';

const Requests = createRequestsSuite('public requests');

const Smtp = suite('public requests and a failing SMTP server');

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

Requests.run();

Smtp.run();
