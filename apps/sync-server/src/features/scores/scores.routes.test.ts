// The scoring rules through both doors (the sync push and the seed's REST calls), on the real
// app with a fresh database: every refusal has its code and leaves the score tables as they were.
import type { InjectOptions } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushResponse, SyncPullResponse } from '@judging/shared-types';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import {
  fakeJpeg,
  loadCulinary,
  multipartBody,
  SCORE_TABLES,
  type CulinaryFixture,
} from '../../test-support/judging-fixtures.ts';
import { uuidv7 } from '../../test-support/sync-device.ts';
import { unlockJudgeCategory } from './category-submission.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
}

const Scores = suite<Context>('scores: one write path');
Scores.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
});
Scores.after.each(async (context) => {
  await context.t.close();
});

type Mutation = { kind: string; data: Record<string, unknown> };

async function push(t: TestApp, headers: Record<string, string>, mutations: Mutation[], deviceId = 'tablet-1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers,
    payload: {
      deviceId,
      protocolVersion: 1,
      mutations: mutations.map((mutation, index) => ({
        id: uuidv7(),
        seq: index + 1,
        createdAt: new Date().toISOString(),
        ...mutation,
      })),
    },
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as PushResponse;
}

function subsectionPut(
  c: CulinaryFixture,
  sectionIndex: number,
  schoolIndex: number,
  subsectionIndex: number,
  score: number,
): Mutation {
  const subsection = c.sections[sectionIndex]?.subsections[subsectionIndex];
  if (!subsection) throw new Error('no such subsection');
  return {
    kind: 'subsectionScore.put',
    data: {
      scoreId: crypto.randomUUID(),
      ...c.place(sectionIndex, schoolIndex),
      subsectionId: subsection.subsectionId,
      score,
    },
  };
}

/** Every (school × section × subsection) of judge1's Culinary category: 12 × 12 cells. */
function everyCell(c: CulinaryFixture, score = 1): Mutation[] {
  return c.sections.flatMap((section, sectionIndex) =>
    c.schoolIds.flatMap((_, schoolIndex) =>
      section.subsections.map((_subsection, subsectionIndex) =>
        subsectionPut(c, sectionIndex, schoolIndex, subsectionIndex, score),
      ),
    ),
  );
}

async function pushAll(t: TestApp, headers: Record<string, string>, mutations: Mutation[]) {
  const results = [];
  for (let start = 0; start < mutations.length; start += 50) {
    results.push(...(await push(t, headers, mutations.slice(start, start + 50))).results);
  }
  return results;
}

Scores(
  'judge1 scores the Culinary category of the not-started invitational right after a fresh start',
  async ({ t, c }) => {
    assert.is(c.reference.event.eventStatus, 'NOT_STARTED');
    assert.equal(
      c.sections.map((section) => section.name),
      ['Knife Skills', 'Sanitation & Safety', 'Culinary Technique'],
    );
    assert.is(c.schoolIds.length, 12);
    const { results } = await push(t, c.headers, [subsectionPut(c, 0, 0, 0, 7.5)]);
    assert.equal(
      results.map((result) => [result.status, result.rev]),
      [['applied', 1]],
    );
    const place = c.place(0, 0);
    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`,
      headers: c.headers,
    });
    assert.is(sheet.statusCode, 200);
    const first = sheet.json().subsections[0];
    assert.is(first.subsectionScore, 7.5);
    assert.is(first.subsectionPercentage, 75);
    assert.type(first.subsectionScoreId, 'string');
    assert.is(sheet.json().subsections[1].subsectionScoreId, undefined, 'an unscored subsection has no score id');
  },
);

Scores('every scoring rule is refused with its code, and the score tables stay as they were', async ({ t, c }) => {
  const other = await createSecondState(t.db);
  const knife = c.sections[0];
  const fixed = knife.penalties.find((penalty) => !penalty.isDynamic);
  const dynamic = knife.penalties.find((penalty) => penalty.isDynamic);
  const sanitation = c.sections[1];
  if (!fixed || !dynamic) throw new Error('Knife Skills has a fixed and a time-based penalty');
  const sanitationOnly = sanitation.penalties.find(
    (penalty) => !knife.penalties.some((k) => k.penaltyId === penalty.penaltyId),
  );
  if (!sanitationOnly) throw new Error('Sanitation has a penalty Knife Skills lacks');
  const withoutStudents = await t.db
    .selectFrom('category_registration')
    .select('school_id')
    .where('category_id', '=', c.categoryId)
    .where('school_id', '=', c.schoolIds[11] ?? 0)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('category_registration')
    .set({ students_json: '[]' })
    .where('category_id', '=', c.categoryId)
    .where('school_id', '=', withoutStudents.school_id)
    .execute();

  const at = c.place(0, 0);
  const base = { scoreId: crypto.randomUUID(), ...at };
  const sub = knife.subsections[0]?.subsectionId ?? 0;
  const cases: Array<[string, Mutation, string]> = [
    ['score below 1', subsectionPut(c, 0, 0, 0, 0.75), 'invalid_value'],
    ['score above the max', subsectionPut(c, 0, 0, 0, 10.25), 'invalid_value'],
    ['score off the 0.25 steps', subsectionPut(c, 0, 0, 0, 7.3), 'invalid_value'],
    [
      'score as text',
      { kind: 'subsectionScore.put', data: { ...base, subsectionId: sub, score: '7' } },
      'invalid_value',
    ],
    [
      'score id not a UUID',
      { kind: 'subsectionScore.put', data: { ...base, scoreId: 'x', subsectionId: sub, score: 7 } },
      'invalid_value',
    ],
    [
      'unknown kind',
      { kind: 'subsectionScore.upsert', data: { ...base, subsectionId: sub, score: 7 } },
      'invalid_value',
    ],
    [
      'fixed penalty with another amount',
      {
        kind: 'penaltyScore.put',
        data: { ...base, penaltyId: fixed.penaltyId, amount: fixed.deduction - 0.5, comments: 'x' },
      },
      'invalid_value',
    ],
    [
      'time penalty above its maximum',
      {
        kind: 'penaltyScore.put',
        data: { ...base, penaltyId: dynamic.penaltyId, amount: dynamic.deduction + 0.25, comments: 'x' },
      },
      'invalid_value',
    ],
    [
      'time penalty of 0',
      { kind: 'penaltyScore.put', data: { ...base, penaltyId: dynamic.penaltyId, amount: 0, comments: 'x' } },
      'invalid_value',
    ],
    [
      'time penalty off the steps',
      { kind: 'penaltyScore.put', data: { ...base, penaltyId: dynamic.penaltyId, amount: 1.1, comments: 'x' } },
      'invalid_value',
    ],
    [
      'penalty without comments',
      {
        kind: 'penaltyScore.put',
        data: { ...base, penaltyId: fixed.penaltyId, amount: fixed.deduction, comments: ' ' },
      },
      'invalid_value',
    ],
    [
      'disqualification without comments',
      {
        kind: 'disqualificationScore.put',
        data: { ...base, disqualificationId: knife.disqualificationIds[0], comments: '' },
      },
      'invalid_value',
    ],
    [
      'unknown event',
      { kind: 'subsectionScore.put', data: { ...base, eventId: 99999, subsectionId: sub, score: 7 } },
      'not_found',
    ],
    [
      'category of another event',
      { kind: 'subsectionScore.put', data: { ...base, categoryId: 99999, subsectionId: sub, score: 7 } },
      'not_found',
    ],
    [
      'section not in the category',
      { kind: 'subsectionScore.put', data: { ...base, sectionId: 99999, subsectionId: sub, score: 7 } },
      'not_found',
    ],
    [
      'school not registered',
      { kind: 'subsectionScore.put', data: { ...base, schoolId: 24, subsectionId: sub, score: 7 } },
      'not_found',
    ],
    [
      'school without students',
      {
        kind: 'subsectionScore.put',
        data: { ...base, schoolId: withoutStudents.school_id, subsectionId: sub, score: 7 },
      },
      'not_found',
    ],
    [
      'subsection of another section',
      {
        kind: 'subsectionScore.put',
        data: { ...base, subsectionId: sanitation.subsections[0]?.subsectionId, score: 3 },
      },
      'not_found',
    ],
    [
      'penalty not attached to the section',
      {
        kind: 'penaltyScore.put',
        data: { ...base, penaltyId: sanitationOnly.penaltyId, amount: sanitationOnly.deduction, comments: 'x' },
      },
      'not_found',
    ],
    [
      'disqualification not attached to the section',
      { kind: 'disqualificationScore.put', data: { ...base, disqualificationId: 99999, comments: 'x' } },
      'not_found',
    ],
    [
      'removing a penalty not attached to the section',
      { kind: 'penaltyScore.delete', data: { ...base, penaltyId: sanitationOnly.penaltyId } },
      'not_found',
    ],
    [
      'an event of another state',
      {
        kind: 'subsectionScore.put',
        data: {
          ...base,
          eventId: other.eventId,
          categoryId: other.categoryId,
          sectionId: other.sectionId,
          schoolId: other.schoolId,
          subsectionId: sub,
          score: 7,
        },
      },
      'forbidden',
    ],
    [
      'submit with nothing scored',
      { kind: 'category.submit', data: { eventId: c.eventId, categoryId: c.categoryId } },
      'incomplete',
    ],
  ];
  const before = await snapshotTables(t.db, SCORE_TABLES);
  const { results } = await push(
    t,
    c.headers,
    cases.map(([, mutation]) => mutation),
  );
  assert.is(results.length, cases.length);
  for (const [index, [name, , code]] of cases.entries()) {
    assert.is(results[index]?.status, 'rejected', name);
    assert.is(results[index]?.code, code, `${name}: ${results[index]?.message}`);
    assert.type(results[index]?.message, 'string');
  }
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before, 'nothing changed');
  const kept = await t.db.selectFrom('rejected_mutation').select(['code', 'event_id']).execute();
  assert.is(kept.length, cases.length, 'every rejection is kept for coordinators');
  assert.is(
    kept.filter((row) => row.event_id === c.eventId).length,
    cases.length - 2,
    'filed under the event when it is theirs',
  );
});

Scores('a judge not assigned to the section is refused not_assigned', async ({ t, c }) => {
  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const before = await snapshotTables(t.db, SCORE_TABLES);
  const { results } = await push(t, judge2.headers, [subsectionPut(c, 1, 0, 0, 3), subsectionPut(c, 0, 0, 0, 4)]);
  assert.equal(
    results.map((result) => result.code ?? result.status),
    ['not_assigned', 'applied'],
    'judge2 scores Knife Skills only',
  );
  const after = await snapshotTables(t.db, ['subsection_score']);
  assert.is(after.subsection_score?.length, (before.subsection_score?.length ?? 0) + 1);
});

Scores('a closed event refuses every write with event_closed; a not-started one accepts them', async ({ t, c }) => {
  await t.db.updateTable('event').set({ status: 'CLOSED' }).where('event_id', '=', c.eventId).execute();
  const before = await snapshotTables(t.db, SCORE_TABLES);
  const { results } = await push(t, c.headers, [
    subsectionPut(c, 0, 0, 0, 5),
    { kind: 'category.submit', data: { eventId: c.eventId, categoryId: c.categoryId } },
  ]);
  assert.equal(
    results.map((result) => result.code),
    ['event_closed', 'event_closed'],
  );
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
  const place = c.place(0, 0);
  const rest = await t.app.inject({
    method: 'POST',
    url: `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}/subsection`,
    headers: c.headers,
    payload: { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 5 },
  });
  assert.is(rest.statusCode, 409);
  assert.is(rest.json().code, 'EVENT_CLOSED');
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
});

Scores(
  'the edges are accepted: 1.00 and the max, a fixed deduction, a time penalty from 0.25 to its maximum',
  async ({ t, c }) => {
    const knife = c.sections[0];
    const fixed = knife.penalties.find((penalty) => !penalty.isDynamic);
    const dynamic = knife.penalties.find((penalty) => penalty.isDynamic);
    if (!fixed || !dynamic) throw new Error('penalties missing');
    const { results } = await push(t, c.headers, [
      subsectionPut(c, 0, 0, 0, 1),
      subsectionPut(c, 0, 0, 1, knife.subsections[1]?.max ?? 0),
      {
        kind: 'penaltyScore.put',
        data: {
          scoreId: crypto.randomUUID(),
          ...c.place(0, 0),
          penaltyId: fixed.penaltyId,
          amount: fixed.deduction,
          comments: 'No apron',
        },
      },
      {
        kind: 'penaltyScore.put',
        data: {
          scoreId: crypto.randomUUID(),
          ...c.place(0, 1),
          penaltyId: dynamic.penaltyId,
          amount: 0.25,
          comments: '0:10 over',
        },
      },
      {
        kind: 'penaltyScore.put',
        data: {
          scoreId: crypto.randomUUID(),
          ...c.place(0, 2),
          penaltyId: dynamic.penaltyId,
          amount: dynamic.deduction,
          comments: 'Way over',
        },
      },
      {
        kind: 'disqualificationScore.put',
        data: {
          scoreId: crypto.randomUUID(),
          ...c.place(0, 3),
          disqualificationId: knife.disqualificationIds[0],
          comments: 'Brought pre-cut onions',
        },
      },
    ]);
    assert.equal(
      results.map((result) => result.status),
      ['applied', 'applied', 'applied', 'applied', 'applied', 'applied'],
    );
  },
);

Scores(
  'last write wins in arrival order, rev counts the writes, and a second device id for the cell updates it',
  async ({ t, c }) => {
    const first = subsectionPut(c, 0, 0, 0, 5);
    const second = {
      ...subsectionPut(c, 0, 0, 0, 6),
      data: { ...subsectionPut(c, 0, 0, 0, 6).data, comments: '  Even cuts  ' },
    };
    const { results } = await push(t, c.headers, [first, second]);
    assert.equal(
      results.map((result) => result.rev),
      [1, 2],
    );
    const row = await t.db
      .selectFrom('subsection_score')
      .selectAll()
      .where('judge_id', '=', c.judgeId)
      .where('event_id', '=', c.eventId)
      .executeTakeFirstOrThrow();
    assert.is(row.score, 6);
    assert.is(row.comments, 'Even cuts');
    assert.is(row.rev, 2);
    assert.is(row.score_id, first.data.scoreId, 'the first id sticks to the cell');
    const changes = await t.db
      .selectFrom('change_log')
      .selectAll()
      .where('event_id', '=', c.eventId)
      .orderBy('change_id')
      .execute();
    assert.equal(
      changes.map((change) => [change.entity, change.op, change.judge_id]),
      [
        ['subsectionScore', 'put', c.judgeId],
        ['subsectionScore', 'put', c.judgeId],
      ],
    );
    const reused = await push(t, c.headers, [
      { ...subsectionPut(c, 0, 0, 1, 4), data: { ...subsectionPut(c, 0, 0, 1, 4).data, scoreId: first.data.scoreId } },
    ]);
    assert.is(reused.results[0]?.code, 'invalid_value', 'an id of another cell is refused');
  },
);

Scores(
  'a penalty is applied, changed (back to pending review) and removed; removing it again changes nothing',
  async ({ t, c }) => {
    const dynamic = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
    if (!dynamic) throw new Error('no time penalty');
    const cell = { scoreId: crypto.randomUUID(), ...c.place(0, 4), penaltyId: dynamic.penaltyId };
    await push(t, c.headers, [{ kind: 'penaltyScore.put', data: { ...cell, amount: 1.25, comments: '1:01 over' } }]);
    await t.db.updateTable('penalty_score').set({ is_confirmed: 1 }).where('score_id', '=', cell.scoreId).execute();
    const changed = await push(t, c.headers, [
      { kind: 'penaltyScore.put', data: { ...cell, amount: 1.5, comments: '1:24 over' } },
    ]);
    assert.is(changed.results[0]?.rev, 2);
    const row = await t.db
      .selectFrom('penalty_score')
      .selectAll()
      .where('score_id', '=', cell.scoreId)
      .executeTakeFirstOrThrow();
    assert.equal([row.amount, row.comments, row.is_confirmed], [1.5, '1:24 over', null]);
    const removed = await push(t, c.headers, [
      { kind: 'penaltyScore.delete', data: cell },
      { kind: 'penaltyScore.delete', data: cell },
    ]);
    assert.equal(
      removed.results.map((result) => result.status),
      ['applied', 'applied'],
    );
    assert.is(
      (await t.db.selectFrom('penalty_score').selectAll().where('event_id', '=', c.eventId).execute()).length,
      0,
    );
    const deletes = await t.db.selectFrom('change_log').selectAll().where('op', '=', 'delete').execute();
    assert.is(deletes.length, 1, 'one delete change: the second removal was a no-op');
  },
);

Scores(
  'a disqualification is applied and removed; removing it again changes nothing; one not of the section is not found',
  async ({ t, c }) => {
    const disqualificationId = c.sections[0].disqualificationIds[0];
    if (disqualificationId === undefined) throw new Error('no disqualification');
    const cell = { scoreId: crypto.randomUUID(), ...c.place(0, 5), disqualificationId };
    const applied = await push(t, c.headers, [
      { kind: 'disqualificationScore.put', data: { ...cell, comments: 'Outside help' } },
    ]);
    assert.is(applied.results[0]?.status, 'applied');
    const removed = await push(t, c.headers, [
      { kind: 'disqualificationScore.delete', data: cell },
      { kind: 'disqualificationScore.delete', data: cell },
    ]);
    assert.equal(
      removed.results.map((result) => result.status),
      ['applied', 'applied'],
    );
    assert.is(
      (await t.db.selectFrom('disqualification_score').selectAll().where('event_id', '=', c.eventId).execute()).length,
      0,
    );
    const deletes = await t.db
      .selectFrom('change_log')
      .select(['entity', 'entity_id'])
      .where('op', '=', 'delete')
      .execute();
    assert.equal(
      deletes,
      [{ entity: 'disqualificationScore', entity_id: cell.scoreId }],
      'the second removal was a no-op',
    );
    const stray = await push(t, c.headers, [
      { kind: 'disqualificationScore.delete', data: { ...cell, disqualificationId: 999_999 } },
    ]);
    assert.equal(
      [stray.results[0]?.code, stray.results[0]?.message],
      ['not_found', 'Disqualification not found in this section.'],
    );
  },
);

Scores(
  'submitting needs every school × section × subsection, then locks the category until a coordinator unlocks it',
  async ({ t, c }) => {
    const cells = everyCell(c, 2);
    assert.is(cells.length, 12 * 12);
    const submit: Mutation = { kind: 'category.submit', data: { eventId: c.eventId, categoryId: c.categoryId } };
    const almost = await pushAll(t, c.headers, [...cells.slice(0, -1), submit]);
    assert.is(almost.at(-1)?.code, 'incomplete');
    assert.match(almost.at(-1)?.message ?? '', 'All criteria subsections must be scored. 1 not scored yet.');
    const done = await push(t, c.headers, [cells.at(-1) as Mutation, submit, subsectionPut(c, 0, 0, 0, 8)]);
    assert.equal(
      done.results.map((result) => result.code ?? result.status),
      ['applied', 'applied', 'category_submitted'],
      'an edit behind the submit in the same push meets the lock (the push reads the schedule once, then again after a submit)',
    );
    const submitted = await t.app.inject({
      method: 'GET',
      url: `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`,
      headers: c.headers,
    });
    assert.equal(submitted.json(), { submitted: true });

    const before = await snapshotTables(t.db, SCORE_TABLES);
    const locked = await push(t, c.headers, [subsectionPut(c, 0, 0, 0, 9)]);
    assert.is(locked.results[0]?.code, 'category_submitted');
    const place = c.place(0, 0);
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}/subsection`,
      headers: c.headers,
      payload: { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 9 },
    });
    assert.is(rest.statusCode, 409);
    assert.is(rest.json().code, 'CATEGORY_SUBMITTED');
    assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
    const again = await push(t, c.headers, [submit]);
    assert.is(again.results[0]?.status, 'applied', 'submitting a submitted category is a no-op');

    const admin = await loginAs(t.app, 'admin@demo.test');
    const caller = {
      userId: admin.user.userId,
      role: 'ADMIN' as const,
      stateId: admin.user.state.stateId,
      tokenExpiresAt: '',
      tokenVersion: 0,
    };
    const target = { eventId: c.eventId, categoryId: c.categoryId, judgeId: c.judgeId };
    try {
      await unlockJudgeCategory(t.db, caller, target, new Date().toISOString());
      assert.unreachable('unlocked before the event started');
    } catch (error) {
      assert.is((error as { statusCode?: number }).statusCode, 409);
    }
    try {
      await unlockJudgeCategory(
        t.db,
        { ...caller, userId: c.judgeId, role: 'JUDGE' },
        target,
        new Date().toISOString(),
      );
      assert.unreachable('a judge unlocked themself');
    } catch (error) {
      assert.is((error as { statusCode?: number }).statusCode, 403);
    }
    await t.db.updateTable('event').set({ status: 'STARTED' }).where('event_id', '=', c.eventId).execute();
    await unlockJudgeCategory(t.db, caller, target, new Date().toISOString());
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'unlock')
      .executeTakeFirstOrThrow();
    assert.is(audit.entity_id, `${c.categoryId}:${c.judgeId}`);
    const reopened = await push(t, c.headers, [subsectionPut(c, 0, 0, 0, 9)]);
    assert.is(reopened.results[0]?.status, 'applied');

    const pull = await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
      headers: c.headers,
    });
    const submissions = (pull.json() as SyncPullResponse).changes.filter(
      (change) => change.entity === 'categorySubmission',
    );
    assert.equal(
      submissions.map((change) => change.op),
      ['put', 'delete'],
      'the device learns the submission and the unlock',
    );
  },
);

Scores("judge A can neither read nor write judge B's scores", async ({ t, c }) => {
  const photo = fakeJpeg();
  const upload = multipartBody({}, { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
  assert.is(
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/sync/photos/${photo.sha256}`,
        headers: { ...c.headers, ...upload.headers },
        payload: upload.payload,
      })
    ).statusCode,
    201,
  );
  const put = subsectionPut(c, 0, 0, 0, 8);
  await push(t, c.headers, [{ ...put, data: { ...put.data, photoSha256: photo.sha256 } }]);
  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  const photoUrl = `/api/files/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}/subsection/${put.data.scoreId}/${photo.sha256}`;
  const before = await snapshotTables(t.db, SCORE_TABLES);
  for (const [method, url, payload] of [
    ['GET', `/api/run/judge/${c.judgeId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', sheetUrl],
    ['GET', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
    ['GET', `/api/sync/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', photoUrl],
    [
      'POST',
      `${sheetUrl}/subsection`,
      { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 1 },
    ],
    [
      'PUT',
      `${sheetUrl}/subsection/${put.data.scoreId}`,
      { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 1 },
    ],
    ['POST', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
  ] as const) {
    const response = await t.app.inject({ method, url, headers: judge2.headers, ...(payload ? { payload } : {}) });
    assert.is(response.statusCode, 403, `${method} ${url}`);
  }
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
  const pull = await t.app.inject({
    method: 'GET',
    url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
    headers: judge2.headers,
  });
  assert.equal((pull.json() as SyncPullResponse).changes, [], "judge2's pull shows none of judge1's cells");
  const ownLink = await t.app.inject({
    method: 'POST',
    url: '/api/link-ticket',
    headers: c.headers,
    payload: { path: photoUrl },
  });
  const own = await t.app.inject({ method: 'GET', url: ownLink.json().url });
  assert.is(own.statusCode, 200, 'the judge sees their own photo through a link ticket');
  assert.is(own.headers['content-type'], 'image/jpeg');
  assert.ok(own.rawPayload.equals(photo.bytes));
  assert.is((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode, 401);
});

Scores('coordinators view as judge but cannot write; STANDARD cannot view', async ({ t, c }) => {
  await push(t, c.headers, [subsectionPut(c, 0, 0, 0, 8)]);
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  for (const email of ['admin@demo.test', 'super@demo.test', 'ultra@demo.test']) {
    const coordinator = await loginAs(t.app, email);
    const sheet = await t.app.inject({ method: 'GET', url: sheetUrl, headers: coordinator.headers });
    assert.is(sheet.statusCode, 200, email);
    assert.is(sheet.json().subsections[0].subsectionScore, 8);
    const reference = await t.app.inject({
      method: 'GET',
      url: `/api/sync/judge/${c.judgeId}/event/${c.eventId}`,
      headers: coordinator.headers,
    });
    assert.is(reference.statusCode, 200);
    const write = await t.app.inject({
      method: 'POST',
      url: `${sheetUrl}/subsection`,
      headers: coordinator.headers,
      payload: { subsectionId: 1, subsectionScore: 2 },
    });
    assert.is(write.statusCode, 403, `${email} cannot write a judge's score`);
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: coordinator.headers,
      payload: { deviceId: 'x', protocolVersion: 1, mutations: [] },
    });
    assert.is(pushed.statusCode, 403);
  }
  const standard = await loginAs(t.app, 'standard@demo.test');
  assert.is((await t.app.inject({ method: 'GET', url: sheetUrl, headers: standard.headers })).statusCode, 403);
});

Scores('a judge of another state gets 403, unknown ids 404', async ({ t, c }) => {
  const other = await createSecondState(t.db);
  const paJudge = await loginAs(t.app, 'judge@pa.test');
  const paAdmin = await loginAs(t.app, other.adminEmail);
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  for (const [session, url] of [
    [paJudge, `/api/run/judge/${c.judgeId}`],
    [paJudge, `/api/sync/judge/${other.judgeId}/event/${c.eventId}`],
    [paJudge, `/api/run/judge/${other.judgeId}/event/${c.eventId}`],
    [paJudge, `/api/sync/pull?eventId=${c.eventId}&cursor=0`],
    [paAdmin, sheetUrl],
    [paAdmin, `/api/sync/judge/${c.judgeId}/event/${c.eventId}`],
    [c, `/api/sync/judge/${other.judgeId}/event/${other.eventId}`],
  ] as const) {
    const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
    assert.is(response.statusCode, 403, url);
  }
  const before = await snapshotTables(t.db, SCORE_TABLES);
  const { results } = await push(t, paJudge.headers, [subsectionPut(c, 0, 0, 0, 5)]);
  assert.is(results[0]?.code, 'forbidden');
  const sneaky = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/subsection`,
    headers: paJudge.headers,
    payload: { subsectionId: 1, subsectionScore: 5 },
  });
  assert.is(sneaky.statusCode, 403);
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
  for (const url of [
    `/api/run/judge/99999`,
    `/api/sync/judge/${c.judgeId}/event/99999`,
    `/api/sync/pull?eventId=99999&cursor=0`,
  ]) {
    assert.is((await t.app.inject({ method: 'GET', url, headers: c.headers })).statusCode, 404, url);
  }
  const own = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${other.judgeId}/event/${other.eventId}`,
    headers: paJudge.headers,
  });
  assert.is(own.statusCode, 200, "the other state's judge downloads their own event");
  const ownPush = await push(t, paJudge.headers, [
    {
      kind: 'subsectionScore.put',
      data: {
        scoreId: crypto.randomUUID(),
        eventId: other.eventId,
        categoryId: other.categoryId,
        sectionId: other.sectionId,
        schoolId: other.schoolId,
        subsectionId: own.json().categories[0].sections[0].subsections[0].subsectionId,
        score: 6,
      },
    },
  ]);
  assert.is(ownPush.results[0]?.status, 'applied');
});

Scores(
  "the seed's score form takes plain decimal numbers only: 0x8, 0b1010, 1e1 and an id of 1.5 are 400",
  async ({ t, c }) => {
    const place = c.place(0, 6);
    const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
    const subsectionId = c.sections[0].subsections[0]?.subsectionId ?? 0;
    const dynamic = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
    if (!dynamic) throw new Error('no time-based penalty');
    const multipart = (type: string, fields: Record<string, string | number>) => {
      const body = multipartBody(fields);
      return {
        method: 'POST' as const,
        url: `${sheetUrl}/${type}`,
        headers: { ...c.headers, ...body.headers },
        payload: body.payload,
      };
    };
    const json = (type: string, payload: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: `${sheetUrl}/${type}`,
      headers: c.headers,
      payload,
    });
    const call = (label: string, request: InjectOptions): [string, InjectOptions] => [label, request];
    const refused = [
      ...['0x8', '0b1010', '0o10', '1e1', ' 8', '8 ', '+8', 'Infinity', '8.', '.5'].map((score) =>
        call(`score '${score}'`, multipart('subsection', { subsectionId, subsectionScore: score })),
      ),
      ...[`0x${subsectionId.toString(16)}`, `${subsectionId}.5`, `${subsectionId}e0`, ` ${subsectionId}`].map((id) =>
        call(`subsectionId '${id}'`, multipart('subsection', { subsectionId: id, subsectionScore: '8' })),
      ),
      call(
        'penalty amount 0x1',
        multipart('penalty', { penaltyId: dynamic.penaltyId, penaltyAmount: '0x1', penaltyComments: 'Late' }),
      ),
      call(
        'penalty amount 1e0',
        multipart('penalty', { penaltyId: dynamic.penaltyId, penaltyAmount: '1e0', penaltyComments: 'Late' }),
      ),
      call(
        'penaltyId in hex',
        multipart('penalty', {
          penaltyId: `0x${dynamic.penaltyId.toString(16)}`,
          penaltyAmount: '1',
          penaltyComments: 'Late',
        }),
      ),
      call('JSON subsectionId 1.5', json('subsection', { subsectionId: subsectionId + 0.5, subsectionScore: 8 })),
      call(
        'JSON subsectionId in hex text',
        json('subsection', { subsectionId: `0x${subsectionId.toString(16)}`, subsectionScore: 8 }),
      ),
      call('JSON score in hex text', json('subsection', { subsectionId, subsectionScore: '0x8' })),
      call(
        'JSON penaltyId 1.5',
        json('penalty', { penaltyId: dynamic.penaltyId + 0.5, penaltyAmount: 1, penaltyComments: 'Late' }),
      ),
    ];
    const before = await snapshotTables(t.db, SCORE_TABLES);
    for (const [label, request] of refused) {
      const response = await t.app.inject(request);
      assert.is(response.statusCode, 400, `${label}: ${response.body}`);
      assert.is(response.json().code, 'VALIDATION_FAILED', label);
    }
    assert.equal(await snapshotTables(t.db, SCORE_TABLES), before, 'no refused form stored anything');

    const plain = await t.app.inject(multipart('subsection', { subsectionId, subsectionScore: '8' }));
    assert.is(plain.statusCode, 201, `plain decimal text is still read: ${plain.body}`);
    const asText = await t.app.inject(
      json('penalty', { penaltyId: String(dynamic.penaltyId), penaltyAmount: '1', penaltyComments: 'Late' }),
    );
    assert.is(asText.statusCode, 201, `a JSON client's plain decimal text is still read: ${asText.body}`);
  },
);

Scores("the seed's calls: score with a photo, update with blanks kept, penalties, save, submit", async ({ t, c }) => {
  const place = c.place(0, 5);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  const subsectionId = c.sections[0].subsections[0]?.subsectionId ?? 0;
  const photo = fakeJpeg(4096);
  const created = multipartBody(
    { subsectionId, subsectionScore: '7.25', subsectionComments: 'Clean julienne' },
    { field: 'subsectionFile', filename: 'cuts.jpg', contentType: 'image/jpeg', bytes: photo.bytes },
  );
  const post = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/subsection`,
    headers: { ...c.headers, ...created.headers },
    payload: created.payload,
  });
  assert.is(post.statusCode, 201, post.body);
  const scoreId = post.json().subsectionScoreId as string;
  assert.match(scoreId, /^[0-9a-f-]{36}$/);
  assert.is(post.json().message, 'Score Details Updated');

  const update = multipartBody({
    subsectionId,
    subsectionScore: '',
    subsectionComments: 'Even better',
    subsectionScoreId: scoreId,
  });
  const put = await t.app.inject({
    method: 'PUT',
    url: `${sheetUrl}/subsection/${scoreId}`,
    headers: { ...c.headers, ...update.headers },
    payload: update.payload,
  });
  assert.is(put.statusCode, 200, put.body);
  assert.is(put.json().rev, 2);
  const sheet = (await t.app.inject({ method: 'GET', url: sheetUrl, headers: c.headers })).json();
  const scored = sheet.subsections[0];
  assert.equal(
    [scored.subsectionScore, scored.subsectionComments],
    [7.25, 'Even better'],
    'a blank score keeps the stored one',
  );
  assert.match(scored.subsectionFile, `/subsection/${scoreId}/${photo.sha256}`);
  const image = await t.app.inject({ method: 'GET', url: scored.subsectionFile, headers: c.headers });
  assert.is(image.statusCode, 200);
  assert.ok(image.rawPayload.equals(photo.bytes));

  const fixed = c.sections[0].penalties.find((penalty) => !penalty.isDynamic);
  const dynamic = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
  if (!fixed || !dynamic) throw new Error('penalties missing');
  const fixedPost = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/penalty`,
    headers: c.headers,
    payload: { penaltyId: fixed.penaltyId, penaltyComments: 'No hat' },
  });
  assert.is(fixedPost.statusCode, 201, fixedPost.body);
  const penaltyScoreId = fixedPost.json().penaltyScoreId as string;
  const noAmount = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/penalty`,
    headers: c.headers,
    payload: { penaltyId: dynamic.penaltyId, penaltyComments: 'Over' },
  });
  assert.is(noAmount.statusCode, 400);
  assert.is(noAmount.json().message, 'Amount is required for a time-based penalty');
  const noComments = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/penalty`,
    headers: c.headers,
    payload: { penaltyId: dynamic.penaltyId, penaltyAmount: 1 },
  });
  assert.is(noComments.statusCode, 400);
  assert.equal(noComments.json().errors, [{ field: 'penaltyComments', message: 'Comments are required' }]);
  const badScore = multipartBody({ subsectionId, subsectionScore: 'lots' });
  const bad = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/subsection`,
    headers: { ...c.headers, ...badScore.headers },
    payload: badScore.payload,
  });
  assert.is(bad.statusCode, 400);
  assert.is(bad.json().message, 'Score must be a number');
  const sheetWithPenalty = (await t.app.inject({ method: 'GET', url: sheetUrl, headers: c.headers })).json();
  const applied = sheetWithPenalty.penalties.find(
    (penalty: { penaltyId: number }) => penalty.penaltyId === fixed.penaltyId,
  );
  assert.equal(
    [
      applied.penaltyScoreId,
      applied.penaltyAmount,
      applied.penaltyComments,
      applied.isConfirmed,
      applied.penaltyDynamic,
    ],
    [penaltyScoreId, fixed.deduction, 'No hat', null, false],
  );

  const removed = await t.app.inject({
    method: 'DELETE',
    url: `${sheetUrl}/penalty/${penaltyScoreId}`,
    headers: c.headers,
  });
  assert.is(removed.statusCode, 200);
  assert.is(
    (await t.app.inject({ method: 'DELETE', url: `${sheetUrl}/penalty/${penaltyScoreId}`, headers: c.headers }))
      .statusCode,
    404,
  );
  assert.is(
    (await t.app.inject({ method: 'DELETE', url: `${sheetUrl}/subsection/${scoreId}`, headers: c.headers })).statusCode,
    400,
    'subsection scores are not removable',
  );

  for (const action of ['saveScores', 'saveSchool']) {
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/score/${action}/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`,
      headers: c.headers,
    });
    assert.equal([saved.statusCode, saved.json().message], [200, 'Scores Saved']);
  }
  const submit = await t.app.inject({
    method: 'POST',
    url: `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`,
    headers: c.headers,
  });
  assert.is(submit.statusCode, 409);
  assert.is(submit.json().code, 'INCOMPLETE');

  const events = await t.app.inject({ method: 'GET', url: `/api/run/judge/${c.judgeId}`, headers: c.headers });
  assert.ok(events.json().some((event: { eventId: number }) => event.eventId === c.eventId));
  const event = await t.app.inject({
    method: 'GET',
    url: `/api/run/judge/${c.judgeId}/event/${c.eventId}`,
    headers: c.headers,
  });
  assert.equal(event.json().categories, [
    { categoryId: c.categoryId, categoryName: 'Culinary', categoryJudged: false },
  ]);
  const category = (
    await t.app.inject({
      method: 'GET',
      url: `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}`,
      headers: c.headers,
    })
  ).json();
  assert.is(category.schools.length, 12);
  assert.ok(category.schools.every((school: { isScored: boolean }) => !school.isScored));
  const school = (
    await t.app.inject({
      method: 'GET',
      url: `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}/school/${place.schoolId}`,
      headers: c.headers,
    })
  ).json();
  assert.equal(
    school.sections.map((section: { sectionName: string }) => section.sectionName),
    ['Knife Skills', 'Sanitation & Safety', 'Culinary Technique'],
  );
});

Scores('every score route needs a token', async ({ t, c }) => {
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  for (const [method, url] of [
    ['GET', `/api/run/judge/${c.judgeId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}/school/${place.schoolId}`],
    ['GET', sheetUrl],
    ['POST', `${sheetUrl}/subsection`],
    ['PUT', `${sheetUrl}/subsection/${crypto.randomUUID()}`],
    ['DELETE', `${sheetUrl}/penalty/${crypto.randomUUID()}`],
    ['GET', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
    ['POST', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
    [
      'POST',
      `/api/score/saveScores/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`,
    ],
    ['GET', `/api/sync/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', `/api/sync/pull?eventId=${c.eventId}&cursor=0`],
    ['POST', '/api/sync/push'],
    ['PUT', `/api/sync/photos/${'a'.repeat(64)}`],
  ] as const) {
    const response = await t.app.inject({
      method,
      url,
      ...(method === 'POST' && url === '/api/sync/push'
        ? { payload: { deviceId: 'x', protocolVersion: 1, mutations: [] } }
        : {}),
    });
    assert.is(response.statusCode, 401, `${method} ${url}`);
  }
});

Scores.run();
