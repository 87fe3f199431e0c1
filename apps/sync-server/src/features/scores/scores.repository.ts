import { sql } from 'kysely';
import { andThen, type Eventually } from '../../db/eventually.ts';
import type { Db } from '../../db/database.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import type {
  NewDisqualificationScoreRow,
  NewPenaltyScoreRow,
  NewSubsectionScoreRow,
  DisqualificationScoreRow,
  PenaltyScoreRow,
  SubsectionScoreRow,
} from '../../db/tables.ts';

/** Where a cell lives: the judge's (category, section, school). */
export interface CellPlace {
  categoryId: number;
  sectionId: number;
  schoolId: number;
  judgeId: number;
}

// ---- cells ------------------------------------------------------------------------------

export async function listSubsectionScores(db: Db, judgeId: number, eventId: number, categoryId?: number) {
  let query = db
    .selectFrom('subsection_score')
    .selectAll()
    .where('judge_id', '=', judgeId)
    .where('event_id', '=', eventId);
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  return query.orderBy('score_id').execute();
}

export async function listPenaltyScores(db: Db, judgeId: number, eventId: number, categoryId?: number) {
  let query = db
    .selectFrom('penalty_score')
    .selectAll()
    .where('judge_id', '=', judgeId)
    .where('event_id', '=', eventId);
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  return query.orderBy('score_id').execute();
}

export async function listDisqualificationScores(db: Db, judgeId: number, eventId: number, categoryId?: number) {
  let query = db
    .selectFrom('disqualification_score')
    .selectAll()
    .where('judge_id', '=', judgeId)
    .where('event_id', '=', eventId);
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  return query.orderBy('score_id').execute();
}

// A cell's read and write run once per pushed mutation: compiled once (`prepareQuery`).

const subsectionScoreByCell = prepareQuery(
  (db, judgeId: number, categoryId: number, sectionId: number, schoolId: number, subsectionId: number) =>
    db
      .selectFrom('subsection_score')
      .selectAll()
      .where('judge_id', '=', judgeId)
      .where('category_id', '=', categoryId)
      .where('section_id', '=', sectionId)
      .where('school_id', '=', schoolId)
      .where('subsection_id', '=', subsectionId),
);

export async function findSubsectionScoreByCell(
  db: Db,
  place: CellPlace,
  subsectionId: number,
): Promise<SubsectionScoreRow | undefined> {
  return subsectionScoreByCell.first(
    db,
    place.judgeId,
    place.categoryId,
    place.sectionId,
    place.schoolId,
    subsectionId,
  );
}

export async function findPenaltyScoreByCell(db: Db, place: CellPlace, penaltyId: number) {
  return db
    .selectFrom('penalty_score')
    .selectAll()
    .where('judge_id', '=', place.judgeId)
    .where('category_id', '=', place.categoryId)
    .where('section_id', '=', place.sectionId)
    .where('school_id', '=', place.schoolId)
    .where('penalty_id', '=', penaltyId)
    .executeTakeFirst();
}

export async function findDisqualificationScoreByCell(db: Db, place: CellPlace, disqualificationId: number) {
  return db
    .selectFrom('disqualification_score')
    .selectAll()
    .where('judge_id', '=', place.judgeId)
    .where('category_id', '=', place.categoryId)
    .where('section_id', '=', place.sectionId)
    .where('school_id', '=', place.schoolId)
    .where('disqualification_id', '=', disqualificationId)
    .executeTakeFirst();
}

export async function findSubsectionScoreById(db: Db, scoreId: string) {
  return db.selectFrom('subsection_score').selectAll().where('score_id', '=', scoreId).executeTakeFirst();
}

export async function findPenaltyScoreById(db: Db, scoreId: string) {
  return db.selectFrom('penalty_score').selectAll().where('score_id', '=', scoreId).executeTakeFirst();
}

export async function findDisqualificationScoreById(db: Db, scoreId: string) {
  return db.selectFrom('disqualification_score').selectAll().where('score_id', '=', scoreId).executeTakeFirst();
}

export async function insertSubsectionScore(db: Db, row: NewSubsectionScoreRow): Promise<SubsectionScoreRow> {
  return db.insertInto('subsection_score').values(row).returningAll().executeTakeFirstOrThrow();
}

const subsectionScoreUpdate = prepareQuery(
  (db, scoreId: string, score: number, comments: string | null, photoSha256: string | null, now: string) =>
    db
      .updateTable('subsection_score')
      .set((eb) => ({ score, comments, photo_sha256: photoSha256, rev: eb('rev', '+', 1), updated_at: now }))
      .where('score_id', '=', scoreId)
      .returning('rev'),
);

/**
 * Updates a subsection cell read in this transaction (`existing`) and answers its row as
 * written: what the update set, over the row read, with the new revision read back (a push
 * updates one cell per edit; its other columns never change here). Answered at once where
 * SQLite answers at once (db/eventually.ts).
 */
export function updateSubsectionScore(
  db: Db,
  existing: SubsectionScoreRow,
  values: { score: number; comments: string | null; photoSha256: string | null },
  now: string,
): Eventually<SubsectionScoreRow> {
  const { score_id: scoreId } = existing;
  return andThen(
    subsectionScoreUpdate.firstNow(db, scoreId, values.score, values.comments, values.photoSha256, now),
    (written) => {
      if (!written) throw new Error(`Subsection score ${scoreId} vanished during its update.`);
      return {
        ...existing,
        score: values.score,
        comments: values.comments,
        photo_sha256: values.photoSha256,
        rev: written.rev,
        updated_at: now,
      };
    },
  );
}

export async function insertPenaltyScore(db: Db, row: NewPenaltyScoreRow): Promise<PenaltyScoreRow> {
  return db.insertInto('penalty_score').values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * What a judge's change to a reviewed cell (penalty, disqualification) also writes: the cell goes
 * back to pending review, so the coordinator sees the new value, and its revision moves on.
 */
function changedSinceReview(now: string) {
  return { is_confirmed: null, reviewed_by: null, reviewed_at: null, rev: sql<number>`rev + 1`, updated_at: now };
}

export async function updatePenaltyScore(
  db: Db,
  scoreId: string,
  values: { amount: number; overtimeSeconds: number | null; comments: string; photoSha256: string | null },
  now: string,
): Promise<PenaltyScoreRow> {
  return db
    .updateTable('penalty_score')
    .set({
      amount: values.amount,
      overtime_seconds: values.overtimeSeconds,
      comments: values.comments,
      photo_sha256: values.photoSha256,
      ...changedSinceReview(now),
    })
    .where('score_id', '=', scoreId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePenaltyScore(db: Db, scoreId: string): Promise<void> {
  await db.deleteFrom('penalty_score').where('score_id', '=', scoreId).execute();
}

export async function insertDisqualificationScore(
  db: Db,
  row: NewDisqualificationScoreRow,
): Promise<DisqualificationScoreRow> {
  return db.insertInto('disqualification_score').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateDisqualificationScore(
  db: Db,
  scoreId: string,
  values: { comments: string; photoSha256: string | null },
  now: string,
): Promise<DisqualificationScoreRow> {
  return db
    .updateTable('disqualification_score')
    .set({ comments: values.comments, photo_sha256: values.photoSha256, ...changedSinceReview(now) })
    .where('score_id', '=', scoreId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDisqualificationScore(db: Db, scoreId: string): Promise<void> {
  await db.deleteFrom('disqualification_score').where('score_id', '=', scoreId).execute();
}
