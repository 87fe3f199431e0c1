// The criteria API's subsections: add, edit, the locked max score, messages and refusals.
import * as assert from 'uvu/assert';
import { assertRefusedWithoutChange, stateWriteRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { criteriaTables, idOf, lastAudit } from './criteria.routes.fixtures.ts';

const Criteria = createAdminWorldSuite('criteria API: subsections');

Criteria(
  'add a subsection (with or without the trailing slash) and edit it; the max score is locked',
  async ({ w }) => {
    // Management Quiz is used only by an event not yet started, so its structure may change.
    const quiz = await idOf(w, 'section', 'Management Quiz');
    for (const url of [`/api/section/${quiz}/subsection`, `/api/section/${quiz}/subsection/`]) {
      const response = await w.t.app.inject({
        method: 'POST',
        url,
        headers: w.admin.headers,
        payload: { subsectionName: 'Communication', subsectionMaxScore: 20 },
      });
      assert.is(response.statusCode, 201, response.body);
      assert.is(response.json().message, 'Subsection added successfully.');
      assert.equal(
        { ...response.json().subsection, subsectionId: 0 },
        {
          subsectionId: 0,
          sectionId: quiz,
          subsectionName: 'Communication',
          subsectionDescription: '',
          subsectionMaxScore: 20,
          isScored: false,
        },
      );
    }
    const subsection = await w.t.db
      .selectFrom('subsection')
      .selectAll()
      .where('section_id', '=', quiz)
      .orderBy('subsection_id', 'desc')
      .executeTakeFirstOrThrow();
    assert.is((await lastAudit(w)).entity_type, 'subsection');

    const edit = { method: 'PUT' as const, url: `/api/subsection/${subsection.subsection_id}` };
    const renamed = await w.t.app.inject({
      ...edit,
      headers: w.admin.headers,
      payload: {
        subsectionName: 'Clear Communication',
        subsectionDescription: 'Calls and callbacks',
        subsectionMaxScore: 20,
      },
    });
    assert.is(renamed.statusCode, 200, renamed.body);
    assert.is(renamed.json().message, 'Subsection updated successfully.');
    assert.is(renamed.json().subsection.subsectionDescription, 'Calls and callbacks');
    assert.is((await lastAudit(w)).action, 'update');

    await assertRefusedWithoutChange(w.t, criteriaTables, [
      {
        label: 'a different max score',
        request: { ...edit, headers: w.admin.headers, payload: { subsectionName: 'X', subsectionMaxScore: 10 } },
        status: 400,
        fieldError: [
          'subsectionMaxScore',
          'The score range of a subsection cannot be changed once it exists. Add a new subsection instead.',
        ],
      },
    ]);
  },
);

Criteria('subsection writes: messages and refusals leave the database unchanged', async ({ w }) => {
  const teamwork = await idOf(w, 'section', 'Teamwork');
  const subsection = await w.t.db
    .selectFrom('subsection')
    .select('subsection_id')
    .where('section_id', '=', teamwork)
    .executeTakeFirstOrThrow();
  const add = {
    method: 'POST' as const,
    url: `/api/section/${teamwork}/subsection/`,
    payload: { subsectionName: 'Poise', subsectionMaxScore: 5 },
  };
  const edit = {
    method: 'PUT' as const,
    url: `/api/subsection/${subsection.subsection_id}`,
    payload: { subsectionName: 'Poise' },
  };
  const invalid = 'Score Range must be a whole number from 1 to 20';
  const asAdmin = (payload: Record<string, unknown>) => ({ ...add, headers: w.admin.headers, payload });
  await assertRefusedWithoutChange(w.t, criteriaTables, [
    {
      label: 'no name',
      request: asAdmin({ subsectionName: '', subsectionMaxScore: 5 }),
      status: 400,
      fieldError: ['subsectionName', 'Subsection Name is required'],
    },
    {
      label: 'no range',
      request: asAdmin({ subsectionName: 'Poise' }),
      status: 400,
      fieldError: ['subsectionMaxScore', 'Score Range is required'],
    },
    {
      label: 'blank range',
      request: asAdmin({ subsectionName: 'Poise', subsectionMaxScore: '' }),
      status: 400,
      fieldError: ['subsectionMaxScore', 'Score Range is required'],
    },
    {
      label: 'range 0',
      request: asAdmin({ subsectionName: 'Poise', subsectionMaxScore: 0 }),
      status: 400,
      fieldError: ['subsectionMaxScore', invalid],
    },
    {
      label: 'range 21',
      request: asAdmin({ subsectionName: 'Poise', subsectionMaxScore: 21 }),
      status: 400,
      fieldError: ['subsectionMaxScore', invalid],
    },
    {
      label: 'range 2.5',
      request: asAdmin({ subsectionName: 'Poise', subsectionMaxScore: 2.5 }),
      status: 400,
      fieldError: ['subsectionMaxScore', invalid],
    },
    {
      label: 'edit, no name',
      request: { ...edit, headers: w.admin.headers, payload: { subsectionName: ' ' } },
      status: 400,
      fieldError: ['subsectionName', 'Subsection Name is required'],
    },
    ...stateWriteRefusals(w, add),
    ...stateWriteRefusals(w, edit),
    {
      label: 'unknown section',
      request: { ...add, url: '/api/section/999999/subsection', headers: w.admin.headers },
      status: 404,
    },
  ]);
});

Criteria.run();
