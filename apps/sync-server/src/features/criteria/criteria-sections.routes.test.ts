// The criteria API's state lists and sections: reads, writes, messages and refusals.
import * as assert from 'uvu/assert';
import { assertRefusedWithoutChange, stateWriteRefusals, writeRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { criteriaTables, idOf, lastAudit } from './criteria.routes.fixtures.ts';

const Criteria = createAdminWorldSuite('criteria API: state lists and sections');

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

Criteria.run();
