// Attaching criteria to a section and removing them: never what a judge's scores use.
import * as assert from 'uvu/assert';
import {
  attachToSection,
  createDisqualification,
  createDisqualificationScore,
  createPenalty,
  createSection,
} from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, stateWriteRefusals } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { criteriaTables, idOf, lastAudit } from './criteria.routes.fixtures.ts';

const Criteria = createAdminWorldSuite('criteria API: attach and remove');

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

Criteria.run();
