// School registration refuses what it must: the seed messages, other events and states, the
// captcha; nothing is stored.
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import {
  createRegistrationSuite,
  registrationTables,
  newSchool,
  registration,
  withCaptcha,
  unregisteredSchoolId,
} from './registration.routes.fixtures.ts';

const Registration = createRegistrationSuite('school registration: refusals and captcha');

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

Registration.run();
