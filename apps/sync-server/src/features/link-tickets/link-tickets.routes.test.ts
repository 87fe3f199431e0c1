// Link tickets (http/link-tickets.ts): the login token never rides in a URL. A photo, the
// event-run stream and a CSV download open with a ticket for that one path, valid a minute;
// the old `?token=` answers 401. Real app, fresh database, inject.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LINK_TICKET_SECONDS, type LinkTicketResponse, type PushResponse } from '@judging/shared-types';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { fakeJpeg, loadCulinary, multipartBody, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { uuidv7 } from '../../test-support/sync-device.ts';
import { createLinkTickets } from '../../http/link-tickets.ts';
import type { AuthContext } from '../../caller/caller.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
  /** judge1's photo, on their first Knife Skills cell. */
  photoUrl: string;
  photo: Buffer;
}

const Tickets = suite<Context>('link tickets');
Tickets.before.each(async (context) => {
  const t = await buildTestApp();
  const c = await loadCulinary(t.app, t.db);
  const photo = fakeJpeg();
  const body = multipartBody({}, { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
  await t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${photo.sha256}`,
    headers: { ...c.headers, ...body.headers },
    payload: body.payload,
  });
  const scoreId = crypto.randomUUID();
  const place = c.place(0, 0);
  const pushed = await t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: c.headers,
    payload: {
      deviceId: 'tablet',
      protocolVersion: 1,
      mutations: [
        {
          id: uuidv7(),
          seq: 1,
          createdAt: new Date().toISOString(),
          kind: 'subsectionScore.put',
          data: {
            scoreId,
            ...place,
            subsectionId: c.sections[0].subsections[0]?.subsectionId,
            score: 7,
            photoSha256: photo.sha256,
          },
        },
      ],
    },
  });
  assert.is((pushed.json() as PushResponse).results[0]?.status, 'applied');
  Object.assign(context, {
    t,
    c,
    photo: photo.bytes,
    photoUrl: `/api/files/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}/subsection/${scoreId}/${photo.sha256}`,
  });
});
Tickets.after.each(async (context) => {
  await context.t.close();
});

async function ticketFor(t: TestApp, headers: Record<string, string>, path: string): Promise<LinkTicketResponse> {
  const response = await t.app.inject({ method: 'POST', url: '/api/link-ticket', headers, payload: { path } });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as LinkTicketResponse;
}

Tickets('the login token in a URL opens nothing: photo, stream and download answer 401', async ({ t, c, photoUrl }) => {
  const admin = await loginAs(t.app, 'admin@demo.test');
  for (const url of [
    `${photoUrl}?token=${c.token}`,
    `/api/run/coordinator/event/${c.eventId}/stream?token=${admin.token}`,
    `/api/export/results/event/${c.eventId}?token=${admin.token}`,
    `/api/export/results/event/${c.eventId}?token=${admin.token}&report=section`,
  ]) {
    const response = await t.app.inject({ method: 'GET', url });
    assert.equal([response.statusCode, response.json().code], [401, 'TOKEN_INVALID'], url);
  }
});

Tickets('a ticket opens its one path for a minute, as its user', async ({ t, c, photoUrl, photo }) => {
  const before = Date.now();
  const issued = await ticketFor(t, c.headers, photoUrl);
  assert.match(issued.url, new RegExp(`^${photoUrl}\\?ticket=[\\w.-]+$`));
  assert.not.match(issued.url, c.token);
  const expiresIn = Date.parse(issued.expiresAt) - before;
  assert.ok(
    expiresIn > (LINK_TICKET_SECONDS - 2) * 1000 && expiresIn <= (LINK_TICKET_SECONDS + 1) * 1000,
    `${expiresIn}`,
  );
  const image = await t.app.inject({ method: 'GET', url: issued.url });
  assert.is(image.statusCode, 200);
  assert.ok(image.rawPayload.equals(photo));
  assert.is(image.headers['cache-control'], 'private, no-store');

  const admin = await loginAs(t.app, 'admin@demo.test');
  const csv = await ticketFor(t, admin.headers, `/api/export/results/event/${c.eventId}`);
  const download = await t.app.inject({ method: 'GET', url: `${csv.url}&report=section` });
  assert.is(download.statusCode, 200, download.body);
  assert.match(download.headers['content-type'] ?? '', 'text/csv');

  // One path only: not another photo path, not another route.
  const ticket = new URL(issued.url, 'http://x').searchParams.get('ticket') ?? '';
  for (const url of [
    `${photoUrl.replace(/\/[0-9a-f]{64}$/, `/${'0'.repeat(64)}`)}?ticket=${ticket}`,
    `/api/export/results/event/${c.eventId}?ticket=${ticket}`,
  ]) {
    assert.is((await t.app.inject({ method: 'GET', url })).statusCode, 401, url);
  }
  // A ticket is not a bearer token, nor a bearer token a ticket.
  const asBearer = await t.app.inject({
    method: 'GET',
    url: '/api/session',
    headers: { authorization: `Bearer ${ticket}` },
  });
  assert.is(asBearer.statusCode, 401);
  assert.is((await t.app.inject({ method: 'GET', url: `${photoUrl}?ticket=${c.token}` })).statusCode, 401);
});

Tickets('an expired ticket, or one whose user logged out, opens nothing', async ({ t, c, photoUrl }) => {
  const judge = await t.db
    .selectFrom('app_user')
    .select(['state_id', 'token_version'])
    .where('user_id', '=', c.judgeId)
    .executeTakeFirstOrThrow();
  const caller: AuthContext = {
    userId: c.judgeId,
    role: 'JUDGE',
    stateId: judge.state_id,
    tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    tokenVersion: judge.token_version,
  };
  const stale = createLinkTickets(t.db, t.config.jwtSecret).issue(
    t.app.jwt,
    caller,
    photoUrl,
    Date.now() - (LINK_TICKET_SECONDS + 1) * 1000,
  );
  assert.is((await t.app.inject({ method: 'GET', url: stale.url })).statusCode, 401, 'expired');
  const current = createLinkTickets(t.db, t.config.jwtSecret).issue(t.app.jwt, caller, photoUrl, Date.now());
  assert.is(
    (await t.app.inject({ method: 'GET', url: current.url })).statusCode,
    200,
    'the same ticket made now opens',
  );

  const fresh = await ticketFor(t, c.headers, photoUrl);
  assert.is((await t.app.inject({ method: 'POST', url: '/api/logout', headers: c.headers })).statusCode, 200);
  assert.is((await t.app.inject({ method: 'GET', url: fresh.url })).statusCode, 401, 'revoked with the login');
});

Tickets(
  'tickets are only made for the paths a browser opens without headers, and only for a login',
  async ({ t, c }) => {
    for (const path of [
      '/api/session',
      `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
      `/api/run/coordinator/event/${c.eventId}`,
      `/api/run/coordinator/event/${c.eventId}/stream/../../`,
      'https://example.com/api/export/results/event/1',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/link-ticket',
        headers: c.headers,
        payload: { path },
      });
      assert.equal([response.statusCode, response.json().message], [400, 'No link can be made for this path.'], path);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/link-ticket',
      payload: { path: `/api/run/coordinator/event/${c.eventId}/stream` },
    });
    assert.is(anonymous.statusCode, 401);
  },
);

Tickets.run();
