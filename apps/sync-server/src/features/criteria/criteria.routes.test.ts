import type { InjectOptions } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  attachToSection,
  createDisqualification,
  createDisqualificationScore,
  createPenalty,
  createSection,
  type SecondState,
} from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  stateWriteRefusals,
  writeRefusals,
  type AdminWorld,
  type TableList,
} from '../../test-support/sessions.ts';

const Criteria = suite<{ w: AdminWorld }>('criteria API');
Criteria.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Criteria.after.each(async (context) => {
  await context.w.t.close();
});

const criteriaTables: TableList = [
  'section',
  'subsection',
  'penalty',
  'disqualification',
  'section_penalty',
  'section_disqualification',
  'audit_log',
];

async function idOf(w: AdminWorld, table: 'section' | 'penalty' | 'disqualification', name: string): Promise<number> {
  if (table === 'section') {
    return (
      await w.t.db.selectFrom('section').select('section_id').where('section_name', '=', name).executeTakeFirstOrThrow()
    ).section_id;
  }
  if (table === 'penalty') {
    return (
      await w.t.db.selectFrom('penalty').select('penalty_id').where('penalty_name', '=', name).executeTakeFirstOrThrow()
    ).penalty_id;
  }
  const row = await w.t.db
    .selectFrom('disqualification')
    .select('disqualification_id')
    .where('disqualification_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.disqualification_id;
}

async function lastAudit(w: AdminWorld) {
  return w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
}

Criteria("state lists: sections, penalties and disqualifications of the caller's state, by name", async ({ w }) => {
  for (const session of [w.admin, w.standard]) {
    const sections = await w.t.app.inject({ url: `/api/state/${w.stateId}/section`, headers: session.headers });
    assert.is(sections.statusCode, 200);
    const names = sections.json().map((section: { sectionName: string }) => section.sectionName);
    assert.equal(names, [
      'Culinary Technique',
      'Knife Skills',
      'Management Quiz',
      'Menu Presentation',
      'Sanitation & Safety',
      'Teamwork',
    ]);
    assert.ok(
      sections
        .json()
        .every((section: { sectionState: { stateId: number } }) => section.sectionState.stateId === w.stateId),
    );

    const penalties = await w.t.app.inject({ url: `/api/state/${w.stateId}/penalty`, headers: session.headers });
    assert.is(penalties.statusCode, 200);
    const overtime = penalties.json().find((penalty: { penaltyName: string }) => penalty.penaltyName === 'Overtime');
    assert.equal(overtime, {
      penaltyId: overtime.penaltyId,
      penaltyName: 'Overtime',
      penaltyDeduction: 5,
      penaltyDynamic: true,
      penaltyState: { stateId: w.stateId },
    });
    const penaltyNames = penalties.json().map((penalty: { penaltyName: string }) => penalty.penaltyName);
    assert.equal(
      penaltyNames,
      [...penaltyNames].sort((a: string, b: string) => a.localeCompare(b)),
    );

    const disqualifications = await w.t.app.inject({
      url: `/api/state/${w.stateId}/disqualification`,
      headers: session.headers,
    });
    assert.is(disqualifications.statusCode, 200);
    assert.equal(
      disqualifications.json().map((item: { disqualificationName: string }) => item.disqualificationName),
      ['Academic Dishonesty', 'Outside Assistance During Competition', 'Pre-Prepared Food Items Brought In'],
    );
  }
});

Criteria('state lists: other states (ULTRA and SUPER included), judges and visitors are refused', async ({ w }) => {
  for (const list of ['section', 'penalty', 'disqualification']) {
    const url = `/api/state/${w.stateId}/${list}`;
    assert.is((await w.t.app.inject({ url, headers: w.otherAdmin.headers })).statusCode, 403, url);
    assert.is((await w.t.app.inject({ url, headers: w.otherStandard.headers })).statusCode, 403, url);
    assert.is((await w.t.app.inject({ url, headers: w.judge.headers })).statusCode, 403, url);
    assert.is((await w.t.app.inject({ url })).statusCode, 401, url);
    const otherUrl = `/api/state/${w.other.stateId}/${list}`;
    assert.is((await w.t.app.inject({ url: otherUrl, headers: w.ultra.headers })).statusCode, 403, otherUrl);
    assert.is((await w.t.app.inject({ url: otherUrl, headers: w.super.headers })).statusCode, 403, otherUrl);
  }
});

Criteria(
  'section detail: subsections, attached penalties and disqualifications, with what scores use',
  async ({ w }) => {
    const knifeSkills = await idOf(w, 'section', 'Knife Skills');
    const response = await w.t.app.inject({ url: `/api/section/${knifeSkills}`, headers: w.standard.headers });
    assert.is(response.statusCode, 200);
    const section = response.json();
    assert.is(section.sectionName, 'Knife Skills');
    assert.is(section.isScored, true);
    assert.equal(
      section.sectionSubsections.map((item: { subsectionName: string; subsectionMaxScore: number }) => [
        item.subsectionName,
        item.subsectionMaxScore,
      ]),
      [
        ['Uniformity of Cuts', 10],
        ['Precision of Classic Cuts', 10],
        ['Knife Handling and Safety', 5],
        ['Yield and Waste Control', 5],
      ],
    );
    assert.ok(section.sectionSubsections.every((item: { isScored: boolean }) => item.isScored));
    assert.equal(
      section.sectionPenalties.map((item: { penaltyName: string; isScored: boolean }) => [
        item.penaltyName,
        item.isScored,
      ]),
      [
        ['Incomplete Uniform', false],
        ['Overtime', true],
        ['Unsafe Knife Handling', false],
      ],
    );
    assert.equal(
      section.sectionDisqualifications.map((item: { disqualificationName: string }) => item.disqualificationName),
      ['Outside Assistance During Competition', 'Pre-Prepared Food Items Brought In'],
    );

    const available = await w.t.app.inject({
      url: `/api/section/${knifeSkills}/available/penalties`,
      headers: w.admin.headers,
    });
    assert.equal(
      available.json().map((item: { penaltyName: string }) => item.penaltyName),
      ['Cross-Contamination', 'Late Arrival to Station'],
    );
    const availableDq = await w.t.app.inject({
      url: `/api/section/${knifeSkills}/available/disqualifications`,
      headers: w.admin.headers,
    });
    assert.equal(
      availableDq.json().map((item: { disqualificationName: string }) => item.disqualificationName),
      ['Academic Dishonesty'],
    );

    for (const url of [
      `/api/section/${knifeSkills}`,
      `/api/section/${knifeSkills}/available/penalties`,
      `/api/section/${knifeSkills}/available/disqualifications`,
    ]) {
      assert.is((await w.t.app.inject({ url, headers: w.otherAdmin.headers })).statusCode, 403, url);
      assert.is((await w.t.app.inject({ url, headers: w.judge.headers })).statusCode, 403, url);
      assert.is((await w.t.app.inject({ url })).statusCode, 401, url);
    }
    assert.is((await w.t.app.inject({ url: '/api/section/999999', headers: w.admin.headers })).statusCode, 404);
  },
);

Criteria('add and edit a section, audited; the description is optional', async ({ w }) => {
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/section',
    headers: w.admin.headers,
    payload: { sectionName: '  Plating  ' },
  });
  assert.is(created.statusCode, 201, created.body);
  assert.is(created.json().message, 'Section added successfully.');
  const section = created.json().section;
  assert.equal(
    { ...section, sectionId: 0 },
    {
      sectionId: 0,
      sectionName: 'Plating',
      sectionDescription: '',
      sectionState: { stateId: w.stateId },
      sectionSubsections: [],
      sectionPenalties: [],
      sectionDisqualifications: [],
      isScored: false,
    },
  );
  assert.equal(
    [(await lastAudit(w)).action, (await lastAudit(w)).entity_type, (await lastAudit(w)).entity_id],
    ['create', 'section', String(section.sectionId)],
  );
  const updated = await w.t.app.inject({
    method: 'PUT',
    url: `/api/section/${section.sectionId}`,
    headers: w.ultra.headers,
    payload: { sectionName: 'Plating & Presentation', sectionDescription: 'Three plates, one photo each.' },
  });
  assert.is(updated.statusCode, 200);
  assert.is(updated.json().message, 'Section updated successfully.');
  assert.is(updated.json().section.sectionDescription, 'Three plates, one photo each.');
  const audit = await lastAudit(w);
  assert.equal([audit.action, audit.user_id], ['update', w.ultra.userId]);
  assert.match(audit.before_json ?? '', '"Plating"');
});

Criteria('section writes: messages and refusals leave the database unchanged', async ({ w }) => {
  const knifeSkills = await idOf(w, 'section', 'Knife Skills');
  const add = { method: 'POST' as const, url: '/api/section', payload: { sectionName: 'Plating' } };
  const edit = { method: 'PUT' as const, url: `/api/section/${knifeSkills}`, payload: { sectionName: 'Cuts' } };
  await assertRefusedWithoutChange(w.t, criteriaTables, [
    {
      label: 'blank name',
      request: { ...add, headers: w.admin.headers, payload: { sectionName: ' ' } },
      status: 400,
      fieldError: ['sectionName', 'Section Name is required'],
    },
    {
      label: 'no name',
      request: { ...add, headers: w.admin.headers, payload: {} },
      status: 400,
      fieldError: ['sectionName', 'Section Name is required'],
    },
    {
      label: 'edit, no name',
      request: { ...edit, headers: w.admin.headers, payload: { sectionName: '' } },
      status: 400,
      fieldError: ['sectionName', 'Section Name is required'],
    },
    ...writeRefusals(add, w),
    ...stateWriteRefusals(w, edit),
    {
      label: 'unknown section',
      request: { ...edit, url: '/api/section/999999', headers: w.admin.headers },
      status: 404,
    },
  ]);
});

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

Criteria("attach the state's penalties and disqualifications to a section", async ({ w }) => {
  // Management Quiz is used only by an event not yet started, so its structure may change.
  const quiz = await idOf(w, 'section', 'Management Quiz');
  const crossContamination = await idOf(w, 'penalty', 'Cross-Contamination');
  const knifeHandling = await idOf(w, 'penalty', 'Unsafe Knife Handling');
  const prePrepared = await idOf(w, 'disqualification', 'Pre-Prepared Food Items Brought In');
  const penalties = await w.t.app.inject({
    method: 'POST',
    url: `/api/section/${quiz}/penalty`,
    headers: w.admin.headers,
    payload: [{ penaltyId: crossContamination }, { penaltyId: knifeHandling }, { penaltyId: crossContamination }],
  });
  assert.is(penalties.statusCode, 200, penalties.body);
  assert.is(penalties.json().message, 'Penalty added successfully.');
  const attached = penalties.json().section.sectionPenalties.map((item: { penaltyId: number }) => item.penaltyId);
  assert.ok(attached.includes(crossContamination) && attached.includes(knifeHandling));
  assert.equal(JSON.parse((await lastAudit(w)).after_json ?? '{}'), {
    penaltyIds: [crossContamination, knifeHandling],
  });

  const disqualifications = await w.t.app.inject({
    method: 'POST',
    url: `/api/section/${quiz}/disqualification`,
    headers: w.admin.headers,
    payload: [{ disqualificationId: prePrepared }],
  });
  assert.is(disqualifications.statusCode, 200);
  assert.is(disqualifications.json().message, 'Disqualification added successfully.');
  assert.ok(
    disqualifications
      .json()
      .section.sectionDisqualifications.some(
        (item: { disqualificationId: number }) => item.disqualificationId === prePrepared,
      ),
  );
  const available = await w.t.app.inject({
    url: `/api/section/${quiz}/available/penalties`,
    headers: w.admin.headers,
  });
  assert.not.ok(available.json().some((item: { penaltyId: number }) => item.penaltyId === crossContamination));
});

Criteria(
  "attach: only the same state's criteria; messages and refusals leave the database unchanged",
  async ({ w }) => {
    const teamwork = await idOf(w, 'section', 'Teamwork');
    const lateArrival = await idOf(w, 'penalty', 'Late Arrival to Station');
    const dishonesty = await idOf(w, 'disqualification', 'Academic Dishonesty');
    const foreignPenalty = await createPenalty(w.t.db, { stateId: w.other.stateId });
    const foreignDq = await createDisqualification(w.t.db, { stateId: w.other.stateId });
    const penalties = {
      method: 'POST' as const,
      url: `/api/section/${teamwork}/penalty`,
      payload: [{ penaltyId: lateArrival }],
    };
    const dqs = {
      method: 'POST' as const,
      url: `/api/section/${teamwork}/disqualification`,
      payload: [{ disqualificationId: dishonesty }],
    };
    await assertRefusedWithoutChange(w.t, criteriaTables, [
      {
        label: 'empty penalty list',
        request: { ...penalties, headers: w.admin.headers, payload: [] },
        status: 400,
        message: 'Select at least one penalty',
      },
      {
        label: 'empty dq list',
        request: { ...dqs, headers: w.admin.headers, payload: [] },
        status: 400,
        message: 'Select at least one disqualification',
      },
      {
        label: "another state's penalty",
        request: {
          ...penalties,
          headers: w.admin.headers,
          payload: [{ penaltyId: lateArrival }, { penaltyId: foreignPenalty }],
        },
        status: 403,
        message: "Only your state's penalties can be added to its sections.",
      },
      {
        label: "another state's disqualification",
        request: { ...dqs, headers: w.admin.headers, payload: [{ disqualificationId: foreignDq }] },
        status: 403,
        message: "Only your state's disqualifications can be added to its sections.",
      },
      {
        label: 'unknown penalty',
        request: { ...penalties, headers: w.admin.headers, payload: [{ penaltyId: 999999 }] },
        status: 404,
      },
      ...stateWriteRefusals(w, penalties),
      ...stateWriteRefusals(w, dqs),
    ]);
  },
);

Criteria(
  'remove: an unscored subsection is deleted, an unapplied penalty or disqualification detached',
  async ({ w }) => {
    // Management Quiz is used only by an event not yet started, so its structure may change.
    const quiz = await idOf(w, 'section', 'Management Quiz');
    const subsection = await w.t.db
      .selectFrom('subsection')
      .select('subsection_id')
      .where('section_id', '=', quiz)
      .executeTakeFirstOrThrow();
    const lateArrival = await idOf(w, 'penalty', 'Late Arrival to Station');
    const dishonesty = await idOf(w, 'disqualification', 'Academic Dishonesty');

    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/section/${quiz}/subsection/${subsection.subsection_id}`,
      headers: w.admin.headers,
    });
    assert.is(removed.statusCode, 200, removed.body);
    assert.is(removed.json().message, 'Subsection removed successfully.');
    assert.not.ok(
      removed
        .json()
        .section.sectionSubsections.some(
          (item: { subsectionId: number }) => item.subsectionId === subsection.subsection_id,
        ),
    );
    assert.is(
      await w.t.db
        .selectFrom('subsection')
        .select('subsection_id')
        .where('subsection_id', '=', subsection.subsection_id)
        .executeTakeFirst(),
      undefined,
    );
    assert.equal([(await lastAudit(w)).action, (await lastAudit(w)).entity_type], ['remove', 'subsection']);

    const penalty = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/section/${quiz}/penalty/${lateArrival}`,
      headers: w.admin.headers,
    });
    assert.is(penalty.statusCode, 200, penalty.body);
    assert.is(penalty.json().message, 'Penalty removed successfully.');
    assert.ok(
      await w.t.db.selectFrom('penalty').select('penalty_id').where('penalty_id', '=', lateArrival).executeTakeFirst(),
      'the penalty stays in the state list',
    );

    const disqualification = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/section/${quiz}/disqualification/${dishonesty}`,
      headers: w.admin.headers,
    });
    assert.is(disqualification.statusCode, 200);
    assert.is(disqualification.json().message, 'Disqualification removed successfully.');
    assert.equal(
      disqualification
        .json()
        .section.sectionDisqualifications.map((item: { disqualificationName: string }) => item.disqualificationName),
      ['Outside Assistance During Competition'],
    );
  },
);

Criteria(
  'remove with an id that is not plain decimal is a 400: section/1.5/penalty/3 detaches nothing',
  async ({ w }) => {
    const knifeSkills = await idOf(w, 'section', 'Knife Skills');
    const attached = await w.t.db
      .selectFrom('section_penalty')
      .select('penalty_id')
      .where('section_id', '=', knifeSkills)
      .executeTakeFirstOrThrow();
    const refusals = [
      ['section', `${knifeSkills}.5`, String(attached.penalty_id)],
      ['section', `0x${knifeSkills.toString(16)}`, String(attached.penalty_id)],
      ['section', ` ${knifeSkills}`, String(attached.penalty_id)],
      ['penalty', String(knifeSkills), `${attached.penalty_id}.5`],
      ['penalty', String(knifeSkills), `${attached.penalty_id}e0`],
      ['penalty', String(knifeSkills), `0x${attached.penalty_id.toString(16)}`],
    ].map(([field, sectionId, penaltyId]) => ({
      label: `DELETE section/'${sectionId}'/penalty/'${penaltyId}'`,
      request: {
        method: 'DELETE' as const,
        url: `/api/section/${encodeURIComponent(sectionId ?? '')}/penalty/${encodeURIComponent(penaltyId ?? '')}`,
        headers: w.admin.headers,
      },
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldError: [
        field === 'section' ? 'sectionId' : 'criteriaId',
        field === 'section' ? 'sectionId must be integer' : 'criteriaId must be integer',
      ] as [string, string],
    }));
    await assertRefusedWithoutChange(w.t, criteriaTables, refusals);
  },
);

Criteria(
  'remove: refused while scores use it, so nothing a judge entered is lost; refusals change nothing',
  async ({ w }) => {
    const knifeSkills = await idOf(w, 'section', 'Knife Skills');
    const scored = await w.t.db
      .selectFrom('subsection')
      .select('subsection_id')
      .where('section_id', '=', knifeSkills)
      .executeTakeFirstOrThrow();
    const overtime = await idOf(w, 'penalty', 'Overtime');
    const prePrepared = await idOf(w, 'disqualification', 'Pre-Prepared Food Items Brought In');
    const cell = await w.t.db
      .selectFrom('subsection_score')
      .selectAll()
      .where('section_id', '=', knifeSkills)
      .executeTakeFirstOrThrow();
    // Judges may score before the start, so the event holding these scores is put back to
    // NOT_STARTED: the section is not locked, and the scores alone keep what they use.
    await w.t.db
      .updateTable('event')
      .set({ status: 'NOT_STARTED', started_at: null })
      .where('event_id', '=', cell.event_id)
      .execute();
    await createDisqualificationScore(w.t.db, {
      stateId: w.stateId,
      eventId: cell.event_id,
      categoryId: cell.category_id,
      sectionId: knifeSkills,
      schoolId: cell.school_id,
      judgeId: cell.judge_id,
      disqualificationId: prePrepared,
    });
    const otherSection = await createSection(w.t.db, { stateId: w.stateId, sectionName: 'Spare' });
    const foreignPenalty = await createPenalty(w.t.db, { stateId: w.other.stateId });
    await attachToSection(
      w.t.db,
      { stateId: w.other.stateId, sectionId: w.other.sectionId },
      { penaltyIds: [foreignPenalty] },
    );
    const remove = (type: string, id: number, sectionId = knifeSkills) => ({
      method: 'DELETE' as const,
      url: `/api/section/${sectionId}/${type}/${id}`,
      headers: w.admin.headers,
    });
    await assertRefusedWithoutChange(
      w.t,
      [...criteriaTables, 'subsection_score', 'penalty_score', 'disqualification_score'],
      [
        {
          label: 'scored subsection',
          request: remove('subsection', scored.subsection_id),
          status: 409,
          message: 'Judges have already scored this subsection, so it cannot be removed.',
        },
        {
          label: 'applied penalty',
          request: remove('penalty', overtime),
          status: 409,
          message: 'Judges have already applied this penalty in this section, so it cannot be removed from it.',
        },
        {
          label: 'applied disqualification',
          request: remove('disqualification', prePrepared),
          status: 409,
          message:
            'Judges have already applied this disqualification in this section, so it cannot be removed from it.',
        },
        {
          label: 'subsection of another section',
          request: remove('subsection', scored.subsection_id, otherSection),
          status: 404,
          message: 'That item is not part of this section.',
        },
        { label: 'penalty not attached', request: remove('penalty', overtime, otherSection), status: 404 },
        {
          label: 'unknown type',
          request: remove('judge', 1),
          status: 400,
          fieldError: ['type', 'The type must be subsection, penalty or disqualification'],
        },
        {
          label: "another state's section",
          request: remove('penalty', foreignPenalty, w.other.sectionId),
          status: 403,
        },
        ...stateWriteRefusals(w, remove('penalty', await idOf(w, 'penalty', 'Incomplete Uniform'))),
      ],
    );
  },
);

/** Every criteria write on a state's records made by `createSecondState` (valid bodies). */
async function criteriaWrites(w: AdminWorld, state: SecondState): Promise<InjectOptions[]> {
  const penaltyId = await createPenalty(w.t.db, { stateId: state.stateId, penaltyName: 'Spill' });
  const disqualificationId = await createDisqualification(w.t.db, { stateId: state.stateId });
  const attachedPenalty = await createPenalty(w.t.db, { stateId: state.stateId, penaltyName: 'Attached' });
  await attachToSection(
    w.t.db,
    { stateId: state.stateId, sectionId: state.sectionId },
    { penaltyIds: [attachedPenalty] },
  );
  const subsection = await w.t.db
    .selectFrom('subsection')
    .select('subsection_id')
    .where('section_id', '=', state.sectionId)
    .executeTakeFirstOrThrow();
  const section = `/api/section/${state.sectionId}`;
  return [
    { method: 'PUT', url: section, payload: { sectionName: 'Renamed' } },
    {
      method: 'POST',
      url: `${section}/subsection`,
      payload: { subsectionName: 'Garnish', subsectionMaxScore: 5 },
    },
    { method: 'PUT', url: `/api/subsection/${subsection.subsection_id}`, payload: { subsectionName: 'Renamed' } },
    { method: 'PUT', url: `/api/penalty/${penaltyId}`, payload: { penaltyName: 'Renamed' } },
    {
      method: 'PUT',
      url: `/api/disqualification/${disqualificationId}`,
      payload: { disqualificationName: 'Renamed' },
    },
    { method: 'POST', url: `${section}/penalty`, payload: [{ penaltyId }] },
    { method: 'POST', url: `${section}/disqualification`, payload: [{ disqualificationId }] },
    { method: 'DELETE', url: `${section}/penalty/${attachedPenalty}` },
    { method: 'DELETE', url: `${section}/subsection/${subsection.subsection_id}` },
    { method: 'POST', url: `${section}/copy` },
  ];
}

Criteria(
  "another state's criteria: ULTRA, SUPER, ADMIN and STANDARD refused; an expired account cannot write its own; nothing changes",
  async ({ w }) => {
    const pennsylvania = await criteriaWrites(w, w.other);
    const newJersey = await criteriaWrites(w, w.expired);
    const creates: InjectOptions[] = [
      { method: 'POST', url: '/api/section', payload: { sectionName: 'Plating' } },
      { method: 'POST', url: '/api/penalty', payload: { penaltyName: 'Spill', penaltyDeduction: 2 } },
      { method: 'POST', url: '/api/disqualification', payload: { disqualificationName: 'Cheating' } },
    ];
    const callers = [
      ['ultra', w.ultra],
      ['super', w.super],
      ['delaware admin', w.admin],
      ['pennsylvania standard', w.otherStandard],
    ] as const;
    await assertRefusedWithoutChange(w.t, criteriaTables, [
      ...pennsylvania.flatMap((request) =>
        callers.map(([label, session]) => ({
          label: `${label} ${request.method} ${request.url}`,
          request: { ...request, headers: session.headers },
          status: 403,
        })),
      ),
      ...[...newJersey, ...creates].map((request) => ({
        label: `expired account ${request.method} ${request.url}`,
        request: { ...request, headers: w.expiredAdmin.headers },
        status: 403,
        code: 'ACCOUNT_EXPIRED',
      })),
    ]);
    for (const request of pennsylvania) {
      const response = await w.t.app.inject({ ...request, headers: w.otherAdmin.headers });
      assert.ok(response.statusCode < 300, `its own admin: ${request.method} ${request.url} ${response.body}`);
    }
  },
);

Criteria(
  "a create naming another state in the body lands in the caller's state (the body's state is ignored)",
  async ({ w }) => {
    const foreign = { stateId: w.other.stateId };
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['/api/section', { sectionName: 'Plating', sectionState: foreign }, 'section'],
      ['/api/penalty', { penaltyName: 'Spill', penaltyDeduction: 2, penaltyState: foreign }, 'penalty'],
      [
        '/api/disqualification',
        { disqualificationName: 'Cheating', disqualificationState: foreign },
        'disqualification',
      ],
    ];
    for (const [url, payload, key] of calls) {
      const response = await w.t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload });
      assert.is(response.statusCode, 201, `${url}: ${response.body}`);
      const created = response.json()[key] as Record<string, { stateId: number }>;
      assert.is(created[`${key}State`]?.stateId, w.stateId, `${url}: created in the caller's state`);
    }
    for (const list of ['section', 'penalty', 'disqualification']) {
      const response = await w.t.app.inject({
        url: `/api/state/${w.other.stateId}/${list}`,
        headers: w.otherAdmin.headers,
      });
      const names = JSON.stringify(response.json());
      assert.not.match(names, /Plating|Spill|Cheating/, `nothing landed in the other state's ${list} list`);
    }
  },
);

Criteria.run();
