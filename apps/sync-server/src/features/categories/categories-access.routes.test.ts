// Who may read and write a category: refusals for closed events, roles and other states.
import type { InjectOptions } from 'fastify';
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import {
  createEvent,
  createJudge,
  createSecondState,
  createSection,
  snapshotTables,
  type SecondState,
} from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, type AdminWorld } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { createCategoriesSuite, type Fixture, categoryTables } from './categories.routes.fixtures.ts';

const Categories = createCategoriesSuite('categories: refusals');

const CategoryPermissions = createAdminWorldSuite('categories permission matrix');

/** Every category write, with a valid body, against the fixture. */
function writeRequests(fixture: Fixture, sectionToAdd: number, judgeToAdd: number) {
  const { url, sectionId, judgeIds, schoolIds } = fixture;
  return [
    { method: 'POST', url: `/api/event/${fixture.eventId}/category`, payload: { categoryName: 'New One' } },
    { method: 'PUT', url, payload: { categoryName: 'Renamed' } },
    { method: 'DELETE', url },
    { method: 'POST', url: `${url}/section`, payload: [{ sectionId: sectionToAdd }] },
    { method: 'POST', url: `${url}/section/${sectionId}`, payload: [{ judgeId: judgeToAdd }] },
    { method: 'DELETE', url: `${url}/section/${sectionId}` },
    { method: 'DELETE', url: `${url}/section/${sectionId}/judge/${judgeIds[0]}` },
    { method: 'PUT', url: `${url}/school/${schoolIds[0]}`, payload: { schoolStudents: 'Ann' } },
    { method: 'PUT', url: `${url}/school`, payload: [{ schoolId: schoolIds[2], schoolOrder: 0 }] },
    { method: 'DELETE', url: `${url}/school/${schoolIds[0]}` },
  ] as const;
}

Categories(
  'every write is refused for a closed event, STANDARD, JUDGE, visitors and other states; nothing changes',
  async ({ t, admin, fixture, delawareId }) => {
    const other = await createSecondState(t.db);
    const sectionToAdd = await createSection(t.db, { stateId: delawareId, sectionName: 'Extra' });
    const judgeToAdd = await createJudge(t.db, { stateId: delawareId, email: 'extra@judges.test' });
    const requests = writeRequests(fixture, sectionToAdd, judgeToAdd);
    const callers = [
      ['standard@demo.test', 403],
      ['judge1@demo.test', 403],
      [other.adminEmail, 403],
    ] as const;
    const before = await snapshotTables(t.db, categoryTables);
    for (const [email, status] of callers) {
      const session = await loginAs(t.app, email);
      for (const request of requests) {
        const response = await t.app.inject({ ...request, headers: session.headers });
        assert.is(response.statusCode, status, `${email} ${request.method} ${request.url}`);
      }
    }
    for (const request of requests) {
      assert.is((await t.app.inject(request)).statusCode, 401, `visitor ${request.method} ${request.url}`);
    }
    await t.db.updateTable('event').set({ status: 'CLOSED' }).where('event_id', '=', fixture.eventId).execute();
    const closedBefore = await snapshotTables(t.db, categoryTables);
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: admin.headers });
      assert.is(response.statusCode, 409, `closed ${request.method} ${request.url}`);
      assert.is(response.json().code, 'EVENT_CLOSED');
    }
    assert.equal(await snapshotTables(t.db, categoryTables), closedBefore);
    await t.db.updateTable('event').set({ status: 'NOT_STARTED' }).where('event_id', '=', fixture.eventId).execute();
    assert.equal(await snapshotTables(t.db, categoryTables), before);
    for (const request of requests.slice(0, 2)) {
      const response = await t.app.inject({ ...request, headers: admin.headers });
      assert.ok(response.statusCode < 300, `the same ${request.method} ${request.url} works for the admin`);
    }
  },
);

Categories('reads: STANDARD may read, judges and other states may not', async ({ t, fixture }) => {
  const other = await createSecondState(t.db);
  const urls = [
    fixture.url,
    `${fixture.url}/section`,
    `${fixture.url}/section/${fixture.sectionId}`,
    `${fixture.url}/available/section`,
    `${fixture.url}/section/${fixture.sectionId}/available/judge`,
  ];
  const standard = await loginAs(t.app, 'standard@demo.test');
  const judge = await loginAs(t.app, 'judge1@demo.test');
  const pennsylvania = await loginAs(t.app, other.adminEmail);
  for (const url of urls) {
    assert.is((await t.app.inject({ url, headers: standard.headers })).statusCode, 200, url);
    assert.is((await t.app.inject({ url, headers: judge.headers })).statusCode, 403, url);
    assert.is((await t.app.inject({ url, headers: pennsylvania.headers })).statusCode, 403, url);
    assert.is((await t.app.inject({ url })).statusCode, 401, url);
  }
});

/** Every category read and write (valid bodies) against a state's event made by `createSecondState`. */
async function categoryCalls(w: AdminWorld, state: SecondState) {
  const sectionToAdd = await createSection(w.t.db, { stateId: state.stateId, sectionName: 'Extra Section' });
  const judgeToAdd = await createJudge(w.t.db, { stateId: state.stateId, email: `extra.${state.stateId}@judges.test` });
  const url = `/api/event/${state.eventId}/category/${state.categoryId}`;
  const section = `${url}/section/${state.sectionId}`;
  const reads = [url, `${url}/section`, section, `${url}/available/section`, `${section}/available/judge`];
  const writes: InjectOptions[] = [
    { method: 'POST', url: `/api/event/${state.eventId}/category`, payload: { categoryName: 'New One' } },
    { method: 'PUT', url, payload: { categoryName: 'Renamed' } },
    { method: 'DELETE', url },
    { method: 'POST', url: `${url}/section`, payload: [{ sectionId: sectionToAdd }] },
    { method: 'POST', url: section, payload: [{ judgeId: judgeToAdd }] },
    { method: 'DELETE', url: section },
    { method: 'DELETE', url: `${section}/judge/${state.judgeId}` },
    { method: 'PUT', url: `${url}/school/${state.schoolId}`, payload: { schoolStudents: 'Ann' } },
    { method: 'PUT', url: `${url}/school`, payload: [{ schoolId: state.schoolId, schoolOrder: 0 }] },
    { method: 'DELETE', url: `${url}/school/${state.schoolId}` },
  ];
  return { reads, writes };
}

CategoryPermissions(
  "another state's category: ULTRA, SUPER, ADMIN and STANDARD of other states refused; an expired account cannot write",
  async ({ w }) => {
    const pennsylvania = await categoryCalls(w, w.other);
    const before = await snapshotTables(w.t.db, categoryTables);
    for (const url of pennsylvania.reads) {
      for (const [label, session] of [
        ['ultra', w.ultra],
        ['super', w.super],
        ['delaware admin', w.admin],
        ['delaware standard', w.standard],
        ['delaware judge', w.judge],
      ] as const) {
        assert.is((await w.t.app.inject({ url, headers: session.headers })).statusCode, 403, `${label} GET ${url}`);
      }
      assert.is((await w.t.app.inject({ url, headers: w.otherStandard.headers })).statusCode, 200, url);
    }
    assert.equal(await snapshotTables(w.t.db, categoryTables), before);

    const newJersey = await categoryCalls(w, w.expired);
    await assertRefusedWithoutChange(
      w.t,
      [...categoryTables, 'event'],
      [
        ...pennsylvania.writes.flatMap((request) =>
          (
            [
              ['ultra', w.ultra],
              ['super', w.super],
              ['delaware admin', w.admin],
              ['pennsylvania standard', w.otherStandard],
            ] as const
          ).map(([label, session]) => ({
            label: `${label} ${request.method} ${request.url}`,
            request: { ...request, headers: session.headers },
            status: 403,
          })),
        ),
        ...newJersey.writes.map((request) => ({
          label: `expired account ${request.method} ${request.url}`,
          request: { ...request, headers: w.expiredAdmin.headers },
          status: 403,
          code: 'ACCOUNT_EXPIRED',
        })),
      ],
    );
    for (const url of newJersey.reads) {
      assert.is(
        (await w.t.app.inject({ url, headers: w.expiredAdmin.headers })).statusCode,
        200,
        `an expired account still reads ${url}`,
      );
    }
    for (const request of pennsylvania.writes.slice(0, 2)) {
      const response = await w.t.app.inject({ ...request, headers: w.otherAdmin.headers });
      assert.ok(response.statusCode < 300, `the same ${request.method} ${request.url} works for its own admin`);
    }
  },
);

CategoryPermissions(
  "a category is reached only through its own event: another state's or another event's category in one's own path is 404, unchanged",
  async ({ w }) => {
    const own = await createEvent(w.t.db, { stateId: w.stateId, eventName: 'Own Event', categories: ['Own'] });
    const sibling = await createEvent(w.t.db, { stateId: w.stateId, eventName: 'Sibling', categories: ['Sibling'] });
    const foreign = await categoryCalls(w, w.other);
    const ownUrl = `/api/event/${own.eventId}/category/${own.categoryIds[0]}`;
    const foreignPath = `/api/event/${w.other.eventId}/category/${w.other.categoryId}`;
    const mismatched = (url: string) =>
      url.replace(foreignPath, `/api/event/${own.eventId}/category/${w.other.categoryId}`);
    const requests: InjectOptions[] = [
      ...foreign.reads.map((url) => ({ method: 'GET' as const, url: mismatched(url) })),
      // The first write adds a category to the event itself (no category in its path).
      ...foreign.writes.slice(1).map((request) => ({ ...request, url: mismatched(String(request.url)) })),
      { method: 'GET', url: ownUrl.replace(`/event/${own.eventId}/`, `/event/${sibling.eventId}/`) },
      {
        method: 'PUT',
        url: ownUrl.replace(`/event/${own.eventId}/`, `/event/${sibling.eventId}/`),
        payload: { categoryName: 'Moved' },
      },
      { method: 'DELETE', url: ownUrl.replace(`/event/${own.eventId}/`, `/event/${sibling.eventId}/`) },
    ];
    await assertRefusedWithoutChange(
      w.t,
      [...categoryTables, 'event'],
      requests.map((request) => ({
        label: `${request.method} ${request.url}`,
        request: { ...request, headers: w.admin.headers },
        status: 404,
        message: 'That category does not exist in this event.',
      })),
    );
  },
);

Categories.run();

CategoryPermissions.run();
