// The criteria API's penalties and disqualifications: add, rename, messages and refusals.
import * as assert from 'uvu/assert';
import { assertRefusedWithoutChange, stateWriteRefusals, writeRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { criteriaTables, idOf, lastAudit } from './criteria.routes.fixtures.ts';

const Criteria = createAdminWorldSuite('criteria API: penalties and disqualifications');

Criteria(
  'add a penalty (with or without the trailing slash) and rename it; deduction and time flag are locked',
  async ({ w }) => {
    const created = await w.t.app.inject({
      method: 'POST',
      url: '/api/penalty/',
      headers: w.admin.headers,
      payload: { penaltyName: 'Dropped Plate', penaltyDeduction: 4 },
    });
    assert.is(created.statusCode, 201, created.body);
    assert.is(created.json().message, 'Penalty added successfully.');
    const penalty = created.json().penalty;
    assert.equal(
      { ...penalty, penaltyId: 0 },
      {
        penaltyId: 0,
        penaltyName: 'Dropped Plate',
        penaltyDeduction: 4,
        penaltyDynamic: false,
        penaltyState: { stateId: w.stateId },
      },
    );
    const timed = await w.t.app.inject({
      method: 'POST',
      url: '/api/penalty',
      headers: w.admin.headers,
      payload: { penaltyName: 'Late Plating', penaltyDeduction: 20, penaltyDynamic: true },
    });
    assert.is(timed.statusCode, 201);
    assert.is(timed.json().penalty.penaltyDynamic, true);
    assert.is((await lastAudit(w)).entity_type, 'penalty');

    const edit = { method: 'PUT' as const, url: `/api/penalty/${penalty.penaltyId}`, headers: w.admin.headers };
    const renamed = await w.t.app.inject({
      ...edit,
      payload: { penaltyName: 'Dropped Plate or Bowl', penaltyDeduction: 4, penaltyDynamic: false },
    });
    assert.is(renamed.statusCode, 200, renamed.body);
    assert.is(renamed.json().message, 'Penalty updated successfully.');
    assert.is(renamed.json().penalty.penaltyName, 'Dropped Plate or Bowl');

    await assertRefusedWithoutChange(w.t, criteriaTables, [
      {
        label: 'a different deduction',
        request: { ...edit, payload: { penaltyName: 'X', penaltyDeduction: 5 } },
        status: 400,
        fieldError: [
          'penaltyDeduction',
          'The deduction of a penalty cannot be changed once it exists. Add a new penalty instead.',
        ],
      },
      {
        label: 'a different time flag',
        request: { ...edit, payload: { penaltyName: 'X', penaltyDynamic: true } },
        status: 400,
        fieldError: [
          'penaltyDynamic',
          'Whether a penalty is time-based cannot be changed once it exists. Add a new penalty instead.',
        ],
      },
    ]);
  },
);

Criteria('penalty writes: messages and refusals leave the database unchanged', async ({ w }) => {
  const overtime = await idOf(w, 'penalty', 'Overtime');
  const add = { method: 'POST' as const, url: '/api/penalty', payload: { penaltyName: 'Spill', penaltyDeduction: 2 } };
  const edit = { method: 'PUT' as const, url: `/api/penalty/${overtime}`, payload: { penaltyName: 'Over Time' } };
  const invalid = 'Penalty Deduction must be a whole number from 1 to 20';
  const asAdmin = (payload: Record<string, unknown>) => ({ ...add, headers: w.admin.headers, payload });
  await assertRefusedWithoutChange(w.t, criteriaTables, [
    {
      label: 'no name',
      request: asAdmin({ penaltyName: '', penaltyDeduction: 2 }),
      status: 400,
      fieldError: ['penaltyName', 'Penalty Name is required'],
    },
    {
      label: 'no deduction',
      request: asAdmin({ penaltyName: 'Spill' }),
      status: 400,
      fieldError: ['penaltyDeduction', 'Penalty Deduction is required'],
    },
    {
      label: 'null deduction',
      request: asAdmin({ penaltyName: 'Spill', penaltyDeduction: null }),
      status: 400,
      fieldError: ['penaltyDeduction', 'Penalty Deduction is required'],
    },
    {
      label: 'deduction 0',
      request: asAdmin({ penaltyName: 'Spill', penaltyDeduction: 0 }),
      status: 400,
      fieldError: ['penaltyDeduction', invalid],
    },
    {
      label: 'deduction 21',
      request: asAdmin({ penaltyName: 'Spill', penaltyDeduction: 21 }),
      status: 400,
      fieldError: ['penaltyDeduction', invalid],
    },
    {
      label: 'deduction 1.5',
      request: asAdmin({ penaltyName: 'Spill', penaltyDeduction: 1.5 }),
      status: 400,
      fieldError: ['penaltyDeduction', invalid],
    },
    {
      label: 'edit, no name',
      request: { ...edit, headers: w.admin.headers, payload: { penaltyName: '' } },
      status: 400,
      fieldError: ['penaltyName', 'Penalty Name is required'],
    },
    ...writeRefusals(add, w),
    ...stateWriteRefusals(w, edit),
    {
      label: 'unknown penalty',
      request: { ...edit, url: '/api/penalty/999999', headers: w.admin.headers },
      status: 404,
    },
  ]);
});

Criteria('add and rename a disqualification; messages and refusals leave the database unchanged', async ({ w }) => {
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/disqualification/',
    headers: w.admin.headers,
    payload: { disqualificationName: 'Unsafe Equipment' },
  });
  assert.is(created.statusCode, 201, created.body);
  assert.is(created.json().message, 'Disqualification added successfully.');
  const disqualificationId = created.json().disqualification.disqualificationId;
  const renamed = await w.t.app.inject({
    method: 'PUT',
    url: `/api/disqualification/${disqualificationId}`,
    headers: w.admin.headers,
    payload: { disqualificationId, disqualificationName: 'Unsafe Equipment Use' },
  });
  assert.is(renamed.statusCode, 200);
  assert.is(renamed.json().message, 'Disqualification updated successfully.');
  assert.is((await lastAudit(w)).entity_type, 'disqualification');

  const add = { method: 'POST' as const, url: '/api/disqualification', payload: { disqualificationName: 'Cheating' } };
  const edit = {
    method: 'PUT' as const,
    url: `/api/disqualification/${disqualificationId}`,
    payload: { disqualificationName: 'Cheating' },
  };
  const required: [string, string] = ['disqualificationName', 'Disqualification Name is required'];
  await assertRefusedWithoutChange(w.t, criteriaTables, [
    {
      label: 'add, no name',
      request: { ...add, headers: w.admin.headers, payload: { disqualificationName: '' } },
      status: 400,
      fieldError: required,
    },
    {
      label: 'edit, no name',
      request: { ...edit, headers: w.admin.headers, payload: {} },
      status: 400,
      fieldError: required,
    },
    ...writeRefusals(add, w),
    ...stateWriteRefusals(w, edit),
  ]);
});

Criteria.run();
