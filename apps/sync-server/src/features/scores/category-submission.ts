// A judge's submission of a category, and a coordinator's unlock of it. A submission covers the
// cells the judge owes at that moment (decisions §7 "Final means complete") and locks the
// category for them; an unlock reopens it while the event runs.
import {
  ChangeEntity,
  ChangeOp,
  EDITOR_ROLES,
  ErrorCode,
  RejectionCode,
  ReopenReason,
  hasRole,
  type CategorySubmit,
  type SubmissionDelete,
  type SubmissionPut,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound } from '../../common/api-error.ts';
import { appendChange } from '../../shared/change-log.repository.ts';
import { SUBMISSION_ENTITY, UNLOCK_AUDIT_ACTION, submissionEntityId } from '../../shared/owed-work.repository.ts';
import { findJudgeMissingCells } from '../../shared/owed-work.service.ts';
import { requireJudgeWriter, resolveCategory } from './cell-rules.ts';
import { forgetSubmission, scheduleReads } from '../../shared/schedule-reads.ts';
import { reject, ScoreMessages } from './score-rejection.ts';
import {
  deleteSubmission,
  findCategoryOfEvent,
  findEvent,
  findSubmission,
  insertSubmission,
  listAssignedSections,
} from '../../shared/schedule.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { recordHistory, serverOrigin, submissionHistory, type ChangeOrigin } from '../../shared/score-history.ts';

/**
 * Submits the judge's category once every (school with students × assigned section ×
 * subsection) has their score; the submission locks the category for them. Submitting an
 * already submitted category is a no-op.
 */
export async function submitCategory(
  db: Db,
  caller: AuthContext,
  data: CategorySubmit,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<{ submittedAt: string; isNew: boolean }> {
  requireJudgeWriter(caller);
  const { event, category } = await resolveCategory(db, caller, data.eventId, data.categoryId);
  const judgeId = caller.userId;
  const sections = (await listAssignedSections(db, judgeId, event.event_id)).filter(
    (row) => row.category_id === category.category_id,
  );
  if (sections.length === 0) throw reject(RejectionCode.NotAssigned, ScoreMessages.notAssignedToCategory);
  if (sections.every((row) => row.excused_at !== null))
    throw reject(RejectionCode.JudgeExcused, ScoreMessages.judgeExcusedFromCategory);
  const existing = await scheduleReads.submission(db, category.category_id, judgeId);
  if (existing) return { submittedAt: existing.submitted_at, isNew: false };
  if (event.status === 'CLOSED') throw reject(RejectionCode.EventClosed, ScoreMessages.eventClosed);
  const missing = (await findJudgeMissingCells(db, category.category_id, judgeId)).length;
  if (missing > 0) {
    throw reject(RejectionCode.Incomplete, `${ScoreMessages.incomplete} ${missing} not scored yet.`);
  }
  await insertSubmission(
    db,
    { categoryId: category.category_id, judgeId, stateId: event.state_id, eventId: event.event_id },
    now,
  );
  forgetSubmission(db, category.category_id, judgeId);
  const payload: SubmissionPut = {
    eventId: event.event_id,
    categoryId: category.category_id,
    judgeId,
    submittedAt: now,
  };
  await appendChange(
    db,
    {
      stateId: event.state_id,
      eventId: event.event_id,
      categoryId: category.category_id,
      judgeId,
      entity: ChangeEntity.CategorySubmission,
      entityId: `${category.category_id}:${judgeId}`,
      op: ChangeOp.Put,
      payload,
    },
    now,
  );
  await recordHistory(
    db,
    {
      ...submissionHistory({
        stateId: event.state_id,
        eventId: event.event_id,
        categoryId: category.category_id,
        judgeId,
      }),
      action: 'submit',
      changedBy: judgeId,
    },
    origin,
    now,
  );
  return { submittedAt: now, isNew: true };
}

/**
 * A coordinator reopens a judge's submitted category (only while the event is in progress);
 * audited, and the judge's device learns it at its next pull.
 */
export async function unlockJudgeCategory(
  db: Db,
  caller: AuthContext,
  target: { eventId: number; categoryId: number; judgeId: number },
  now: string,
): Promise<void> {
  if (!hasRole(caller.role, EDITOR_ROLES)) throw forbidden();
  await inTransaction(db, async (trx) => {
    const event = await findEvent(trx, target.eventId);
    if (!event) throw notFound(ScoreMessages.eventNotFound);
    if (event.state_id !== caller.stateId) throw forbidden(ScoreMessages.otherState);
    if (!(await findCategoryOfEvent(trx, target.eventId, target.categoryId)))
      throw notFound(ScoreMessages.categoryNotFound);
    if (event.status !== 'STARTED') {
      throw new ApiError(409, ErrorCode.Conflict, 'A judge can be unlocked only while the event is in progress.');
    }
    const submission = await findSubmission(trx, target.categoryId, target.judgeId);
    if (!submission) throw new ApiError(409, ErrorCode.Conflict, 'This judge has not submitted the category.');
    await deleteSubmission(trx, target.categoryId, target.judgeId);
    forgetSubmission(trx, target.categoryId, target.judgeId);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: UNLOCK_AUDIT_ACTION,
        entityType: SUBMISSION_ENTITY,
        entityId: submissionEntityId(target.categoryId, target.judgeId),
        before: { submittedAt: submission.submitted_at },
      },
      now,
    );
    await recordHistory(
      trx,
      {
        ...submissionHistory({ stateId: event.state_id, ...target }),
        action: 'unlock',
        changedBy: caller.userId,
      },
      serverOrigin(now),
      now,
    );
    const payload: SubmissionDelete = { ...target, unlockedAt: now, reason: ReopenReason.unlocked };
    await appendChange(
      trx,
      {
        stateId: event.state_id,
        eventId: event.event_id,
        categoryId: target.categoryId,
        judgeId: target.judgeId,
        entity: ChangeEntity.CategorySubmission,
        entityId: `${target.categoryId}:${target.judgeId}`,
        op: ChangeOp.Delete,
        payload,
      },
      now,
    );
  });
}
