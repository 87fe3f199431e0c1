// Tie-break rules through the real app on the hand-checked event (results.fixture.ts), where S1
// and S2 tie on 25.13 once J1's penalty on S2 is rejected: the rules are set before the first
// score and locked after it, the results order the tie and say why, the CSV carries the words,
// and the frozen snapshot keeps them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TieBreakMessages, placeWithTieBreak, type ResultsReport } from '@judging/shared-types';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';
import { confirmRemaining, createHandCheckedEvent, submitAs, type HandCheckedEvent } from './results.fixture.ts';

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
}

const SCORE_TABLES = ['subsection_score', 'penalty_score', 'disqualification_score'] as const;

/** The fixture's event, its scores taken out for a while: the rules can be set only before them. */
async function withoutScores(context: Context, during: () => Promise<void>): Promise<void> {
  const { db } = context.world.t;
  const saved = [];
  for (const table of SCORE_TABLES) {
    const rows = await db.selectFrom(table).selectAll().where('category_id', '=', context.fixture.categoryId).execute();
    saved.push({ table, rows });
    await db.deleteFrom(table).where('category_id', '=', context.fixture.categoryId).execute();
  }
  await during();
  for (const { table, rows } of saved)
    if (rows.length > 0)
      await db
        .insertInto(table)
        .values(rows as never)
        .execute();
}

function rulesUrl({ fixture }: Context): string {
  return `/api/event/${fixture.eventId}/category/${fixture.categoryId}/tie-breaks`;
}

async function putRules(context: Context, payload: unknown, headers = context.world.admin.headers) {
  return context.world.t.app.inject({ method: 'PUT', url: rulesUrl(context), headers, payload: payload as object });
}

async function readResults({ world, fixture }: Context): Promise<ResultsReport> {
  const response = await world.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${fixture.eventId}`,
    headers: world.standard.headers,
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as ResultsReport;
}

const shown = (report: ResultsReport) =>
  (report.categories[0]?.standings ?? []).map((line) => `${line.schoolName.split(' ')[0]}: ${placeWithTieBreak(line)}`);

/** Start, submit, reject J1's penalty on S2 (the tie), confirm the rest. */
async function judgeTheTie({ world, fixture }: Context): Promise<void> {
  const { t } = world;
  await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${fixture.eventId}/start`,
    headers: world.admin.headers,
  });
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  const rejected = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/confirm/event/${fixture.eventId}/category/${fixture.categoryId}/school/${fixture.schoolIds.s2}`,
    headers: world.admin.headers,
    payload: [{ penaltyScoreId: fixture.rejectedPenaltyScoreId, isConfirmed: false }],
  });
  assert.is(rejected.statusCode, 200, rejected.body);
  await confirmRemaining(t.app, world.admin.headers, fixture);
}

const TIED = ['S3: 1', 'S1: T-2', 'S2: T-2', 'S4: 4', 'S5: DQ'];
const BROKEN = [
  'S3: 1',
  'S2: 2 – ahead of S1 Academy hc on lowest judge sheet: 80.00% vs 75.00%',
  'S1: 3 – behind S2 Academy hc on lowest judge sheet: 75.00% vs 80.00%',
  'S4: 4',
  'S5: DQ',
];

test('rules: default none; set before the first score, checked, audited; locked after it (409, nothing changes)', async () => {
  const world = await buildAdminWorld();
  const context = { world, fixture: await createHandCheckedEvent(world.t.db, world.stateId) };
  const { t } = world;
  const read = await t.app.inject({ method: 'GET', url: rulesUrl(context), headers: world.standard.headers });
  assert.is(read.statusCode, 200, read.body);
  assert.equal(read.json(), { categoryId: context.fixture.categoryId, rules: [], isLocked: true });

  await withoutScores(context, async () => {
    const open = await t.app.inject({ method: 'GET', url: rulesUrl(context), headers: world.admin.headers });
    assert.is(open.json().isLocked, false);
    const rules = [{ kind: 'sectionScore', sectionId: context.fixture.sectionIds.b }, { kind: 'lowestSheet' }];
    const saved = await putRules(context, { rules });
    assert.is(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().tieBreaks, { categoryId: context.fixture.categoryId, rules, isLocked: false });
    assert.is(saved.json().message, TieBreakMessages.saved);

    const bad: [unknown, number, string?][] = [
      [{ rules: [{ kind: 'none' }, { kind: 'lowestSheet' }] }, 400, TieBreakMessages.noneLast],
      [{ rules: [{ kind: 'lowestSheet' }, { kind: 'lowestSheet' }] }, 400, TieBreakMessages.duplicate],
      [{ rules: [{ kind: 'sectionScore', sectionId: 999_999 }] }, 400, TieBreakMessages.sectionNotInCategory],
      [{ rules: [{ kind: 'sectionScore' }] }, 400],
      [{ rules: [{ kind: 'coinToss' }] }, 400],
      [{ rules: Array.from({ length: 11 }, () => ({ kind: 'lowestSheet' })) }, 400],
      [{}, 400],
    ];
    for (const [payload, status, message] of bad) {
      const refused = await putRules(context, payload);
      assert.is(refused.statusCode, status, JSON.stringify(payload));
      if (message) assert.is(refused.json().message, message);
    }
    assert.is((await putRules(context, { rules: [] }, world.standard.headers)).statusCode, 403, 'STANDARD reads only');
    assert.is((await putRules(context, { rules: [] }, world.otherAdmin.headers)).statusCode, 403, 'another state');
    const after = await t.app.inject({ method: 'GET', url: rulesUrl(context), headers: world.admin.headers });
    assert.equal(after.json().rules, rules, 'refusals changed nothing');
  });

  const locked = await putRules(context, { rules: [{ kind: 'fewerPenalties' }] });
  assert.is(locked.statusCode, 409, locked.body);
  assert.is(locked.json().message, TieBreakMessages.locked);
  assert.is(locked.json().code, 'HAS_SCORES');
  const kept = await t.app.inject({ method: 'GET', url: rulesUrl(context), headers: world.admin.headers });
  assert.equal(kept.json(), {
    categoryId: context.fixture.categoryId,
    rules: [{ kind: 'sectionScore', sectionId: context.fixture.sectionIds.b }, { kind: 'lowestSheet' }],
    isLocked: true,
  });
  const audit = await t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'category_tie_breaks')
    .execute();
  assert.is(audit.length, 1);
  await t.close();
});

test('results order the tie by the rules and say why; the CSV and the frozen snapshot carry the same words', async () => {
  const world = await buildAdminWorld();
  const context = { world, fixture: await createHandCheckedEvent(world.t.db, world.stateId) };
  const { t } = world;
  // Section B is equal (9 each), so the last rule decides: S1's lowest sheet is 15/20, S2's 16/20.
  const rules = [
    { kind: 'sectionScore', sectionId: context.fixture.sectionIds.b },
    { kind: 'fewerPenalties' },
    { kind: 'lowestSheet' },
  ];
  await withoutScores(context, async () => {
    const saved = await putRules(context, { rules });
    assert.is(saved.statusCode, 200, saved.body);
  });
  await judgeTheTie(context);
  const setRulesDirectly = (json: string) =>
    t.db
      .updateTable('category')
      .set({ tie_break_rules: json })
      .where('category_id', '=', context.fixture.categoryId)
      .execute();
  await setRulesDirectly('[]');
  assert.equal(shown(await readResults(context)), TIED, 'no rules: the tie stands');
  await setRulesDirectly(JSON.stringify(rules));
  const report = await readResults(context);
  assert.equal(shown(report), BROKEN);
  assert.equal(report.categories[0]?.tieBreakRules?.length, 3);

  const csv = await t.app.inject({
    method: 'GET',
    url: `/api/export/results/event/${context.fixture.eventId}`,
    headers: world.admin.headers,
  });
  assert.is(csv.statusCode, 200, csv.body);
  const rows = csv.body.slice(1).trim().split('\r\n');
  assert.is(
    rows[0],
    '"Category","Place","Team","Score","Status","Penalties","Disqualifications","Results","Tie-break"',
  );
  assert.match(
    csv.body,
    '"Culinary","2","S2 Academy hc","25.13","Scored","0","0","Provisional (all judges submitted)","ahead of S1 Academy hc on lowest judge sheet: 80.00% vs 75.00%"',
  );

  const ended = await t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${context.fixture.eventId}/complete`,
    headers: world.admin.headers,
  });
  assert.is(ended.statusCode, 200, ended.body);
  // The rules cannot change now, and even a changed stored list leaves the snapshot as it was.
  await t.db
    .updateTable('category')
    .set({ tie_break_rules: '[]' })
    .where('category_id', '=', context.fixture.categoryId)
    .execute();
  const frozen = await readResults(context);
  assert.is(frozen.isFinal, true);
  assert.equal(shown(frozen), BROKEN);
  await t.close();
});

test.run();
