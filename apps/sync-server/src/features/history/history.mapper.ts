import { isClockSkewed, coordinatorSchoolLabel, type HistoryEntry } from '@judging/shared-types';
import type { HistoryRowData } from './history.repository.ts';

function fullName(first: string | null, last: string | null): string | null {
  return first !== null && last !== null ? `${first} ${last}` : null;
}

/** Coordinators see both when the event judges by team number (issue 39): "Team 3 — Dover HS". */
function schoolShown(row: HistoryRowData): string | null {
  if (row.school_name === null) return null;
  return coordinatorSchoolLabel(row.school_name, row.team_number ?? null, row.judge_by_team_number === 1);
}

export function toHistoryEntry(row: HistoryRowData): HistoryEntry {
  return {
    historyId: row.history_id,
    eventId: row.event_id,
    categoryId: row.category_id,
    categoryName: row.category_name,
    sectionId: row.section_id,
    sectionName: row.section_name,
    schoolId: row.school_id,
    schoolName: schoolShown(row),
    judgeId: row.judge_id,
    judgeName: fullName(row.judge_first_name, row.judge_last_name),
    kind: row.kind,
    action: row.action,
    itemId: row.item_id,
    itemName: row.subsection_name ?? row.penalty_name ?? row.disqualification_name,
    scoreId: row.score_id,
    valueBefore: row.value_before,
    valueAfter: row.value_after,
    overtimeSecondsBefore: row.overtime_before,
    overtimeSecondsAfter: row.overtime_after,
    isCommentChanged: row.is_comment_changed === 1,
    isPhotoChanged: row.is_photo_changed === 1,
    changedBy: row.changed_by,
    changedByName: fullName(row.author_first_name, row.author_last_name),
    deviceId: row.device_id,
    deviceAt: row.device_at,
    receivedAt: row.received_at,
    clockSkewMs: row.clock_skew_ms,
    isClockSkewed: isClockSkewed(row.clock_skew_ms),
    note: row.note,
  };
}
