// Property (decisions §7, §9, "Final means complete" and "Final means reviewed"): whatever a
// coordinator, a visitor and the judges do, in any order (registrations, students, sections
// attached, judges assigned, subsections added, scores, penalties, submissions, unlocks, judges
// excused, conflicts of interest declared, a category added after Start, reviews, Start and End),
// an event that ends has Final results in which every competing school of every category is fully
// scored by every judge who owes its cells (assigned, not excused, not in conflict with it), no
// section mean includes a conflicted judge's sheet, and nothing that counts awaits review. Checked
// against the database, not against the results code.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ResultsReport } from '@judging/shared-types';
import { solveCaptcha } from '../test-support/captcha.ts';
import { attachToSection, createJudge, createPenalty, createSection } from '../test-support/factories.ts';
import { pushOneMutation } from '../test-support/judging-fixtures.ts';
import { sessionFor, type Session } from '../test-support/sessions.ts';
import {
  buildSmallEvent,
  download,
  endEvent,
  runView,
  scoreSheet,
  submit,
  type SmallEvent,
} from '../test-support/small-event.ts';

type Action =
  | { kind: 'register'; withStudents: boolean }
  | { kind: 'students'; schoolPick: number }
  | { kind: 'attachTasting' }
  | { kind: 'assign'; judge: number; section: number }
  | { kind: 'addSubsection'; section: number }
  | { kind: 'score'; judge: number; everything: boolean }
  | { kind: 'submit'; judge: number }
  | { kind: 'unlock'; judge: number }
  | { kind: 'excuse'; judge: number; section: number }
  | { kind: 'conflict'; judge: number; schoolPick: number }
  | { kind: 'penalty'; judge: number }
  | { kind: 'review' }
  | { kind: 'lateCategory' }
  | { kind: 'start' }
  | { kind: 'end' };

const judgePick = fc.integer({ min: 0, max: 2 });
const sectionPick = fc.integer({ min: 0, max: 1 });
const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), withStudents: fc.boolean() }),
  fc.record({ kind: fc.constant('students' as const), schoolPick: fc.nat() }),
  fc.constant({ kind: 'attachTasting' as const }),
  fc.record({ kind: fc.constant('assign' as const), judge: judgePick, section: sectionPick }),
  fc.record({ kind: fc.constant('addSubsection' as const), section: sectionPick }),
  fc.record({ kind: fc.constant('score' as const), judge: judgePick, everything: fc.boolean() }),
  fc.record({ kind: fc.constant('submit' as const), judge: judgePick }),
  fc.record({ kind: fc.constant('unlock' as const), judge: judgePick }),
  fc.record({ kind: fc.constant('excuse' as const), judge: judgePick, section: sectionPick }),
  fc.record({ kind: fc.constant('conflict' as const), judge: judgePick, schoolPick: fc.nat() }),
  fc.record({ kind: fc.constant('penalty' as const), judge: judgePick }),
  fc.constant({ kind: 'review' as const }),
  fc.constant({ kind: 'lateCategory' as const }),
  fc.constant({ kind: 'start' as const }),
  fc.constant({ kind: 'end' as const }),
);

interface World {
  event: SmallEvent;
  judges: Session[];
  sections: number[];
  registeredCount: number;
  penaltyId: number;
  /** A category a coordinator added after the event was set up (null until then). */
  lateCategoryId: number | null;
}

function categoryIdsOf(world: World): number[] {
  return world.lateCategoryId === null ? [world.event.categoryId] : [world.event.categoryId, world.lateCategoryId];
}

async function buildWorld(): Promise<World> {
  const event = await buildSmallEvent();
  const { t, stateId } = event.world;
  await createJudge(t.db, { stateId, email: 'cara@owed.test', firstName: 'Cara', lastName: 'Neri' });
  const cara = await sessionFor(t, 'cara@owed.test');
  const tasting = await createSection(t.db, { stateId, sectionName: 'Tasting' });
  const penaltyId = await createPenalty(t.db, { stateId, penaltyName: 'Late', deduction: 1 });
  await attachToSection(t.db, { stateId, sectionId: event.plating }, { penaltyIds: [penaltyId] });
  return {
    event,
    judges: [event.judges.ada, event.judges.ben, cara],
    sections: [event.plating, tasting],
    registeredCount: 0,
    penaltyId,
    lateCategoryId: null,
  };
}

/** The judge scores what their download lists: every sheet, or the first school's only. */
async function scoreOwed(world: World, judge: Session, everything: boolean): Promise<void> {
  const reference = await download(world.event, judge);
  for (const category of reference.categories) {
    const schools = everything ? category.schools : category.schools.slice(0, 1);
    for (const school of schools) {
      for (const section of category.sections)
        await scoreSheet(world.event, judge, section.sectionId, school.schoolId, category.categoryId);
    }
  }
}

async function apply(world: World, action: Action): Promise<void> {
  const { t, admin, stateId } = world.event.world;
  const { eventId, categoryId } = world.event;
  const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin.headers) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const categoryUrl = `/api/event/${eventId}/category/${categoryId}`;
  switch (action.kind) {
    case 'register': {
      world.registeredCount += 1;
      const name = `Added School ${world.registeredCount}`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/school/register',
        payload: {
          school: {
            schoolId: null,
            schoolName: name,
            schoolPrincipal: 'Dr. Ruth Hale',
            schoolEducator1: 'Chef Omar Diaz',
            schoolEducator2: '',
            schoolContactName: 'Omar Diaz',
            schoolContactEmail: `school${world.registeredCount}@owed.test`,
            schoolContactPhone: '(302) 555-0123',
          },
          state: { stateId },
          event: { eventId, categories: [{ categoryId, students: 'Ann Lee' }] },
          captcha: await solveCaptcha(t.app),
        },
      });
      // The form needs a student; a team without one is the same registration with its list emptied.
      if (response.statusCode === 201 && !action.withStudents) {
        const schoolId = (response.json() as { schoolId: number }).schoolId;
        await t.db
          .updateTable('category_registration')
          .set({ students_json: '[]' })
          .where('category_id', '=', categoryId)
          .where('school_id', '=', schoolId)
          .execute();
      }
      return;
    }
    case 'students': {
      const registered = await t.db
        .selectFrom('category_registration')
        .select('school_id')
        .where('category_id', '=', categoryId)
        .orderBy('school_id')
        .execute();
      const school = registered[action.schoolPick % registered.length];
      if (school)
        await inject('PUT', `${categoryUrl}/school/${school.school_id}`, { schoolStudents: 'Cy Dunn, Di Eng' });
      return;
    }
    case 'attachTasting':
      await inject('POST', `${categoryUrl}/section`, [{ sectionId: world.sections[1] }]);
      return;
    case 'assign':
      await inject('POST', `${categoryUrl}/section/${world.sections[action.section]}`, [
        { judgeId: world.judges[action.judge]?.userId },
      ]);
      return;
    case 'addSubsection':
      await inject('POST', `/api/section/${world.sections[action.section]}/subsection`, {
        subsectionName: 'Added later',
        subsectionDescription: null,
        subsectionMaxScore: 10,
      });
      return;
    case 'score': {
      const judge = world.judges[action.judge];
      if (judge) await scoreOwed(world, judge, action.everything);
      return;
    }
    case 'submit': {
      const judge = world.judges[action.judge];
      if (judge) await submit(world.event, judge);
      return;
    }
    case 'unlock':
      await inject(
        'DELETE',
        `/api/score/submitScores/event/${eventId}/category/${categoryId}/judge/${world.judges[action.judge]?.userId}`,
      );
      return;
    case 'excuse': {
      const judge = world.judges[action.judge];
      if (judge)
        await inject(
          'POST',
          `/api/run/coordinator/event/${eventId}/category/${categoryId}/judge/${judge.userId}/excuse`,
          {
            sectionIds: [world.sections[action.section]],
            reason: 'Did not come',
          },
        );
      return;
    }
    case 'conflict': {
      // A coordinator declares it (the judge could not: maybe after Start, maybe after scoring).
      const registered = await t.db
        .selectFrom('category_registration')
        .select('school_id')
        .where('category_id', '=', categoryId)
        .orderBy('school_id')
        .execute();
      const school = registered[action.schoolPick % Math.max(registered.length, 1)];
      const judgeId = world.judges[action.judge]?.userId;
      if (school) await inject('POST', `/api/conflict/judge/${judgeId}`, { schoolId: school.school_id });
      return;
    }
    case 'penalty': {
      const judge = world.judges[action.judge];
      const school = await t.db
        .selectFrom('category_registration')
        .select('school_id')
        .where('category_id', '=', categoryId)
        .orderBy('school_id')
        .executeTakeFirst();
      if (judge && school)
        await pushOneMutation(t.app, judge.headers, 'penaltyScore.put', {
          scoreId: crypto.randomUUID(),
          eventId,
          categoryId,
          sectionId: world.event.plating,
          schoolId: school.school_id,
          penaltyId: world.penaltyId,
          amount: 1,
          comments: 'Late to the station',
        });
      return;
    }
    case 'review':
      for (const id of categoryIdsOf(world))
        await inject('POST', `/api/run/coordinator/confirm-remaining/event/${eventId}/category/${id}`);
      return;
    case 'lateCategory': {
      if (world.lateCategoryId !== null) return;
      const added = await inject('POST', `/api/event/${eventId}/category`, { categoryName: 'Late Pastry' });
      if (added.statusCode !== 201) return;
      world.lateCategoryId = (added.json() as { category: { categoryId: number } }).category.categoryId;
      // A team entered in it on the day (the registration row as the coordinator's "add schools" writes it).
      const school = await t.db
        .selectFrom('school')
        .select('school_id')
        .where('state_id', '=', stateId)
        .orderBy('school_id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('category_registration')
        .values({
          category_id: world.lateCategoryId,
          school_id: school.school_id,
          state_id: stateId,
          students_json: JSON.stringify(['Ann Lee']),
          school_order: 0,
          registered_at: new Date().toISOString(),
        })
        .execute();
      return;
    }
    case 'start':
      await inject('PUT', `/api/run/coordinator/event/${eventId}/start`);
      return;
    case 'end': {
      // The run page's "End" offer is End's own verdict (it skips the full check while a judge
      // has not submitted).
      const view = await runView(world.event);
      const ended = await endEvent(world.event);
      if (view.eventStatus === 'STARTED') {
        assert.is(ended.statusCode === 200, view.canEnd, `canEnd ${view.canEnd}, End answered ${ended.statusCode}`);
      }
      return;
    }
  }
}

/** The category added on the day gets the Plating section and every judge (the coordinator's screens' calls). */
async function staffLateCategory(world: World): Promise<void> {
  if (world.lateCategoryId === null) return;
  const { t, admin } = world.event.world;
  const url = `/api/event/${world.event.eventId}/category/${world.lateCategoryId}/section`;
  const inject = (path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: path, headers: admin.headers, payload: payload as object });
  await inject(url, [{ sectionId: world.event.plating }]);
  await inject(
    `${url}/${world.event.plating}`,
    world.judges.map((judge) => ({ judgeId: judge.userId })),
  );
}

/**
 * Every competing school of every category in Final, every section, every judge who owes it
 * (assigned, not excused), every subsection: a score row; and no counting item awaits review.
 */
async function assertFinalIsComplete(world: World): Promise<boolean> {
  const { t, admin } = world.event.world;
  const { eventId } = world.event;
  const event = await t.db
    .selectFrom('event')
    .select('status')
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  if (event.status !== 'CLOSED') return false;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/results/event/${eventId}`,
    headers: admin.headers,
  });
  const report = response.json() as ResultsReport;
  assert.ok(report.isFinal);
  const excused = new Set(
    (await t.db.selectFrom('judge_excusal').select(['category_id', 'section_id', 'judge_id']).execute()).map(
      (row) => `${row.category_id}:${row.section_id}:${row.judge_id}`,
    ),
  );
  const conflicts = await t.db.selectFrom('judge_conflict').select(['judge_id', 'school_id']).execute();
  const inConflict = new Set(conflicts.map((row) => `${row.judge_id}:${row.school_id}`));
  for (const categoryId of categoryIdsOf(world)) {
    const competing = (
      await t.db
        .selectFrom('category_registration')
        .select(['school_id', 'students_json'])
        .where('category_id', '=', categoryId)
        .execute()
    ).filter((row) => (JSON.parse(row.students_json) as string[]).length > 0);
    const standings = report.categories.find((category) => category.categoryId === categoryId)?.standings ?? [];
    assert.equal(
      new Set(standings.map((line) => line.schoolId)),
      new Set(competing.map((row) => row.school_id)),
      'Final lists every competing school',
    );
    const owed = (
      await t.db
        .selectFrom('judge_assignment')
        .innerJoin('category_section', (join) =>
          join
            .onRef('category_section.category_id', '=', 'judge_assignment.category_id')
            .onRef('category_section.section_id', '=', 'judge_assignment.section_id'),
        )
        .innerJoin('subsection', 'subsection.section_id', 'judge_assignment.section_id')
        .select(['judge_assignment.judge_id', 'judge_assignment.section_id', 'subsection.subsection_id'])
        .where('judge_assignment.category_id', '=', categoryId)
        .execute()
    ).filter((cell) => !excused.has(`${categoryId}:${cell.section_id}:${cell.judge_id}`));
    if (competing.length > 0) assert.ok(owed.length > 0, `category ${categoryId}: someone owes its schools`);
    const scored = new Set(
      (
        await t.db
          .selectFrom('subsection_score')
          .select(['judge_id', 'school_id', 'subsection_id'])
          .where('category_id', '=', categoryId)
          .execute()
      ).map((row) => `${row.judge_id}:${row.school_id}:${row.subsection_id}`),
    );
    for (const school of competing) {
      for (const cell of owed) {
        if (inConflict.has(`${cell.judge_id}:${school.school_id}`)) continue;
        assert.ok(
          scored.has(`${cell.judge_id}:${school.school_id}:${cell.subsection_id}`),
          `judge ${cell.judge_id} scored school ${school.school_id}, subsection ${cell.subsection_id}`,
        );
      }
    }
    for (const line of standings) {
      assert.is(line.isIncomplete, false, `${line.schoolName} is complete in Final`);
      assert.is(line.hasPendingReview, false, `${line.schoolName} carries no pending review in Final`);
      assert.ok(line.isScored || line.isDisqualified, `${line.schoolName} is scored in Final`);
      for (const sheet of line.sections.flatMap((section) => section.sheets))
        assert.not.ok(inConflict.has(`${sheet.judgeId}:${line.schoolId}`), 'no mean includes a conflicted sheet');
    }
  }
  const unreviewed = await t.db
    .selectFrom('penalty_score')
    .select(['category_id', 'section_id', 'judge_id', 'school_id'])
    .where('event_id', '=', eventId)
    .where('is_confirmed', 'is', null)
    .execute();
  for (const row of unreviewed) {
    assert.ok(
      excused.has(`${row.category_id}:${row.section_id}:${row.judge_id}`) ||
        inConflict.has(`${row.judge_id}:${row.school_id}`),
      'only an excused or conflicted judge’s penalty may stay unreviewed',
    );
  }
  return true;
}

test('property: an event that ends never has, in Final, an unscored cell a judge owed or an unreviewed item', async () => {
  let endedRuns = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(actionArbitrary, { minLength: 3, maxLength: 14 }), async (actions) => {
      const world = await buildWorld();
      try {
        for (const action of actions) {
          await apply(world, action);
          if (await assertFinalIsComplete(world)) break;
        }
        // Every section of every category gets judges, everyone finishes, the coordinator confirms
        // what awaits review, then ends: the common day, after the random one.
        for (const section of world.sections.keys()) {
          for (const judge of world.judges.keys()) await apply(world, { kind: 'assign', judge, section });
        }
        await staffLateCategory(world);
        await apply(world, { kind: 'start' });
        for (const [judge, session] of world.judges.entries()) {
          await apply(world, { kind: 'score', judge, everything: true });
          for (const categoryId of categoryIdsOf(world)) await submit(world.event, session, categoryId);
        }
        await apply(world, { kind: 'review' });
        await apply(world, { kind: 'end' });
        if (await assertFinalIsComplete(world)) endedRuns += 1;
      } finally {
        await world.event.world.t.close();
      }
    }),
    { numRuns: 25 },
  );
  assert.ok(endedRuns > 20, `most runs end (${endedRuns} of 25)`);
});

test.run();
