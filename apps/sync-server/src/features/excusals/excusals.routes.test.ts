// A judge who does not come (decisions §9), through the real app on a fresh database: excuse and
// replace from the run page, what is refused, what the excused judge's scores and tablet become,
// and End refusing a section nobody owes, a category with no section, and pending review.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CoordinatorEvent, ResultsReport, SyncReferenceData } from '@judging/shared-types';
import { createJudge, createSchool } from '../../test-support/factories.ts';
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

async function setUp(): Promise<Context> {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  const started = await world.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/start`,
    headers: world.admin.headers,
  });
  assert.is(started.statusCode, 200, started.body);
  return { world, fixture };
}

const runUrl = (f: HandCheckedEvent) => `/api/run/coordinator/event/${f.eventId}`;
const judgeUrl = (f: HandCheckedEvent, judgeId: number, action: 'excuse' | 'replace') =>
  `${runUrl(f)}/category/${f.categoryId}/judge/${judgeId}/${action}`;

async function readRun({ world, fixture }: Context): Promise<CoordinatorEvent> {
  const response = await world.t.app.inject({ method: 'GET', url: runUrl(fixture), headers: world.admin.headers });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as CoordinatorEvent;
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

const end = ({ world, fixture }: Context) =>
  world.t.app.inject({ method: 'PUT', url: `${runUrl(fixture)}/complete`, headers: world.admin.headers });

test('excuse: refused for the wrong caller, section, reason or a submitted sheet, changing nothing', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { a, b } = fixture.sectionIds;
  const { j1, j2 } = fixture.judgeIds;
  await submitAs(world.t.db, fixture, world.stateId, j1);
  const payload = { sectionIds: [a], reason: 'Did not come' };
  const request = (headers: Record<string, string>, body: unknown = payload, judgeId = j2) => ({
    method: 'POST' as const,
    url: judgeUrl(fixture, judgeId, 'excuse'),
    headers,
    payload: body as Record<string, unknown>,
  });
  await assertRefusedWithoutChange(
    world.t,
    ['judge_excusal', 'judge_assignment', 'audit_log', 'change_log'],
    [
      { label: 'no token', request: request({}), status: 401 },
      { label: 'standard', request: request(world.standard.headers), status: 403 },
      { label: 'a judge', request: request(world.judge.headers), status: 403 },
      { label: 'other state', request: request(world.otherAdmin.headers), status: 403 },
      {
        label: 'a section the judge is not assigned to',
        request: request(world.admin.headers, { sectionIds: [b], reason: 'Ill' }),
        status: 404,
        code: 'NOT_FOUND',
      },
      {
        label: 'a blank reason',
        request: request(world.admin.headers, { sectionIds: [a], reason: '   ' }),
        status: 400,
        fieldError: ['reason', 'Please give a reason.'],
      },
      {
        label: 'no section',
        request: request(world.admin.headers, { sectionIds: [], reason: 'Ill' }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      {
        label: 'a submitted sheet must be unlocked first',
        request: request(world.admin.headers, payload, j1),
        status: 409,
        code: 'CATEGORY_SUBMITTED',
      },
    ],
  );
  await world.t.close();
});

test('an excused judge: scores kept but not counted, audited, the tablet told, its edits refused judge_excused', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  const { j1, j2 } = fixture.judgeIds;
  const j2Rows = () => t.db.selectFrom('subsection_score').select('score_id').where('judge_id', '=', j2).execute();
  const rowsBefore = (await j2Rows()).length;
  const before = await readResults(context);
  const s5Before = before.categories[0]?.standings.find((line) => line.schoolId === fixture.schoolIds.s5);
  assert.is(s5Before?.isDisqualified, true, "judge 2's disqualification counts before the excusal");

  const excused = await t.app.inject({
    method: 'POST',
    url: judgeUrl(fixture, j2, 'excuse'),
    headers: world.admin.headers,
    payload: { sectionIds: [fixture.sectionIds.a], reason: 'Called in sick' },
  });
  assert.is(excused.statusCode, 200, excused.body);
  assert.match(excused.json().message, 'Kim Beta is excused from Knife Skills hc');

  assert.is((await j2Rows()).length, rowsBefore, 'the excused judge’s scores stay stored');
  const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'excuse').execute();
  assert.is(audit.length, 1);
  assert.is(audit[0]?.entity_id, `${fixture.categoryId}:${fixture.sectionIds.a}:${j2}`);
  assert.match(audit[0]?.after_json ?? '', 'Called in sick');

  const results = await readResults(context);
  const s1 = results.categories[0]?.standings.find((line) => line.schoolId === fixture.schoolIds.s1);
  const knife = s1?.sections.find((section) => section.sectionId === fixture.sectionIds.a);
  assert.is(knife?.countedJudgeCount, 1, 'only judge 1 counts');
  assert.is(knife?.score, 17.25, "the section score is judge 1's sheet alone (8.25 + 9)");
  assert.equal(knife?.excludedJudges, [{ judgeId: j2, reason: 'excused' }]);
  assert.equal(
    knife?.sheets.map((sheet) => sheet.judgeId),
    [j1],
  );
  const s5 = results.categories[0]?.standings.find((line) => line.schoolId === fixture.schoolIds.s5);
  assert.is(s5?.isDisqualified, false, "the excused judge's disqualification no longer counts");

  const run = await readRun(context);
  const beta = run.categories[0]?.judges.find((judge) => judge.judgeId === j2);
  assert.is(beta?.isExcused, true);
  assert.equal(beta?.sections, [
    {
      sectionId: fixture.sectionIds.a,
      sectionName: 'Knife Skills hc',
      isExcused: true,
      excusedReason: 'Called in sick',
    },
  ]);
  assert.is(beta?.cellsExpected, 0);

  const tablet = await sessionFor(t, 'j2.hc@run.test');
  const download = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${j2}/event/${fixture.eventId}`,
    headers: tablet.headers,
  });
  assert.is(download.statusCode, 200, download.body);
  const category = (download.json() as SyncReferenceData).categories[0];
  assert.equal(category?.sections, [], 'the excused section is not scored on the tablet');
  assert.equal(
    category?.excusedSections?.map((section) => section.sectionName),
    ['Knife Skills hc'],
  );
  const schedule = await t.db
    .selectFrom('change_log')
    .select('payload_json')
    .where('entity', '=', 'reference')
    .where('category_id', '=', fixture.categoryId)
    .execute();
  assert.ok(schedule.length > 0, 'the tablet is told to download its schedule again');

  const subsectionId = (
    await t.db
      .selectFrom('subsection')
      .select('subsection_id')
      .where('section_id', '=', fixture.sectionIds.a)
      .executeTakeFirstOrThrow()
  ).subsection_id;
  const pushed = await pushOneMutation(t.app, tablet.headers, 'subsectionScore.put', {
    scoreId: crypto.randomUUID(),
    eventId: fixture.eventId,
    categoryId: fixture.categoryId,
    sectionId: fixture.sectionIds.a,
    schoolId: fixture.schoolIds.s1,
    subsectionId,
    score: 2,
  });
  assert.is(pushed.statusCode, 200, pushed.body);
  assert.equal(
    pushed.json().results.map((result: { status: string; code?: string }) => [result.status, result.code]),
    [['rejected', 'judge_excused']],
  );
  const kept = await t.db
    .selectFrom('subsection_score')
    .select('score')
    .where('judge_id', '=', j2)
    .where('school_id', '=', fixture.schoolIds.s1)
    .where('subsection_id', '=', subsectionId)
    .executeTakeFirstOrThrow();
  assert.is(kept.score, 7, 'the refused edit changed nothing');

  const again = await t.app.inject({
    method: 'POST',
    url: judgeUrl(fixture, j2, 'excuse'),
    headers: world.admin.headers,
    payload: { sectionIds: [fixture.sectionIds.a], reason: 'Twice' },
  });
  assert.is(again.statusCode, 409, 'already excused');
  await t.close();
});

test('End: refused while review is pending, naming the items; Confirm all remaining; then Final', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  const refused = await end(context);
  assert.is(refused.statusCode, 409, refused.body);
  assert.is(refused.json().code, 'REVIEW_PENDING');
  assert.match(refused.json().message, 'S4 Academy hc – Knife Skills hc – Kim Beta: Late hc');
  assert.match(refused.json().message, 'S5 Academy hc – Knife Skills hc – Kim Beta: Unsafe hc');
  const csv = await t.app.inject({
    method: 'GET',
    url: `/api/export/results/event/${fixture.eventId}`,
    headers: world.admin.headers,
  });
  assert.is(csv.statusCode, 200, csv.body);
  const s4Line = csv.body.split('\n').find((line) => line.includes('S4 Academy hc'));
  assert.match(s4Line ?? '', '(pending review)', 'the CSV carries the screens’ pending review flag');
  const run = await readRun(context);
  assert.is(run.canEnd, false);
  assert.is(run.pendingReview.length, 3);
  assert.equal(run.endBlockers, [], 'only review blocks End now');

  const confirmAll = await t.app.inject({
    method: 'POST',
    url: `/api/run/coordinator/confirm-remaining/event/${fixture.eventId}/category/${fixture.categoryId}`,
    headers: world.admin.headers,
  });
  assert.is(confirmAll.statusCode, 200, confirmAll.body);
  assert.match(confirmAll.json().message, '(3 items)');
  const decisions = await t.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'confirm').execute();
  assert.is(decisions.length, 3, 'one audited decision per item');
  const penalties = await t.app.inject({
    method: 'GET',
    url: `${runUrl(fixture)}/category/${fixture.categoryId}/penalties`,
    headers: world.admin.headers,
  });
  assert.ok(
    penalties.json().schools.every((school: { status: string }) => school.status === 'Complete'),
    'a school with nothing pending is Complete',
  );
  assert.is((await readRun(context)).canEnd, true);
  const ended = await end(context);
  assert.is(ended.statusCode, 200, ended.body);
  const final = await readResults(context);
  assert.is(final.isFinal, true);
  assert.ok(
    final.categories.every((category) => category.standings.every((line) => !line.hasPendingReview)),
    'Final never carries pending review',
  );
  await t.close();
});

test('End: refused for a section only excused judges hold and for a category added after Start with no section', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  const excused = await t.app.inject({
    method: 'POST',
    url: judgeUrl(fixture, fixture.judgeIds.j1, 'excuse'),
    headers: world.admin.headers,
    payload: { sectionIds: [fixture.sectionIds.b], reason: 'Conflict of schedule' },
  });
  assert.is(excused.statusCode, 200, excused.body);
  assert.equal((await readRun(context)).categories[0]?.sectionsWithoutJudges, ['Plating hc'], 'Start warns');
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  const refused = await end(context);
  assert.is(refused.statusCode, 409);
  assert.is(refused.json().code, 'INCOMPLETE');
  assert.match(refused.json().message, 'no judge scores Plating hc (every judge assigned is excused)');

  const { category_id: lateCategoryId } = await t.db
    .insertInto('category')
    .values({ event_id: fixture.eventId, state_id: world.stateId, category_name: 'Baking', created_at: 'x' })
    .returning('category_id')
    .executeTakeFirstOrThrow();
  const schoolId = await createSchool(t.db, { stateId: world.stateId, schoolName: 'Late Academy' });
  await t.db
    .insertInto('category_registration')
    .values({
      category_id: lateCategoryId,
      school_id: schoolId,
      state_id: world.stateId,
      students_json: JSON.stringify(['Ann Lee']),
      school_order: 0,
      registered_at: 'x',
    })
    .execute();
  const refusedAgain = await end(context);
  assert.is(refusedAgain.statusCode, 409);
  assert.match(refusedAgain.json().message, 'Baking: 1 school registered but no section to judge.');
  const event = await t.db
    .selectFrom('event')
    .select('status')
    .where('event_id', '=', fixture.eventId)
    .executeTakeFirst();
  assert.is(event?.status, 'STARTED', 'nothing changed');
  await t.close();
});

test('replace: the replacement starts with an empty sheet and End waits for them', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  const j3 = await createJudge(t.db, {
    stateId: world.stateId,
    email: 'j3@run.test',
    firstName: 'Lee',
    lastName: 'Gamma',
  });
  const archived = await createJudge(t.db, {
    stateId: world.stateId,
    email: 'old@run.test',
    firstName: 'Old',
    lastName: 'Timer',
    isArchived: true,
  });
  const replace = (replacementJudgeId: number) =>
    t.app.inject({
      method: 'POST',
      url: judgeUrl(fixture, fixture.judgeIds.j2, 'replace'),
      headers: world.admin.headers,
      payload: { sectionIds: [fixture.sectionIds.a], reason: 'Flat tyre', replacementJudgeId },
    });
  assert.is((await replace(fixture.judgeIds.j2)).statusCode, 400, 'not by themself');
  assert.is((await replace(archived)).statusCode, 409, 'not an archived judge');
  assert.is((await replace(fixture.judgeIds.j1)).statusCode, 409, 'not a judge already in the section');
  const noExcusal = await t.db.selectFrom('judge_excusal').selectAll().execute();
  assert.equal(noExcusal, [], 'a refused replace excuses nobody');
  const replaced = await replace(j3);
  assert.is(replaced.statusCode, 200, replaced.body);
  assert.match(replaced.json().message, 'Lee Gamma now judges Knife Skills hc in place of Kim Beta');
  const run = await readRun(context);
  const gamma = run.categories[0]?.judges.find((judge) => judge.judgeId === j3);
  assert.equal([gamma?.cellsScored, gamma?.cellsExpected, gamma?.isExcused], [0, 10, false]);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  const review = await t.app.inject({
    method: 'GET',
    url: `${runUrl(fixture)}/category/${fixture.categoryId}/penalties`,
    headers: world.admin.headers,
  });
  assert.equal(review.json().waitingJudges, ['Lee Gamma'], 'the review names who it waits for');
  const refused = await end(context);
  assert.is(refused.json().code, 'INCOMPLETE');
  assert.match(refused.json().message, 'Lee Gamma');
  assert.not.match(refused.json().message, 'Kim Beta');
  await t.close();
});

test.run();
