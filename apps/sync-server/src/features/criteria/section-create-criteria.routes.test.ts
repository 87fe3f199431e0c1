// "Create new" in a section's add-penalty and add-disqualification dialogs, through the real app
// on a real SQLite database: the item is created in the state's library and attached to the
// section in one transaction, so a refusal leaves nothing behind. (The 409 SECTION_LOCKED of a
// section held by a started or closed event is in section-lock.routes.test.ts.)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SectionDetail } from '@judging/shared-types';
import { createSection } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  stateWriteRefusals,
  type AdminWorld,
  type TableList,
} from '../../test-support/sessions.ts';

const Create = suite<{ w: AdminWorld; sectionId: number }>('create a penalty or disqualification in a section');
Create.before.each(async (context) => {
  context.w = await buildAdminWorld();
  context.sectionId = await createSection(context.w.t.db, { stateId: context.w.stateId, sectionName: 'Plating' });
});
Create.after.each(async (context) => {
  await context.w.t.close();
});

const criteriaTables: TableList = [
  'penalty',
  'disqualification',
  'section_penalty',
  'section_disqualification',
  'audit_log',
];

Create(
  'a new penalty lands in the state library and in the section, audited as a create and an attach',
  async ({ w, sectionId }) => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: `/api/section/${sectionId}/penalty/new`,
      headers: w.admin.headers,
      payload: { penaltyName: '  Late plating ', penaltyDeduction: 3, penaltyDynamic: true },
    });
    assert.is(response.statusCode, 201, response.body);
    const body = response.json() as { message: string; section: SectionDetail };
    assert.is(body.message, "Penalty created in your state's penalties and added to this section.");
    assert.equal(
      body.section.sectionPenalties.map((penalty) => [
        penalty.penaltyName,
        penalty.penaltyDeduction,
        penalty.penaltyDynamic,
      ]),
      [['Late plating', 3, true]],
    );
    const penaltyId = body.section.sectionPenalties[0]?.penaltyId ?? 0;
    const library = await w.t.app.inject({ url: `/api/state/${w.stateId}/penalty`, headers: w.admin.headers });
    assert.ok(
      (library.json() as { penaltyId: number }[]).some((penalty) => penalty.penaltyId === penaltyId),
      'in the state library',
    );
    const audits = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'entity_id', 'user_id'])
      .where('entity_type', 'in', ['penalty', 'section_penalty'])
      .orderBy('audit_id')
      .execute();
    assert.equal(
      audits.map((row) => [row.action, row.entity_type, String(row.entity_id), row.user_id]),
      [
        ['create', 'penalty', String(penaltyId), w.admin.userId],
        ['attach', 'section_penalty', String(sectionId), w.admin.userId],
      ],
    );
  },
);

Create('a new disqualification lands in the state list and in the section', async ({ w, sectionId }) => {
  const response = await w.t.app.inject({
    method: 'POST',
    url: `/api/section/${sectionId}/disqualification/new`,
    headers: w.admin.headers,
    payload: { disqualificationName: 'Raw protein served' },
  });
  assert.is(response.statusCode, 201, response.body);
  const body = response.json() as { message: string; section: SectionDetail };
  assert.is(body.message, "Disqualification created in your state's disqualifications and added to this section.");
  assert.equal(
    body.section.sectionDisqualifications.map((item) => item.disqualificationName),
    ['Raw protein served'],
  );
  const list = await w.t.app.inject({ url: `/api/state/${w.stateId}/disqualification`, headers: w.admin.headers });
  assert.ok(
    (list.json() as { disqualificationName: string }[]).some(
      (item) => item.disqualificationName === 'Raw protein served',
    ),
  );
});

Create('bad input, unknown sections and callers who may not edit change nothing', async ({ w, sectionId }) => {
  const penaltyUrl = `/api/section/${sectionId}/penalty/new`;
  const valid = {
    method: 'POST' as const,
    url: penaltyUrl,
    headers: w.admin.headers,
    payload: { penaltyName: 'Burnt', penaltyDeduction: 2 },
  };
  await assertRefusedWithoutChange(w.t, criteriaTables, [
    {
      label: 'no name',
      request: { ...valid, payload: { penaltyName: ' ', penaltyDeduction: 2 } },
      status: 400,
      fieldError: ['penaltyName', 'Penalty Name is required'],
    },
    {
      label: 'no deduction',
      request: { ...valid, payload: { penaltyName: 'Burnt' } },
      status: 400,
      fieldError: ['penaltyDeduction', 'Penalty Deduction is required'],
    },
    {
      label: 'no disqualification name',
      request: { ...valid, url: `/api/section/${sectionId}/disqualification/new`, payload: {} },
      status: 400,
      fieldError: ['disqualificationName', 'Disqualification Name is required'],
    },
    { label: 'unknown section', request: { ...valid, url: '/api/section/999999/penalty/new' }, status: 404 },
    ...stateWriteRefusals(w, valid),
    ...stateWriteRefusals(w, {
      ...valid,
      url: `/api/section/${sectionId}/disqualification/new`,
      payload: { disqualificationName: 'No show' },
    }),
  ]);
});

Create.run();
