// Reads and writes of the coordinator's event run: judge progress, device sync times, status.
import type { Db } from '../../db/database.ts';
import type { EventStatusValue } from '../../db/tables.ts';

/** Scored subsection cells per (category, judge, school, section), for progress. */
export async function countScoredCells(db: Db, eventId: number) {
  return db
    .selectFrom('subsection_score')
    .innerJoin('subsection', (join) =>
      join
        .onRef('subsection.subsection_id', '=', 'subsection_score.subsection_id')
        .onRef('subsection.section_id', '=', 'subsection_score.section_id'),
    )
    .select((eb) => [
      'subsection_score.category_id',
      'subsection_score.judge_id',
      'subsection_score.school_id',
      'subsection_score.section_id',
      eb.fn.countAll<number>().as('count'),
    ])
    .where('subsection_score.event_id', '=', eventId)
    .groupBy([
      'subsection_score.category_id',
      'subsection_score.judge_id',
      'subsection_score.school_id',
      'subsection_score.section_id',
    ])
    .execute();
}

/** The latest sync (push or pull) of each user's devices in a state. */
export async function listLastSyncByUser(db: Db, stateId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('device_sync')
    .select(['user_id', 'last_push_at', 'last_pull_at'])
    .where('state_id', '=', stateId)
    .execute();
  const latest = new Map<number, string>();
  for (const row of rows) {
    for (const at of [row.last_push_at, row.last_pull_at]) {
      if (at === null) continue;
      const known = latest.get(row.user_id);
      if (known === undefined || at > known) latest.set(row.user_id, at);
    }
  }
  return latest;
}

/**
 * Each user's latest measured device clock offset (ms): that of the device whose push measured
 * it last. A device replaced or set right shows its new reading at its next push.
 */
export async function listClockSkewByUser(db: Db, stateId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('device_sync')
    .select(['user_id', 'clock_skew_ms', 'clock_checked_at'])
    .where('state_id', '=', stateId)
    .where('clock_checked_at', 'is not', null)
    .orderBy('clock_checked_at')
    .execute();
  const latest = new Map<number, number>();
  for (const row of rows) if (row.clock_skew_ms !== null) latest.set(row.user_id, row.clock_skew_ms);
  return latest;
}

/** A token that changes whenever any device of the state syncs: the stream's cue for new sync times. */
export async function findLatestSyncStamp(db: Db, stateId: number): Promise<string> {
  const row = await db
    .selectFrom('device_sync')
    .select((eb) => [eb.fn.max('last_push_at').as('push'), eb.fn.max('last_pull_at').as('pull')])
    .where('state_id', '=', stateId)
    .executeTakeFirst();
  return `${row?.push ?? ''}|${row?.pull ?? ''}`;
}

export async function updateEventStatus(
  db: Db,
  eventId: number,
  change: { status: EventStatusValue; startedAt?: string; closedAt?: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('event')
    .set({
      status: change.status,
      ...(change.startedAt !== undefined ? { started_at: change.startedAt } : {}),
      ...(change.closedAt !== undefined ? { closed_at: change.closedAt } : {}),
      updated_at: now,
    })
    .where('event_id', '=', eventId)
    .execute();
}

/** Whether the judge is assigned in the category or has a submission there (an unlock names one). */
export async function isJudgeOfCategory(db: Db, categoryId: number, judgeId: number): Promise<boolean> {
  const assigned = await db
    .selectFrom('judge_assignment')
    .select('judge_id')
    .where('category_id', '=', categoryId)
    .where('judge_id', '=', judgeId)
    .executeTakeFirst();
  if (assigned) return true;
  const submitted = await db
    .selectFrom('category_submission')
    .select('judge_id')
    .where('category_id', '=', categoryId)
    .where('judge_id', '=', judgeId)
    .executeTakeFirst();
  return submitted !== undefined;
}
