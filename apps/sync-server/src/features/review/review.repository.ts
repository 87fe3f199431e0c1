// Reads and writes of the school-penalties review: applied penalties and disqualifications of a
// category, their review flags, and the per-school review status (and who last opened it).
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

export async function listPenaltyItems(db: Db, categoryId: number, schoolId?: number) {
  let query = db
    .selectFrom('penalty_score')
    .innerJoin('penalty', 'penalty.penalty_id', 'penalty_score.penalty_id')
    .select([
      'penalty_score.score_id',
      'penalty_score.event_id',
      'penalty_score.category_id',
      'penalty_score.section_id',
      'penalty_score.school_id',
      'penalty_score.judge_id',
      'penalty_score.penalty_id',
      'penalty.penalty_name',
      'penalty_score.amount',
      'penalty_score.overtime_seconds',
      'penalty_score.comments',
      'penalty_score.photo_sha256',
      'penalty_score.is_confirmed',
    ])
    .where('penalty_score.category_id', '=', categoryId);
  if (schoolId !== undefined) query = query.where('penalty_score.school_id', '=', schoolId);
  return query.orderBy('penalty_score.penalty_id').execute();
}

export async function listDisqualificationItems(db: Db, categoryId: number, schoolId?: number) {
  let query = db
    .selectFrom('disqualification_score')
    .innerJoin('disqualification', 'disqualification.disqualification_id', 'disqualification_score.disqualification_id')
    .select([
      'disqualification_score.score_id',
      'disqualification_score.event_id',
      'disqualification_score.category_id',
      'disqualification_score.section_id',
      'disqualification_score.school_id',
      'disqualification_score.judge_id',
      'disqualification_score.disqualification_id',
      'disqualification.disqualification_name',
      'disqualification_score.comments',
      'disqualification_score.photo_sha256',
      'disqualification_score.is_confirmed',
    ])
    .where('disqualification_score.category_id', '=', categoryId);
  if (schoolId !== undefined) query = query.where('disqualification_score.school_id', '=', schoolId);
  return query.orderBy('disqualification_score.disqualification_id').execute();
}

export async function listReviewStatuses(db: Db, categoryId: number) {
  return db
    .selectFrom('penalty_review')
    .select(['school_id', 'status', 'viewed_at'])
    .where('category_id', '=', categoryId)
    .execute();
}

/**
 * A coordinator's decision on an applied penalty or disqualification. A changed flag is a new
 * revision of the cell (the judge's device learns it at its next pull); restating the same flag
 * only records who reviewed it and when.
 */
export async function setConfirmation<T extends 'penalty_score' | 'disqualification_score'>(
  db: Db,
  table: T,
  scoreId: string,
  review: { isConfirmed: boolean; isChange: boolean; reviewer: number },
  now: string,
): Promise<Selectable<Database[T]>> {
  const row = await db
    .updateTable(table as 'penalty_score' | 'disqualification_score')
    .set((eb) => ({
      is_confirmed: review.isConfirmed ? 1 : 0,
      reviewed_by: review.reviewer,
      reviewed_at: now,
      ...(review.isChange ? { rev: eb('rev', '+', 1), updated_at: now } : {}),
    }))
    .where('score_id', '=', scoreId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as Selectable<Database[T]>;
}

export async function markReviewComplete(
  db: Db,
  review: { categoryId: number; schoolId: number; stateId: number; eventId: number; reviewer: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('penalty_review')
    .values({
      category_id: review.categoryId,
      school_id: review.schoolId,
      state_id: review.stateId,
      event_id: review.eventId,
      status: 'COMPLETE',
      reviewed_by: review.reviewer,
      reviewed_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['category_id', 'school_id'])
        .doUpdateSet({ status: 'COMPLETE', reviewed_by: review.reviewer, reviewed_at: now }),
    )
    .execute();
}

/** Records who opened a school's review and when; its status (Pending or Complete) stays as it is. */
export async function markReviewViewed(
  db: Db,
  review: { categoryId: number; schoolId: number; stateId: number; eventId: number; viewer: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('penalty_review')
    .values({
      category_id: review.categoryId,
      school_id: review.schoolId,
      state_id: review.stateId,
      event_id: review.eventId,
      status: 'PENDING',
      reviewed_by: null,
      reviewed_at: null,
      viewed_by: review.viewer,
      viewed_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['category_id', 'school_id']).doUpdateSet({ viewed_by: review.viewer, viewed_at: now }),
    )
    .execute();
}
