// decisions §8: per-IP limits on anonymous routes only (a venue's tablets share one address);
// authenticated routes, sync and /api/health are never limited by IP; photo uploads per judge.
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_PASSWORD, buildTestApp, type TestApp } from '../test-support/build-test-app.ts';
import { solveCaptcha } from '../test-support/captcha.ts';
import { snapshotTables, stateIdByCode } from '../test-support/factories.ts';
import { multipartBody, sampleFiles } from '../test-support/sample-files.ts';
import { sessionFor } from '../test-support/sessions.ts';

const VENUE_IP = '203.0.113.7';
const OTHER_IP = '198.51.100.9';

interface Context {
  t: TestApp;
}

const Limits = suite<Context>('rate limits');
Limits.before.each(async (context) => {
  // The production defaults: 30 public writes per route and 400 challenges per IP in 10 minutes.
  context.t = await buildTestApp();
});
Limits.after.each(async (context) => {
  await context.t.close();
});

function resetRequest(t: TestApp, remoteAddress: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/login/sendResetPassword', remoteAddress, payload });
}

Limits(
  'the 31st anonymous write from one IP in the window gets 429 with Retry-After and does nothing',
  async ({ t }) => {
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await resetRequest(t, VENUE_IP, { email: 'judge5@demo.test', captcha: 'Zm9yZ2Vk' });
      assert.is(response.statusCode, 400, `attempt ${attempt} is answered`);
    }
    const before = await snapshotTables(t.db, ['email_outbox', 'password_reset_token']);
    // Even with a genuine captcha: the limit is checked first.
    const captcha = await solveCaptcha(t.app, {}, OTHER_IP);
    const limited = await resetRequest(t, VENUE_IP, { email: 'judge5@demo.test', captcha });
    assert.is(limited.statusCode, 429, limited.body);
    assert.is(limited.json().code, 'TOO_MANY_REQUESTS');
    assert.is(limited.json().message, 'Too many requests from your network. Please wait a few minutes and try again.');
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 600, `Retry-After ${limited.headers['retry-after']}`);
    assert.equal(await snapshotTables(t.db, ['email_outbox', 'password_reset_token']), before, 'nothing sent');

    // Another address is not held back by this one.
    const elsewhere = await resetRequest(t, OTHER_IP, { email: 'judge5@demo.test', captcha });
    assert.is(elsewhere.statusCode, 200);
  },
);

Limits(
  'authenticated routes, health and a coordinator registering from the same exhausted IP are never limited',
  async ({ t }) => {
    const delawareId = await stateIdByCode(t.db, 'DE');
    const register = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/school/register', remoteAddress: VENUE_IP, headers, payload });
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      assert.is((await register({}, { captcha: 'x' })).statusCode, 400);
    }
    assert.is((await register({}, { captcha: 'x' })).statusCode, 429, 'the visitors of that address are held back');

    const judge = await sessionFor(t, 'judge1@demo.test');
    const admin = await sessionFor(t, 'admin@demo.test');
    for (let call = 1; call <= 40; call += 1) {
      const session = await t.app.inject({ url: '/api/session', remoteAddress: VENUE_IP, headers: judge.headers });
      assert.is(session.statusCode, 200, `session ${call}`);
      const health = await t.app.inject({ url: '/api/health', remoteAddress: VENUE_IP });
      assert.is(health.statusCode, 200, `health ${call}`);
      const pull = await t.app.inject({
        url: `/api/run/judge/${judge.userId}`,
        remoteAddress: VENUE_IP,
        headers: judge.headers,
      });
      assert.is(pull.statusCode, 200, `judge events ${call}`);
    }
    const event = await t.db
      .selectFrom('event')
      .select('event_id')
      .where('event_name', 'like', 'Delaware ProStart%')
      .executeTakeFirstOrThrow();
    const category = await t.db
      .selectFrom('category')
      .select('category_id')
      .where('event_id', '=', event.event_id)
      .executeTakeFirstOrThrow();
    const coordinator = await register(admin.headers, {
      school: {
        schoolId: null,
        schoolName: 'Venue Test High School',
        schoolEducator1: 'Chef Omar Diaz',
        schoolContactName: 'Omar Diaz',
        schoolContactEmail: 'omar@venue.test',
        schoolContactPhone: '(302) 555-0123',
      },
      state: { stateId: delawareId },
      event: { eventId: event.event_id, categories: [{ categoryId: category.category_id, students: 'Ann Lee' }] },
    });
    assert.is(coordinator.statusCode, 201, coordinator.body);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/user',
      remoteAddress: VENUE_IP,
      payload: { username: 'judge2@demo.test', password: DEMO_PASSWORD },
    });
    assert.is(login.statusCode, 200, 'login has its own throttle, not this limit');
  },
);

Limits(
  'each anonymous route counts apart; judge registration counts, an editor adding a judge does not',
  async ({ t }) => {
    const registration = { captcha: 'x', judgePassword: 'sautee-pan-42', confirmPassword: 'sautee-pan-42' };
    const judge = {
      judgeFirstName: 'Eve',
      judgeLastName: 'Stranger',
      judgeEmail: 'eve@example.test',
      judgePhone: '3025550100',
      judgeState: { stateId: await stateIdByCode(t.db, 'DE') },
    };
    const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/judge', remoteAddress: VENUE_IP, headers, payload });
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      assert.is((await post({}, { ...judge, ...registration })).statusCode, 400);
    }
    assert.is((await post({}, { ...judge, ...registration })).statusCode, 429);
    const admin = await sessionFor(t, 'admin@demo.test');
    const added = await post(admin.headers, { ...judge, judgeEmail: 'added@example.test' });
    assert.is(added.statusCode, 201, added.body);
    // The contact form from the same address has its own count.
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact-us',
      remoteAddress: VENUE_IP,
      payload: {
        state: { stateId: judge.judgeState.stateId },
        firstName: 'Jo',
        lastName: 'Parker',
        email: 'jo@example.test',
        phone: '302-555-0142',
        comments: 'Hello',
        captcha: await solveCaptcha(t.app, {}, OTHER_IP),
      },
    });
    assert.is(contact.statusCode, 201, contact.body);
  },
);

Limits('captcha challenges: 400 per IP in the window (a venue of 200 tablets, each twice)', async ({ t }) => {
  for (let call = 1; call <= 400; call += 1) {
    const response = await t.app.inject({ url: '/api/captcha/challenge', remoteAddress: VENUE_IP });
    assert.is(response.statusCode, 200, `challenge ${call}`);
  }
  const limited = await t.app.inject({ url: '/api/captcha/challenge', remoteAddress: VENUE_IP });
  assert.is(limited.statusCode, 429);
  assert.ok(Number(limited.headers['retry-after']) > 0);
  assert.is((await t.app.inject({ url: '/api/captcha/challenge', remoteAddress: OTHER_IP })).statusCode, 200);
});

Limits.run();

const PhotoUploads = suite<Context>('photo upload limit');
PhotoUploads.before.each(async (context) => {
  context.t = await buildTestApp({ RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR: '3' });
});
PhotoUploads.after.each(async (context) => {
  await context.t.close();
});

PhotoUploads('photo uploads are limited per judge, not per IP', async ({ t }) => {
  const upload = (headers: Record<string, string>, tag: string) => {
    const bytes = Buffer.concat([sampleFiles.jpeg, Buffer.from(tag)]);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const form = multipartBody([{ name: 'file', file: { filename: 'p.jpg', contentType: 'image/jpeg', bytes } }]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${sha256}`,
      remoteAddress: VENUE_IP,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const first = await sessionFor(t, 'judge1@demo.test');
  const second = await sessionFor(t, 'judge2@demo.test');
  for (const tag of ['1', '2', '3']) assert.is((await upload(first.headers, tag)).statusCode, 201);
  const before = await snapshotTables(t.db, ['stored_file']);
  const limited = await upload(first.headers, '4');
  assert.is(limited.statusCode, 429);
  assert.ok(Number(limited.headers['retry-after']) > 0);
  assert.equal(await snapshotTables(t.db, ['stored_file']), before);
  assert.is((await upload(second.headers, '5')).statusCode, 201, 'another judge on the same network uploads');
});

PhotoUploads.run();
