// A time-based penalty keeps its time (issue 28): the time over the judge entered
// (`overtimeSeconds`) is stored beside the amount, and comes back in every read of the cell:
// pull, reference download, the REST sheet, the penalty review and the results. The amount is
// always the one rule's answer for that time (scoring/time-penalty.ts): a push or form whose
// amount disagrees is refused and changes nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushResponse, ResultsReport, SyncPullResponse, SyncReferenceData } from '@judging/shared-types';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import {
  loadCulinary,
  multipartBody,
  pushOneMutation,
  SCORE_TABLES,
  type CulinaryFixture,
} from '../../test-support/judging-fixtures.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
  overtimeId: number;
  uniformId: number;
}

const Timed = suite<Context>('time penalties keep their time');
Timed.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
  const [overtime, uniform] = context.c.sections[0].penalties;
  if (!overtime?.isDynamic || overtime.deduction !== 5 || !uniform || uniform.isDynamic) {
    throw new Error('Knife Skills has Overtime (time-based, at most 5) and a fixed penalty');
  }
  context.overtimeId = overtime.penaltyId;
  context.uniformId = uniform.penaltyId;
});
Timed.after.each(async (context) => {
  await context.t.close();
});

async function push(t: TestApp, c: CulinaryFixture, data: Record<string, unknown>, kind = 'penaltyScore.put') {
  const response = await pushOneMutation(t.app, c.headers, kind, data);
  assert.is(response.statusCode, 200, response.body);
  const [result] = (response.json() as PushResponse).results;
  if (!result) throw new Error('no result');
  return result;
}

function timedPenalty(context: Context, amount: number, overtimeSeconds?: number | null) {
  return {
    scoreId: crypto.randomUUID(),
    ...context.c.place(0, 0),
    penaltyId: context.overtimeId,
    amount,
    comments: 'Plated late',
    ...(overtimeSeconds === undefined ? {} : { overtimeSeconds }),
  };
}

/** The Overtime cell of judge1's Culinary sheet for the first school. */
async function storedPenalty(t: TestApp, context: Context) {
  return t.db
    .selectFrom('penalty_score')
    .select(['amount', 'overtime_seconds'])
    .where('judge_id', '=', context.c.judgeId)
    .where('event_id', '=', context.c.eventId)
    .where('penalty_id', '=', context.overtimeId)
    .executeTakeFirst();
}

Timed('2:30 over: pushed, pulled, downloaded, on the REST sheet, in review and in the results', async (context) => {
  const { t, c } = context;
  const result = await push(t, c, timedPenalty(context, 2.5, 150));
  assert.is(result.status, 'applied', JSON.stringify(result));
  assert.equal(await storedPenalty(t, context), { amount: 2.5, overtime_seconds: 150 });

  const pull = await t.app.inject({
    url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
    headers: c.headers,
  });
  const pulled = (pull.json() as SyncPullResponse).changes.find((change) => change.entity === 'penaltyScore');
  assert.equal(
    pulled && 'amount' in pulled.data ? [pulled.data.amount, pulled.data.overtimeSeconds] : null,
    [2.5, 150],
  );

  const reference = await t.app.inject({
    url: `/api/sync/judge/${c.judgeId}/event/${c.eventId}`,
    headers: c.headers,
  });
  const cell = (reference.json() as SyncReferenceData).scores.penalties[0];
  assert.equal([cell?.amount, cell?.overtimeSeconds], [2.5, 150]);

  const place = c.place(0, 0);
  const sheet = await t.app.inject({
    url: `/api/score/event/${c.eventId}/category/${c.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`,
    headers: c.headers,
  });
  assert.is(sheet.statusCode, 200, sheet.body);
  const sheetPenalty = (
    sheet.json() as { penalties: { penaltyId: number; penaltyAmount?: number; penaltyOvertimeSeconds?: number }[] }
  ).penalties.find((penalty) => penalty.penaltyId === context.overtimeId);
  assert.equal([sheetPenalty?.penaltyAmount, sheetPenalty?.penaltyOvertimeSeconds], [2.5, 150]);

  const admin = await loginAs(t.app, 'admin@demo.test');
  const review = await t.app.inject({
    url: `/api/run/coordinator/event/${c.eventId}/category/${c.categoryId}/school/${place.schoolId}/penalties`,
    headers: admin.headers,
  });
  assert.is(review.statusCode, 200, review.body);
  const reviewed = (
    review.json() as { sheets: { penalties: { penaltyAmount: number; penaltyOvertimeSeconds?: number | null }[] }[] }
  ).sheets.flatMap((reviewSheet) => reviewSheet.penalties);
  assert.equal(
    reviewed.map((penalty) => [penalty.penaltyAmount, penalty.penaltyOvertimeSeconds]),
    [[2.5, 150]],
  );

  const results = await t.app.inject({
    url: `/api/run/coordinator/results/event/${c.eventId}`,
    headers: admin.headers,
  });
  assert.is(results.statusCode, 200, results.body);
  const lines = (results.json() as ResultsReport).categories
    .flatMap((category) => category.standings)
    .flatMap((standing) => standing.sections)
    .flatMap((section) => section.sheets)
    .flatMap((resultSheet) => resultSheet.penalties);
  assert.equal(
    lines.map((line) => [line.penaltyId, line.amount, line.overtimeSeconds]),
    [[context.overtimeId, 2.5, 150]],
  );
});

Timed('an amount that is not the rule’s answer for the time is refused, and nothing changes', async (context) => {
  const { t, c } = context;
  const before = await snapshotTables(t.db, [...SCORE_TABLES, 'score_history']);
  const wrong = await push(t, c, timedPenalty(context, 1, 150));
  assert.equal(
    [wrong.status, wrong.code, wrong.message],
    ['rejected', 'invalid_value', '2:30 over deducts 2.50, not 1.00.'],
  );
  const fixed = await push(t, c, {
    scoreId: crypto.randomUUID(),
    ...c.place(0, 0),
    penaltyId: context.uniformId,
    amount: 2,
    comments: 'No hat',
    overtimeSeconds: 30,
  });
  assert.equal([fixed.status, fixed.code], ['rejected', 'invalid_value'], 'a fixed penalty takes no time');
  const negative = await push(t, c, timedPenalty(context, 0.25, -5));
  assert.equal([negative.status, negative.code], ['rejected', 'invalid_value']);
  assert.equal(
    await snapshotTables(t.db, [...SCORE_TABLES, 'score_history']),
    before,
    'no cell, no change, no history row (the refusals are kept for coordinators only)',
  );
});

Timed('an older app sends no time: the amount alone is kept; a later put without a time clears it', async (context) => {
  const { t, c } = context;
  assert.is((await push(t, c, timedPenalty(context, 1.5))).status, 'applied');
  assert.equal(await storedPenalty(t, context), { amount: 1.5, overtime_seconds: null });
  assert.is((await push(t, c, timedPenalty(context, 1.25, 70))).status, 'applied');
  assert.equal(await storedPenalty(t, context), { amount: 1.25, overtime_seconds: 70 });
  assert.is((await push(t, c, timedPenalty(context, 2))).status, 'applied', 'the judge picked an amount');
  assert.equal(await storedPenalty(t, context), { amount: 2, overtime_seconds: null }, 'a put carries the whole cell');
});

Timed('the REST form: the time alone gives the amount; both must agree; a blank update keeps both', async (context) => {
  const { t, c } = context;
  const place = c.place(0, 0);
  const url = `/api/score/event/${c.eventId}/category/${c.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}/penalty`;
  const send = async (method: 'POST' | 'PUT', fields: Record<string, string | number>, path = url) => {
    const form = multipartBody(fields);
    return t.app.inject({ method, url: path, headers: { ...c.headers, ...form.headers }, payload: form.payload });
  };
  const created = await send('POST', {
    penaltyId: context.overtimeId,
    penaltyOvertimeSeconds: 150,
    penaltyComments: 'Plated late',
  });
  assert.is(created.statusCode, 201, created.body);
  assert.equal(await storedPenalty(t, context), { amount: 2.5, overtime_seconds: 150 }, 'the rule gave the amount');
  const scoreId = (created.json() as { penaltyScoreId: string }).penaltyScoreId;

  const before = await snapshotTables(t.db, [...SCORE_TABLES, 'score_history']);
  const disagreeing = await send(
    'PUT',
    {
      penaltyId: context.overtimeId,
      penaltyAmount: 1,
      penaltyOvertimeSeconds: 150,
      penaltyComments: 'Plated late',
    },
    `${url}/${scoreId}`,
  );
  assert.is(disagreeing.statusCode, 400, disagreeing.body);
  assert.equal(disagreeing.json(), {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: '2:30 over deducts 2.50, not 1.00.',
  });
  const notSeconds = await send(
    'PUT',
    {
      penaltyId: context.overtimeId,
      penaltyOvertimeSeconds: 'two',
      penaltyComments: 'Plated late',
    },
    `${url}/${scoreId}`,
  );
  assert.is(notSeconds.statusCode, 400, notSeconds.body);
  assert.equal(await snapshotTables(t.db, [...SCORE_TABLES, 'score_history']), before);

  const commentOnly = await send(
    'PUT',
    { penaltyId: context.overtimeId, penaltyComments: 'Plated very late' },
    `${url}/${scoreId}`,
  );
  assert.is(commentOnly.statusCode, 200, commentOnly.body);
  assert.equal(
    await storedPenalty(t, context),
    { amount: 2.5, overtime_seconds: 150 },
    'blank fields keep the stored ones',
  );
  const picked = await send(
    'PUT',
    { penaltyId: context.overtimeId, penaltyAmount: 3, penaltyComments: 'x' },
    `${url}/${scoreId}`,
  );
  assert.is(picked.statusCode, 200, picked.body);
  assert.equal(await storedPenalty(t, context), { amount: 3, overtime_seconds: null }, 'an amount picked has no time');

  const history = await t.db
    .selectFrom('score_history')
    .where('event_id', '=', c.eventId)
    .select(['action', 'value_before', 'value_after', 'overtime_before', 'overtime_after', 'device_id'])
    .orderBy('history_id')
    .execute();
  assert.equal(
    history.map((row) => [row.action, row.value_before, row.value_after, row.overtime_before, row.overtime_after]),
    [
      ['create', null, 2.5, null, 150],
      ['update', 2.5, 2.5, 150, 150],
      ['update', 2.5, 3, 150, null],
    ],
  );
  assert.ok(
    history.every((row) => row.device_id === null),
    'REST writes come from no device',
  );
});

Timed.run();
