// Reading events: the state list, one event, its registered schools, and the OpenAPI document.
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createSecondState } from '../../test-support/factories.ts';
import { createEventsSuite, demoEventId } from './events.routes.fixtures.ts';

const Events = createEventsSuite('events');

Events(
  'GET state/:id/event lists the state events with name, dates, status and test flag',
  async ({ t, admin, delawareId }) => {
    const response = await t.app.inject({ url: `/api/state/${delawareId}/event`, headers: admin.headers });
    assert.is(response.statusCode, 200);
    const events = response.json() as Array<Record<string, unknown>>;
    assert.is(events.length, 3);
    const training = events.find((event) => event.eventName === 'Judge Training Round');
    assert.equal(Object.keys(training ?? {}).sort(), [
      'eventEndDate',
      'eventId',
      'eventName',
      'eventStartDate',
      'eventStartTime',
      'eventStatus',
      'isTestEvent',
    ]);
    assert.is(training?.isTestEvent, true);
    assert.is(training?.eventStatus, 'NOT_STARTED');
    assert.ok(events.some((event) => event.eventStatus === 'STARTED'));
    const standard = await loginAs(t.app, 'standard@demo.test');
    assert.is(
      (await t.app.inject({ url: `/api/state/${delawareId}/event`, headers: standard.headers })).statusCode,
      200,
      'STANDARD reads',
    );
  },
);

Events('reads are refused without a token, to judges and across states', async ({ t, admin, delawareId }) => {
  const other = await createSecondState(t.db);
  const judge = await loginAs(t.app, 'judge1@demo.test');
  const ultra = await loginAs(t.app, 'ultra@demo.test');
  const eventId = await demoEventId(t, 'Delaware ProStart');
  assert.is((await t.app.inject({ url: `/api/state/${delawareId}/event` })).statusCode, 401);
  assert.is((await t.app.inject({ url: `/api/state/${delawareId}/event`, headers: judge.headers })).statusCode, 403);
  assert.is((await t.app.inject({ url: `/api/event/${eventId}`, headers: judge.headers })).statusCode, 403);
  assert.is((await t.app.inject({ url: `/api/state/${other.stateId}/event`, headers: admin.headers })).statusCode, 403);
  assert.is(
    (await t.app.inject({ url: `/api/state/${other.stateId}/event`, headers: ultra.headers })).statusCode,
    403,
    'events are per state even for ULTRA',
  );
  for (const url of [
    `/api/event/${other.eventId}`,
    `/api/event/${other.eventId}/category`,
    `/api/event/${other.eventId}/school`,
  ]) {
    assert.is((await t.app.inject({ url, headers: admin.headers })).statusCode, 403, url);
  }
  const pennsylvania = await loginAs(t.app, other.adminEmail);
  assert.is((await t.app.inject({ url: `/api/event/${eventId}`, headers: pennsylvania.headers })).statusCode, 403);
  assert.is(
    (await t.app.inject({ url: `/api/event/${other.eventId}`, headers: pennsylvania.headers })).statusCode,
    200,
  );
});

Events(
  'GET event/:id answers the event, its state and categories with counts; a missing one the seed message',
  async ({ t, admin }) => {
    const eventId = await demoEventId(t, 'Delaware ProStart');
    const response = await t.app.inject({ url: `/api/event/${eventId}`, headers: admin.headers });
    assert.is(response.statusCode, 200);
    const event = response.json();
    assert.is(event.eventState.stateName, 'Delaware');
    assert.is(event.eventStartTime, '08:30');
    assert.equal(
      event.categories.map((c: { categoryName: string; schoolCount: number; sectionCount: number }) => [
        c.categoryName,
        c.schoolCount,
        c.sectionCount,
      ]),
      [
        ['Culinary', 12, 3],
        ['Restaurant Management', 12, 3],
      ],
    );
    const categories = await t.app.inject({ url: `/api/event/${eventId}/category`, headers: admin.headers });
    assert.equal(categories.json(), event.categories);
    const missing = await t.app.inject({ url: '/api/event/99999', headers: admin.headers });
    assert.is(missing.statusCode, 404);
    assert.is(missing.json().message, 'Event does not exist, please select a valid event.');
  },
);

Events('GET event/:id/school lists registered schools with their categories and students', async ({ t, admin }) => {
  const eventId = await demoEventId(t, 'Delaware ProStart');
  const response = await t.app.inject({ url: `/api/event/${eventId}/school`, headers: admin.headers });
  assert.is(response.statusCode, 200);
  const schools = response.json() as Array<{
    schoolName: string;
    categories: Array<{ categoryName: string; schoolStudents: string[] }>;
  }>;
  assert.is(schools.length, 18, 'schools 1-12 in Culinary and 7-18 in Restaurant Management');
  const both = schools.filter((school) => school.categories.length === 2);
  assert.is(both.length, 6);
  assert.ok(
    schools.every((school) =>
      school.categories.every((c) => c.schoolStudents.length >= 1 && c.schoolStudents.length <= 5),
    ),
  );
});

Events('OpenAPI documents the event, category, registration, request and help-file calls', async ({ t }) => {
  const spec = (await t.app.inject('/api/docs/json')).json();
  for (const [path, method] of [
    ['/api/state/{stateId}/event', 'get'],
    ['/api/event', 'post'],
    ['/api/event/{eventId}', 'delete'],
    ['/api/event/{eventId}/category/{categoryId}/section/{sectionId}/judge/{judgeId}', 'delete'],
    ['/api/event/{eventId}/category/{categoryId}/school', 'put'],
    ['/api/state/{stateId}/event/open', 'get'],
    ['/api/school/register', 'post'],
    ['/api/captcha/challenge', 'get'],
    ['/api/email/contact-us', 'post'],
    ['/api/requests/{requestId}/handled', 'put'],
    ['/api/files/helpFile/{stateId}', 'post'],
    ['/api/files/helpFile/{stateId}/{fileId}/download', 'get'],
  ] as const) {
    assert.ok(spec.paths[path]?.[method], `${method} ${path}`);
  }
});

Events.run();
