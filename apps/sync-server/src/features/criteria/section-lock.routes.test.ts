// The locked structure of a section (decisions §7, §8) and Copy section, through the real app
// on a real SQLite database: every structural change is refused 409 SECTION_LOCKED while a
// STARTED or CLOSED event uses the section, and nothing changes; the copy is free to change.
import type { InjectOptions } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SectionDetail } from '@judging/shared-types';
import {
  attachToSection,
  createDisqualification,
  createEvent,
  createPenalty,
  createSection,
  fillCategory,
} from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  stateWriteRefusals,
  type AdminWorld,
  type TableList,
} from '../../test-support/sessions.ts';

const Lock = suite<{ w: AdminWorld }>('section lock and copy API');
Lock.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Lock.after.each(async (context) => {
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

const heldBy = 'State Invitational 2026';
const tail = 'Copy the section to make a changed version.';
const lockedMessages = {
  STARTED: `This section is used by "${heldBy}", which is in progress: its subsections, penalties and disqualifications cannot change. ${tail}`,
  CLOSED: `This section is used by "${heldBy}", which is closed: its scores are history, so the section's subsections, penalties and disqualifications cannot change. ${tail}`,
} as const;

/** A fresh section with one subsection, one attached penalty and one attached disqualification, and two more of each the state could attach. */
async function createPlatingSection(w: AdminWorld) {
  const stateId = w.stateId;
  const sectionId = await createSection(w.t.db, { stateId, sectionName: 'Plating' });
  const subsection = await w.t.db
    .selectFrom('subsection')
    .select('subsection_id')
    .where('section_id', '=', sectionId)
    .executeTakeFirstOrThrow();
  const attachedPenalty = await createPenalty(w.t.db, { stateId, penaltyName: 'Dirty Rim' });
  const attachedDisqualification = await createDisqualification(w.t.db, {
    stateId,
    disqualificationName: 'Raw Protein',
  });
  await attachToSection(
    w.t.db,
    { stateId, sectionId },
    { penaltyIds: [attachedPenalty], disqualificationIds: [attachedDisqualification] },
  );
  return {
    sectionId,
    subsectionId: subsection.subsection_id,
    attachedPenalty,
    attachedDisqualification,
    freePenalty: await createPenalty(w.t.db, { stateId, penaltyName: 'Cold Plate' }),
    freeDisqualification: await createDisqualification(w.t.db, { stateId, disqualificationName: 'Wrong Dish' }),
  };
}
type PlatingSection = Awaited<ReturnType<typeof createPlatingSection>>;

/** An event of the world's state whose one category uses the section; answers its id. */
async function useInEvent(w: AdminWorld, sectionId: number, eventName: string): Promise<number> {
  const { eventId, categoryIds } = await createEvent(w.t.db, { stateId: w.stateId, eventName });
  await fillCategory(w.t.db, { stateId: w.stateId, categoryId: categoryIds[0] ?? 0 }, { sectionId });
  return eventId;
}

/** Every change to the section's scored structure, as the admin sends it. */
function structuralChanges(w: AdminWorld, section: PlatingSection): Array<[label: string, request: InjectOptions]> {
  const base = `/api/section/${section.sectionId}`;
  const headers = w.admin.headers;
  return [
    [
      'add a subsection',
      {
        method: 'POST',
        url: `${base}/subsection`,
        headers,
        payload: { subsectionName: 'Garnish', subsectionMaxScore: 5 },
      },
    ],
    [
      'add a subsection (trailing slash)',
      {
        method: 'POST',
        url: `${base}/subsection/`,
        headers,
        payload: { subsectionName: 'Rims', subsectionMaxScore: 3 },
      },
    ],
    [
      "change a subsection's max score",
      {
        method: 'PUT',
        url: `/api/subsection/${section.subsectionId}`,
        headers,
        payload: { subsectionName: 'Factory Subsection', subsectionMaxScore: 20 },
      },
    ],
    [
      'attach a penalty',
      { method: 'POST', url: `${base}/penalty`, headers, payload: [{ penaltyId: section.freePenalty }] },
    ],
    [
      'attach a disqualification',
      {
        method: 'POST',
        url: `${base}/disqualification`,
        headers,
        payload: [{ disqualificationId: section.freeDisqualification }],
      },
    ],
    [
      'create a penalty in the section',
      { method: 'POST', url: `${base}/penalty/new`, headers, payload: { penaltyName: 'Burnt', penaltyDeduction: 2 } },
    ],
    [
      'create a disqualification in the section',
      { method: 'POST', url: `${base}/disqualification/new`, headers, payload: { disqualificationName: 'No Show' } },
    ],
    ['detach a penalty', { method: 'DELETE', url: `${base}/penalty/${section.attachedPenalty}`, headers }],
    [
      'detach a disqualification',
      { method: 'DELETE', url: `${base}/disqualification/${section.attachedDisqualification}`, headers },
    ],
    ['delete a subsection', { method: 'DELETE', url: `${base}/subsection/${section.subsectionId}`, headers }],
  ];
}

for (const status of ['STARTED', 'CLOSED'] as const) {
  Lock(
    `a section used by a ${status} event: every structural change is refused 409, naming the event; nothing changes`,
    async ({ w }) => {
      const section = await createPlatingSection(w);
      await useInEvent(w, section.sectionId, 'Spring Practice');
      const eventId = await useInEvent(w, section.sectionId, heldBy);
      if (status === 'STARTED') {
        // Started the way a coordinator starts it, before anyone changes the section.
        const started = await w.t.app.inject({
          method: 'PUT',
          url: `/api/run/coordinator/event/${eventId}/start`,
          headers: w.admin.headers,
        });
        assert.is(started.statusCode, 200, started.body);
      } else {
        await w.t.db.updateTable('event').set({ status: 'CLOSED' }).where('event_id', '=', eventId).execute();
      }
      await assertRefusedWithoutChange(
        w.t,
        [...criteriaTables, 'event', 'category_section'],
        structuralChanges(w, section).map(([label, request]) => ({
          label,
          request,
          status: 409,
          code: 'SECTION_LOCKED',
          message: lockedMessages[status],
        })),
      );
    },
  );
}

Lock('a locked section still takes names and descriptions: they change no score', async ({ w }) => {
  const section = await createPlatingSection(w);
  const eventId = await useInEvent(w, section.sectionId, heldBy);
  await w.t.db.updateTable('event').set({ status: 'STARTED' }).where('event_id', '=', eventId).execute();
  const headers = w.admin.headers;
  const changes: InjectOptions[] = [
    { method: 'PUT', url: `/api/section/${section.sectionId}`, payload: { sectionName: 'Plating and Presentation' } },
    {
      method: 'PUT',
      url: `/api/subsection/${section.subsectionId}`,
      payload: { subsectionName: 'Plate Balance', subsectionDescription: 'Height and spacing', subsectionMaxScore: 10 },
    },
    { method: 'PUT', url: `/api/penalty/${section.attachedPenalty}`, payload: { penaltyName: 'Dirty Plate Rim' } },
    {
      method: 'PUT',
      url: `/api/disqualification/${section.attachedDisqualification}`,
      payload: { disqualificationName: 'Raw Protein Served' },
    },
    // Attaching what is already attached changes nothing, so it is not refused.
    {
      method: 'POST',
      url: `/api/section/${section.sectionId}/penalty`,
      payload: [{ penaltyId: section.attachedPenalty }],
    },
  ];
  for (const change of changes) {
    const response = await w.t.app.inject({ ...change, headers });
    assert.is(response.statusCode, 200, `${change.method} ${change.url}: ${response.body}`);
  }
  const detail = (await w.t.app.inject({ url: `/api/section/${section.sectionId}`, headers })).json() as SectionDetail;
  assert.is(detail.sectionName, 'Plating and Presentation');
  assert.equal(
    detail.sectionSubsections.map((item) => [item.subsectionName, item.subsectionMaxScore]),
    [['Plate Balance', 10]],
  );
  assert.equal(
    detail.sectionPenalties.map((item) => item.penaltyName),
    ['Dirty Plate Rim'],
  );
});

Lock('a section used only by events not yet started, or by none, still changes', async ({ w }) => {
  for (const usedBy of [['Spring Practice', 'Fall Practice'], []]) {
    const section = await createPlatingSection(w);
    for (const eventName of usedBy) await useInEvent(w, section.sectionId, eventName);
    for (const [label, request] of structuralChanges(w, section)) {
      const response = await w.t.app.inject(request);
      if (label === "change a subsection's max score") {
        // Not a lock: the seed's rule that a subsection's range never changes once it exists.
        assert.is(response.statusCode, 400, `${label}: ${response.body}`);
        assert.is(response.json().code, 'VALIDATION_FAILED');
        continue;
      }
      assert.ok(response.statusCode < 300, `${usedBy.length} events, ${label}: ${response.body}`);
    }
    const after = (
      await w.t.app.inject({ url: `/api/section/${section.sectionId}`, headers: w.admin.headers })
    ).json() as SectionDetail;
    assert.equal(
      after.sectionSubsections.map((item) => item.subsectionName),
      ['Garnish', 'Rims'],
    );
    assert.equal(
      after.sectionPenalties.map((item) => item.penaltyName),
      ['Burnt', 'Cold Plate'],
    );
    assert.equal(
      after.sectionDisqualifications.map((item) => item.disqualificationName),
      ['No Show', 'Wrong Dish'],
    );
  }
});

async function demoSection(w: AdminWorld, name: string): Promise<SectionDetail> {
  const row = await w.t.db
    .selectFrom('section')
    .select('section_id')
    .where('section_name', '=', name)
    .executeTakeFirstOrThrow();
  const response = await w.t.app.inject({ url: `/api/section/${row.section_id}`, headers: w.admin.headers });
  return response.json() as SectionDetail;
}

/** What a section is made of, without its ids or what judges used. */
function structureOf(section: SectionDetail) {
  return {
    description: section.sectionDescription,
    subsections: section.sectionSubsections.map((item) => [
      item.subsectionName,
      item.subsectionDescription,
      item.subsectionMaxScore,
    ]),
    penaltyIds: section.sectionPenalties.map((item) => item.penaltyId),
    disqualificationIds: section.sectionDisqualifications.map((item) => item.disqualificationId),
  };
}

Lock('copy section: a new section with the same structure, audited, unused and not locked', async ({ w }) => {
  // Knife Skills is scored in the demo's event in progress: locked.
  const original = await demoSection(w, 'Knife Skills');
  const copy = async (sectionId: number, headers = w.admin.headers) => {
    const response = await w.t.app.inject({ method: 'POST', url: `/api/section/${sectionId}/copy`, headers });
    assert.is(response.statusCode, 201, response.body);
    assert.is(response.json().message, 'Section copied successfully. The copy is yours to change.');
    return response.json().section as SectionDetail;
  };
  const first = await copy(original.sectionId);
  assert.is(first.sectionName, 'Knife Skills (copy)');
  assert.ok(first.sectionId !== original.sectionId);
  assert.equal(first.sectionState, { stateId: w.stateId });
  assert.equal(structureOf(first), structureOf(original));
  assert.is(first.isScored, false);
  assert.ok(first.sectionSubsections.every((item) => !item.isScored && item.sectionId === first.sectionId));
  assert.ok(first.sectionPenalties.every((item) => !item.isScored));
  assert.equal(
    (await w.t.app.inject({ url: `/api/section/${first.sectionId}`, headers: w.standard.headers })).json(),
    first,
    'the answer is the stored detail',
  );

  const audit = await w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
  assert.equal(
    [audit.action, audit.entity_type, audit.entity_id, audit.user_id],
    ['copy', 'section', String(first.sectionId), w.admin.userId],
  );
  const recorded = JSON.parse(audit.after_json ?? '{}');
  assert.is(recorded.copiedFromSectionId, original.sectionId);
  assert.is(recorded.name, 'Knife Skills (copy)');
  assert.is(recorded.subsections.length, 4);

  // Copying again, or copying the copy, finds the next free name; ULTRA of the state may copy.
  assert.is((await copy(original.sectionId, w.ultra.headers)).sectionName, 'Knife Skills (copy 2)');
  assert.is((await copy(first.sectionId, w.super.headers)).sectionName, 'Knife Skills (copy 3)');
});

Lock('copy section: changing the copy leaves the original as it was', async ({ w }) => {
  const original = await demoSection(w, 'Knife Skills');
  const copied = await w.t.app.inject({
    method: 'POST',
    url: `/api/section/${original.sectionId}/copy`,
    headers: w.admin.headers,
  });
  const copy = copied.json().section as SectionDetail;
  const [firstSubsection] = copy.sectionSubsections;
  const [firstPenalty] = copy.sectionPenalties;
  const [firstDisqualification] = copy.sectionDisqualifications;
  assert.ok(firstSubsection && firstPenalty && firstDisqualification);
  const freePenalty = await createPenalty(w.t.db, { stateId: w.stateId, penaltyName: 'Cold Plate' });
  const base = `/api/section/${copy.sectionId}`;
  const changes: InjectOptions[] = [
    { method: 'POST', url: `${base}/subsection`, payload: { subsectionName: 'Garnish', subsectionMaxScore: 5 } },
    { method: 'PUT', url: `/api/subsection/${firstSubsection.subsectionId}`, payload: { subsectionName: 'Evenness' } },
    { method: 'DELETE', url: `${base}/subsection/${copy.sectionSubsections[1]?.subsectionId}` },
    { method: 'POST', url: `${base}/penalty`, payload: [{ penaltyId: freePenalty }] },
    { method: 'DELETE', url: `${base}/penalty/${firstPenalty.penaltyId}` },
    { method: 'DELETE', url: `${base}/disqualification/${firstDisqualification.disqualificationId}` },
    { method: 'PUT', url: base, payload: { sectionName: 'Knife Skills 2027' } },
  ];
  for (const change of changes) {
    const response = await w.t.app.inject({ ...change, headers: w.admin.headers });
    assert.ok(response.statusCode < 300, `${change.method} ${change.url}: ${response.body}`);
  }
  const changed = (await w.t.app.inject({ url: base, headers: w.admin.headers })).json() as SectionDetail;
  assert.equal(
    changed.sectionSubsections.map((item) => item.subsectionName),
    ['Evenness', 'Knife Handling and Safety', 'Yield and Waste Control', 'Garnish'],
  );
  assert.equal(await demoSection(w, 'Knife Skills'), original, 'the original is unchanged');
});

Lock('copy section: editors of its state only; refusals change nothing', async ({ w }) => {
  const knifeSkills = (await demoSection(w, 'Knife Skills')).sectionId;
  const copy = { method: 'POST' as const, url: `/api/section/${knifeSkills}/copy` };
  await assertRefusedWithoutChange(w.t, criteriaTables, [
    ...stateWriteRefusals(w, copy),
    { label: 'pennsylvania standard', request: { ...copy, headers: w.otherStandard.headers }, status: 403 },
    {
      label: "ULTRA copying another state's section",
      request: { method: 'POST', url: `/api/section/${w.other.sectionId}/copy`, headers: w.ultra.headers },
      status: 403,
    },
    {
      label: "SUPER copying another state's section",
      request: { method: 'POST', url: `/api/section/${w.other.sectionId}/copy`, headers: w.super.headers },
      status: 403,
    },
    {
      label: 'unknown section',
      request: { method: 'POST', url: '/api/section/999999/copy', headers: w.admin.headers },
      status: 404,
    },
    {
      label: 'not an id',
      request: { method: 'POST', url: '/api/section/plating/copy', headers: w.admin.headers },
      status: 400,
    },
  ]);
});

Lock.run();
