// Editing a judge, and ULTRA moving an unassigned judge to another state.
import * as assert from 'uvu/assert';
import { createJudge } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, sessionFor, writeRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { judgeTables, newJudge, contactCases, judgeRow } from './judges.routes.fixtures.ts';

const Judges = createAdminWorldSuite('judges API: edit and move');

Judges("an editor edits a judge, audited; only ULTRA's judgeState moves a judge", async ({ w }) => {
  const judge5 = await sessionFor(w.t, 'judge5@demo.test');
  const update = { judgeId: judge5.userId, ...newJudge, judgeState: { stateId: w.other.stateId }, profile: 'judge' };
  for (const session of [w.admin, w.super]) {
    const response = await w.t.app.inject({
      method: 'PUT',
      url: `/api/judge/${judge5.userId}`,
      headers: session.headers,
      payload: update,
    });
    assert.is(response.statusCode, 200, response.body);
    assert.is(response.json().message, 'Judge updated successfully.');
    assert.is(response.json().judge.judgeState.stateId, w.stateId, 'the state is kept');
  }
  const row = await judgeRow(w, judge5.userId);
  assert.equal([row.email, row.first_name, row.state_id], ['nadia.alvarez@example.test', 'Nadia', w.stateId]);
  const audits = await w.t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', 'judge')
    .orderBy('audit_id')
    .execute();
  assert.equal(
    audits.map((audit) => [audit.action, audit.entity_id, audit.user_id]),
    [
      ['update', String(judge5.userId), w.admin.userId],
      ['update', String(judge5.userId), w.super.userId],
    ],
  );
  assert.match(audits[0]?.before_json ?? '', 'judge5@demo.test');
  assert.match(audits[0]?.after_json ?? '', 'nadia.alvarez@example.test');
});

Judges(
  'ULTRA moves an unassigned judge to another state (tokens revoked); an assigned one is refused',
  async ({ w }) => {
    const freeId = await createJudge(w.t.db, { stateId: w.stateId, email: 'free@demo.test', lastName: 'Free' });
    const freeSession = await sessionFor(w.t, 'free@demo.test');
    const move = {
      judgeFirstName: 'Fran',
      judgeLastName: 'Free',
      judgeEmail: 'free@demo.test',
      judgePhone: '3025550100',
      judgeState: { stateId: w.other.stateId },
    };
    const moved = await w.t.app.inject({
      method: 'PUT',
      url: `/api/judge/${freeId}`,
      headers: w.ultra.headers,
      payload: move,
    });
    assert.is(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().judge.judgeState, { stateId: w.other.stateId, stateName: 'Pennsylvania' });
    const profile = await w.t.db
      .selectFrom('judge_profile')
      .select('state_id')
      .where('user_id', '=', freeId)
      .executeTakeFirstOrThrow();
    assert.is(profile.state_id, w.other.stateId);
    assert.is(
      (await w.t.app.inject({ url: `/api/judge/${freeId}`, headers: freeSession.headers })).statusCode,
      401,
      'old token revoked',
    );

    await assertRefusedWithoutChange(
      w.t,
      [...judgeTables, 'judge_assignment'],
      [
        {
          label: 'judge1 is assigned to open events',
          request: {
            method: 'PUT',
            url: `/api/judge/${w.judge.userId}`,
            headers: w.ultra.headers,
            payload: { ...move, judgeEmail: 'judge1@demo.test' },
          },
          status: 409,
          message:
            'This judge is assigned to an event that is not closed. Remove those assignments before moving the judge to another state.',
        },
        {
          label: 'an unknown state',
          request: {
            method: 'PUT',
            url: `/api/judge/${freeId}`,
            headers: w.ultra.headers,
            payload: { ...move, judgeState: { stateId: 9999 } },
          },
          status: 400,
          fieldError: ['judgeState.stateId', 'Choose a state from the list.'],
        },
      ],
    );
  },
);

Judges('edit judge: form messages, refusals and a taken email leave the database unchanged', async ({ w }) => {
  const judge5 = await sessionFor(w.t, 'judge5@demo.test');
  const edit = { method: 'PUT' as const, url: `/api/judge/${judge5.userId}`, payload: newJudge };
  await assertRefusedWithoutChange(w.t, judgeTables, [
    ...contactCases.map(([change, field, message]) => ({
      label: message,
      request: { ...edit, headers: w.admin.headers, payload: { ...newJudge, ...change } },
      status: 400,
      fieldError: [field, message] as [string, string],
    })),
    ...writeRefusals(edit, w),
    { label: "another state's admin", request: { ...edit, headers: w.otherAdmin.headers }, status: 403 },
    {
      label: "SUPER cannot edit another state's judge",
      request: { ...edit, url: `/api/judge/${w.other.judgeId}`, headers: w.super.headers },
      status: 403,
    },
    {
      label: 'a taken email',
      request: { ...edit, headers: w.admin.headers, payload: { ...newJudge, judgeEmail: 'judge6@demo.test' } },
      status: 409,
    },
    { label: 'unknown judge', request: { ...edit, url: '/api/judge/999999', headers: w.admin.headers }, status: 404 },
  ]);
});

Judges.run();
