// School-penalties review (decisions §1 "Review"): a coordinator confirms or rejects each applied
// penalty and disqualification. Pending items count; only a rejection stops one counting, and
// every confirmation is audited. Review opens once every judge of the category has submitted
// and closes with the event. A changed outcome reaches the owning judge's device at its next
// pull (a change-log row with the cell and its review state).
import {
  ChangeEntity,
  ChangeOp,
  ErrorCode,
  judgesWithWork,
  PenaltyReviewStatusLabel,
  RunMessages,
  type CategoryPenalties,
  type ConfirmationList,
  type ReviewSheet,
  type SchoolPenalties,
} from '@judging/shared-types';
import { schoolShownToCoordinators } from '../../shared/team-numbers.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { ApiError, notFound } from '../../common/api-error.ts';
import { listPhotoCaptureTimes } from '../../shared/photos.repository.ts';
import { listJudgeNames, loadCategoryWork } from '../../shared/owed-work.repository.ts';
import { findPendingReview } from '../../shared/pending-review.ts';
import { toDisqualificationCell, toPenaltyCell } from '../scores/scores.mapper.ts';
import { appendChange } from '../../shared/change-log.repository.ts';
import {
  listDisqualificationItems,
  listPenaltyItems,
  listReviewStatuses,
  markReviewComplete,
  markReviewViewed,
  setConfirmation,
} from './review.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { recordHistory, serverOrigin } from '../../shared/score-history.ts';
import { findRunEvent } from '../../shared/event-lookups.ts';
import {
  listAssignmentsOfEvent,
  listCategoriesOfEvent,
  listCategorySections,
  listRegistrationsOfEvent,
  listSubmissionsOfEvent,
} from '../../shared/event-schedule.repository.ts';

interface CategoryContext {
  event: EventRow;
  categoryName: string;
  isReviewEnabled: boolean;
  waitingJudges: string[];
}

async function loadCategory(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
): Promise<CategoryContext> {
  const event = await findRunEvent(db, caller, eventId);
  const category = (await listCategoriesOfEvent(db, eventId)).find((row) => row.category_id === categoryId);
  if (!category) throw notFound('Category not found in this event.');
  // decisions §9: review opens once every judge who owes work (not an excused one) has submitted.
  const work = (await loadCategoryWork(db, [categoryId])).get(categoryId);
  const owing = work === undefined ? [] : judgesWithWork(work);
  const submitted = new Set(
    (await listSubmissionsOfEvent(db, eventId))
      .filter((row) => row.category_id === categoryId)
      .map((row) => row.judge_id),
  );
  const isJudged = owing.length > 0 && owing.every((judgeId) => submitted.has(judgeId));
  const waiting = owing.filter((judgeId) => !submitted.has(judgeId));
  const names = await listJudgeNames(db, waiting);
  return {
    event,
    categoryName: category.category_name,
    isReviewEnabled: isJudged && event.status !== 'CLOSED',
    waitingJudges: waiting.map((judgeId) => names.get(judgeId) ?? `Judge ${judgeId}`).sort(),
  };
}

/**
 * A school's review status as the lists show it: Complete once nothing of it awaits a decision
 * (decisions §9), Viewed once a coordinator has opened its list, Pending before (no review row
 * yet counts as Pending).
 */
export function describeReviewStatus(
  review: { status: 'PENDING' | 'COMPLETE'; viewed_at: string | null } | undefined,
  pendingCount: number,
): PenaltyReviewStatusLabel {
  if (pendingCount === 0) return PenaltyReviewStatusLabel.Complete;
  if (review !== undefined && review.viewed_at !== null) return PenaltyReviewStatusLabel.Viewed;
  return PenaltyReviewStatusLabel.Pending;
}

function toFlag(value: 0 | 1 | null): boolean | null {
  return value === null ? null : value === 1;
}

function photoUrl(
  item: {
    event_id: number;
    category_id: number;
    section_id: number;
    school_id: number;
    judge_id: number;
    score_id: string;
    photo_sha256: string | null;
  },
  type: 'penalty' | 'disqualification',
): string | null {
  if (item.photo_sha256 === null) return null;
  return (
    `/api/files/score/event/${item.event_id}/category/${item.category_id}/section/${item.section_id}` +
    `/school/${item.school_id}/judge/${item.judge_id}/${type}/${item.score_id}/${item.photo_sha256}`
  );
}

/** GET run/coordinator/event/:eventId/category/:categoryId/penalties: schools with penalties or DQs. */
export async function getCategoryPenalties(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
): Promise<CategoryPenalties> {
  const context = await loadCategory(db, caller, eventId, categoryId);
  const [penalties, disqualifications, statuses, registrations, pending] = [
    await listPenaltyItems(db, categoryId),
    await listDisqualificationItems(db, categoryId),
    await listReviewStatuses(db, categoryId),
    await listRegistrationsOfEvent(db, eventId),
    await findPendingReview(db, eventId, { categoryId }),
  ];
  const schools = registrations
    .filter((row) => row.category_id === categoryId)
    .map((row) => ({
      schoolId: row.school_id,
      schoolName: schoolShownToCoordinators(row),
      penaltyCount: penalties.filter((item) => item.school_id === row.school_id).length,
      disqualificationCount: disqualifications.filter((item) => item.school_id === row.school_id).length,
      status: describeReviewStatus(
        statuses.find((status) => status.school_id === row.school_id),
        pending.filter((item) => item.schoolId === row.school_id).length,
      ),
    }))
    .filter((school) => school.penaltyCount + school.disqualificationCount > 0);
  return {
    eventId,
    eventName: context.event.event_name,
    eventStatus: context.event.status,
    categoryId,
    categoryName: context.categoryName,
    isReviewEnabled: context.isReviewEnabled,
    waitingJudges: context.waitingJudges,
    schools,
  };
}

/** The school's registration in the category; 404 when it is not registered there. */
async function findRegistrationOrNotFound(db: Db, params: { eventId: number; categoryId: number; schoolId: number }) {
  const registration = (await listRegistrationsOfEvent(db, params.eventId)).find(
    (row) => row.category_id === params.categoryId && row.school_id === params.schoolId,
  );
  if (!registration) throw notFound('School is not registered in this category.');
  return registration;
}

/** GET run/coordinator/event/:eventId/category/:categoryId/school/:schoolId/penalties: the items per judge and section. */
export async function getSchoolPenalties(
  db: Db,
  caller: AuthContext,
  params: { eventId: number; categoryId: number; schoolId: number },
): Promise<SchoolPenalties> {
  const context = await loadCategory(db, caller, params.eventId, params.categoryId);
  const registration = await findRegistrationOrNotFound(db, params);
  const [penalties, disqualifications, statuses, assignments, sections] = [
    await listPenaltyItems(db, params.categoryId, params.schoolId),
    await listDisqualificationItems(db, params.categoryId, params.schoolId),
    await listReviewStatuses(db, params.categoryId),
    await listAssignmentsOfEvent(db, params.eventId),
    await listCategorySections(db, params.eventId),
  ];
  const sectionOrder = sections.filter((row) => row.category_id === params.categoryId);
  const takenAt = await listPhotoCaptureTimes(
    db,
    context.event.state_id,
    [...penalties, ...disqualifications].flatMap((item) => (item.photo_sha256 === null ? [] : [item.photo_sha256])),
  );
  const photoTakenAt = (item: { photo_sha256: string | null }) =>
    item.photo_sha256 === null ? null : (takenAt.get(item.photo_sha256) ?? null);
  const sheets = new Map<string, ReviewSheet>();
  const sheetOf = (judgeId: number, sectionId: number): ReviewSheet => {
    const key = `${judgeId}:${sectionId}`;
    let sheet = sheets.get(key);
    if (!sheet) {
      const judge = assignments.find((row) => row.judge_id === judgeId);
      sheet = {
        judgeId,
        judgeFirstName: judge?.first_name ?? '',
        judgeLastName: judge?.last_name ?? `Judge ${judgeId}`,
        sectionId,
        sectionName: sectionOrder.find((row) => row.section_id === sectionId)?.section_name ?? '',
        penalties: [],
        disqualifications: [],
      };
      sheets.set(key, sheet);
    }
    return sheet;
  };
  for (const item of penalties) {
    sheetOf(item.judge_id, item.section_id).penalties.push({
      penaltyScoreId: item.score_id,
      penaltyId: item.penalty_id,
      penaltyName: item.penalty_name,
      penaltyAmount: item.amount,
      penaltyOvertimeSeconds: item.overtime_seconds,
      penaltyComments: item.comments,
      penaltyFile: photoUrl(item, 'penalty'),
      penaltyFileCapturedAt: photoTakenAt(item),
      isConfirmed: toFlag(item.is_confirmed),
    });
  }
  for (const item of disqualifications) {
    sheetOf(item.judge_id, item.section_id).disqualifications.push({
      disqualificationScoreId: item.score_id,
      disqualificationId: item.disqualification_id,
      disqualificationName: item.disqualification_name,
      disqualificationComments: item.comments,
      disqualificationFile: photoUrl(item, 'disqualification'),
      disqualificationFileCapturedAt: photoTakenAt(item),
      isConfirmed: toFlag(item.is_confirmed),
    });
  }
  const position = (sectionId: number) => sectionOrder.findIndex((row) => row.section_id === sectionId);
  const ordered = [...sheets.values()].sort(
    (a, b) =>
      a.judgeLastName.localeCompare(b.judgeLastName) ||
      a.judgeId - b.judgeId ||
      position(a.sectionId) - position(b.sectionId),
  );
  return {
    eventId: params.eventId,
    eventName: context.event.event_name,
    eventStatus: context.event.status,
    categoryId: params.categoryId,
    categoryName: context.categoryName,
    schoolId: params.schoolId,
    schoolName: schoolShownToCoordinators(registration),
    status: describeReviewStatus(
      statuses.find((row) => row.school_id === params.schoolId),
      (await findPendingReview(db, params.eventId, { categoryId: params.categoryId, schoolId: params.schoolId }))
        .length,
    ),
    isReviewEnabled: context.isReviewEnabled,
    waitingJudges: context.waitingJudges,
    sheets: ordered,
  };
}

/**
 * Applies each decision, inside the caller's transaction: a changed outcome is a new revision of
 * the judge's cell (history, the judge's device at its next pull); every decision is audited.
 */
async function applyDecisions(
  trx: Db,
  caller: AuthContext,
  context: CategoryContext,
  params: { eventId: number; categoryId: number; schoolId: number },
  confirmations: ConfirmationList,
  now: string,
): Promise<void> {
  const penalties = new Map(
    (await listPenaltyItems(trx, params.categoryId, params.schoolId)).map((item) => [item.score_id, item]),
  );
  const disqualifications = new Map(
    (await listDisqualificationItems(trx, params.categoryId, params.schoolId)).map((item) => [item.score_id, item]),
  );
  for (const confirmation of confirmations) {
    const isPenalty = 'penaltyScoreId' in confirmation;
    const scoreId = isPenalty ? confirmation.penaltyScoreId : confirmation.disqualificationScoreId;
    const item = isPenalty ? penalties.get(scoreId) : disqualifications.get(scoreId);
    if (!item) throw new ApiError(400, ErrorCode.ValidationFailed, RunMessages.unknownScore);
    const review = {
      isConfirmed: confirmation.isConfirmed,
      isChange: toFlag(item.is_confirmed) !== confirmation.isConfirmed,
      reviewer: caller.userId,
    };
    // The judge's device holds this cell: a changed outcome goes to it at its next pull, as
    // any other write to the judge's cells does (same change log, same transaction).
    const change = { stateId: context.event.state_id, eventId: item.event_id, categoryId: item.category_id };
    const cell = isPenalty
      ? toPenaltyCell(await setConfirmation(trx, 'penalty_score', scoreId, review, now))
      : toDisqualificationCell(await setConfirmation(trx, 'disqualification_score', scoreId, review, now));
    if (review.isChange) {
      // The judge's work as it stands after the decision, in the same timeline as their edits.
      const amount = 'amount' in item ? item.amount : null;
      const overtime = 'overtime_seconds' in item ? item.overtime_seconds : null;
      await recordHistory(
        trx,
        {
          ...change,
          sectionId: item.section_id,
          schoolId: item.school_id,
          judgeId: item.judge_id,
          kind: isPenalty ? 'penalty' : 'disqualification',
          action: confirmation.isConfirmed ? 'confirm' : 'reject',
          itemId: 'penalty_id' in item ? item.penalty_id : item.disqualification_id,
          scoreId,
          valueBefore: amount,
          valueAfter: amount,
          overtimeBefore: overtime,
          overtimeAfter: overtime,
          isCommentChanged: false,
          isPhotoChanged: false,
          changedBy: caller.userId,
          note: null,
        },
        serverOrigin(now),
        now,
      );
      await appendChange(
        trx,
        {
          ...change,
          judgeId: cell.judgeId,
          entity: isPenalty ? ChangeEntity.PenaltyScore : ChangeEntity.DisqualificationScore,
          entityId: cell.scoreId,
          op: ChangeOp.Put,
          payload: cell,
        },
        now,
      );
    }
    await recordAudit(
      trx,
      {
        stateId: context.event.state_id,
        userId: caller.userId,
        action: confirmation.isConfirmed ? 'confirm' : 'reject',
        entityType: isPenalty ? 'penalty_score' : 'disqualification_score',
        entityId: scoreId,
        before: { isConfirmed: toFlag(item.is_confirmed) },
        after: { isConfirmed: confirmation.isConfirmed },
      },
      now,
    );
  }
  // decisions §9: a school is Complete once nothing of it awaits a decision.
  const remaining = await findPendingReview(trx, params.eventId, {
    categoryId: params.categoryId,
    schoolId: params.schoolId,
  });
  if (remaining.length === 0) {
    await markReviewComplete(
      trx,
      {
        categoryId: params.categoryId,
        schoolId: params.schoolId,
        stateId: context.event.state_id,
        eventId: params.eventId,
        reviewer: caller.userId,
      },
      now,
    );
  }
}

/**
 * PUT run/coordinator/confirm/event/:eventId/category/:categoryId/school/:schoolId: applies each
 * decision in one transaction (the review screen sends each confirm or reject as it is made).
 */
export async function confirmSchoolPenalties(
  db: Db,
  caller: AuthContext,
  params: { eventId: number; categoryId: number; schoolId: number },
  confirmations: ConfirmationList,
  now: string,
): Promise<{ status: 'Success'; message: string }> {
  return inTransaction(db, async (trx) => {
    const context = await loadCategory(trx, caller, params.eventId, params.categoryId);
    await findRegistrationOrNotFound(trx, params);
    if (!context.isReviewEnabled) throw new ApiError(409, ErrorCode.Conflict, RunMessages.reviewDisabled);
    await applyDecisions(trx, caller, context, params, confirmations, now);
    return { status: 'Success' as const, message: RunMessages.reviewSaved };
  });
}

/**
 * POST run/coordinator/confirm-remaining/event/:eventId/category/:categoryId: confirms every
 * counting item of the category nobody has decided yet, one audited decision per item.
 */
export async function confirmRemainingPenalties(
  db: Db,
  caller: AuthContext,
  params: { eventId: number; categoryId: number },
  now: string,
): Promise<{ status: 'Success'; message: string }> {
  return inTransaction(db, async (trx) => {
    const context = await loadCategory(trx, caller, params.eventId, params.categoryId);
    if (!context.isReviewEnabled) throw new ApiError(409, ErrorCode.Conflict, RunMessages.reviewDisabled);
    const pending = await findPendingReview(trx, params.eventId, { categoryId: params.categoryId });
    const schoolIds = [...new Set(pending.map((item) => item.schoolId))];
    for (const schoolId of schoolIds) {
      const confirmations: ConfirmationList = pending
        .filter((item) => item.schoolId === schoolId)
        .map((item) =>
          item.kind === 'penalty'
            ? { penaltyScoreId: item.scoreId, isConfirmed: true }
            : { disqualificationScoreId: item.scoreId, isConfirmed: true },
        );
      await applyDecisions(trx, caller, context, { ...params, schoolId }, confirmations, now);
    }
    const count = pending.length === 1 ? '1 item' : `${pending.length} items`;
    return { status: 'Success' as const, message: `${RunMessages.confirmedRemaining} (${count})` };
  });
}

/**
 * POST run/coordinator/viewed/event/:eventId/category/:categoryId/school/:schoolId: records that a coordinator opened
 * the school's penalties, so the list shows it Viewed to the other coordinators. The same guards
 * as the confirmation (editors of the event's state, review open); a Complete school stays
 * Complete. Not audited: it changes no score and no decision.
 */
export async function markSchoolPenaltiesViewed(
  db: Db,
  caller: AuthContext,
  params: { eventId: number; categoryId: number; schoolId: number },
  now: string,
): Promise<{ status: 'Success'; message: string }> {
  return inTransaction(db, async (trx) => {
    const context = await loadCategory(trx, caller, params.eventId, params.categoryId);
    await findRegistrationOrNotFound(trx, params);
    if (!context.isReviewEnabled) throw new ApiError(409, ErrorCode.Conflict, RunMessages.reviewDisabled);
    await markReviewViewed(
      trx,
      {
        categoryId: params.categoryId,
        schoolId: params.schoolId,
        stateId: context.event.state_id,
        eventId: params.eventId,
        viewer: caller.userId,
      },
      now,
    );
    return { status: 'Success' as const, message: RunMessages.reviewViewed };
  });
}
