import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { createSecondState, snapshotTables, stateIdByCode } from '../../test-support/factories.ts';

interface DemoEvent {
  eventId: number;
  categoryIds: number[];
}

interface Context {
  t: TestApp;
  delawareId: number;
  /** NOT_STARTED, in two weeks: open for registration. */
  proStart: DemoEvent;
  /** STARTED today: closed for registration. */
  classic: DemoEvent;
  /** The test event. */
  training: DemoEvent;
}

const Registration = suite<Context>('school registration');
Registration.before.each(async (context) => {
  const t = await buildTestApp();
  const find = async (prefix: string): Promise<DemoEvent> => {
    const event = await t.db
      .selectFrom('event')
      .select('event_id')
      .where('event_name', 'like', `${prefix}%`)
      .executeTakeFirstOrThrow();
    const categories = await t.db
      .selectFrom('category')
      .select('category_id')
      .where('event_id', '=', event.event_id)
      .orderBy('category_id')
      .execute();
    return { eventId: event.event_id, categoryIds: categories.map((c) => c.category_id) };
  };
  context.t = t;
  context.delawareId = await stateIdByCode(t.db, 'DE');
  context.proStart = await find('Delaware ProStart');
  context.classic = await find('Delaware Hospitality Classic');
  context.training = await find('Judge Training Round');
});
Registration.after.each(async (context) => {
  await context.t.close();
});

const registrationTables = ['school', 'category_registration', 'audit_log', 'change_log'] as const;

const newSchool = {
  schoolId: null,
  schoolName: 'Brandywine High School',
  schoolPrincipal: 'Dr. Ruth Hale',
  schoolEducator1: 'Chef Omar Diaz',
  schoolEducator2: '',
  schoolContactName: 'Omar Diaz',
  schoolContactEmail: 'Omar.Diaz@Brandywine.test',
  schoolContactPhone: '(302) 555-0123',
};

function registration(
  stateId: number,
  event: DemoEvent,
  school: Record<string, unknown>,
  students = 'Ann Lee, Bo Chen',
) {
  return {
    school,
    state: { stateId },
    event: { eventId: event.eventId, categories: [{ categoryId: event.categoryIds[0], students }] },
  };
}

/** The payload with a freshly solved captcha, as the public form sends it. */
async function withCaptcha(t: TestApp, payload: object) {
  return { ...payload, captcha: await solveCaptcha(t.app) };
}

/** A demo school not yet in the ProStart event (schools 19-24 are only in the other events). */
async function unregisteredSchoolId(t: TestApp, eventId: number): Promise<number> {
  const registered = t.db
    .selectFrom('category_registration')
    .innerJoin('category', 'category.category_id', 'category_registration.category_id')
    .select('category_registration.school_id')
    .where('category.event_id', '=', eventId);
  const row = await t.db
    .selectFrom('school')
    .select('school_id')
    .where('school_id', 'not in', registered)
    .orderBy('school_id')
    .executeTakeFirstOrThrow();
  return row.school_id;
}

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

Registration('validation: the seed messages, and nothing stored', async ({ t, delawareId, proStart }) => {
  const before = await snapshotTables(t.db, registrationTables);
  const selection = 'Please make a selection - if your school is not listed, select * My school is not listed *';
  const cases: Array<[unknown, string, string]> = [
    [registration(delawareId, proStart, {}), 'school.schoolId', selection],
    [{ state: { stateId: delawareId }, event: { eventId: proStart.eventId, categories: [] } }, 'school', selection],
    [
      registration(delawareId, proStart, { ...newSchool, schoolName: '' }),
      'school.schoolName',
      'School Name is required',
    ],
    [
      registration(delawareId, proStart, { ...newSchool, schoolEducator1: ' ' }),
      'school.schoolEducator1',
      'Please enter at least one (1) Educator',
    ],
    [
      registration(delawareId, proStart, { ...newSchool, schoolContactName: '' }),
      'school.schoolContactName',
      'Primary Contact is required',
    ],
    [
      registration(delawareId, proStart, { ...newSchool, schoolContactEmail: '' }),
      'school.schoolContactEmail',
      'Primary Contact Email is required',
    ],
    [
      registration(delawareId, proStart, { ...newSchool, schoolContactEmail: 'omar@' }),
      'school.schoolContactEmail',
      'Email format is invalid',
    ],
    [
      registration(delawareId, proStart, { ...newSchool, schoolContactPhone: '' }),
      'school.schoolContactPhone',
      'Primary Contact Phone is required',
    ],
    [registration(delawareId, proStart, newSchool, ''), 'event.categories.0.students', 'Student Names are required'],
    [
      registration(delawareId, proStart, newSchool, 'A, B, C, D, E, F'),
      'event.categories.0.students',
      'Up to 5 students per category, separated by commas',
    ],
    [
      { ...registration(delawareId, proStart, newSchool), event: { eventId: proStart.eventId, categories: [] } },
      'event.categories',
      'Please select at least one category',
    ],
    [
      { ...registration(delawareId, proStart, newSchool), event: { categories: [] } },
      'event.eventId',
      'Event is required',
    ],
    [{ ...registration(delawareId, proStart, newSchool), state: {} }, 'state.stateId', 'State is required'],
  ];
  for (const [payload, field, message] of cases) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: payload as Record<string, unknown>,
    });
    assert.is(response.statusCode, 400, message);
    assert.equal(response.json().errors[0], { field, message }, message);
  }
  assert.equal(await snapshotTables(t.db, registrationTables), before);
});

Registration(
  'refused: a started event, a test event for visitors, a category of another event, a school or event of another state',
  async ({ t, delawareId, proStart, classic, training }) => {
    const other = await createSecondState(t.db);
    const before = await snapshotTables(t.db, registrationTables);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, registration(delawareId, classic, newSchool)),
    });
    assert.is(started.statusCode, 409);
    assert.is(started.json().message, 'Registration for this event is closed.');
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, registration(delawareId, training, newSchool)),
    });
    assert.is(hidden.statusCode, 404);
    assert.is(hidden.json().message, 'Event does not exist, please select a valid event.');
    const standard = await loginAs(t.app, 'standard@demo.test');
    const standardHidden = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      headers: standard.headers,
      payload: await withCaptcha(t, registration(delawareId, training, newSchool)),
    });
    assert.is(standardHidden.statusCode, 404, 'STANDARD does not see test events either');
    const strayCategory = {
      ...registration(delawareId, proStart, newSchool),
      event: { eventId: proStart.eventId, categories: [{ categoryId: classic.categoryIds[0], students: 'Ann' }] },
    };
    const stray = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, strayCategory),
    });
    assert.is(stray.statusCode, 400);
    assert.equal(stray.json().errors, [
      { field: 'event.categories.0.categoryId', message: 'That category is not part of this event.' },
    ]);
    const foreignSchool = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, registration(delawareId, proStart, { schoolId: other.schoolId })),
    });
    assert.is(foreignSchool.statusCode, 404);
    const wrongState = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: await withCaptcha(t, registration(other.stateId, proStart, newSchool)),
    });
    assert.is(wrongState.statusCode, 404);
    assert.is(
      (await t.app.inject({ url: `/api/event/${proStart.eventId}/school/${other.schoolId}/allowed` })).statusCode,
      404,
    );
    assert.is(
      (await t.app.inject({ url: `/api/event/${training.eventId}/school/${other.schoolId}/allowed` })).statusCode,
      404,
    );
    assert.equal(await snapshotTables(t.db, registrationTables), before);
  },
);

Registration(
  'visitors, judges and STANDARD need a solved captcha: without one 400 CAPTCHA_FAILED and nothing stored',
  async ({ t, delawareId, proStart }) => {
    const judge = await loginAs(t.app, 'judge1@demo.test');
    const standard = await loginAs(t.app, 'standard@demo.test');
    const used = await solveCaptcha(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      payload: { ...registration(delawareId, proStart, newSchool), captcha: used },
    });
    assert.is(first.statusCode, 201, first.body);
    const before = await snapshotTables(t.db, registrationTables);
    const another = registration(delawareId, proStart, { ...newSchool, schoolName: 'Caesar Rodney High School' });
    const attempts: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      ['a visitor without a captcha', another, {}],
      ['a visitor with a forged captcha', { ...another, captcha: 'Zm9yZ2Vk' }, {}],
      ['a visitor replaying a used captcha', { ...another, captcha: used }, {}],
      ['a JUDGE without a captcha (judges register themselves)', another, judge.headers],
      ['STANDARD without a captcha', another, standard.headers],
      ['a stale token is a visitor', another, { authorization: 'Bearer not-a-token' }],
    ];
    for (const [label, payload, headers] of attempts) {
      const response = await t.app.inject({ method: 'POST', url: '/api/school/register', headers, payload });
      assert.is(response.statusCode, 400, label);
      assert.is(response.json().code, 'CAPTCHA_FAILED', label);
      assert.equal(response.json().errors, [
        { field: 'captcha', message: 'The captcha could not be verified, please try again.' },
      ]);
    }
    assert.equal(await snapshotTables(t.db, registrationTables), before, 'nothing stored');
  },
);

Registration(
  'ADMIN registers a school for a test event without a captcha; the audit names the admin',
  async ({ t, delawareId, training }) => {
    const admin = await loginAs(t.app, 'admin@demo.test');
    const schoolId = await unregisteredSchoolId(t, training.eventId);
    const allowed = await t.app.inject({
      url: `/api/event/${training.eventId}/school/${schoolId}/allowed`,
      headers: admin.headers,
    });
    assert.equal(allowed.json(), { allowed: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/school/register',
      headers: admin.headers,
      // A coordinator registers without the captcha: they add schools in the admin area anyway.
      payload: registration(delawareId, training, { schoolId }),
    });
    assert.is(response.statusCode, 201);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'register')
      .executeTakeFirstOrThrow();
    assert.is(audit.user_id, admin.user.userId);
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
