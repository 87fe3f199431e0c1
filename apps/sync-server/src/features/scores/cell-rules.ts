// The rules every write to a *cell* obeys, whatever its kind. A cell is one judge's score of one
// item (subsection, penalty, disqualification) for one school in one section of a category.
// Only its judge writes it, while the event is not closed, the judge is assigned to the section
// and has not submitted the category. Every check answers a ScoreRejection.
import { RejectionCode, Role } from '@judging/shared-types';
import { andThen, type Eventually } from '../../db/eventually.ts';
import type { Db } from '../../db/database.ts';
import { transactionMemo } from '../../db/transaction-memo.ts';
import type { CategoryRow, EventRow } from '../../db/tables.ts';
import { scheduleReads } from '../../shared/schedule-reads.ts';
import { reject, ScoreMessages } from './score-rejection.ts';
import type { CellPlace } from './scores.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';

/** The path that names a cell's place, as mutations and REST calls send it. */
export interface PlacePath {
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
}

export interface PlaceContext {
  event: EventRow;
  category: CategoryRow;
  place: CellPlace;
}

/** A write comes from a JUDGE and goes to their own cells only. */
export function requireJudgeWriter(caller: AuthContext): void {
  if (caller.role !== Role.Judge) throw reject(RejectionCode.Forbidden, ScoreMessages.judgesOnly);
}

export async function resolveCategory(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
): Promise<{ event: EventRow; category: CategoryRow }> {
  const event = await scheduleReads.event(db, eventId);
  if (!event) throw reject(RejectionCode.NotFound, ScoreMessages.eventNotFound);
  if (event.state_id !== caller.stateId) throw reject(RejectionCode.Forbidden, ScoreMessages.otherState);
  const category = await scheduleReads.categoryOfEvent(db, eventId, categoryId);
  if (!category) throw reject(RejectionCode.NotFound, ScoreMessages.categoryNotFound);
  return { event, category };
}

/**
 * Everything that must exist for a cell of the caller: not_found / forbidden otherwise. Inside a
 * transaction a place found is kept for the transaction's later writes to it (a push's edits
 * share a few places), which then have it at once; a place refused is read again, as before.
 */
export function resolvePlace(db: Db, caller: AuthContext, path: PlacePath): Eventually<PlaceContext> {
  requireJudgeWriter(caller);
  const places = placesOf(db);
  if (places === undefined) return readPlace(db, caller, path);
  const key = `${caller.userId}:${path.eventId}:${path.categoryId}:${path.sectionId}:${path.schoolId}`;
  const known = places.get(key);
  if (known !== undefined) return known;
  return readPlace(db, caller, path).then((context) => {
    places.set(key, context);
    return context;
  });
}

/** Per transaction: the places found so far. What they rest on does not change in one (schedule-reads.ts). */
const placesOf = transactionMemo<PlaceContext>();

async function readPlace(db: Db, caller: AuthContext, path: PlacePath): Promise<PlaceContext> {
  const { event, category } = await resolveCategory(db, caller, path.eventId, path.categoryId);
  if (!(await scheduleReads.categorySection(db, path.categoryId, path.sectionId))) {
    throw reject(RejectionCode.NotFound, ScoreMessages.sectionNotFound);
  }
  const registration = await scheduleReads.registration(db, path.categoryId, path.schoolId);
  if (!registration) throw reject(RejectionCode.NotFound, ScoreMessages.schoolNotRegistered);
  if (registration.studentCount === 0) {
    throw reject(RejectionCode.NotFound, ScoreMessages.schoolWithoutStudents);
  }
  return {
    event,
    category,
    place: { categoryId: path.categoryId, sectionId: path.sectionId, schoolId: path.schoolId, judgeId: caller.userId },
  };
}

/**
 * The cell may change now: the event is not closed (it need not be started: tablets may be
 * offline when the coordinator presses Start), the judge is assigned to the section, not
 * excused from it (decisions §9) nor in conflict with the school (fair panels), and their
 * category is not submitted. Answered at once when the transaction has read these already.
 */
export function assertWritable(db: Db, context: PlaceContext): Eventually<void> {
  if (context.event.status === 'CLOSED') throw reject(RejectionCode.EventClosed, ScoreMessages.eventClosed);
  const { place } = context;
  const standing = scheduleReads.assignmentStanding(
    db,
    place.categoryId,
    place.sectionId,
    place.judgeId,
    place.schoolId,
  );
  return andThen(standing, (known) => {
    if (known === 'none') throw reject(RejectionCode.NotAssigned, ScoreMessages.notAssigned);
    if (known === 'excused') throw reject(RejectionCode.JudgeExcused, ScoreMessages.judgeExcused);
    if (known === 'conflict') throw reject(RejectionCode.JudgeConflict, ScoreMessages.judgeConflict);
    return andThen(scheduleReads.submission(db, place.categoryId, place.judgeId), (submission) => {
      if (submission) throw reject(RejectionCode.CategorySubmitted, ScoreMessages.categorySubmitted);
    });
  });
}

/**
 * A referenced photo must be uploaded first, by this judge (decisions §7: a photo's hash is not
 * a key to it). Transient: the device uploads the photo it holds, then retries; a device that
 * names another judge's photo has no bytes to upload, so its edit never applies.
 */
export function assertPhotoUploaded(db: Db, context: PlaceContext, sha256: string | null): Promise<void> | undefined {
  // Most edits carry no photo: nothing to wait for.
  if (sha256 === null) return undefined;
  return scheduleReads
    .hasUploadedPhoto(db, context.event.state_id, sha256, context.place.judgeId)
    .then((isUploaded) => {
      if (!isUploaded) throw reject(RejectionCode.PhotoMissing, ScoreMessages.photoMissing);
    });
}

/**
 * The cell is the identity; a second device's new id for an existing cell updates that cell.
 * An id already used by a different cell is refused.
 */
export function assertScoreIdFits(
  existingId: string | undefined,
  scoreId: string,
  findById: (scoreId: string) => Promise<unknown>,
): Promise<void> | undefined {
  // The usual case, a cell edited again under its own id, reads nothing.
  if (existingId === scoreId) return undefined;
  return findById(scoreId).then((found) => {
    if (found !== undefined) throw reject(RejectionCode.InvalidValue, ScoreMessages.scoreIdTaken);
  });
}
