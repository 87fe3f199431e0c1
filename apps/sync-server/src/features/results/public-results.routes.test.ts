// The public results page through the real app (issue 40): 404 until the event is CLOSED and the
// coordinator opted in; then the page and its JSON answer to anyone, with an ETag (304 on a
// match), immutable caching and a QR code of the stable link; never a judge name, a comment or a
// sheet; never limited by IP, even with the anonymous limits set tiny.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PublicResultsMessages, type PublicResults } from '@judging/shared-types';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';
import { confirmRemaining, createHandCheckedEvent, submitAs, type HandCheckedEvent } from './results.fixture.ts';
import { PUBLIC_RESULTS_CACHE_CONTROL } from './public-results.routes.ts';

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
}

async function closeEvent({ world, fixture }: Context): Promise<void> {
  const { t } = world;
  await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/start`,
    headers: world.admin.headers,
  });
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  await confirmRemaining(t.app, world.admin.headers, fixture);
  const ended = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/complete`,
    headers: world.admin.headers,
  });
  assert.is(ended.statusCode, 200, ended.body);
}

async function publish({ world, fixture }: Context, isPublic: boolean, headers = world.admin.headers) {
  return world.t.app.inject({
    method: 'PUT',
    url: `/api/event/${fixture.eventId}/public-results`,
    headers,
    payload: { isPublic },
  });
}

const anonymous = (context: Context, path: 'page' | 'json', headers: Record<string, string> = {}) =>
  context.world.t.app.inject({
    method: 'GET',
    url:
      path === 'page' ? `/public/results/${context.fixture.eventId}` : `/api/public/results/${context.fixture.eventId}`,
    headers,
  });

/** Everything of the judges the snapshot holds: none of it may appear on the public answers. */
const JUDGE_DATA = [
  'Jo',
  'Alpha',
  'Kim',
  'Beta',
  'Two minutes over',
  'One minute over',
  'Raw chicken',
  'judgeId',
  'sheets',
];

test('404 before close and when not opted in; the opt-in is for editors of the state, audited', async () => {
  const world = await buildAdminWorld();
  const context = { world, fixture: await createHandCheckedEvent(world.t.db, world.stateId) };
  const notPublished = async (why: string) => {
    const json = await anonymous(context, 'json');
    assert.is(json.statusCode, 404, why);
    assert.is(json.json().message, PublicResultsMessages.notPublished);
    const page = await anonymous(context, 'page', { accept: 'text/html,application/xhtml+xml' });
    assert.is(page.statusCode, 404, why);
    assert.match(page.headers['content-type'] ?? '', 'text/html');
    assert.match(page.body, PublicResultsMessages.notPublished);
    assert.not.match(String(page.headers['cache-control']), 'immutable', `${why}: a 404 is never kept`);
    const notBrowser = await anonymous(context, 'page');
    assert.is(notBrowser.statusCode, 404, why);
    assert.is(notBrowser.json().code, 'NOT_FOUND', `${why}: a client that is not a browser gets the error body`);
  };
  await notPublished('open, not opted in');
  const opted = await publish(context, true);
  assert.is(opted.statusCode, 200, opted.body);
  assert.equal(opted.json().setting, {
    eventId: context.fixture.eventId,
    isPublic: true,
    isAvailable: false,
    url: `${world.t.config.publicUrl}/public/results/${context.fixture.eventId}`,
  });
  await notPublished('opted in, not closed');
  assert.is((await publish(context, true, world.standard.headers)).statusCode, 403, 'STANDARD reads only');
  assert.is((await publish(context, true, world.otherAdmin.headers)).statusCode, 403, 'another state');
  assert.is((await publish(context, false, world.judge.headers)).statusCode, 403, 'a judge');
  const bad = await world.t.app.inject({
    method: 'PUT',
    url: `/api/event/${context.fixture.eventId}/public-results`,
    headers: world.admin.headers,
    payload: { isPublic: 'yes' },
  });
  assert.is(bad.statusCode, 400);

  await closeEvent(context);
  assert.is((await anonymous(context, 'json')).statusCode, 200, 'closed and opted in');
  assert.is((await publish(context, false)).statusCode, 200, 'withdrawn after close');
  await notPublished('closed, withdrawn');
  const setting = await world.t.app.inject({
    method: 'GET',
    url: `/api/event/${context.fixture.eventId}/public-results`,
    headers: world.standard.headers,
  });
  assert.equal(setting.json(), { ...opted.json().setting, isPublic: false });
  const audits = await world.t.db
    .selectFrom('audit_log')
    .select('after_json')
    .where('entity_type', '=', 'event_public_results')
    .orderBy('audit_id')
    .execute();
  assert.equal(
    audits.map((row) => row.after_json),
    ['{"isPublic":true}', '{"isPublic":false}'],
  );
  await world.t.close();
});

test('once closed and opted in: places, teams, scores, a QR code; no judge data; ETag and 304', async () => {
  const world = await buildAdminWorld();
  const context = { world, fixture: await createHandCheckedEvent(world.t.db, world.stateId) };
  await closeEvent(context);
  await publish(context, true);

  const json = await anonymous(context, 'json');
  assert.is(json.statusCode, 200, json.body);
  const results = json.json() as PublicResults;
  assert.is(results.eventName, 'Hand Checked hc');
  assert.equal(
    results.categories[0]?.standings.map((line) => [line.placeLabel, line.schoolName, line.score]),
    [
      ['1', 'S3 Academy hc', 29],
      ['2', 'S1 Academy hc', 25.125],
      ['3', 'S2 Academy hc', 24.125],
      ['4', 'S4 Academy hc', 17],
      ['DQ', 'S5 Academy hc', 0],
    ],
  );
  assert.is(json.headers['cache-control'], PUBLIC_RESULTS_CACHE_CONTROL);
  const tag = String(json.headers.etag);
  assert.match(tag, /^"[\w-]+"$/);

  const page = await anonymous(context, 'page');
  assert.is(page.statusCode, 200);
  assert.match(page.headers['content-type'] ?? '', 'text/html');
  assert.is(page.headers['cache-control'], PUBLIC_RESULTS_CACHE_CONTROL);
  assert.match(page.body, '<td class="place">1</td><td>S3 Academy hc</td><td class="score">29.00</td>');
  assert.match(page.body, '<td class="place">DQ</td><td>S5 Academy hc<span class="status">Disqualified</span></td>');
  assert.match(page.body, '<svg');
  assert.match(page.body, `${world.t.config.publicUrl}/public/results/${context.fixture.eventId}`);
  assert.not.match(page.body, '<script', 'no script: a light page');
  for (const text of JUDGE_DATA) {
    assert.not.match(page.body, text, `the page never shows ${text}`);
    assert.not.match(json.body, text, `the JSON never carries ${text}`);
  }

  const again = await anonymous(context, 'json', { 'if-none-match': tag });
  assert.is(again.statusCode, 304);
  assert.is(again.body, '');
  assert.is(again.headers.etag, tag);
  const pageAgain = await anonymous(context, 'page', { 'if-none-match': String(page.headers.etag) });
  assert.is(pageAgain.statusCode, 304);
  const stale = await anonymous(context, 'page', { 'if-none-match': '"something-else"' });
  assert.is(stale.statusCode, 200);
  const compressed = await anonymous(context, 'page', { 'accept-encoding': 'br' });
  assert.is(compressed.headers['content-encoding'], 'br');
  await world.t.close();
});

test('never limited by IP: a crowd behind one venue address all get the page', async () => {
  const world = await buildAdminWorld({ RATE_LIMIT_PUBLIC_WRITES: '2', RATE_LIMIT_CAPTCHA_CHALLENGES: '2' });
  const context = { world, fixture: await createHandCheckedEvent(world.t.db, world.stateId) };
  await closeEvent(context);
  await publish(context, true);
  const statuses = new Set<number>();
  for (let visit = 0; visit < 60; visit += 1) {
    const response = await world.t.app.inject({
      method: 'GET',
      url:
        visit % 2 === 0
          ? `/public/results/${context.fixture.eventId}`
          : `/api/public/results/${context.fixture.eventId}`,
      remoteAddress: '203.0.113.7',
    });
    statuses.add(response.statusCode);
    assert.not.ok(response.headers['retry-after']);
  }
  assert.equal([...statuses], [200]);
  const captcha = async () =>
    (await world.t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: '203.0.113.7' }))
      .statusCode;
  const limited = [await captcha(), await captcha(), await captcha()];
  assert.is(limited.at(-1), 429, 'the anonymous limits are on, and tiny');
  await world.t.close();
});

test.run();
