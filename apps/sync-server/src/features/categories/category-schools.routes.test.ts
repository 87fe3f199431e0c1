// POST /api/event/{eventId}/category/{categoryId}/school: coordinators add existing schools of their state to
// a category in one step, each with its students, through the real app on a fresh SQLite
// database. All or nothing; judges who then owe the new schools are reopened (decisions §7).
import type { InjectOptions } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ReopenReason } from '@judging/shared-types';
import { createEvent, createSchool, snapshotTables } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, stateWriteRefusals } from '../../test-support/sessions.ts';
import { buildSmallEvent, isSubmitted, scoreAndSubmit, type SmallEvent } from '../../test-support/small-event.ts';

const changedTables = ['category_registration', 'category_submission', 'change_log', 'audit_log'] as const;

function addSchools(event: SmallEvent, payload: unknown, headers = event.world.admin.headers): InjectOptions {
  return {
    method: 'POST',
    url: `/api/event/${event.eventId}/category/${event.categoryId}/school`,
    headers,
    payload: payload as InjectOptions['payload'],
  };
}

test('adds existing schools with their students, last in the running order, and reopens the judges who owe them', async () => {
  const event = await buildSmallEvent();
  const { t, stateId } = event.world;
  const { ada, ben } = event.judges;
  await scoreAndSubmit(event, ada, [event.plating]);
  await scoreAndSubmit(event, ben, [event.plating]);
  const cedar = await createSchool(t.db, { stateId, schoolName: 'Cedar Academy' });
  const dogwood = await createSchool(t.db, { stateId, schoolName: 'Dogwood High' });
  // Dogwood is already in another category of the same event: that is how a school enters several.
  const savory = await t.app.inject({
    method: 'POST',
    url: `/api/event/${event.eventId}/category`,
    headers: event.world.admin.headers,
    payload: { categoryName: 'Savory' },
  });
  assert.is(savory.statusCode, 201, savory.body);
  const savoryId = (savory.json().category as { categoryId: number }).categoryId;
  const inSavory = await t.app.inject({
    ...addSchools(event, [{ schoolId: dogwood, schoolStudents: 'Fay Lo' }]),
    url: `/api/event/${event.eventId}/category/${savoryId}/school`,
  });
  assert.is(inSavory.statusCode, 200, inSavory.body);

  const response = await t.app.inject(
    addSchools(event, [
      { schoolId: dogwood, schoolStudents: ' Dee Ray ,  Eli Moss,, ' },
      { schoolId: cedar, schoolStudents: 'Cy Lane' },
    ]),
  );

  assert.is(response.statusCode, 200, response.body);
  const body = response.json();
  assert.is(body.message, 'Schools added successfully.');
  const schools = body.category.categorySchools as {
    schoolName: string;
    schoolStudents: string[];
    schoolOrder: number;
  }[];
  assert.equal(
    schools.map((school) => [school.schoolName, school.schoolOrder]),
    [
      ['Alder High', 0],
      ['Birch High', 1],
      ['Dogwood High', 2],
      ['Cedar Academy', 3],
    ],
  );
  assert.equal(
    schools.slice(2).map((school) => school.schoolStudents),
    [['Dee Ray', 'Eli Moss'], ['Cy Lane']],
  );

  assert.is(await isSubmitted(event, ada), false, 'Ada owes the new schools: reopened');
  assert.is(await isSubmitted(event, ben), false, 'Ben owes the new schools: reopened');
  const reopen = await t.db
    .selectFrom('change_log')
    .select(['op', 'payload_json'])
    .where('entity', '=', 'categorySubmission')
    .where('judge_id', '=', ada.userId)
    .orderBy('change_id', 'desc')
    .executeTakeFirstOrThrow();
  assert.is(reopen.op, 'delete');
  assert.is(JSON.parse(reopen.payload_json ?? '{}').reason, ReopenReason.schoolRegistered);

  const audit = await t.db
    .selectFrom('audit_log')
    .select(['user_id', 'entity_type', 'after_json'])
    .where('action', '=', 'register')
    .orderBy('audit_id', 'desc')
    .executeTakeFirstOrThrow();
  assert.is(audit.user_id, event.world.admin.userId);
  assert.is(audit.entity_type, 'category_registration');
  assert.equal(JSON.parse(audit.after_json ?? '{}').schools, [
    { schoolId: dogwood, students: ['Dee Ray', 'Eli Moss'] },
    { schoolId: cedar, students: ['Cy Lane'] },
  ]);
  await t.close();
});

test('bad input is refused 400 with its message, nothing changed', async () => {
  const event = await buildSmallEvent();
  const { t, stateId } = event.world;
  const cedar = await createSchool(t.db, { stateId, schoolName: 'Cedar Academy' });
  await assertRefusedWithoutChange(t, changedTables, [
    {
      label: 'empty list',
      request: addSchools(event, []),
      status: 400,
      message: 'Select at least one school',
    },
    {
      label: 'no students',
      request: addSchools(event, [{ schoolId: cedar, schoolStudents: ' , ' }]),
      status: 400,
      fieldError: ['0.schoolStudents', 'Student Names are required'],
    },
    {
      label: 'six students',
      request: addSchools(event, [{ schoolId: cedar, schoolStudents: 'a, b, c, d, e, f' }]),
      status: 400,
      fieldError: ['0.schoolStudents', 'Up to 5 students per category, separated by commas'],
    },
    {
      label: 'a school listed twice',
      request: addSchools(event, [
        { schoolId: cedar, schoolStudents: 'Ann' },
        { schoolId: cedar, schoolStudents: 'Bo' },
      ]),
      status: 400,
      fieldError: ['1.schoolId', 'Each school can be listed once'],
    },
    {
      label: 'not an id',
      request: addSchools(event, [{ schoolId: '0x10', schoolStudents: 'Ann' }]),
      status: 400,
    },
    { label: 'not a list', request: addSchools(event, { schoolId: cedar, schoolStudents: 'Ann' }), status: 400 },
    {
      label: 'unknown school',
      request: addSchools(event, [{ schoolId: 999_999, schoolStudents: 'Ann' }]),
      status: 404,
      message: 'That school does not exist.',
    },
  ]);
  await t.close();
});

test('a school already in the category is refused 409 naming it, and none of the list is added', async () => {
  const event = await buildSmallEvent();
  const { t, stateId } = event.world;
  const cedar = await createSchool(t.db, { stateId, schoolName: 'Cedar Academy' });
  await assertRefusedWithoutChange(t, changedTables, [
    {
      label: 'Birch is already in',
      request: addSchools(event, [
        { schoolId: cedar, schoolStudents: 'Ann' },
        { schoolId: event.schools.birch, schoolStudents: 'Bo' },
      ]),
      status: 409,
      code: 'ALREADY_REGISTERED',
      message: 'Already in this category: Birch High.',
    },
  ]);
  await t.close();
});

test('other states, judges, STANDARD and expired accounts are refused; a closed event is history', async () => {
  const event = await buildSmallEvent();
  const w = event.world;
  const cedar = await createSchool(w.t.db, { stateId: w.stateId, schoolName: 'Cedar Academy' });
  const request = addSchools(event, [{ schoolId: cedar, schoolStudents: 'Ann' }]);
  await assertRefusedWithoutChange(w.t, changedTables, [
    ...stateWriteRefusals(w, request),
    {
      label: "another state's school",
      request: addSchools(event, [{ schoolId: w.other.schoolId, schoolStudents: 'Ann' }]),
      status: 403,
    },
  ]);

  const closed = await createEvent(w.t.db, { stateId: w.stateId, eventName: 'Closed Cup', status: 'CLOSED' });
  const before = await snapshotTables(w.t.db, changedTables);
  const refused = await w.t.app.inject({
    method: 'POST',
    url: `/api/event/${closed.eventId}/category/${closed.categoryIds[0]}/school`,
    headers: w.admin.headers,
    payload: [{ schoolId: cedar, schoolStudents: 'Ann' }],
  });
  assert.is(refused.statusCode, 409, refused.body);
  assert.is(refused.json().code, 'EVENT_CLOSED');
  assert.equal(await snapshotTables(w.t.db, changedTables), before);
  await w.t.close();
});

test.run();
