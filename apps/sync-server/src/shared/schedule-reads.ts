// The schedule facts every score write checks (the event, the category, the section in it, the
// school's registration, the judge's assignment and submission, the scored criterion), read at
// most once per transaction. A sync push writes up to 50 cells of the same place: reading the
// place once instead of 50 times is most of what makes the push fast (bench/run.ts).
//
// Why a memo is safe: the server holds its one SQLite connection for the whole transaction, so
// nothing else writes while it runs. The one schedule write a transaction makes among score
// writes is a submission (or an unlock): those call `forgetSubmission`. Outside a transaction
// nothing is remembered.
import type { Eventually } from '../db/eventually.ts';
import { transactionMemo } from '../db/transaction-memo.ts';
import type { Db } from '../db/database.ts';
import { hasUploadedPhoto } from './photos.repository.ts';
import {
  findCategoryOfEvent,
  findCategorySection,
  findDisqualificationOfSection,
  findEvent,
  findPenaltyOfSection,
  findRegistration,
  findSubmission,
  findSubsectionOfSection,
  findAssignmentStanding,
} from './schedule.repository.ts';
import { parseStudents } from './stored-students.ts';

/** A read that has answered: kept as its value, so the next check has it at once. */
interface Settled {
  value: unknown;
}

const memoOf = transactionMemo<Promise<unknown> | Settled>();

/**
 * `read`'s answer, read once per transaction: at once when it has answered before
 * (db/eventually.ts), the same promise while the first read runs.
 */
function remembered<T>(db: Db, key: string, read: () => Promise<T>): Eventually<T> {
  const memo = memoOf(db);
  if (memo === undefined) return read();
  const known = memo.get(key);
  if (known !== undefined) return known instanceof Promise ? (known as Promise<T>) : (known.value as T);
  const reading = read();
  memo.set(key, reading);
  reading.then(
    (value) => {
      if (memo.get(key) === reading) memo.set(key, { value });
    },
    // The caller awaiting `reading` sees its failure.
    () => undefined,
  );
  return reading;
}

export const scheduleReads = {
  event: (db: Db, eventId: number) => remembered(db, `event:${eventId}`, () => findEvent(db, eventId)),
  categoryOfEvent: (db: Db, eventId: number, categoryId: number) =>
    remembered(db, `category:${eventId}:${categoryId}`, () => findCategoryOfEvent(db, eventId, categoryId)),
  categorySection: (db: Db, categoryId: number, sectionId: number) =>
    remembered(db, `section:${categoryId}:${sectionId}`, () => findCategorySection(db, categoryId, sectionId)),
  /** The school's registration in the category, with its students counted (parsed once per transaction). */
  registration: (db: Db, categoryId: number, schoolId: number) =>
    remembered(db, scheduleKeys.registration(categoryId, schoolId), () =>
      findRegistration(db, categoryId, schoolId).then((row) => row && withStudentCount(row)),
    ),
  assignmentStanding: (db: Db, categoryId: number, sectionId: number, judgeId: number, schoolId: number) =>
    remembered(db, scheduleKeys.assignmentStanding(categoryId, sectionId, judgeId, schoolId), () =>
      findAssignmentStanding(db, categoryId, sectionId, judgeId, schoolId),
    ),
  submission: (db: Db, categoryId: number, judgeId: number) =>
    remembered(db, submissionKey(categoryId, judgeId), () => findSubmission(db, categoryId, judgeId)),
  subsectionOfSection: (db: Db, sectionId: number, subsectionId: number) =>
    remembered(db, scheduleKeys.subsectionOfSection(sectionId, subsectionId), () =>
      findSubsectionOfSection(db, sectionId, subsectionId),
    ),
  penaltyOfSection: (db: Db, sectionId: number, penaltyId: number) =>
    remembered(db, `penalty:${sectionId}:${penaltyId}`, () => findPenaltyOfSection(db, sectionId, penaltyId)),
  disqualificationOfSection: (db: Db, sectionId: number, disqualificationId: number) =>
    remembered(db, `disqualification:${sectionId}:${disqualificationId}`, () =>
      findDisqualificationOfSection(db, sectionId, disqualificationId),
    ),
  /** Uploads are never undone during a push, so a yes stays yes; a no is asked again. */
  async hasUploadedPhoto(db: Db, stateId: number, sha256: string, userId: number): Promise<boolean> {
    const key = `photo:${stateId}:${sha256}:${userId}`;
    const isUploaded = await remembered(db, key, () => hasUploadedPhoto(db, stateId, sha256, userId));
    if (!isUploaded) memoOf(db)?.delete(key);
    return isUploaded;
  },
};

/** A registration as the checks read it: its row and its students counted. */
export function withStudentCount<Row extends { students_json: string }>(row: Row): Row & { studentCount: number } {
  return { ...row, studentCount: parseStudents(row.students_json).length };
}

/** The memo's keys of the reads a push may read ahead (schedule-reads-ahead.ts). */
export const scheduleKeys = {
  registration: (categoryId: number, schoolId: number) => `registration:${categoryId}:${schoolId}`,
  assignmentStanding: (categoryId: number, sectionId: number, judgeId: number, schoolId: number) =>
    `assigned:${categoryId}:${sectionId}:${judgeId}:${schoolId}`,
  subsectionOfSection: (sectionId: number, subsectionId: number) => `subsection:${sectionId}:${subsectionId}`,
};

/**
 * Remembers a read made ahead (several places in one query) as if `key`'s own read had answered
 * `value`, unless it is already remembered. Only inside a transaction, like every read here.
 */
export function rememberRead(db: Db, key: string, value: unknown): void {
  const memo = memoOf(db);
  if (memo !== undefined && !memo.has(key)) memo.set(key, { value });
}

/** Whether `key`'s read is already remembered in the transaction `db`. */
export function isRemembered(db: Db, key: string): boolean {
  return memoOf(db)?.has(key) === true;
}

function submissionKey(categoryId: number, judgeId: number): string {
  return `submission:${categoryId}:${judgeId}`;
}

/** After a submission is made or removed in this transaction, the next check reads it again. */
export function forgetSubmission(db: Db, categoryId: number, judgeId: number): void {
  memoOf(db)?.delete(submissionKey(categoryId, judgeId));
}
