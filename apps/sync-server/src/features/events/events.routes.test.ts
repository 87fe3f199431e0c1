import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { todayIso } from '../../http/clock.ts';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import {
  createEvent,
  createSecondState,
  createSubsectionScore,
  snapshotTables,
  stateIdByCode,
} from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  stateWriteRefusals,
  type AdminWorld,
  type Session as WorldSession,
  type TableList,
} from '../../test-support/sessions.ts';

type Session = Awaited<ReturnType<typeof loginAs>>;
interface Context {
  t: TestApp;
  admin: Session;
  delawareId: number;
}

const Events = suite<Context>('events');
Events.before.each(async (context) => {
  context.t = await buildTestApp();
  context.admin = await loginAs(context.t.app, 'admin@demo.test');
  context.delawareId = await stateIdByCode(context.t.db, 'DE');
});
Events.after.each(async (context) => {
  await context.t.close();
});

const eventTables = [
  'event',
  'category',
  'category_registration',
  'category_section',
  'judge_assignment',
  'audit_log',
] as const;

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

async function demoEventId(t: TestApp, namePrefix: string): Promise<number> {
  const row = await t.db
    .selectFrom('event')
    .select('event_id')
    .where('event_name', 'like', `${namePrefix}%`)
    .executeTakeFirstOrThrow();
  return row.event_id;
}

function newEvent(stateId: number) {
  const today = todayIso();
  return {
    eventName: 'Spring Invitational',
    eventStartDate: addDays(today, 10),
    eventEndDate: addDays(today, 11),
    eventStartTime: '08:30',
    eventCategories: ['Culinary', 'Restaurant Management'],
    eventState: { stateId },
    isTestEvent: false,
  };
}

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

Events(
  'POST event adds the event and its categories in the caller state, audited',
  async ({ t, admin, delawareId }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: admin.headers,
      payload: newEvent(delawareId),
    });
    assert.is(response.statusCode, 201);
    const body = response.json();
    assert.is(body.message, 'Event added successfully.');
    assert.is(body.event.eventName, 'Spring Invitational');
    assert.is(body.event.eventStatus, 'NOT_STARTED');
    assert.is(body.event.isTestEvent, false);
    assert.equal(
      body.event.categories.map((c: { categoryName: string }) => c.categoryName),
      ['Culinary', 'Restaurant Management'],
    );
    const stored = await t.db
      .selectFrom('event')
      .selectAll()
      .where('event_id', '=', body.event.eventId)
      .executeTakeFirstOrThrow();
    assert.is(stored.state_id, delawareId);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'event')
      .executeTakeFirstOrThrow();
    assert.is(audit.action, 'create');
    assert.is(audit.user_id, admin.user.userId);
    const listed = await t.app.inject({ url: `/api/state/${delawareId}/event`, headers: admin.headers });
    assert.ok((listed.json() as Array<{ eventId: number }>).some((event) => event.eventId === body.event.eventId));
  },
);

Events('POST event: a test event, an event today without a time', async ({ t, admin, delawareId }) => {
  const today = todayIso();
  const payload = {
    ...newEvent(delawareId),
    eventStartDate: today,
    eventEndDate: today,
    eventStartTime: '',
    isTestEvent: true,
  };
  const response = await t.app.inject({ method: 'POST', url: '/api/event', headers: admin.headers, payload });
  assert.is(response.statusCode, 201);
  assert.is(response.json().event.isTestEvent, true);
  assert.is(response.json().event.eventStartTime, null);
});

Events('POST event: every rule gives its message and nothing is stored', async ({ t, admin, delawareId }) => {
  const before = await snapshotTables(t.db, eventTables);
  const today = todayIso();
  const valid = newEvent(delawareId);
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ ...valid, eventName: '' }, 'eventName', 'Event Name is required'],
    [{ ...valid, eventName: '   ' }, 'eventName', 'Event Name is required'],
    [{ ...valid, eventStartDate: '' }, 'eventStartDate', 'Event Start Date is required'],
    [{ ...valid, eventEndDate: undefined }, 'eventEndDate', 'Event End Date is required'],
    [{ ...valid, eventStartDate: addDays(today, -1) }, 'eventStartDate', 'Event Start Date cannot be before today'],
    [{ ...valid, eventEndDate: addDays(today, 9) }, 'eventEndDate', 'Event End Date cannot be before the Start Date'],
    [{ ...valid, eventStartDate: '2017-12-31' }, 'eventStartDate', 'Event Start Date cannot be before 2018'],
    [{ ...valid, eventStartDate: '2099-02-30' }, 'eventStartDate', 'Event Start Date must be a valid date'],
    [{ ...valid, eventCategories: [] }, 'eventCategories', 'At least one category is required'],
    [{ ...valid, eventCategories: undefined }, 'eventCategories', 'At least one category is required'],
    [{ ...valid, eventCategories: ['Culinary', ''] }, 'eventCategories.1', 'Category Name is required'],
    [
      { ...valid, eventCategories: ['Culinary', 'CULINARY'] },
      'eventCategories.1',
      'Each category name can be used once per event',
    ],
    [{ ...valid, eventStartTime: '8am' }, 'eventStartTime', 'Event Start Time must be a time such as 08:30'],
    [{ ...valid, eventState: {} }, 'eventState.stateId', 'State is required'],
  ];
  for (const [payload, field, message] of cases) {
    const response = await t.app.inject({ method: 'POST', url: '/api/event', headers: admin.headers, payload });
    assert.is(response.statusCode, 400, message);
    assert.equal(response.json().errors[0], { field, message });
    assert.is(response.json().message, message);
  }
  assert.equal(await snapshotTables(t.db, eventTables), before);
});

Events(
  'POST event: refused to STANDARD, JUDGE, visitors, for another state, and with an expired account',
  async ({ t, admin, delawareId }) => {
    const other = await createSecondState(t.db);
    const before = await snapshotTables(t.db, eventTables);
    const payload = newEvent(delawareId);
    for (const email of ['standard@demo.test', 'judge1@demo.test']) {
      const session = await loginAs(t.app, email);
      assert.is(
        (await t.app.inject({ method: 'POST', url: '/api/event', headers: session.headers, payload })).statusCode,
        403,
        email,
      );
    }
    assert.is((await t.app.inject({ method: 'POST', url: '/api/event', payload })).statusCode, 401);
    const otherState = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: admin.headers,
      payload: newEvent(other.stateId),
    });
    assert.is(otherState.statusCode, 403);
    assert.is(otherState.json().message, 'Events can only be added for your own state.');
    await t.db
      .updateTable('account')
      .set({ expiration_date: '2020-01-01' })
      .where('state_id', '=', delawareId)
      .execute();
    const expired = await t.app.inject({ method: 'POST', url: '/api/event', headers: admin.headers, payload });
    assert.is(expired.statusCode, 403);
    assert.is(expired.json().code, 'ACCOUNT_EXPIRED');
    await t.db
      .updateTable('account')
      .set({ expiration_date: '2099-01-01' })
      .where('state_id', '=', delawareId)
      .execute();
    assert.equal(await snapshotTables(t.db, eventTables), before);
    const pennsylvania = await loginAs(t.app, other.adminEmail);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: pennsylvania.headers,
      payload: newEvent(other.stateId),
    });
    assert.is(own.statusCode, 201, 'an admin adds events in their own state');
  },
);

Events('PUT event edits name, dates and time; the end date stays when omitted', async ({ t, admin }) => {
  const eventId = await demoEventId(t, 'Delaware ProStart');
  const today = todayIso();
  const renamed = await t.app.inject({
    method: 'PUT',
    url: `/api/event/${eventId}`,
    headers: admin.headers,
    payload: {
      eventName: 'ProStart Finals',
      eventStartDate: addDays(today, 20),
      eventEndDate: addDays(today, 21),
      eventStartTime: '09:15',
    },
  });
  assert.is(renamed.statusCode, 200);
  assert.is(renamed.json().message, 'Event updated successfully.');
  assert.equal(
    [
      renamed.json().event.eventName,
      renamed.json().event.eventStartDate,
      renamed.json().event.eventEndDate,
      renamed.json().event.eventStartTime,
    ],
    ['ProStart Finals', addDays(today, 20), addDays(today, 21), '09:15'],
  );
  const nameOnly = await t.app.inject({
    method: 'PUT',
    url: `/api/event/${eventId}`,
    headers: admin.headers,
    payload: { eventName: 'ProStart Finals 2', eventStartDate: addDays(today, 20) },
  });
  assert.is(nameOnly.json().event.eventEndDate, addDays(today, 21), 'end date kept');
  assert.is(nameOnly.json().event.eventStartTime, '09:15', 'time kept');
  const later = await t.app.inject({
    method: 'PUT',
    url: `/api/event/${eventId}`,
    headers: admin.headers,
    payload: { eventName: 'ProStart Finals 2', eventStartDate: addDays(today, 30) },
  });
  assert.is(later.json().event.eventEndDate, addDays(today, 30), 'the end follows a start moved past it');
  const audit = await t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'event')
    .where('action', '=', 'update')
    .execute();
  assert.is(audit.length, 3);
  const change = await t.db
    .selectFrom('change_log')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  assert.is(change.entity, 'reference', "judges' devices learn the schedule changed");
});

Events(
  'PUT event: name and start date required; a started event keeps its past start date',
  async ({ t, admin, delawareId }) => {
    const eventId = await demoEventId(t, 'Delaware ProStart');
    const before = await snapshotTables(t.db, eventTables);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ eventName: '', eventStartDate: '2099-01-01' }, 'eventName', 'Event Name is required'],
      [{ eventName: 'x', eventStartDate: '' }, 'eventStartDate', 'Event Start Date is required'],
      [
        { eventName: 'x', eventStartDate: addDays(todayIso(), -3) },
        'eventStartDate',
        'Event Start Date cannot be before today',
      ],
      [
        { eventName: 'x', eventStartDate: '2099-01-02', eventEndDate: '2099-01-01' },
        'eventEndDate',
        'Event End Date cannot be before the Start Date',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/event/${eventId}`,
        headers: admin.headers,
        payload,
      });
      assert.is(response.statusCode, 400, message);
      assert.equal(response.json().errors[0], { field, message });
    }
    assert.equal(await snapshotTables(t.db, eventTables), before);
    const pastStart = addDays(todayIso(), -1);
    const started = await createEvent(t.db, {
      stateId: delawareId,
      startDate: pastStart,
      endDate: addDays(todayIso(), 1),
      status: 'STARTED',
    });
    const keep = await t.app.inject({
      method: 'PUT',
      url: `/api/event/${started.eventId}`,
      headers: admin.headers,
      payload: { eventName: 'Corrected Name', eventStartDate: pastStart },
    });
    assert.is(keep.statusCode, 200);
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/event/${started.eventId}`,
      headers: admin.headers,
      payload: { eventName: 'Corrected Name', eventStartDate: addDays(pastStart, -1) },
    });
    assert.is(move.statusCode, 400);
  },
);

Events('PUT event: refused for a closed event, other states, STANDARD and judges', async ({ t, admin, delawareId }) => {
  const other = await createSecondState(t.db);
  const closed = await createEvent(t.db, { stateId: delawareId, status: 'CLOSED', startDate: '2025-05-01' });
  const before = await snapshotTables(t.db, eventTables);
  const payload = { eventName: 'Renamed', eventStartDate: '2099-06-01' };
  const closedResponse = await t.app.inject({
    method: 'PUT',
    url: `/api/event/${closed.eventId}`,
    headers: admin.headers,
    payload,
  });
  assert.is(closedResponse.statusCode, 409);
  assert.is(closedResponse.json().code, 'EVENT_CLOSED');
  assert.is(
    (await t.app.inject({ method: 'PUT', url: `/api/event/${other.eventId}`, headers: admin.headers, payload }))
      .statusCode,
    403,
  );
  const eventId = await demoEventId(t, 'Delaware ProStart');
  for (const email of ['standard@demo.test', 'judge1@demo.test']) {
    const session = await loginAs(t.app, email);
    assert.is(
      (await t.app.inject({ method: 'PUT', url: `/api/event/${eventId}`, headers: session.headers, payload }))
        .statusCode,
      403,
      email,
    );
  }
  assert.is(
    (await t.app.inject({ method: 'PUT', url: '/api/event/99999', headers: admin.headers, payload })).statusCode,
    404,
  );
  assert.equal(await snapshotTables(t.db, eventTables), before);
});

Events(
  'DELETE event removes a test event with everything in it, even after it was scored',
  async ({ t, admin, delawareId }) => {
    const eventId = await demoEventId(t, 'Judge Training Round');
    const category = await t.db
      .selectFrom('category')
      .select(['category_id'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    const assignment = await t.db
      .selectFrom('judge_assignment')
      .selectAll()
      .where('category_id', '=', category.category_id)
      .executeTakeFirstOrThrow();
    const registration = await t.db
      .selectFrom('category_registration')
      .selectAll()
      .where('category_id', '=', category.category_id)
      .executeTakeFirstOrThrow();
    await createSubsectionScore(t.db, {
      stateId: delawareId,
      eventId,
      categoryId: category.category_id,
      sectionId: assignment.section_id,
      schoolId: registration.school_id,
      judgeId: assignment.judge_id,
    });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/event/${eventId}`, headers: admin.headers });
    assert.is(response.statusCode, 200);
    assert.is(response.json().message, 'Test event removed successfully.');
    assert.is(
      await t.db.selectFrom('event').select('event_id').where('event_id', '=', eventId).executeTakeFirst(),
      undefined,
    );
    assert.is(
      (await t.db.selectFrom('category').select('category_id').where('event_id', '=', eventId).execute()).length,
      0,
    );
    assert.is(
      (await t.db.selectFrom('subsection_score').select('score_id').where('event_id', '=', eventId).execute()).length,
      0,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'event')
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    assert.match(audit.before_json ?? '', 'Judge Training Round');
  },
);

Events(
  'DELETE event: real events are never removed; other states, STANDARD and judges refused',
  async ({ t, admin }) => {
    const other = await createSecondState(t.db);
    await t.db.updateTable('event').set({ is_test_event: 1 }).where('event_id', '=', other.eventId).execute();
    const before = await snapshotTables(t.db, eventTables);
    const realEventId = await demoEventId(t, 'Delaware ProStart');
    const real = await t.app.inject({ method: 'DELETE', url: `/api/event/${realEventId}`, headers: admin.headers });
    assert.is(real.statusCode, 409);
    assert.is(real.json().message, 'Only test events can be removed.');
    assert.is(
      (await t.app.inject({ method: 'DELETE', url: `/api/event/${other.eventId}`, headers: admin.headers })).statusCode,
      403,
    );
    const testEventId = await demoEventId(t, 'Judge Training Round');
    for (const email of ['standard@demo.test', 'judge1@demo.test']) {
      const session = await loginAs(t.app, email);
      assert.is(
        (await t.app.inject({ method: 'DELETE', url: `/api/event/${testEventId}`, headers: session.headers }))
          .statusCode,
        403,
        email,
      );
    }
    assert.is((await t.app.inject({ method: 'DELETE', url: `/api/event/${testEventId}` })).statusCode, 401);
    assert.equal(await snapshotTables(t.db, eventTables), before);
  },
);

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

const EventPermissions = suite<{ w: AdminWorld }>('events permission matrix');
EventPermissions.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
EventPermissions.after.each(async (context) => {
  await context.w.t.close();
});

const eventWorldTables: TableList = [...eventTables, 'subsection_score', 'change_log'];

EventPermissions(
  "reads: the admin area of the event's state only (ULTRA and SUPER included); nothing changes",
  async ({ w }) => {
    const eventId = await demoEventId(w.t, 'Delaware ProStart');
    const reads = [
      `/api/state/${w.stateId}/event`,
      `/api/event/${eventId}`,
      `/api/event/${eventId}/category`,
      `/api/event/${eventId}/school`,
    ];
    const callers: Array<[string, WorldSession | undefined, number]> = [
      ['admin', w.admin, 200],
      ['standard', w.standard, 200],
      ['ultra of the state', w.ultra, 200],
      ['super of the state', w.super, 200],
      ['judge', w.judge, 403],
      ["another state's admin", w.otherAdmin, 403],
      ["another state's standard", w.otherStandard, 403],
      ["an expired state's admin", w.expiredAdmin, 403],
      ['visitor', undefined, 401],
    ];
    const before = await snapshotTables(w.t.db, eventWorldTables);
    for (const url of reads) {
      for (const [label, session, status] of callers) {
        const response = await w.t.app.inject({ url, headers: session?.headers ?? {} });
        assert.is(response.statusCode, status, `${label} GET ${url}`);
      }
    }
    for (const session of [w.ultra, w.super]) {
      for (const url of [`/api/state/${w.other.stateId}/event`, `/api/event/${w.other.eventId}`]) {
        assert.is((await w.t.app.inject({ url, headers: session.headers })).statusCode, 403, `ULTRA/SUPER ${url}`);
      }
    }
    assert.equal(await snapshotTables(w.t.db, eventWorldTables), before);
  },
);

EventPermissions(
  'writes: STANDARD, JUDGE, visitors, other states (ULTRA and SUPER too) and expired accounts are refused; nothing changes',
  async ({ w }) => {
    const eventId = await demoEventId(w.t, 'Delaware ProStart');
    const testEventId = await demoEventId(w.t, 'Judge Training Round');
    await w.t.db.updateTable('event').set({ is_test_event: 1 }).where('event_id', '=', w.other.eventId).execute();
    await w.t.db.updateTable('event').set({ is_test_event: 1 }).where('event_id', '=', w.expired.eventId).execute();
    const add = { method: 'POST' as const, url: '/api/event', payload: newEvent(w.stateId) };
    const edit = {
      method: 'PUT' as const,
      url: `/api/event/${eventId}`,
      payload: { eventName: 'Renamed', eventStartDate: '2099-06-01' },
    };
    const remove = { method: 'DELETE' as const, url: `/api/event/${testEventId}` };
    await assertRefusedWithoutChange(w.t, eventWorldTables, [
      ...[add, edit, remove].flatMap((request) => stateWriteRefusals(w, request)),
      ...[add, edit, remove].map((request) => ({
        label: `${request.method} ${request.url}: another state's standard`,
        request: { ...request, headers: w.otherStandard.headers },
        status: 403,
      })),
      {
        label: 'ULTRA adds an event for another state',
        request: { ...add, headers: w.ultra.headers, payload: newEvent(w.other.stateId) },
        status: 403,
        message: 'Events can only be added for your own state.',
      },
      {
        label: "SUPER edits another state's event",
        request: { ...edit, url: `/api/event/${w.other.eventId}`, headers: w.super.headers },
        status: 403,
      },
      {
        label: "ULTRA removes another state's test event",
        request: { ...remove, url: `/api/event/${w.other.eventId}`, headers: w.ultra.headers },
        status: 403,
      },
      {
        label: 'an expired account adds an event in its own state',
        request: { ...add, headers: w.expiredAdmin.headers, payload: newEvent(w.expired.stateId) },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      },
      {
        label: 'an expired account edits its own event',
        request: { ...edit, url: `/api/event/${w.expired.eventId}`, headers: w.expiredAdmin.headers },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      },
      {
        label: 'an expired account removes its own test event',
        request: { ...remove, url: `/api/event/${w.expired.eventId}`, headers: w.expiredAdmin.headers },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      },
      {
        label: 'a malformed event id',
        request: { ...edit, url: '/api/event/abc', headers: w.admin.headers },
        status: 400,
      },
    ]);
    // The same three calls succeed for the state's ULTRA (editor of its own state).
    assert.is((await w.t.app.inject({ ...add, headers: w.ultra.headers })).statusCode, 201);
    assert.is((await w.t.app.inject({ ...edit, headers: w.super.headers })).statusCode, 200);
    assert.is((await w.t.app.inject({ ...remove, headers: w.ultra.headers })).statusCode, 200);
  },
);

EventPermissions.run();
