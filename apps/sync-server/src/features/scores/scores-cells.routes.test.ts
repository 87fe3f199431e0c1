// The scoring rules through the sync push, on the real app with a fresh database: every refusal
// has its code and leaves the score tables as they were.
import * as assert from 'uvu/assert';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import { SCORE_TABLES } from '../../test-support/judging-fixtures.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { type Mutation, push, subsectionPut } from './scores.routes.fixtures.ts';

const Scores = createCulinarySuite('scores: one write path, cells');

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

Scores.run();
