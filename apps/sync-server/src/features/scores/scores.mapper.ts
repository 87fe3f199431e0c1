import {
  type DisqualificationScoreCell,
  type DisqualificationScoreKey,
  type PenaltyScoreCell,
  type PenaltyScoreKey,
  type ScoreType,
  type SubsectionScoreCell,
  type SyncEvent,
} from '@judging/shared-types';
import type { DisqualificationScoreRow, EventRow, PenaltyScoreRow, SubsectionScoreRow } from '../../db/tables.ts';

/** 0/1/null review flag → the API's boolean or null (pending). */
export function toIsConfirmed(flag: 0 | 1 | null): boolean | null {
  return flag === null ? null : flag === 1;
}

export function toSyncEvent(row: EventRow): SyncEvent {
  return {
    eventId: row.event_id,
    eventName: row.event_name,
    eventStartDate: row.start_date,
    eventStartTime: row.start_time,
    eventEndDate: row.end_date,
    eventStatus: row.status,
    isTestEvent: row.is_test_event === 1,
    judgeByTeamNumber: row.judge_by_team_number === 1,
  };
}

function cellColumns(row: SubsectionScoreRow | PenaltyScoreRow | DisqualificationScoreRow) {
  return {
    scoreId: row.score_id,
    eventId: row.event_id,
    categoryId: row.category_id,
    sectionId: row.section_id,
    schoolId: row.school_id,
    judgeId: row.judge_id,
  };
}

export function toSubsectionCell(row: SubsectionScoreRow): SubsectionScoreCell {
  return {
    ...cellColumns(row),
    subsectionId: row.subsection_id,
    score: row.score,
    comments: row.comments,
    photoSha256: row.photo_sha256,
    rev: row.rev,
    updatedAt: row.updated_at,
  };
}

export function toPenaltyCell(row: PenaltyScoreRow): PenaltyScoreCell {
  return {
    ...cellColumns(row),
    penaltyId: row.penalty_id,
    amount: row.amount,
    overtimeSeconds: row.overtime_seconds,
    comments: row.comments,
    photoSha256: row.photo_sha256,
    rev: row.rev,
    updatedAt: row.updated_at,
    isConfirmed: toIsConfirmed(row.is_confirmed),
  };
}

export function toDisqualificationCell(row: DisqualificationScoreRow): DisqualificationScoreCell {
  return {
    ...cellColumns(row),
    disqualificationId: row.disqualification_id,
    comments: row.comments,
    photoSha256: row.photo_sha256,
    rev: row.rev,
    updatedAt: row.updated_at,
    isConfirmed: toIsConfirmed(row.is_confirmed),
  };
}

export function toPenaltyKey(row: PenaltyScoreRow): PenaltyScoreKey {
  return { ...cellColumns(row), penaltyId: row.penalty_id };
}

export function toDisqualificationKey(row: DisqualificationScoreRow): DisqualificationScoreKey {
  return { ...cellColumns(row), disqualificationId: row.disqualification_id };
}

/** subsectionPercentage = score / max × 100, 2 decimals (decisions.md §1). */
export function toPercentage(score: number, max: number): number {
  // Scores are quarter steps and maxima 1–20: a half-hundredth only arises when the max is a
  // power of two, which binary holds exactly, so Math.round rounds half-up without noise.
  return Math.round((score / max) * 10_000) / 100;
}

/** The URL of a score's photo; an <img> adds `?token=` since it cannot send a header. */
export function scorePhotoUrl(
  place: { eventId: number; categoryId: number; sectionId: number; schoolId: number; judgeId: number },
  type: ScoreType,
  scoreId: string,
  sha256: string,
): string {
  return (
    `/api/files/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}` +
    `/school/${place.schoolId}/judge/${place.judgeId}/${type}/${scoreId}/${sha256}`
  );
}
