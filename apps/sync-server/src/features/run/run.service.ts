// The coordinator's event run: who is judging what and how far they are, and the event's
// lifecycle (decisions §2, §7): start when not started; end only when every assigned judge of every
// category has submitted a complete sheet, which freezes the results; unlock a judge while the
// event is started.
import {
  ChangeEntity,
  ChangeOp,
  describeUnfinishedJudging,
  ErrorCode,
  JudgeRunStatus,
  ExclusionReason,
  isCellOwed,
  isClockSkewed,
  isExcusedFromSection,
  judgesOwing,
  RunMessages,
  type SectionPanel,
  type CoordinatorEvent,
  type RunCategory,
  type RunJudge,
  type RunStatusResponse,
  type UnlockJudgeParams,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { ApiError, notFound } from '../../common/api-error.ts';
import { parseStudents } from '../../shared/stored-students.ts';
import { schoolShownToCoordinators } from '../../shared/team-numbers.ts';
import { unlockJudgeCategory } from '../scores/category-submission.ts';
import { appendChange } from '../../shared/change-log.repository.ts';
import { submissionEntityId } from '../../shared/owed-work.repository.ts';
import { findReopenings, findUnfinishedJudging } from '../../shared/owed-work.service.ts';
import { describePendingReview, findPendingReview, toPendingReviewItem } from '../../shared/pending-review.ts';
import { exclusionsIn, listExclusionsOfCategories } from '../../shared/schedule.repository.ts';
import { findResultsVersion } from '../results/results.repository.ts';
import { freezeResults } from '../results/results.service.ts';
import {
  countScoredCells,
  isJudgeOfCategory,
  listClockSkewByUser,
  listLastSyncByUser,
  updateEventStatus,
} from './run.repository.ts';
import { type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { findRunEvent } from '../../shared/event-lookups.ts';
import {
  listAssignmentsOfEvent,
  listCategoriesOfEvent,
  listCategorySections,
  listRegistrationsOfEvent,
  listSubmissionsOfEvent,
  listSubsectionsOfEvent,
} from '../../shared/event-schedule.repository.ts';

export interface RunFilter {
  categoryId?: number;
  /** Progress of this school only, in the categories it is registered in. */
  schoolId?: number;
}

/** The event-run view: per category, each assigned judge's status, progress and last sync. */
export async function getCoordinatorEvent(
  db: Db,
  caller: AuthContext,
  eventId: number,
  filter: RunFilter = {},
): Promise<CoordinatorEvent> {
  const event = await findRunEvent(db, caller, eventId);
  const version = await findResultsVersion(db, event.state_id);
  const categories = await buildRunCategories(db, event);
  const pendingReview = event.status === 'STARTED' ? await findPendingReview(db, eventId) : [];
  const endBlockers = event.status === 'STARTED' ? await findEndBlockers(db, eventId, categories) : [];
  const canEnd = event.status === 'STARTED' && endBlockers.length === 0 && pendingReview.length === 0;
  let shown = categories;
  if (filter.categoryId !== undefined) {
    shown = shown.filter((category) => category.categoryId === filter.categoryId);
    if (shown.length === 0) throw notFound('Category not found in this event.');
  }
  if (filter.schoolId !== undefined) {
    shown = await buildRunCategories(db, event, filter.schoolId);
    if (shown.length === 0) throw notFound('School is not registered in this event.');
    if (filter.categoryId !== undefined) shown = shown.filter((c) => c.categoryId === filter.categoryId);
  }
  return {
    eventId: event.event_id,
    eventName: event.event_name,
    eventStatus: event.status,
    startedAt: event.started_at,
    closedAt: event.closed_at,
    canEnd,
    endBlockers,
    pendingReview: pendingReview.map(toPendingReviewItem),
    categories: shown,
    version,
  };
}

/**
 * What keeps a STARTED event from ending, one sentence each. A judge not submitted already keeps
 * it from ending: the full check (every cell of every sheet) runs only once all have submitted,
 * not on each refresh of a running day.
 */
async function findEndBlockers(db: Db, eventId: number, categories: readonly RunCategory[]): Promise<string[]> {
  const blockers: string[] = [];
  const waiting = categories.flatMap((category) =>
    category.judges
      .filter((judge) => !judge.isSubmitted && !judge.isExcused)
      .map((judge) => `${judge.judgeFirstName} ${judge.judgeLastName} (${category.categoryName}): has not submitted.`),
  );
  if (waiting.length > 0) {
    blockers.push(...waiting);
    for (const category of categories) {
      for (const sectionName of category.sectionsWithoutJudges)
        blockers.push(`${category.categoryName}: no judge scores ${sectionName}.`);
    }
  } else {
    blockers.push(...(await findUnfinishedJudging(db, eventId)).map((entry) => describeUnfinishedJudging([entry])));
  }
  return blockers;
}

function statusOf(event: EventRow, isSubmitted: boolean): RunJudge['status'] {
  if (isSubmitted) return JudgeRunStatus.Complete;
  return event.status === 'NOT_STARTED' ? JudgeRunStatus.NotStarted : JudgeRunStatus.InProgress;
}

async function buildRunCategories(db: Db, event: EventRow, onlySchoolId?: number): Promise<RunCategory[]> {
  const eventId = event.event_id;
  const [categories, sections, subsections, assignments, registrations, submissions, scored, lastSync, clockSkew] = [
    await listCategoriesOfEvent(db, eventId),
    await listCategorySections(db, eventId),
    await listSubsectionsOfEvent(db, eventId),
    await listAssignmentsOfEvent(db, eventId),
    await listRegistrationsOfEvent(db, eventId),
    await listSubmissionsOfEvent(db, eventId),
    await countScoredCells(db, eventId),
    await listLastSyncByUser(db, event.state_id),
    await listClockSkewByUser(db, event.state_id),
  ];
  const exclusions = await listExclusionsOfCategories(
    db,
    categories.map((category) => category.category_id),
  );
  const reopenings = await findReopenings(
    db,
    assignments
      .filter((row) => !submissions.some((s) => s.category_id === row.category_id && s.judge_id === row.judge_id))
      .map((row) => ({ categoryId: row.category_id, judgeId: row.judge_id })),
  );
  const subsectionCount = new Map<number, number>();
  for (const row of subsections) subsectionCount.set(row.section_id, (subsectionCount.get(row.section_id) ?? 0) + 1);
  const sectionNames = new Map(sections.map((row) => [`${row.category_id}:${row.section_id}`, row.section_name]));
  // Coordinators see "Team 3 — Dover HS" while the event judges by team number; numbers are per category.
  const schoolLabels = new Map(
    registrations.map((row) => [`${row.category_id}:${row.school_id}`, schoolShownToCoordinators(row)]),
  );
  const result: RunCategory[] = [];
  for (const category of categories) {
    const categoryId = category.category_id;
    const competing = new Set(
      registrations
        .filter((row) => row.category_id === categoryId && parseStudents(row.students_json).length > 0)
        .filter((row) => onlySchoolId === undefined || row.school_id === onlySchoolId)
        .map((row) => row.school_id),
    );
    const isRegistered = registrations.some(
      (row) => row.category_id === categoryId && (onlySchoolId === undefined || row.school_id === onlySchoolId),
    );
    if (onlySchoolId !== undefined && !isRegistered) continue;
    const categorySections = new Set(sections.filter((row) => row.category_id === categoryId).map((r) => r.section_id));
    const panels = new Map<number, SectionPanel>();
    for (const sectionId of categorySections) {
      panels.set(sectionId, {
        assignedJudgeIds: assignments
          .filter((row) => row.category_id === categoryId && row.section_id === sectionId)
          .map((row) => row.judge_id),
        exclusions: exclusionsIn(exclusions, categoryId, sectionId),
      });
    }
    const allCompeting = registrations
      .filter((row) => row.category_id === categoryId && parseStudents(row.students_json).length > 0)
      .map((row) => row.school_id);
    const judgeRows = new Map<number, { first: string; last: string; sectionIds: number[] }>();
    for (const row of assignments) {
      if (row.category_id !== categoryId || !categorySections.has(row.section_id)) continue;
      const judge = judgeRows.get(row.judge_id) ?? { first: row.first_name, last: row.last_name, sectionIds: [] };
      judge.sectionIds.push(row.section_id);
      judgeRows.set(row.judge_id, judge);
    }
    const judges: RunJudge[] = [];
    for (const [judgeId, judge] of judgeRows) {
      const submission = submissions.find((row) => row.category_id === categoryId && row.judge_id === judgeId);
      const owedSections = judge.sectionIds.filter((sectionId) => {
        const panel = panels.get(sectionId);
        return panel !== undefined && !isExcusedFromSection(panel, judgeId);
      });
      const owedSectionIds = new Set(owedSections);
      const cellsExpected = [...competing].reduce(
        (sum, schoolId) =>
          sum +
          owedSections
            .filter((sectionId) => isCellOwed(panels.get(sectionId) ?? { assignedJudgeIds: [] }, judgeId, schoolId))
            .reduce((cells, sectionId) => cells + (subsectionCount.get(sectionId) ?? 0), 0),
        0,
      );
      const cellsScored = scored
        .filter(
          (row) =>
            row.category_id === categoryId &&
            row.judge_id === judgeId &&
            owedSectionIds.has(row.section_id) &&
            competing.has(row.school_id) &&
            isCellOwed(panels.get(row.section_id) ?? { assignedJudgeIds: [] }, judgeId, row.school_id),
        )
        .reduce((sum, row) => sum + Number(row.count), 0);
      const excusalOf = (sectionId: number) =>
        exclusions.find(
          (row) =>
            row.category_id === categoryId &&
            row.section_id === sectionId &&
            row.judge_id === judgeId &&
            row.reason === ExclusionReason.excused,
        );
      judges.push({
        judgeId,
        judgeFirstName: judge.first,
        judgeLastName: judge.last,
        sectionNames: judge.sectionIds.map((id) => sectionNames.get(`${categoryId}:${id}`) ?? ''),
        status: statusOf(event, submission !== undefined),
        isSubmitted: submission !== undefined,
        submittedAt: submission?.submitted_at ?? null,
        cellsScored: Math.min(cellsScored, cellsExpected),
        cellsExpected,
        lastSyncAt: lastSync.get(judgeId) ?? null,
        clockSkewMs: clockSkew.get(judgeId) ?? null,
        isClockSkewed: isClockSkewed(clockSkew.get(judgeId)),
        reopened: submission === undefined ? (reopenings.get(submissionEntityId(categoryId, judgeId)) ?? null) : null,
        sections: judge.sectionIds.map((sectionId) => ({
          sectionId,
          sectionName: sectionNames.get(`${categoryId}:${sectionId}`) ?? '',
          isExcused: excusalOf(sectionId) !== undefined,
          excusedReason: excusalOf(sectionId)?.excused_reason ?? null,
        })),
        isExcused: owedSections.length === 0,
        conflicts: exclusions
          .filter(
            (row) =>
              row.category_id === categoryId && row.judge_id === judgeId && row.reason === ExclusionReason.conflict,
          )
          .flatMap((row) => (row.school_id === null ? [] : [row.school_id]))
          .filter((schoolId, index, all) => all.indexOf(schoolId) === index)
          .map((schoolId) => ({ schoolId, schoolName: schoolLabels.get(`${categoryId}:${schoolId}`) ?? '' })),
      });
    }
    // A section is named when no judge owes one of its schools' cells; when only some schools are
    // left uncovered (conflicts), the name carries them, so Start's warning says which (§9).
    const uncoveredLabel = (sectionId: number, sectionName: string): string | null => {
      const panel = panels.get(sectionId) ?? { assignedJudgeIds: [] };
      if (allCompeting.length === 0)
        return panel.assignedJudgeIds.some((judgeId) => !isExcusedFromSection(panel, judgeId)) ? null : sectionName;
      const uncovered = allCompeting.filter((schoolId) => judgesOwing(panel, schoolId).length === 0);
      if (uncovered.length === 0) return null;
      if (uncovered.length === allCompeting.length) return sectionName;
      return `${sectionName} (${uncovered.map((schoolId) => schoolLabels.get(`${categoryId}:${schoolId}`) ?? '').join(', ')})`;
    };
    // Judge lists are sorted by last name (seed §9).
    judges.sort(
      (a, b) => a.judgeLastName.localeCompare(b.judgeLastName) || a.judgeFirstName.localeCompare(b.judgeFirstName),
    );
    result.push({
      categoryId,
      categoryName: category.category_name,
      isJudged:
        judges.some((judge) => !judge.isExcused) && judges.every((judge) => judge.isSubmitted || judge.isExcused),
      schoolCount: competing.size,
      competingSchoolIds: allCompeting,
      sectionsWithoutJudges: sections
        .filter((row) => row.category_id === categoryId)
        .flatMap((row) => uncoveredLabel(row.section_id, row.section_name) ?? []),
      judges,
    });
  }
  return result.sort((a, b) => a.categoryName.localeCompare(b.categoryName) || a.categoryId - b.categoryId);
}

async function announceStatus(db: Db, event: EventRow, status: EventRow['status'], now: string): Promise<void> {
  await appendChange(
    db,
    {
      stateId: event.state_id,
      eventId: event.event_id,
      categoryId: null,
      judgeId: null,
      entity: ChangeEntity.Event,
      entityId: String(event.event_id),
      op: ChangeOp.Put,
      payload: { eventId: event.event_id, eventStatus: status },
    },
    now,
  );
}

/** PUT run/coordinator/event/:eventId/start: NOT_STARTED → STARTED. */
export async function startEvent(
  db: Db,
  caller: AuthContext,
  eventId: number,
  now: string,
): Promise<RunStatusResponse> {
  return inTransaction(db, async (trx) => {
    const event = await findRunEvent(trx, caller, eventId);
    if (event.status !== 'NOT_STARTED') throw new ApiError(409, ErrorCode.Conflict, RunMessages.notNotStarted);
    await updateEventStatus(trx, eventId, { status: 'STARTED', startedAt: now }, now);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: 'start',
        entityType: 'event',
        entityId: eventId,
        before: { status: event.status },
        after: { status: 'STARTED' },
      },
      now,
    );
    await announceStatus(trx, event, 'STARTED', now);
    return { status: 'Success', message: RunMessages.started, eventStatus: 'STARTED' };
  });
}

/**
 * PUT run/coordinator/event/:eventId/complete: STARTED → CLOSED once every assigned judge of every
 * category has submitted; the results are frozen in the same transaction.
 */
export async function completeEvent(
  db: Db,
  caller: AuthContext,
  eventId: number,
  now: string,
): Promise<RunStatusResponse> {
  return inTransaction(db, async (trx) => {
    const event = await findRunEvent(trx, caller, eventId);
    if (event.status !== 'STARTED') throw new ApiError(409, ErrorCode.Conflict, RunMessages.notStarted);
    // The server's own check of every sheet, not the submission flags alone (decisions §7).
    const unfinished = await findUnfinishedJudging(trx, eventId);
    if (unfinished.length > 0) {
      throw new ApiError(
        409,
        ErrorCode.Incomplete,
        `${RunMessages.judgesIncomplete} ${describeUnfinishedJudging(unfinished)}`,
      );
    }
    // Final means reviewed (decisions §9): nothing that counts may still await a decision.
    const pendingReview = await findPendingReview(trx, eventId);
    if (pendingReview.length > 0) {
      throw new ApiError(
        409,
        ErrorCode.ReviewPending,
        `${RunMessages.reviewPending} ${describePendingReview(pendingReview)}`,
      );
    }
    await updateEventStatus(trx, eventId, { status: 'CLOSED', closedAt: now }, now);
    const closed = { ...event, status: 'CLOSED' as const, closed_at: now };
    const report = await freezeResults(trx, closed, now);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: 'complete',
        entityType: 'event',
        entityId: eventId,
        before: { status: event.status },
        after: { status: 'CLOSED', frozenAt: report.frozenAt },
      },
      now,
    );
    await announceStatus(trx, event, 'CLOSED', now);
    return { status: 'Success', message: RunMessages.ended, eventStatus: 'CLOSED' };
  });
}

/** DELETE score/submitScores/event/:eventId/category/:categoryId/judge/:judgeId: a coordinator's unlock (audited by the scores service). */
export async function unlockJudge(
  db: Db,
  caller: AuthContext,
  params: UnlockJudgeParams,
  now: string,
): Promise<RunStatusResponse> {
  if (!(await isJudgeOfCategory(db, params.categoryId, params.judgeId))) {
    await findRunEvent(db, caller, params.eventId);
    throw notFound('That judge is not assigned to this category.');
  }
  await unlockJudgeCategory(db, caller, params, now);
  const event = await findRunEvent(db, caller, params.eventId);
  return { status: 'Success', message: RunMessages.unlocked, eventStatus: event.status };
}
