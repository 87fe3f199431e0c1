// School registration: the open events, school names, and a school registering once.
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import {
  createRegistrationSuite,
  registrationTables,
  newSchool,
  registration,
  withCaptcha,
  unregisteredSchoolId,
} from './registration.routes.fixtures.ts';

const Registration = createRegistrationSuite('school registration');

Registration(
  'open events: visitors see events not started yet, without test events',
  async ({ t, delawareId, proStart }) => {
    const response = await t.app.inject({ url: `/api/state/${delawareId}/event/open` });
    assert.is(response.statusCode, 200);
    const events = response.json() as Array<{
      eventId: number;
      isTestEvent: boolean;
      categories: Array<{ categoryName: string }>;
    }>;
    assert.equal(
      events.map((event) => event.eventId),
      [proStart.eventId],
      'the started event and the test event are not offered',
    );
    assert.equal(
      events[0]?.categories.map((c) => c.categoryName),
      ['Culinary', 'Restaurant Management'],
    );
  },
);

Registration('open events: test events only for ADMIN and ULTRA of the state', async ({ t, delawareId, training }) => {
  const other = await createSecondState(t.db);
  const seesTraining = async (headers: Record<string, string> | undefined) => {
    const response = await t.app.inject({ url: `/api/state/${delawareId}/event/open`, headers });
    assert.is(response.statusCode, 200);
    return (response.json() as Array<{ eventId: number }>).some((event) => event.eventId === training.eventId);
  };
  for (const [email, expected] of [
    ['admin@demo.test', true],
    ['ultra@demo.test', true],
    ['super@demo.test', false],
    ['standard@demo.test', false],
    ['judge1@demo.test', false],
    [other.adminEmail, false],
  ] as const) {
    assert.is(await seesTraining((await loginAs(t.app, email)).headers), expected, email);
  }
  assert.is(
    await seesTraining({ authorization: 'Bearer not-a-token' }),
    false,
    'a stale token is a visitor, not a 401',
  );
});

Registration('school names: names and ids only, no contact data', async ({ t, delawareId }) => {
  const response = await t.app.inject({ url: `/api/state/${delawareId}/school/names` });
  assert.is(response.statusCode, 200);
  const schools = response.json() as Array<Record<string, unknown>>;
  assert.is(schools.length, 24);
  assert.ok(schools.every((school) => Object.keys(school).sort().join() === 'schoolId,schoolName'));
  assert.not.match(response.body, '@');
});

Registration(
  'a listed school registers: students stored, runs last, audited, devices told; then it is not allowed again',
  async ({ t, delawareId, proStart }) => {
    const schoolId = await unregisteredSchoolId(t, proStart.eventId);
    const allowed = await t.app.inject({ url: `/api/event/${proStart.eventId}/school/${schoolId}/allowed` });
    assert.equal(allowed.json(), { allowed: true });
    const contactBefore = await t.db
      .selectFrom('school')
      .selectAll()
      .where('school_id', '=', schoolId)
      .executeTakeFirstOrThrow();
    const payload = registration(
      delawareId,
      proStart,
      { schoolId, schoolContactEmail: 'attacker@evil.test' },
      ' Ann Lee ,Bo Chen, Cy Dunn',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, payload),
    });
    assert.is(response.statusCode, 201);
    assert.equal(response.json(), {
      status: 'Success',
      message: 'Registration successful.',
      schoolId,
      eventId: proStart.eventId,
    });
    const row = await t.db
      .selectFrom('category_registration')
      .selectAll()
      .where('category_id', '=', proStart.categoryIds[0] ?? 0)
      .where('school_id', '=', schoolId)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(row.students_json), ['Ann Lee', 'Bo Chen', 'Cy Dunn']);
    assert.is(row.school_order, 12, 'after the 12 schools already there');
    assert.equal(
      await t.db.selectFrom('school').selectAll().where('school_id', '=', schoolId).executeTakeFirstOrThrow(),
      contactBefore,
      "a visitor cannot change a listed school's contacts",
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'register')
      .executeTakeFirstOrThrow();
    assert.is(audit.user_id, null, 'a visitor');
    assert.is(audit.entity_id, `${proStart.eventId}:${schoolId}`);
    assert.ok(
      await t.db
        .selectFrom('change_log')
        .select('change_id')
        .where('event_id', '=', proStart.eventId)
        .executeTakeFirst(),
    );
    const again = await t.app.inject({ url: `/api/event/${proStart.eventId}/school/${schoolId}/allowed` });
    assert.equal(again.json(), { allowed: false, message: 'School is already registered' });
    const before = await snapshotTables(t.db, registrationTables);
    const other = {
      ...payload,
      event: { eventId: proStart.eventId, categories: [{ categoryId: proStart.categoryIds[1], students: 'Di Eng' }] },
    };
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, other),
    });
    assert.is(twice.statusCode, 409);
    assert.is(twice.json().code, 'ALREADY_REGISTERED');
    assert.is(twice.json().message, 'School is already registered');
    assert.equal(await snapshotTables(t.db, registrationTables), before);
  },
);

Registration(
  '"my school is not listed" creates the school; the same name again must be picked from the list',
  async ({ t, delawareId, proStart }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, registration(delawareId, proStart, newSchool)),
    });
    assert.is(response.statusCode, 201);
    const school = await t.db
      .selectFrom('school')
      .selectAll()
      .where('school_id', '=', response.json().schoolId)
      .executeTakeFirstOrThrow();
    assert.equal(
      [
        school.state_id,
        school.school_name,
        school.principal,
        school.educator1,
        school.educator2,
        school.contact_email,
        school.contact_phone,
      ],
      [
        delawareId,
        'Brandywine High School',
        'Dr. Ruth Hale',
        'Chef Omar Diaz',
        null,
        'omar.diaz@brandywine.test',
        '(302) 555-0123',
      ],
    );
    const names = await t.app.inject({ url: `/api/state/${delawareId}/school/names` });
    assert.ok((names.json() as Array<{ schoolName: string }>).some((s) => s.schoolName === 'Brandywine High School'));
    const before = await snapshotTables(t.db, registrationTables);
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(
        t,
        registration(delawareId, proStart, { ...newSchool, schoolName: ' brandywine high school ' }),
      ),
    });
    assert.is(duplicate.statusCode, 409);
    assert.is(duplicate.json().message, 'That school is already listed - please select it from the list');
    assert.equal(await snapshotTables(t.db, registrationTables), before);
  },
);

Registration('a school of a started event is not allowed any more', async ({ t, classic }) => {
  const registered = await t.db
    .selectFrom('category_registration')
    .select('school_id')
    .where('category_id', '=', classic.categoryIds[0] ?? 0)
    .executeTakeFirstOrThrow();
  const response = await t.app.inject({ url: `/api/event/${classic.eventId}/school/${registered.school_id}/allowed` });
  assert.equal(response.json(), { allowed: false, message: 'School is already registered' });
  const fresh = await unregisteredSchoolId(t, classic.eventId);
  const closed = await t.app.inject({ url: `/api/event/${classic.eventId}/school/${fresh}/allowed` });
  assert.equal(closed.json(), { allowed: false, message: 'Registration for this event is closed.' });
});

Registration.run();
