// Results, review and exports of the hand-checked event (results.fixture.ts) through the real
// app: numbers as worked out by hand, the CSV identical to the API, and frozen once closed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatScoreOrNone, type ResultsReport } from '@judging/shared-types';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';
import { confirmRemaining, createHandCheckedEvent, submitAs, type HandCheckedEvent } from './results.fixture.ts';

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
}

async function setUp(): Promise<Context> {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  return { world, fixture };
}

async function readResults({ world, fixture }: Context, headers = world.standard.headers): Promise<ResultsReport> {
  const response = await world.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${fixture.eventId}`,
    headers,
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as ResultsReport;
}

function lines(report: ResultsReport): string[][] {
  return (report.categories[0]?.standings ?? []).map((line) => [
    line.placeLabel,
    line.schoolName.split(' ')[0] ?? '',
    formatScoreOrNone(line.score),
  ]);
}

async function startAndSubmitAll({ world, fixture }: Context): Promise<void> {
  await world.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/start`,
    headers: world.admin.headers,
  });
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(world.t.db, fixture, world.stateId, fixture.judgeIds.j2);
}

test('review: refused until judged and for STANDARD; a rejected penalty stops counting; audited; Complete', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  const confirmUrl = `/api/run/coordinator/confirm/event/${fixture.eventId}/category/${fixture.categoryId}/school/${fixture.schoolIds.s2}`;
  const body = [{ penaltyScoreId: fixture.rejectedPenaltyScoreId, isConfirmed: false }];
  const early = await t.app.inject({ method: 'PUT', url: confirmUrl, headers: world.admin.headers, payload: body });
  assert.is(early.statusCode, 409, 'not fully judged');

  // Before review, the pending penalty counts: S2 = 25.125 - 1 (J1's 2.00 halved by the mean).
  let report = await readResults(context);
  assert.is(report.isFinal, false);
  assert.is(report.categories[0]?.isProvisional, true);
  assert.equal(lines(report), [
    ['1', 'S3', '29.00'],
    ['2', 'S1', '25.13'],
    ['3', 'S2', '24.13'],
    ['4', 'S4', '17.00'],
    ['DQ', 'S5', '0.00'],
  ]);

  await startAndSubmitAll(context);
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/event/${fixture.eventId}/category/${fixture.categoryId}/penalties`,
    headers: world.standard.headers,
  });
  assert.is(list.statusCode, 200, list.body);
  assert.is(list.json().isReviewEnabled, true);
  assert.equal(
    list
      .json()
      .schools.map((s: { schoolName: string; penaltyCount: number; disqualificationCount: number; status: string }) => [
        s.schoolName.split(' ')[0],
        s.penaltyCount,
        s.disqualificationCount,
        s.status,
      ]),
    [
      ['S2', 1, 0, 'Pending'],
      ['S4', 1, 0, 'Pending'],
      ['S5', 0, 1, 'Pending'],
    ],
  );
  const detail = await t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/event/${fixture.eventId}/category/${fixture.categoryId}/school/${fixture.schoolIds.s2}/penalties`,
    headers: world.admin.headers,
  });
  assert.is(detail.statusCode, 200, detail.body);
  assert.equal(
    detail.json().sheets.map((s: { judgeLastName: string; sectionName: string }) => [s.judgeLastName, s.sectionName]),
    [['Alpha', 'Knife Skills hc']],
  );
  assert.is(detail.json().sheets[0].penalties[0].penaltyComments, 'Two minutes over');

  const standard = await t.app.inject({
    method: 'PUT',
    url: confirmUrl,
    headers: world.standard.headers,
    payload: body,
  });
  assert.is(standard.statusCode, 403);
  const bad = await t.app.inject({
    method: 'PUT',
    url: confirmUrl,
    headers: world.admin.headers,
    payload: [{ penaltyScoreId: fixture.pendingPenaltyScoreId, isConfirmed: false }],
  });
  assert.is(bad.statusCode, 400, 'an item of another school');
  const saved = await t.app.inject({ method: 'PUT', url: confirmUrl, headers: world.admin.headers, payload: body });
  assert.is(saved.statusCode, 200, saved.body);
  const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'reject').executeTakeFirst();
  assert.is(audit?.entity_id, fixture.rejectedPenaltyScoreId);
  const after = await t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/event/${fixture.eventId}/category/${fixture.categoryId}/penalties`,
    headers: world.admin.headers,
  });
  assert.is(after.json().schools[0].status, 'Complete');

  // Hand-checked: the tie shares place 2 and the next is 4; the DQ is 0.00 and last.
  report = await readResults(context);
  assert.is(report.categories[0]?.isProvisional, false);
  assert.equal(lines(report), [
    ['1', 'S3', '29.00'],
    ['T-2', 'S1', '25.13'],
    ['T-2', 'S2', '25.13'],
    ['4', 'S4', '17.00'],
    ['DQ', 'S5', '0.00'],
  ]);
  const s4 = report.categories[0]?.standings[3];
  assert.is(s4?.hasPendingReview, true, 'the pending penalty counts and is flagged');
  assert.equal(
    report.categories[0]?.sectionRankings[0]?.standings.map((e) => [e.placeLabel, formatScoreOrNone(e.score)]),
    [
      ['1', '19.00'],
      ['T-2', '16.13'],
      ['T-2', '16.13'],
      ['4', '12.00'],
      ['DQ', '10.00'],
    ],
  );

  const team = await t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${fixture.eventId}/school/${fixture.schoolIds.s2}`,
    headers: world.admin.headers,
  });
  assert.equal(lines(team.json()), [['T-2', 'S2', '25.13']]);
  await t.close();
});

test('CSV exports carry the same numbers as the API, quoted, with a header row and a BOM', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  const report = await readResults(context);
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/link-ticket',
    headers: world.standard.headers,
    payload: { path: `/api/export/results/event/${fixture.eventId}` },
  });
  const csv = await t.app.inject({ method: 'GET', url: link.json().url });
  assert.is(csv.statusCode, 200, csv.body);
  assert.match(csv.headers['content-type'] ?? '', 'text/csv');
  assert.is(csv.headers['content-disposition'], 'attachment; filename="Hand_Checked_hc_export.csv"');
  assert.is(csv.body.charCodeAt(0), 0xfeff);
  const rows = csv.body.slice(1).trim().split('\r\n');
  assert.is(
    rows[0],
    '"Category","Place","Team","Score","Status","Penalties","Disqualifications","Results","Tie-break"',
  );
  const expected = (report.categories[0]?.standings ?? []).map((line) => [
    line.placeLabel,
    line.schoolName,
    formatScoreOrNone(line.score),
  ]);
  assert.equal(
    rows.slice(1).map((row) => {
      const cells = row.slice(1, -1).split('","');
      return [cells[1], cells[2], cells[3]];
    }),
    expected,
  );
  const section = await t.app.inject({
    method: 'GET',
    url: `/api/export/results/event/${fixture.eventId}/category/${fixture.categoryId}?report=section`,
    headers: world.admin.headers,
  });
  assert.match(section.body, '"Culinary","Knife Skills hc","1","S3 Academy hc","19.00","1","29.00","Provisional"');
  const school = await t.app.inject({
    method: 'GET',
    url: `/api/export/results/event/${fixture.eventId}/school/${fixture.schoolIds.s5}`,
    headers: world.admin.headers,
  });
  assert.match(school.body, '"Culinary","Plating hc","DQ","S5 Academy hc","5.00","DQ","0.00","Provisional"');
  const refused = await t.app.inject({ method: 'GET', url: `/api/export/results/event/${fixture.eventId}` });
  assert.is(refused.statusCode, 401);
  await t.close();
});

test('a closed event answers its frozen results; only an ULTRA/SUPER republish changes them (audited)', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  await startAndSubmitAll(context);
  await confirmRemaining(t.app, world.admin.headers, fixture);
  const ended = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/complete`,
    headers: world.admin.headers,
  });
  assert.is(ended.statusCode, 200, ended.body);
  const frozen = await readResults(context);
  assert.is(frozen.isFinal, true);
  assert.is(frozen.eventStatus, 'CLOSED');

  await t.db.updateTable('subsection_score').set({ score: 1 }).where('school_id', '=', fixture.schoolIds.s3).execute();
  assert.equal(lines(await readResults(context)), lines(frozen), 'a direct DB change does not move final results');
  const recompute = (headers: { authorization: string }, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/run/coordinator/event/${fixture.eventId}/recomputeScores`,
      headers,
      payload,
    });
  assert.is((await recompute(world.admin.headers, { republish: true })).statusCode, 403, 'ADMIN cannot republish');
  assert.is((await recompute(world.standard.headers, {})).statusCode, 403, 'STANDARD');
  assert.is((await recompute(world.ultra.headers, {})).statusCode, 409, 'no explicit republish');
  assert.equal(lines(await readResults(context)), lines(frozen));
  const republished = await recompute(world.ultra.headers, { republish: true });
  assert.is(republished.statusCode, 200, republished.body);
  assert.is(lines(republished.json())[0]?.[1], 'S1', 'S3 fell after the republish');
  const audit = await t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'republish_results')
    .executeTakeFirst();
  assert.ok(audit?.before_json);
  await t.close();
});

test('open events: cached per results version, recomputed after a change', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const first = await readResults(context);
  const second = await readResults(context);
  assert.is(second.computedAt, first.computedAt, 'served from the cache');
  await world.t.db
    .updateTable('subsection_score')
    .set({ score: 10 })
    .where('school_id', '=', fixture.schoolIds.s4)
    .execute();
  const third = await readResults(context);
  assert.is(lines(third)[0]?.[1], 'S4');
  const recomputed = await world.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/recomputeScores`,
    headers: world.admin.headers,
    payload: {},
  });
  assert.is(recomputed.statusCode, 200, recomputed.body);
  await world.t.close();
});

test.run();
