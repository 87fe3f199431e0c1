// Final means complete (decisions §7). A judge's submission covers the cells owed when it was
// made; every write that can grow what a judge owes (a school registered or given students, a
// section attached, a judge assigned, a subsection added) calls `reopenSubmissionsOwingWork` in
// its own transaction, which reopens exactly the judges who now miss cells: audited, and sent to
// their devices as a submission delete with its reason. `findUnfinishedJudging` is End's check:
// every assigned judge must have a submitted and complete sheet, never a flag alone.
import {
  ChangeEntity,
  ChangeOp,
  describeMissingCells,
  findMissingCells,
  findUnjudgedSections,
  judgesWithWork,
  ReopenReason,
  type MissingCell,
  type ScoredSubsectionCell,
  type SubmissionDelete,
  type UnfinishedJudging,
} from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { deleteSubmission } from './schedule.repository.ts';
import { forgetSubmission } from './schedule-reads.ts';
import { appendChange } from './change-log.repository.ts';
import {
  REOPEN_AUDIT_ACTION,
  SUBMISSION_ENTITY,
  UNLOCK_AUDIT_ACTION,
  listCategoryIdsOfEvent,
  listJudgeNames,
  listLatestReopenings,
  listOpenCategoriesUsingSection,
  listScoredSubsectionCells,
  listSubmissionsOfCategories,
  loadCategoryWork,
  submissionEntityId,
} from './owed-work.repository.ts';
import { recordAudit } from './audit-log.ts';
import { recordHistory, serverOrigin, submissionHistory } from './score-history.ts';
import { recordScheduleChange } from './change-log.repository.ts';

/** Why the work grew, as the judge's tablet and the run page show it; the user who changed it (null: a visitor). */
export interface WorkGrowth {
  reason: string;
  userId: number | null;
}

export interface ReopenedSubmission {
  categoryId: number;
  judgeId: number;
  missing: MissingCell[];
}

function scoredCellsByCategory(cells: readonly (ScoredSubsectionCell & { categoryId: number })[]) {
  const byCategory = new Map<number, ScoredSubsectionCell[]>();
  for (const cell of cells) {
    const list = byCategory.get(cell.categoryId) ?? [];
    list.push(cell);
    byCategory.set(cell.categoryId, list);
  }
  return byCategory;
}

/** The cells the judge owes in the category and has not scored (the rule the submission checks). */
export async function findJudgeMissingCells(db: Db, categoryId: number, judgeId: number): Promise<MissingCell[]> {
  const work = (await loadCategoryWork(db, [categoryId])).get(categoryId);
  if (work === undefined) return [];
  const scored = await listScoredSubsectionCells(db, [categoryId]);
  return findMissingCells(work, judgeId, scored);
}

/**
 * Reopens, inside the caller's transaction, every submission in the categories whose judge now
 * owes cells; submissions of closed events are history and stay.
 */
export async function reopenSubmissionsOwingWork(
  db: Db,
  categoryIds: readonly number[],
  growth: WorkGrowth,
  now: string,
): Promise<ReopenedSubmission[]> {
  const submissions = await listSubmissionsOfCategories(db, [...new Set(categoryIds)]);
  const open = submissions.filter((row) => row.event_status !== 'CLOSED');
  if (open.length === 0) return [];
  const submittedCategoryIds = [...new Set(open.map((row) => row.category_id))];
  const works = await loadCategoryWork(db, submittedCategoryIds);
  const scored = scoredCellsByCategory(await listScoredSubsectionCells(db, submittedCategoryIds));
  const reopened: ReopenedSubmission[] = [];
  for (const submission of open) {
    const work = works.get(submission.category_id);
    if (work === undefined) continue;
    const missing = findMissingCells(work, submission.judge_id, scored.get(submission.category_id) ?? []);
    if (missing.length === 0) continue;
    const target = { categoryId: submission.category_id, judgeId: submission.judge_id };
    await deleteSubmission(db, target.categoryId, target.judgeId);
    forgetSubmission(db, target.categoryId, target.judgeId);
    const entityId = submissionEntityId(target.categoryId, target.judgeId);
    await recordAudit(
      db,
      {
        stateId: submission.state_id,
        userId: growth.userId,
        action: REOPEN_AUDIT_ACTION,
        entityType: SUBMISSION_ENTITY,
        entityId,
        before: { submittedAt: submission.submitted_at },
        after: { reason: growth.reason, missingCells: missing.length, missing: describeMissingCells(missing) },
      },
      now,
    );
    await recordHistory(
      db,
      {
        ...submissionHistory({
          stateId: submission.state_id,
          eventId: submission.event_id,
          categoryId: target.categoryId,
          judgeId: target.judgeId,
        }),
        action: 'reopen',
        changedBy: growth.userId,
        note: growth.reason,
      },
      serverOrigin(now),
      now,
    );
    const payload: SubmissionDelete = {
      eventId: submission.event_id,
      ...target,
      unlockedAt: now,
      reason: growth.reason,
    };
    await appendChange(
      db,
      {
        stateId: submission.state_id,
        eventId: submission.event_id,
        categoryId: target.categoryId,
        judgeId: target.judgeId,
        entity: ChangeEntity.CategorySubmission,
        entityId,
        op: ChangeOp.Delete,
        payload,
      },
      now,
    );
    reopened.push({ ...target, missing });
  }
  return reopened;
}

/**
 * A section's structure grew (a subsection added): every open category using it sends its judges'
 * devices for the new reference data and reopens the submissions that now miss cells.
 */
export async function reopenForSectionGrowth(
  db: Db,
  sectionId: number,
  growth: WorkGrowth,
  now: string,
): Promise<ReopenedSubmission[]> {
  const categories = await listOpenCategoriesUsingSection(db, sectionId);
  for (const category of categories) {
    await recordScheduleChange(
      db,
      {
        stateId: category.state_id,
        eventId: category.event_id,
        categoryId: category.category_id,
        reason: growth.reason,
      },
      now,
    );
  }
  return reopenSubmissionsOwingWork(
    db,
    categories.map((category) => category.category_id),
    growth,
    now,
  );
}

/**
 * What keeps the event from ending, by category (decisions §7, §9): schools but no section to
 * judge, a section's schools that no judge owes, and every judge who owes work not submitted or
 * missing cells.
 */
export async function findUnfinishedJudging(db: Db, eventId: number): Promise<UnfinishedJudging[]> {
  const categoryIds = await listCategoryIdsOfEvent(db, eventId);
  const works = await loadCategoryWork(db, categoryIds);
  const scored = scoredCellsByCategory(await listScoredSubsectionCells(db, categoryIds));
  const submitted = new Set(
    (await listSubmissionsOfCategories(db, categoryIds)).map((row) => `${row.category_id}:${row.judge_id}`),
  );
  const unfinished: (UnfinishedJudging | { kind: 'pendingJudge'; judgeId: number; entry: UnfinishedJudging })[] = [];
  for (const work of [...works.values()].sort((a, b) => a.categoryName.localeCompare(b.categoryName))) {
    if (work.schools.length > 0 && work.sections.every((section) => section.subsections.length === 0)) {
      unfinished.push({ kind: 'noSection', categoryName: work.categoryName, schoolCount: work.schools.length });
    }
    for (const unjudged of findUnjudgedSections(work)) {
      unfinished.push({
        kind: 'unjudgedSection',
        categoryName: work.categoryName,
        sectionName: unjudged.section.sectionName,
        excusedOnly: !unjudged.hasNoJudge,
        ...(unjudged.hasConflict ? { withConflicts: true } : {}),
        ...(unjudged.isWholeSection ? {} : { schoolNames: unjudged.schools.map((school) => school.schoolName) }),
      });
    }
    for (const judgeId of judgesWithWork(work)) {
      const isSubmitted = submitted.has(`${work.categoryId}:${judgeId}`);
      const missing = findMissingCells(work, judgeId, scored.get(work.categoryId) ?? []);
      if (isSubmitted && missing.length === 0) continue;
      const entry: UnfinishedJudging = {
        kind: 'judge',
        categoryName: work.categoryName,
        judgeName: '',
        isSubmitted,
        missing,
      };
      unfinished.push({ kind: 'pendingJudge', judgeId, entry });
    }
  }
  const judgeIds = unfinished.flatMap((entry) => (entry.kind === 'pendingJudge' ? [entry.judgeId] : []));
  const names = await listJudgeNames(db, [...new Set(judgeIds)]);
  return unfinished.map((entry) =>
    entry.kind === 'pendingJudge'
      ? { ...entry.entry, judgeName: names.get(entry.judgeId) ?? `Judge ${entry.judgeId}` }
      : entry,
  );
}

/** How a submission that is not in place now was last reopened, for the run page and the judge's download. */
export interface Reopening {
  at: string;
  reason: string;
}

/** The latest reopening or unlock of each (category, judge), keyed `categoryId:judgeId`. */
export async function findReopenings(
  db: Db,
  targets: readonly { categoryId: number; judgeId: number }[],
): Promise<Map<string, Reopening>> {
  const latest = await listLatestReopenings(
    db,
    targets.map((target) => submissionEntityId(target.categoryId, target.judgeId)),
  );
  const reopenings = new Map<string, Reopening>();
  for (const [entityId, row] of latest) {
    reopenings.set(entityId, { at: row.at, reason: reasonOf(row.action, row.afterJson) });
  }
  return reopenings;
}

function reasonOf(action: string, afterJson: string | null): string {
  if (action === UNLOCK_AUDIT_ACTION || afterJson === null) return ReopenReason.unlocked;
  try {
    const after: unknown = JSON.parse(afterJson);
    if (typeof after === 'object' && after !== null && 'reason' in after && typeof after.reason === 'string')
      return after.reason;
  } catch {
    // An unreadable audit row still says the submission was reopened.
  }
  return ReopenReason.workChanged;
}
