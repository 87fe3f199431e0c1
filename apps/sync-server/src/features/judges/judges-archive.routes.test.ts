// Archiving and reinstating judges, strict ids, and other states' judges.
import * as assert from 'uvu/assert';
import { DEMO_PASSWORD, loginAs } from '../../test-support/build-test-app.ts';
import { createJudge } from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, writeRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { judgeTables, newJudge, lastAudit } from './judges.routes.fixtures.ts';

const Judges = createAdminWorldSuite('judges API: archive and other states');

Judges("archive revokes the judge's tokens and keeps their scores; reinstate lets them log in again", async ({ w }) => {
  const scoresBefore = await w.t.db
    .selectFrom('subsection_score')
    .select('score_id')
    .where('judge_id', '=', w.judge.userId)
    .execute();
  assert.ok(scoresBefore.length > 0, 'judge1 has demo scores');
  const archived = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/archive`,
    headers: w.admin.headers,
  });
  assert.is(archived.statusCode, 200, archived.body);
  assert.is(archived.json().message, 'Judge Archived');
  assert.is(archived.json().judge.isArchived, true);
  assert.is(
    (await w.t.app.inject({ url: `/api/judge/${w.judge.userId}`, headers: w.judge.headers })).statusCode,
    401,
    'token revoked',
  );
  const login = await w.t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'judge1@demo.test', password: DEMO_PASSWORD },
  });
  assert.is(login.statusCode, 401);
  const after = await w.t.db
    .selectFrom('subsection_score')
    .select('score_id')
    .where('judge_id', '=', w.judge.userId)
    .execute();
  assert.equal(after, scoresBefore, 'nothing they scored is removed');
  const active = await w.t.app.inject({ url: `/api/state/${w.stateId}/judge`, headers: w.admin.headers });
  assert.not.ok(active.json().some((judge: { judgeId: number }) => judge.judgeId === w.judge.userId));
  assert.is((await lastAudit(w)).action, 'archive');

  // An archived judge cannot be assigned (the categories feature checks the profile).
  const target = await w.t.db
    .selectFrom('category')
    .innerJoin('category_section', 'category_section.category_id', 'category.category_id')
    .innerJoin('section', 'section.section_id', 'category_section.section_id')
    .select(['category.event_id', 'category.category_id', 'section.section_id'])
    .where('category.category_name', '=', 'Restaurant Management')
    .where('section.section_name', '=', 'Menu Presentation')
    .executeTakeFirstOrThrow();
  const assign = await w.t.app.inject({
    method: 'POST',
    url: `/api/event/${target.event_id}/category/${target.category_id}/section/${target.section_id}`,
    headers: w.admin.headers,
    payload: [{ judgeId: w.judge.userId }],
  });
  assert.is(assign.statusCode, 409, assign.body);

  const again = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/archive`,
    headers: w.admin.headers,
  });
  assert.is(again.statusCode, 409);
  assert.is(again.json().message, 'This judge is already archived.');

  const reinstated = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/reinstate`,
    headers: w.admin.headers,
  });
  assert.is(reinstated.statusCode, 200);
  assert.is(reinstated.json().message, 'Judge activated');
  assert.is(reinstated.json().judge.isArchived, false);
  assert.is((await lastAudit(w)).action, 'reinstate');
  await loginAs(w.t.app, 'judge1@demo.test');
  const twice = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/reinstate`,
    headers: w.admin.headers,
  });
  assert.is(twice.statusCode, 409);
  assert.is(twice.json().message, 'This judge is already active.');
});

Judges('archive and reinstate: refusals leave the database unchanged', async ({ w }) => {
  const archivedId = await createJudge(w.t.db, { stateId: w.stateId, email: 'gone@demo.test', isArchived: true });
  const archive = { method: 'PUT' as const, url: `/api/judge/${w.judge.userId}/archive` };
  const reinstate = { method: 'PUT' as const, url: `/api/judge/${archivedId}/reinstate` };
  await assertRefusedWithoutChange(w.t, judgeTables, [
    ...writeRefusals(archive, w),
    ...writeRefusals(reinstate, w),
    { label: 'archive, other state', request: { ...archive, headers: w.otherAdmin.headers }, status: 403 },
    { label: 'reinstate, other state', request: { ...reinstate, headers: w.otherAdmin.headers }, status: 403 },
    {
      label: 'unknown judge',
      request: { method: 'PUT', url: '/api/judge/999999/archive', headers: w.admin.headers },
      status: 404,
    },
  ]);
});

Judges(
  'a judge id that is not plain decimal is a 400: judge/0x10/archive archives no one, not judge 16',
  async ({ w }) => {
    const judge16 = await w.t.db
      .selectFrom('judge_profile')
      .select('is_archived')
      .where('user_id', '=', 16)
      .executeTakeFirst();
    assert.is(judge16?.is_archived, 0, 'the demo has an active judge 16');
    const malformed = ['0x10', '0b10000', '1.6e1', '16.0', ' 16', '+16', '016', '-16', '0'];
    await assertRefusedWithoutChange(
      w.t,
      judgeTables,
      [w.admin, w.ultra].flatMap((session) =>
        malformed.flatMap((id) =>
          (['archive', 'reinstate'] as const).map((action) => ({
            label: `${action} '${id}'`,
            request: {
              method: 'PUT' as const,
              url: `/api/judge/${encodeURIComponent(id)}/${action}`,
              headers: session.headers,
            },
            status: 400,
            code: 'VALIDATION_FAILED',
          })),
        ),
      ),
    );
  },
);

Judges(
  "another state's judges: SUPER, ADMIN and STANDARD refused, ULTRA may; an expired account cannot write its own",
  async ({ w }) => {
    const archivedPa = await createJudge(w.t.db, { stateId: w.other.stateId, email: 'gone@pa.test', isArchived: true });
    const archivedNj = await createJudge(w.t.db, {
      stateId: w.expired.stateId,
      email: 'gone@nj.test',
      isArchived: true,
    });
    const calls = (judgeId: number, archivedId: number, email: string) => [
      { method: 'PUT' as const, url: `/api/judge/${judgeId}`, payload: { ...newJudge, judgeEmail: email } },
      { method: 'PUT' as const, url: `/api/judge/${judgeId}/archive` },
      { method: 'PUT' as const, url: `/api/judge/${archivedId}/reinstate` },
    ];
    const pennsylvania = calls(w.other.judgeId, archivedPa, 'judge@pa.test');
    await assertRefusedWithoutChange(w.t, judgeTables, [
      ...pennsylvania.flatMap((request) =>
        (
          [
            ['super', w.super],
            ['delaware admin', w.admin],
            ['delaware standard', w.standard],
            ['pennsylvania standard', w.otherStandard],
            ['delaware judge', w.judge],
          ] as const
        ).map(([label, session]) => ({
          label: `${label} ${request.method} ${request.url}`,
          request: { ...request, headers: session.headers },
          status: 403,
        })),
      ),
      ...calls(w.expired.judgeId, archivedNj, 'judge@nj.test').map((request) => ({
        label: `expired account ${request.method} ${request.url}`,
        request: { ...request, headers: w.expiredAdmin.headers },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      })),
      {
        label: 'expired account adds a judge',
        request: { method: 'POST', url: '/api/judge', headers: w.expiredAdmin.headers, payload: newJudge },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      },
    ]);
    for (const request of pennsylvania) {
      const response = await w.t.app.inject({ ...request, headers: w.ultra.headers });
      assert.is(response.statusCode, 200, `ULTRA ${request.method} ${request.url}: ${response.body}`);
    }
  },
);

Judges.run();
