// Criteria belong to one state: other states' writes are refused, a body's state is ignored.
import type { InjectOptions } from 'fastify';
import * as assert from 'uvu/assert';
import {
  attachToSection,
  createDisqualification,
  createPenalty,
  type SecondState,
} from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, type AdminWorld } from '../../test-support/sessions.ts';
import { createAdminWorldSuite } from '../../test-support/suites.ts';
import { criteriaTables } from './criteria.routes.fixtures.ts';

const Criteria = createAdminWorldSuite('criteria API: other states');

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
