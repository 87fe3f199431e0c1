// The results cache against every input a report shows (RESULTS_INPUTS, results-compute.ts):
// renaming anything an open event's report shows is visible at the next read, through the real
// routes and database; a closed event's final results never move.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ResultsReport } from '@judging/shared-types';
import { buildAdminWorld, sessionFor, type AdminWorld } from '../../test-support/sessions.ts';
import { confirmRemaining, createHandCheckedEvent, submitAs, type HandCheckedEvent } from './results.fixture.ts';

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
  penaltyId: number;
  disqualificationId: number;
}

async function setUp(): Promise<Context> {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  const penalty = await world.t.db
    .selectFrom('penalty')
    .select('penalty_id')
    .where('penalty_name', '=', 'Late hc')
    .executeTakeFirstOrThrow();
  const disqualification = await world.t.db
    .selectFrom('disqualification')
    .select('disqualification_id')
    .where('disqualification_name', '=', 'Unsafe hc')
    .executeTakeFirstOrThrow();
  return {
    world,
    fixture,
    penaltyId: penalty.penalty_id,
    disqualificationId: disqualification.disqualification_id,
  };
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

async function put(context: Context, url: string, payload: object, headers = context.world.admin.headers) {
  const response = await context.world.t.app.inject({ method: 'PUT', url, headers, payload });
  assert.is(response.statusCode, 200, `${url}: ${response.body}`);
}

const schoolBody = (schoolName: string) => ({
  schoolName,
  schoolPrincipal: 'Pat Principal',
  schoolEducator1: 'Chef Educator',
  schoolEducator2: '',
  schoolContactName: 'Pat Contact',
  schoolContactEmail: 'contact@school.test',
  schoolContactPhone: '(302) 555-0123',
});

/** One change through the app's own route, and where the report shows its effect. */
interface Rename {
  input: string;
  change(context: Context): Promise<void>;
  /** What the report shows for that input (undefined: the input is not shown, only read). */
  shown?(report: ResultsReport, context: Context): unknown;
  expected?: unknown;
}

const renames: Rename[] = [
  {
    input: 'penalty name (PUT /api/penalty/:penaltyId)',
    change: (c) => put(c, `/api/penalty/${c.penaltyId}`, { penaltyName: 'Overtime' }),
    shown: (report, c) => report.penalties.find((p) => p.penaltyId === c.penaltyId)?.penaltyName,
    expected: 'Overtime',
  },
  {
    input: 'disqualification name (PUT /api/disqualification/:disqualificationId)',
    change: (c) => put(c, `/api/disqualification/${c.disqualificationId}`, { disqualificationName: 'Unsafe knife' }),
    shown: (report, c) =>
      report.disqualifications.find((d) => d.disqualificationId === c.disqualificationId)?.disqualificationName,
    expected: 'Unsafe knife',
  },
  {
    input: "judge's name (PUT /api/judge/:judgeId)",
    change: (c) =>
      put(c, `/api/judge/${c.fixture.judgeIds.j1}`, {
        judgeFirstName: 'Joanna',
        judgeLastName: 'Alphonse',
        judgeEmail: 'j1.hc@run.test',
        judgePhone: '3025550100',
      }),
    shown: (report, c) => report.judges.find((j) => j.judgeId === c.fixture.judgeIds.j1)?.judgeName,
    expected: 'Joanna Alphonse',
  },
  {
    input: "judge's own settings (PUT /api/user/:userId)",
    change: async (c) => {
      const judge = await sessionFor(c.world.t, 'j2.hc@run.test');
      await put(
        c,
        `/api/user/${judge.userId}`,
        { userEmail: 'j2.hc@run.test', userFirstName: 'Kimberly', userLastName: 'Beta', userPhone: '3025550101' },
        judge.headers,
      );
    },
    shown: (report, c) => report.judges.find((j) => j.judgeId === c.fixture.judgeIds.j2)?.judgeName,
    expected: 'Kimberly Beta',
  },
  {
    input: 'school name (PUT /api/school/:schoolId)',
    change: (c) => put(c, `/api/school/${c.fixture.schoolIds.s3}`, schoolBody('Third Academy')),
    shown: (report, c) =>
      report.categories[0]?.standings.find((line) => line.schoolId === c.fixture.schoolIds.s3)?.schoolName,
    expected: 'Third Academy',
  },
  {
    input: 'section name (PUT /api/section/:sectionId)',
    change: (c) => put(c, `/api/section/${c.fixture.sectionIds.b}`, { sectionName: 'Presentation' }),
    shown: (report, c) =>
      report.categories[0]?.sections.find((section) => section.sectionId === c.fixture.sectionIds.b)?.sectionName,
    expected: 'Presentation',
  },
  {
    input: 'category name (PUT /api/event/:eventId/category/:categoryId)',
    change: (c) =>
      put(c, `/api/event/${c.fixture.eventId}/category/${c.fixture.categoryId}`, { categoryName: 'Baking' }),
    shown: (report) => report.categories[0]?.categoryName,
    expected: 'Baking',
  },
  {
    input: 'event name (PUT /api/event/:eventId)',
    change: (c) =>
      put(c, `/api/event/${c.fixture.eventId}`, { eventName: 'Renamed Invitational', eventStartDate: '2099-05-01' }),
    shown: (report) => report.eventName,
    expected: 'Renamed Invitational',
  },
  {
    input: 'student names (PUT /api/event/:eventId/category/:categoryId/school/:schoolId)',
    change: (c) =>
      put(c, `/api/event/${c.fixture.eventId}/category/${c.fixture.categoryId}/school/${c.fixture.schoolIds.s1}`, {
        schoolStudents: 'Cy Dunn, Di Eng',
      }),
  },
];

/** Two reads in the same millisecond would share a computedAt even when recomputed. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

for (const rename of renames) {
  test(`open event: a changed ${rename.input} shows at the next results read`, async () => {
    const context = await setUp();
    const before = await readResults(context);
    assert.is((await readResults(context)).computedAt, before.computedAt, 'served from the cache');
    await nextMillisecond();
    await rename.change(context);
    const after = await readResults(context);
    assert.is.not(after.computedAt, before.computedAt, 'recomputed');
    if (rename.shown) {
      assert.is.not(rename.shown(before, context), rename.expected);
      assert.is(rename.shown(after, context), rename.expected);
    }
    assert.equal(
      after.categories[0]?.standings.map((line) => [line.schoolId, line.placeLabel, line.score]),
      before.categories[0]?.standings.map((line) => [line.schoolId, line.placeLabel, line.score]),
      'a rename moves no score',
    );
    await context.world.t.close();
  });
}

test("closed event: no rename changes its final results (decisions §1: they're frozen)", async () => {
  const context = await setUp();
  const { world, fixture } = context;
  await put(context, `/api/run/coordinator/event/${fixture.eventId}/start`, {});
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j2);
  await confirmRemaining(world.t.app, world.admin.headers, fixture);
  await put(context, `/api/run/coordinator/event/${fixture.eventId}/complete`, {});
  const frozen = await readResults(context);
  assert.is(frozen.isFinal, true);
  for (const rename of renames) {
    // Some inputs refuse changes once the event is closed; those that accept must not show.
    await rename.change(context).catch(() => undefined);
  }
  const names = await world.t.db
    .selectFrom('penalty')
    .select('penalty_name')
    .where('penalty_id', '=', context.penaltyId)
    .executeTakeFirstOrThrow();
  assert.is(names.penalty_name, 'Overtime', 'the rename itself went through');
  assert.equal(await readResults(context), frozen);
  await world.t.close();
});

test.run();
