// Conflicts of interest (issue 39, fair panels) through the real app on a fresh database: who may
// declare and when, what a conflict declared after scoring does to results, the tablet and its
// writes (push and REST), and End refusing a school nobody owes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CoordinatorEvent, JudgeConflicts, ResultsReport, SyncReferenceData } from '@judging/shared-types';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { createSchool } from '../../test-support/factories.ts';
import { pushOneMutation } from '../../test-support/judging-fixtures.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  sessionFor,
  type AdminWorld,
} from '../../test-support/sessions.ts';
import { createHandCheckedEvent, submitAs, type HandCheckedEvent } from '../results/results.fixture.ts';

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
}

async function setUp(options: { start: boolean }): Promise<Context> {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  if (options.start) await start({ world, fixture });
  return { world, fixture };
}

async function start({ world, fixture }: Context) {
  const started = await world.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/start`,
    headers: world.admin.headers,
  });
  assert.is(started.statusCode, 200, started.body);
}

const conflictUrl = (judgeId: number) => `/api/conflict/judge/${judgeId}`;
const CONFLICT_TABLES = ['judge_conflict', 'audit_log', 'change_log'] as const;

async function declare({ world }: Context, judgeId: number, schoolId: number): Promise<JudgeConflicts> {
  const response = await world.t.app.inject({
    method: 'POST',
    url: conflictUrl(judgeId),
    headers: world.admin.headers,
    payload: { schoolId },
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as JudgeConflicts;
}

async function readResults({ world, fixture }: Context): Promise<ResultsReport> {
  const response = await world.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${fixture.eventId}`,
    headers: world.admin.headers,
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as ResultsReport;
}

async function readRun({ world, fixture }: Context): Promise<CoordinatorEvent> {
  const response = await world.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/event/${fixture.eventId}`,
    headers: world.admin.headers,
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as CoordinatorEvent;
}

test('a coordinator declares: refused for the wrong caller, school or judge, changing nothing', async () => {
  const { world, fixture } = await setUp({ start: false });
  const other = await createSchool(world.t.db, { stateId: world.other.stateId, schoolName: 'Elsewhere High' });
  const request = (headers: Record<string, string>, body: unknown, judgeId = fixture.judgeIds.j2) => ({
    method: 'POST' as const,
    url: conflictUrl(judgeId),
    headers,
    payload: body as Record<string, unknown>,
  });
  const s1 = { schoolId: fixture.schoolIds.s1 };
  await assertRefusedWithoutChange(
    world.t,
    [...CONFLICT_TABLES],
    [
      { label: 'no token', request: request({}, s1), status: 401 },
      { label: 'standard', request: request(world.standard.headers, s1), status: 403 },
      { label: 'a judge', request: request(world.judge.headers, s1), status: 403 },
      { label: 'other state', request: request(world.otherAdmin.headers, s1), status: 403 },
      {
        label: "another state's school",
        request: request(world.admin.headers, { schoolId: other }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      { label: 'no school', request: request(world.admin.headers, {}), status: 400, code: 'VALIDATION_FAILED' },
      { label: 'not a judge', request: request(world.admin.headers, s1, world.admin.userId), status: 404 },
    ],
  );
  await world.t.close();
});

test('declared after scoring: rows kept, dropped from results, audited, tablet told, push and REST refused', async () => {
  const context = await setUp({ start: true });
  const { world, fixture } = context;
  const { t } = world;
  const { j2 } = fixture.judgeIds;
  const { s1 } = fixture.schoolIds;
  const j2Rows = () =>
    t.db.selectFrom('subsection_score').select('score_id').where('judge_id', '=', j2).where('school_id', '=', s1);
  const rowsBefore = (await j2Rows().execute()).length;
  assert.ok(rowsBefore > 0, 'judge 2 scored S1 before the conflict');

  const declared = await declare(context, j2, s1);
  assert.equal(
    declared.conflicts.map((conflict) => [conflict.schoolName, conflict.declaredById]),
    [['S1 Academy hc', world.admin.userId]],
  );
  assert.is(declared.isEditableByJudge, false, 'an event the judge judges has started');
  assert.is((await j2Rows().execute()).length, rowsBefore, 'the scores stay stored');

  const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'declare_conflict').execute();
  assert.is(audit.length, 1);
  assert.is(audit[0]?.entity_id, `${j2}:${s1}`);
  assert.equal(JSON.parse(audit[0]?.after_json ?? '{}').declaredBy, world.admin.userId, 'names who declared it');

  const results = await readResults(context);
  const line = results.categories[0]?.standings.find((entry) => entry.schoolId === s1);
  const knife = line?.sections.find((section) => section.sectionId === fixture.sectionIds.a);
  assert.is(knife?.countedJudgeCount, 1, 'only judge 1 counts for S1');
  assert.is(knife?.score, 17.25, "judge 1's sheet alone");
  assert.equal(knife?.excludedJudges, [{ judgeId: j2, reason: 'conflict' }]);
  const s2 = results.categories[0]?.standings.find((entry) => entry.schoolId === fixture.schoolIds.s2);
  assert.is(s2?.sections.find((section) => section.sectionId === fixture.sectionIds.a)?.countedJudgeCount, 2);

  const run = await readRun(context);
  const beta = run.categories[0]?.judges.find((judge) => judge.judgeId === j2);
  assert.equal(beta?.conflicts, [{ schoolId: s1, schoolName: 'S1 Academy hc' }], 'the run page shows the conflict');
  assert.is(beta?.cellsExpected, 2 * 4, 'S1 is no longer owed: four schools × two subsections');
  assert.equal(run.categories[0]?.sectionsWithoutJudges, [], 'judge 1 still owes S1');

  const tablet = await sessionFor(t, 'j2.hc@run.test');
  const download = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${j2}/event/${fixture.eventId}`,
    headers: tablet.headers,
  });
  assert.is(download.statusCode, 200, download.body);
  const schools = (download.json() as SyncReferenceData).categories[0]?.schools.map((school) => school.schoolId);
  assert.not.ok(schools?.includes(s1), 'the school leaves the judge’s tablet');
  assert.is(schools?.length, 4);
  const told = await t.db.selectFrom('change_log').select('event_id').where('entity', '=', 'reference').execute();
  assert.ok(
    told.some((row) => row.event_id === fixture.eventId),
    'the tablet is told to download again',
  );

  const subsectionId = (
    await t.db
      .selectFrom('subsection')
      .select('subsection_id')
      .where('section_id', '=', fixture.sectionIds.a)
      .orderBy('subsection_id')
      .executeTakeFirstOrThrow()
  ).subsection_id;
  const cell = { eventId: fixture.eventId, categoryId: fixture.categoryId, sectionId: fixture.sectionIds.a };
  const pushed = await pushOneMutation(t.app, tablet.headers, 'subsectionScore.put', {
    scoreId: crypto.randomUUID(),
    ...cell,
    schoolId: s1,
    subsectionId,
    score: 2,
  });
  assert.is(pushed.statusCode, 200, pushed.body);
  assert.equal(
    pushed.json().results.map((result: { status: string; code?: string }) => [result.status, result.code]),
    [['rejected', 'judge_conflict']],
  );
  const sheetUrl = `/api/score/event/${cell.eventId}/category/${cell.categoryId}/section/${cell.sectionId}/school/${s1}/judge/${j2}`;
  const rest = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/subsection`,
    headers: tablet.headers,
    payload: { subsectionId, subsectionScore: '3' },
  });
  assert.is(rest.statusCode, 403, rest.body);
  assert.is(rest.json().code, 'JUDGE_CONFLICT');
  const kept = await t.db
    .selectFrom('subsection_score')
    .select('score')
    .where('judge_id', '=', j2)
    .where('school_id', '=', s1)
    .where('subsection_id', '=', subsectionId)
    .executeTakeFirstOrThrow();
  assert.is(kept.score, 7, 'the refused edits changed nothing');
  const s2Push = await pushOneMutation(t.app, tablet.headers, 'subsectionScore.put', {
    scoreId: crypto.randomUUID(),
    ...cell,
    schoolId: fixture.schoolIds.s2,
    subsectionId,
    score: 6,
  });
  assert.equal(
    s2Push.json().results.map((result: { status: string }) => result.status),
    ['applied'],
    'the other schools are still the judge’s to score',
  );

  const again = await t.app.inject({
    method: 'POST',
    url: conflictUrl(j2),
    headers: world.admin.headers,
    payload: { schoolId: s1 },
  });
  assert.is(again.statusCode, 409, 'already declared');
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `${conflictUrl(j2)}/school/${s1}`,
    headers: world.admin.headers,
  });
  assert.is(removed.statusCode, 200, removed.body);
  const removal = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'remove_conflict').execute();
  assert.equal(JSON.parse(removal[0]?.before_json ?? '{}').declaredBy, world.admin.userId);
  const back = await readResults(context);
  const s1Again = back.categories[0]?.standings.find((entry) => entry.schoolId === s1);
  assert.is(s1Again?.sections.find((section) => section.sectionId === fixture.sectionIds.a)?.countedJudgeCount, 2);
  await t.close();
});

test('the judge declares their own until an event they judge starts; then only a coordinator', async () => {
  const context = await setUp({ start: false });
  const { world, fixture } = context;
  const { t } = world;
  const { j2 } = fixture.judgeIds;
  const tablet = await sessionFor(t, 'j2.hc@run.test');
  const put = (schoolIds: number[], headers = tablet.headers) =>
    t.app.inject({ method: 'PUT', url: conflictUrl(j2), headers, payload: { schoolIds } });
  const own = await put([fixture.schoolIds.s3, fixture.schoolIds.s4]);
  assert.is(own.statusCode, 200, own.body);
  assert.equal(
    (own.json() as JudgeConflicts).conflicts.map((conflict) => [conflict.schoolName, conflict.declaredByName]),
    [
      ['S3 Academy hc', 'Kim Beta'],
      ['S4 Academy hc', 'Kim Beta'],
    ],
  );
  const fewer = await put([fixture.schoolIds.s3]);
  assert.is(fewer.statusCode, 200, fewer.body);
  assert.is((fewer.json() as JudgeConflicts).conflicts.length, 1);

  const someoneElse = await sessionFor(t, 'j1.hc@run.test');
  await start(context);
  await assertRefusedWithoutChange(
    t,
    [...CONFLICT_TABLES],
    [
      {
        label: 'after Start',
        request: { method: 'PUT', url: conflictUrl(j2), headers: tablet.headers, payload: { schoolIds: [] } },
        status: 409,
        code: 'CONFLICTS_LOCKED',
      },
      {
        label: "another judge's list",
        request: { method: 'PUT', url: conflictUrl(j2), headers: someoneElse.headers, payload: { schoolIds: [] } },
        status: 403,
      },
      {
        label: 'a coordinator uses POST/DELETE',
        request: { method: 'PUT', url: conflictUrl(j2), headers: world.admin.headers, payload: { schoolIds: [] } },
        status: 403,
      },
    ],
  );
  const read = await t.app.inject({ method: 'GET', url: conflictUrl(j2), headers: tablet.headers });
  assert.is(read.statusCode, 200, read.body);
  assert.is((read.json() as JudgeConflicts).isEditableByJudge, false);
  await declare(context, j2, fixture.schoolIds.s4);
  await t.close();
});

test('every judge in conflict with a school: Start warns, End refuses naming the section and school', async () => {
  const context = await setUp({ start: false });
  const { world, fixture } = context;
  const { t } = world;
  const { s3 } = fixture.schoolIds;
  await declare(context, fixture.judgeIds.j1, s3);
  await declare(context, fixture.judgeIds.j2, s3);
  const run = await readRun(context);
  const s3Name = (
    await t.db.selectFrom('school').select('school_name').where('school_id', '=', s3).executeTakeFirstOrThrow()
  ).school_name;
  assert.equal(
    run.categories[0]?.sectionsWithoutJudges,
    [`Knife Skills hc (${s3Name})`, `Plating hc (${s3Name})`],
    'Start warns, naming the school nobody owes',
  );
  await start(context);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  const refused = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/complete`,
    headers: world.admin.headers,
  });
  assert.is(refused.statusCode, 409, refused.body);
  assert.match(
    refused.json().message,
    'no judge scores Knife Skills hc for S3 Academy hc (every judge assigned is excused or in conflict)',
  );
  assert.match(refused.json().message, 'no judge scores Plating hc for S3 Academy hc');
  const status = await t.db
    .selectFrom('event')
    .select('status')
    .where('event_id', '=', fixture.eventId)
    .executeTakeFirstOrThrow();
  assert.is(status.status, 'STARTED', 'End changed nothing');
  await t.close();
});

test('self-registration declares conflicts; a school of another state refuses the whole registration', async () => {
  const { world } = await setUp({ start: false });
  const { t } = world;
  const mine = await createSchool(t.db, { stateId: world.stateId, schoolName: 'Home High' });
  const other = await createSchool(t.db, { stateId: world.other.stateId, schoolName: 'Away High' });
  const register = async (email: string, conflictSchoolIds: number[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/judge',
      payload: {
        judgeState: { stateId: world.stateId },
        judgeFirstName: 'Ada',
        judgeLastName: 'Tied',
        judgeEmail: email,
        judgePhone: '302-555-0100',
        judgePassword: 'sautee-pan-42',
        confirmPassword: 'sautee-pan-42',
        captcha: await solveCaptcha(t.app),
        conflictSchoolIds,
      },
    });
  const refused = await register('tied.away@judge.test', [other]);
  assert.is(refused.statusCode, 400, refused.body);
  const nobody = await t.db
    .selectFrom('app_user')
    .select('user_id')
    .where('email', '=', 'tied.away@judge.test')
    .execute();
  assert.equal(nobody, [], 'nothing was registered');
  const made = await register('tied@judge.test', [mine]);
  assert.is(made.statusCode, 201, made.body);
  const { user_id: judgeId } = await t.db
    .selectFrom('app_user')
    .select('user_id')
    .where('email', '=', 'tied@judge.test')
    .executeTakeFirstOrThrow();
  const rows = await t.db.selectFrom('judge_conflict').selectAll().where('judge_id', '=', judgeId).execute();
  assert.equal(
    rows.map((row) => [row.school_id, row.declared_by]),
    [[mine, judgeId]],
  );
  await t.close();
});

test.run();
