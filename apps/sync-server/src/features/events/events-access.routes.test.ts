// The events permission matrix: reads and writes by role, state and expired account.
import * as assert from 'uvu/assert';
import { snapshotTables } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  stateWriteRefusals,
  type Session as WorldSession,
  type TableList,
} from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { eventTables, demoEventId, newEvent } from './events.routes.fixtures.ts';

const EventPermissions = createAdminWorldSuite('events permission matrix');

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
