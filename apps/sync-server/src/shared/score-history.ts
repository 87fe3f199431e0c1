// The score history (issue 28; migration 0010): one compact row per applied change of a judge's
// work, written inside the transaction that applies the change, read newest first by the run
// page. Kept for the event's life; the sync records (applied_mutation, change_log) are separate.
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
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
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

// Every applied pushed mutation writes one: compiled once.
const historyInsert = prepareQuery(
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

/** Writes one history row; call it inside the transaction that applies the change. */
export async function recordHistory(db: Db, record: HistoryRecord, origin: ChangeOrigin, now: string): Promise<void> {
  await historyInsert.all(
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
