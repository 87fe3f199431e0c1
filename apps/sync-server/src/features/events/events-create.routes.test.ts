// Adding an event: its categories, test events, every rule's message and the refusals.
import * as assert from 'uvu/assert';
import { todayIso } from '../../common/clock.ts';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import { createEventsSuite, eventTables, addDays, newEvent } from './events.routes.fixtures.ts';

const Events = createEventsSuite('events: create');

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

Events.run();
