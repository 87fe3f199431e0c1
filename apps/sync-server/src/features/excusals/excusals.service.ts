// A judge who does not come never blocks the day (decisions §9). On the run page a coordinator
// excuses a judge's unsubmitted section assignments in a category, or replaces the judge: excuse
// plus another judge of the state assigned to the same sections, starting with an empty sheet.
// The excused judge's scores stay stored and in the history but stop counting (owed-cells.ts);
// the tablet downloads its schedule again and its queued edits there are refused `judge_excused`.
// Audited with the coordinator's reason.
import {
  ErrorCode,
  RunMessages,
  type ExcuseJudgeBody,
  type ReplaceJudgeBody,
  type RunStatusResponse,
  type UnlockJudgeParams,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { ApiError, notFound } from '../../common/api-error.ts';
import { insertJudgeAssignment } from '../categories/categories.repository.ts';
import { recordCategoryChange } from '../categories/category-context.ts';
import { findCategoryOfEvent, findSubmission } from '../../shared/schedule.repository.ts';
import { findJudgeOfState, insertExcusal, listJudgeAssignmentsInCategory } from './excusals.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { recordScheduleChange } from '../../shared/change-log.repository.ts';
import { findRunEvent } from '../../shared/event-lookups.ts';

interface Excused {
  event: EventRow;
  judgeName: string;
  sectionNames: string[];
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

async function excuseInTransaction(
  trx: Db,
  caller: AuthContext,
  params: UnlockJudgeParams,
  body: ExcuseJudgeBody,
  replacementJudgeId: number | null,
  now: string,
): Promise<Excused> {
  const event = await findRunEvent(trx, caller, params.eventId);
  if (event.status === 'CLOSED') throw new ApiError(409, ErrorCode.EventClosed, RunMessages.excuseClosed);
  if (!(await findCategoryOfEvent(trx, params.eventId, params.categoryId)))
    throw notFound('Category not found in this event.');
  const judge = await findJudgeOfState(trx, params.judgeId);
  if (!judge || judge.state_id !== event.state_id) throw notFound('Judge not found.');
  const assignments = await listJudgeAssignmentsInCategory(trx, params.categoryId, params.judgeId);
  const sectionIds = [...new Set(body.sectionIds)];
  const sectionNames: string[] = [];
  for (const sectionId of sectionIds) {
    const assignment = assignments.find((row) => row.section_id === sectionId);
    if (!assignment) throw notFound(RunMessages.excuseNotAssigned);
    if (assignment.excused_at !== null) throw new ApiError(409, ErrorCode.Conflict, RunMessages.excuseAlready);
    sectionNames.push(assignment.section_name);
  }
  // A submitted sheet is the judge's word that it is complete: unlock it first, deliberately.
  if ((await findSubmission(trx, params.categoryId, params.judgeId)) !== undefined)
    throw new ApiError(409, ErrorCode.CategorySubmitted, RunMessages.excuseSubmitted);
  const reason = body.reason.trim();
  for (const sectionId of sectionIds) {
    const excusal = { ...params, sectionId, stateId: event.state_id, reason, excusedBy: caller.userId };
    await insertExcusal(trx, excusal, now);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: replacementJudgeId === null ? 'excuse' : 'replace',
        entityType: 'judge_assignment',
        entityId: `${params.categoryId}:${sectionId}:${params.judgeId}`,
        before: { isExcused: false },
        after: { isExcused: true, reason, ...(replacementJudgeId === null ? {} : { replacementJudgeId }) },
      },
      now,
    );
  }
  await recordScheduleChange(
    trx,
    {
      stateId: event.state_id,
      eventId: params.eventId,
      categoryId: params.categoryId,
      reason: `A coordinator excused a judge from ${listNames(sectionNames)}.`,
    },
    now,
  );
  return { event, judgeName: `${judge.first_name} ${judge.last_name}`.trim(), sectionNames };
}

/** POST …/judge/:judgeId/excuse: the judge stops owing those sections; their scores there stop counting. */
export async function excuseJudge(
  db: Db,
  caller: AuthContext,
  params: UnlockJudgeParams,
  body: ExcuseJudgeBody,
  now: string,
): Promise<RunStatusResponse> {
  return inTransaction(db, async (trx) => {
    const excused = await excuseInTransaction(trx, caller, params, body, null, now);
    return {
      status: 'Success',
      message: `${excused.judgeName} is excused from ${listNames(excused.sectionNames)}. Their scores there stay stored and no longer count.`,
      eventStatus: excused.event.status,
    };
  });
}

/** POST …/judge/:judgeId/replace: excuse, and assign the replacement to the same sections (an empty sheet). */
export async function replaceJudge(
  db: Db,
  caller: AuthContext,
  params: UnlockJudgeParams,
  body: ReplaceJudgeBody,
  now: string,
): Promise<RunStatusResponse> {
  if (body.replacementJudgeId === params.judgeId)
    throw new ApiError(400, ErrorCode.ValidationFailed, RunMessages.replacementSame);
  return inTransaction(db, async (trx) => {
    const excused = await excuseInTransaction(trx, caller, params, body, body.replacementJudgeId, now);
    const replacement = await findJudgeOfState(trx, body.replacementJudgeId);
    if (!replacement || replacement.state_id !== excused.event.state_id || replacement.role !== 'JUDGE')
      throw notFound(RunMessages.replacementNotJudge);
    if (replacement.is_archived === 1) throw new ApiError(409, ErrorCode.Conflict, RunMessages.replacementNotJudge);
    const held = await listJudgeAssignmentsInCategory(trx, params.categoryId, body.replacementJudgeId);
    const sectionIds = [...new Set(body.sectionIds)];
    if (sectionIds.some((sectionId) => held.some((row) => row.section_id === sectionId)))
      throw new ApiError(409, ErrorCode.Conflict, RunMessages.replacementAssigned);
    for (const sectionId of sectionIds) {
      await insertJudgeAssignment(
        trx,
        { categoryId: params.categoryId, sectionId, judgeId: body.replacementJudgeId, stateId: excused.event.state_id },
        now,
      );
    }
    // The same record as any assignment: the replacement's devices download again, and a
    // submission the replacement had made in this category reopens (their work grew).
    await recordCategoryChange(
      trx,
      { caller, eventId: params.eventId, categoryId: params.categoryId, now },
      excused.event.state_id,
      {
        action: 'assign',
        entityType: 'judge_assignment',
        entityId: `${params.categoryId}:${sectionIds.join(',')}`,
        reason: 'judges assigned',
        after: { judgeIds: [body.replacementJudgeId], replacing: params.judgeId },
      },
    );
    const replacementName = `${replacement.first_name} ${replacement.last_name}`.trim();
    return {
      status: 'Success',
      message: `${replacementName} now judges ${listNames(excused.sectionNames)} in place of ${excused.judgeName}.`,
      eventStatus: excused.event.status,
    };
  });
}
