// Editing an event and deleting a test event; real events are never removed.
import * as assert from 'uvu/assert';
import { todayIso } from '../../common/clock.ts';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createEvent, createSecondState, createSubsectionScore, snapshotTables } from '../../test-support/factories.ts';
import { createEventsSuite, eventTables, addDays, demoEventId } from './events.routes.fixtures.ts';

const Events = createEventsSuite('events: edit and delete');

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

Events.run();
