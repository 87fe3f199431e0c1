// The score history (issue 28; migration 0010): one compact row per applied change of a judge's
// work, written inside the transaction that applies the change, read newest first by the run
// page. Kept for the event's life; the sync records (applied_mutation, change_log) are separate.
import type { Eventually } from '../db/eventually.ts';
import type { Db } from '../db/database.ts';
import { prepareQuery } from '../db/prepared-query.ts';
import type { ScoreHistoryActionValue, ScoreHistoryKindValue } from '../db/tables.ts';

/**
 * Where and when a change was made: on a tablet (a pushed edit: the device, the edit's time on
 * its clock, and how far that clock was off at the push) or on the server (a REST call, a
 * coordinator: no device, made when received).
 */
export interface ChangeOrigin {
  deviceId: string | null;
  deviceAt: string | null;
  clockSkewMs: number | null;
}

/** A change made on the server itself: no device, made when it was received. */
export function serverOrigin(now: string): ChangeOrigin {
  return { deviceId: null, deviceAt: now, clockSkewMs: null };
}

/** A device's time as stored: the same instant in ISO form, or null when it cannot be read. */
export function readDeviceTime(text: string): string | null {
  // What the app sends (`toISOString()`) is already that form: answered as is, since parsing
  // and formatting a date costs a push of 50 more than some of its statements.
  if (isCanonicalTime(text)) return text;
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

const ZERO = 48;
/** The number of `length` digits at `start`, or -1 when one is not a digit. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index += 1) {
    const digit = text.charCodeAt(index) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Whether `text` is a time `toISOString()` would write as itself: `YYYY-MM-DDTHH:MM:SS.sssZ`
 * naming a real day and time (no 24:00, no 31 April: Date.parse rolls those over).
 */
function isCanonicalTime(text: string): boolean {
  if (text.length !== 24 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T') return false;
  if (text[13] !== ':' || text[16] !== ':' || text[19] !== '.' || text[23] !== 'Z') return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  if (digitsAt(text, 20, 3) < 0) return false;
  const hours = digitsAt(text, 11, 2);
  const minutes = digitsAt(text, 14, 2);
  const seconds = digitsAt(text, 17, 2);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return false;
  return day <= 28 || day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface HistoryRecord {
  stateId: number;
  eventId: number;
  categoryId: number;
  sectionId: number | null;
  schoolId: number | null;
  judgeId: number;
  kind: ScoreHistoryKindValue;
  action: ScoreHistoryActionValue;
  itemId: number | null;
  scoreId: string | null;
  valueBefore: number | null;
  valueAfter: number | null;
  overtimeBefore: number | null;
  overtimeAfter: number | null;
  isCommentChanged: boolean;
  isPhotoChanged: boolean;
  changedBy: number | null;
  note: string | null;
}

/** A history row about a judge's submission of a category: no section, school, item or value. */
export function submissionHistory(target: {
  stateId: number;
  eventId: number;
  categoryId: number;
  judgeId: number;
}): Omit<HistoryRecord, 'action' | 'changedBy'> {
  return {
    ...target,
    sectionId: null,
    schoolId: null,
    kind: 'submission',
    itemId: null,
    scoreId: null,
    valueBefore: null,
    valueAfter: null,
    overtimeBefore: null,
    overtimeAfter: null,
    isCommentChanged: false,
    isPhotoChanged: false,
    note: null,
  };
}

// Every applied pushed mutation writes one: compiled once (the push's floor, bench/kysely-push.ts,
// writes the same statement).
export const historyInsert = prepareQuery(
  (
    db,
    stateId: number,
    eventId: number,
    categoryId: number,
    sectionId: number | null,
    schoolId: number | null,
    judgeId: number,
    kind: ScoreHistoryKindValue,
    action: ScoreHistoryActionValue,
    itemId: number | null,
    scoreId: string | null,
    valueBefore: number | null,
    valueAfter: number | null,
    overtimeBefore: number | null,
    overtimeAfter: number | null,
    isCommentChanged: 0 | 1,
    isPhotoChanged: 0 | 1,
    changedBy: number | null,
    deviceId: string | null,
    deviceAt: string | null,
    receivedAt: string,
    clockSkewMs: number | null,
    note: string | null,
  ) =>
    db.insertInto('score_history').values({
      state_id: stateId,
      event_id: eventId,
      category_id: categoryId,
      section_id: sectionId,
      school_id: schoolId,
      judge_id: judgeId,
      kind,
      action,
      item_id: itemId,
      score_id: scoreId,
      value_before: valueBefore,
      value_after: valueAfter,
      overtime_before: overtimeBefore,
      overtime_after: overtimeAfter,
      is_comment_changed: isCommentChanged,
      is_photo_changed: isPhotoChanged,
      changed_by: changedBy,
      device_id: deviceId,
      device_at: deviceAt,
      received_at: receivedAt,
      clock_skew_ms: clockSkewMs,
      note,
    }),
);

/**
 * Writes one history row; call it inside the transaction that applies the change. Answered at
 * once where SQLite answers at once (db/eventually.ts).
 */
export function recordHistory(db: Db, record: HistoryRecord, origin: ChangeOrigin, now: string): Eventually<unknown> {
  return historyInsert.allNow(
    db,
    record.stateId,
    record.eventId,
    record.categoryId,
    record.sectionId,
    record.schoolId,
    record.judgeId,
    record.kind,
    record.action,
    record.itemId,
    record.scoreId,
    record.valueBefore,
    record.valueAfter,
    record.overtimeBefore,
    record.overtimeAfter,
    record.isCommentChanged ? 1 : 0,
    record.isPhotoChanged ? 1 : 0,
    record.changedBy,
    origin.deviceId,
    origin.deviceAt,
    now,
    origin.clockSkewMs,
    record.note,
  );
}
