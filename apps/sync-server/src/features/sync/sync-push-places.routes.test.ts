// A push reads the schedule around all its cells in a few queries before its mutations apply
// (shared/schedule-reads-ahead.ts). Every edit must still be judged by its own place: owed,
// excused from the section, in conflict with the school, not assigned, a school not registered,
// exactly as when each edit is pushed alone.
import * as assert from 'uvu/assert';
import { RejectionCode, type MutationResult, type PushResponse } from '@judging/shared-types';
import { createCulinarySuite } from '../../test-support/suites.ts';
import type { CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import type { TestApp } from '../../test-support/build-test-app.ts';
import type { SimulatedDevice } from '../../test-support/sync-device.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { readScheduleAhead, type PlaceAhead } from '../../shared/schedule-reads-ahead.ts';
import { scheduleReads } from '../../shared/schedule-reads.ts';
import { deviceFor, postPush, subsectionId } from './sync.routes.fixtures.ts';

const Places = createCulinarySuite('sync push: the schedule of all its places read ahead');

function outcome(result: MutationResult | undefined): string {
  if (result === undefined) return 'missing';
  return result.status === 'rejected' ? `rejected ${result.code}` : result.status;
}

async function push(t: TestApp, c: CulinaryFixture, device: SimulatedDevice, limit = 50): Promise<string[]> {
  const response = await postPush(t, c.headers, device.nextPush(limit).body);
  assert.is(response.statusCode, 200, response.body);
  const answer = JSON.parse(response.body) as PushResponse;
  device.acceptPushResponse(answer);
  return answer.results.map(outcome);
}

/**
 * judge1 excused from the second section, in conflict with the second school, and no longer
 * assigned to the third section; a school of the state that is not registered in the category.
 */
async function arrangeStandings(t: TestApp, c: CulinaryFixture): Promise<{ unregisteredSchoolId: number }> {
  const event = await t.db
    .selectFrom('event')
    .select('state_id')
    .where('event_id', '=', c.eventId)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await t.db
    .insertInto('judge_excusal')
    .values({
      category_id: c.categoryId,
      section_id: c.sections[1].sectionId,
      judge_id: c.judgeId,
      state_id: event.state_id,
      event_id: c.eventId,
      reason: 'Left early',
      excused_by: null,
      created_at: now,
    })
    .execute();
  await t.db
    .insertInto('judge_conflict')
    .values({
      judge_id: c.judgeId,
      school_id: c.schoolIds[1]!,
      state_id: event.state_id,
      declared_by: null,
      created_at: now,
    })
    .execute();
  await t.db
    .deleteFrom('judge_assignment')
    .where('category_id', '=', c.categoryId)
    .where('section_id', '=', c.sections[2].sectionId)
    .where('judge_id', '=', c.judgeId)
    .execute();
  const unregistered = await t.db
    .selectFrom('school')
    .select('school_id')
    .where('state_id', '=', event.state_id)
    .where('school_id', 'not in', c.schoolIds)
    .orderBy('school_id')
    .executeTakeFirstOrThrow();
  return { unregisteredSchoolId: unregistered.school_id };
}

/** One edit at each kind of place, the owed ones around the refused ones. */
function queueEdits(device: SimulatedDevice, c: CulinaryFixture, unregisteredSchoolId: number, score: number): void {
  const first = subsectionId(c, 0, 0);
  device.putSubsection(c.place(0, 0), first, score);
  device.putSubsection(c.place(0, 1), first, score);
  device.putSubsection(c.place(1, 0), subsectionId(c, 1, 0), score);
  device.putSubsection(c.place(2, 0), subsectionId(c, 2, 0), score);
  device.putSubsection({ ...c.place(0, 0), schoolId: unregisteredSchoolId }, first, score);
  device.putSubsection(c.place(0, 2), subsectionId(c, 0, 1), score);
  const penalty = c.sections[0].penalties[0];
  if (penalty) device.putPenalty(c.place(0, 3), penalty.penaltyId, penalty.deduction, 'Late');
  device.putSubsection(c.place(0, 1), subsectionId(c, 0, 1), score);
}

const expected = [
  'applied',
  `rejected ${RejectionCode.JudgeConflict}`,
  `rejected ${RejectionCode.JudgeExcused}`,
  `rejected ${RejectionCode.NotAssigned}`,
  `rejected ${RejectionCode.NotFound}`,
  'applied',
  'applied',
  `rejected ${RejectionCode.JudgeConflict}`,
];

Places('each edit of a push over many places is judged by its own place', async ({ t, c }) => {
  assert.ok(c.sections[0].penalties.length > 0, 'the first section has a penalty');
  const { unregisteredSchoolId } = await arrangeStandings(t, c);
  const device = deviceFor(c);
  queueEdits(device, c, unregisteredSchoolId, 2);
  assert.equal(await push(t, c, device), expected);
});

Places('the same edits pushed one at a time get the same answers', async ({ t, c }) => {
  const { unregisteredSchoolId } = await arrangeStandings(t, c);
  const device = deviceFor(c);
  queueEdits(device, c, unregisteredSchoolId, 2);
  const answers: string[] = [];
  // A rejected edit leaves the pending ones: each push takes the next edit.
  for (let index = 0; index < expected.length; index += 1) answers.push(...(await push(t, c, device, 1)));
  assert.equal(answers, expected);
});

Places("what one place's read ahead holds is what the one-place reads answer", async ({ t, c }) => {
  const { unregisteredSchoolId } = await arrangeStandings(t, c);
  const places: PlaceAhead[] = [
    { ...c.place(0, 0), subsectionId: subsectionId(c, 0, 0) },
    { ...c.place(0, 1), subsectionId: subsectionId(c, 0, 0) },
    { ...c.place(1, 0), subsectionId: subsectionId(c, 1, 0) },
    { ...c.place(2, 0), subsectionId: subsectionId(c, 2, 0) },
    { ...c.place(0, 0), schoolId: unregisteredSchoolId, subsectionId: subsectionId(c, 0, 0) },
  ];
  const factsOf = async (trx: Db, place: PlaceAhead) => ({
    registration: await scheduleReads.registration(trx, place.categoryId, place.schoolId),
    standing: await scheduleReads.assignmentStanding(trx, place.categoryId, place.sectionId, c.judgeId, place.schoolId),
    subsection: await scheduleReads.subsectionOfSection(trx, place.sectionId, place.subsectionId ?? 0),
  });
  const standings = [];
  for (const place of places) {
    const readAhead = await inTransaction(t.db, async (trx) => {
      await readScheduleAhead(trx, c.judgeId, [place]);
      return factsOf(trx, place);
    });
    const readAlone = await inTransaction(t.db, (trx) => factsOf(trx, place));
    assert.equal(readAhead, readAlone, `${JSON.stringify(place)}`);
    standings.push(readAlone.standing);
  }
  assert.equal(standings, ['owed', 'conflict', 'excused', 'none', 'owed'], 'each kind of place was asked');
});

Places.run();
