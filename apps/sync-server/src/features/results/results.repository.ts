// Reads for results: an event's score rows (its setup is read through shared/event-schedule.repository.ts).
// Subsection scores are summed per judge's sheet by SQLite (one query per category, walking
// the cell index), so the scoring model receives sheet subtotals, not every score.
import type { Db } from '../../db/database.ts';

/**
 * A category's sheets, summed: per (judge, section, school), Σ score and how many subsections were
 * scored. The sheet index (migration 0007) holds every column read, in group order, so SQLite
 * answers from the index alone: no table rows, no sort. Every row's subsection belongs to its
 * section (migration 0005 makes the database refuse anything else), so nothing stale hides in a
 * sum; sheets of judges no longer assigned are left to the model, which ignores and counts them
 * as it does their penalties.
 */
export async function listSubsectionTotalsOfCategory(db: Db, categoryId: number) {
  return db
    .selectFrom('subsection_score')
    .select((eb) => [
      'judge_id as judgeId',
      'section_id as sectionId',
      'school_id as schoolId',
      eb.fn.sum<number>('score').as('total'),
      eb.fn.countAll<number>().as('scoredCount'),
    ])
    .where('category_id', '=', categoryId)
    .groupBy(['judge_id', 'section_id', 'school_id'])
    .execute();
}

export async function listPenaltyScoresOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('penalty_score')
    .select([
      'category_id',
      'judge_id as judgeId',
      'section_id as sectionId',
      'school_id as schoolId',
      'penalty_id as penaltyId',
      'amount',
      'overtime_seconds as overtimeSeconds',
      'is_confirmed as isConfirmed',
    ])
    .where('event_id', '=', eventId)
    .orderBy('judge_id')
    .orderBy('section_id')
    .orderBy('school_id')
    .execute();
}

export async function listDisqualificationScoresOfEvent(db: Db, eventId: number) {
  return db
    .selectFrom('disqualification_score')
    .select([
      'category_id',
      'judge_id as judgeId',
      'section_id as sectionId',
      'school_id as schoolId',
      'disqualification_id as disqualificationId',
      'is_confirmed as isConfirmed',
    ])
    .where('event_id', '=', eventId)
    .orderBy('judge_id')
    .orderBy('section_id')
    .orderBy('school_id')
    .execute();
}

export async function listPenaltyNames(db: Db, stateId: number) {
  return db
    .selectFrom('penalty')
    .select(['penalty_id', 'penalty_name'])
    .where('state_id', '=', stateId)
    .orderBy('penalty_id')
    .execute();
}

export async function listDisqualificationNames(db: Db, stateId: number) {
  return db
    .selectFrom('disqualification')
    .select(['disqualification_id', 'disqualification_name'])
    .where('state_id', '=', stateId)
    .orderBy('disqualification_id')
    .execute();
}

/** The state's results version (0 before any change): bumped by triggers (migrations 0004, 0008). */
export async function findResultsVersion(db: Db, stateId: number): Promise<number> {
  const row = await db
    .selectFrom('results_version')
    .select('version')
    .where('state_id', '=', stateId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

export async function findSnapshot(db: Db, eventId: number) {
  return db.selectFrom('results_snapshot').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/** When the event's results were frozen (a light read: the snapshot itself is megabytes). */
export async function findSnapshotTime(db: Db, eventId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('results_snapshot')
    .select('frozen_at')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.frozen_at;
}

export async function saveSnapshot(
  db: Db,
  snapshot: { eventId: number; stateId: number; payloadJson: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('results_snapshot')
    .values({
      event_id: snapshot.eventId,
      state_id: snapshot.stateId,
      payload_json: snapshot.payloadJson,
      frozen_at: now,
    })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ payload_json: snapshot.payloadJson, frozen_at: now }))
    .execute();
}

/** The coordinator's opt-in to the public results page (0 / 1). */
export async function savePublicResults(db: Db, eventId: number, flag: 0 | 1): Promise<void> {
  await db.updateTable('event').set({ public_results: flag }).where('event_id', '=', eventId).execute();
}
