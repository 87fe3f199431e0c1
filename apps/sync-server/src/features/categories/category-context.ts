// What every category call shares: loading the event and category for a read or a write, the
// category as the screens read it back, and recording a change (devices, audit, reopenings).
import { CategoryMessages, ReopenReason, type CategoryDetail, type CategorySection } from '@judging/shared-types';
import { conflictSchoolsByJudge } from '../../shared/judge-conflicts.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../common/api-error.ts';
import { reopenSubmissionsOwingWork } from '../../shared/owed-work.service.ts';
import { indexScoredKeys, toCategoryDetail } from './categories.mapper.ts';
import {
  findCategory,
  hasCategorySubmissions,
  listCategoryJudges,
  listCategorySchools,
  listCategorySections,
  listScoredKeys,
} from './categories.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import type { EventRecord } from '../../shared/event-lookups.ts';
import { recordScheduleChange } from '../../shared/change-log.repository.ts';
import { loadEventForRead, loadEventForWrite } from '../../shared/event-lookups.ts';

/** What the judge's tablet says when a category change reopens their submission. */
const WORK_GROWTH_REASONS: Partial<Record<string, string>> = {
  'sections assigned': ReopenReason.sectionAdded,
  'judges assigned': ReopenReason.judgeAssigned,
  'students updated': ReopenReason.studentsUpdated,
  'schools added': ReopenReason.schoolRegistered,
};

export type CategoryRecord = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

/** Who changes what, when: every write below passes the same three checks first. */
export interface WriteContext {
  caller: AuthContext;
  eventId: number;
  categoryId: number;
  now: string;
}

export async function loadCategory(db: Db, eventId: number, categoryId: number): Promise<CategoryRecord> {
  const category = await findCategory(db, eventId, categoryId);
  if (!category) throw notFound(CategoryMessages.notFound);
  return category;
}

/** Event readable by the caller, category inside it. */
export async function loadForRead(db: Db, caller: AuthContext, eventId: number, categoryId: number) {
  const event = await loadEventForRead(db, caller, eventId);
  return { event, category: await loadCategory(db, eventId, categoryId) };
}

/** Event of the caller's state and not closed, category inside it. */
export async function loadForWrite(
  db: Db,
  context: WriteContext,
): Promise<{ event: EventRecord; category: CategoryRecord }> {
  const event = await loadEventForWrite(db, context.caller, context.eventId);
  return { event, category: await loadCategory(db, context.eventId, context.categoryId) };
}

/** Fair panels: each assigned judge's conflicts with the category's schools, on the sections given. */
export async function addJudgeConflicts(db: Db, categoryId: number, sections: readonly CategorySection[]) {
  const schools = await listCategorySchools(db, categoryId);
  const judgeIds = sections.flatMap((section) => section.sectionJudges.map((judge) => judge.judgeId));
  const conflicts = await conflictSchoolsByJudge(
    db,
    [...new Set(judgeIds)],
    new Set(schools.map((school) => school.school_id)),
  );
  for (const section of sections) {
    for (const judge of section.sectionJudges) judge.conflicts = conflicts.get(judge.judgeId) ?? [];
  }
}

export async function readCategoryDetail(db: Db, category: CategoryRecord): Promise<CategoryDetail> {
  const [sections, judges, schools, scoredKeys, isSubmitted] = await Promise.all([
    listCategorySections(db, category.category_id),
    listCategoryJudges(db, category.category_id),
    listCategorySchools(db, category.category_id),
    listScoredKeys(db, category.category_id),
    hasCategorySubmissions(db, category.category_id),
  ]);
  const detail = toCategoryDetail(category, {
    sections,
    judges,
    schools,
    scored: indexScoredKeys(scoredKeys),
    isSubmitted,
  });
  await addJudgeConflicts(db, category.category_id, detail.categorySections);
  return detail;
}

/**
 * Records the change for judges' devices and the audit trail, and reopens the submissions of
 * judges who now owe more work (decisions §7), inside the caller's transaction.
 */
export async function recordCategoryChange(
  db: Db,
  context: WriteContext,
  stateId: number,
  change: {
    action: string;
    entityType: string;
    entityId: string | number;
    reason: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await recordScheduleChange(
    db,
    { stateId, eventId: context.eventId, categoryId: context.categoryId, reason: change.reason },
    context.now,
  );
  await recordAudit(
    db,
    {
      stateId,
      userId: context.caller.userId,
      action: change.action,
      entityType: change.entityType,
      entityId: change.entityId,
      before: change.before,
      after: change.after,
    },
    context.now,
  );
  await reopenSubmissionsOwingWork(
    db,
    [context.categoryId],
    { reason: WORK_GROWTH_REASONS[change.reason] ?? ReopenReason.workChanged, userId: context.caller.userId },
    context.now,
  );
}
