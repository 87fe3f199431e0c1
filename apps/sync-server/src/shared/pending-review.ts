// Final means reviewed (decisions §9): an applied penalty or disqualification that counts and
// nobody has confirmed or rejected keeps the event from ending. An excused judge's items do not
// count, so they never block. Read by End, the run page (its End dialog lists them) and the
// review's "Confirm all remaining".
import { exclusionOf, type PendingReviewItem } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { exclusionsIn, listExclusionsOfCategories } from './schedule.repository.ts';

export interface PendingReviewRow extends PendingReviewItem {
  scoreId: string;
  sectionId: number;
  judgeId: number;
}

export interface PendingReviewScope {
  categoryId?: number;
  schoolId?: number;
}

// Unreviewed items of one event are few; the scope is narrowed after the two reads.
async function listUnreviewed(db: Db, eventId: number, scope: PendingReviewScope) {
  const penalties = await db
    .selectFrom('penalty_score as cell')
    .innerJoin('penalty as item', 'item.penalty_id', 'cell.penalty_id')
    .select(['cell.score_id', 'item.penalty_name as item_name', 'cell.category_id', 'cell.section_id'])
    .select(['cell.school_id', 'cell.judge_id'])
    .where('cell.event_id', '=', eventId)
    .where('cell.is_confirmed', 'is', null)
    .execute();
  const disqualifications = await db
    .selectFrom('disqualification_score as cell')
    .innerJoin('disqualification as item', 'item.disqualification_id', 'cell.disqualification_id')
    .select(['cell.score_id', 'item.disqualification_name as item_name', 'cell.category_id', 'cell.section_id'])
    .select(['cell.school_id', 'cell.judge_id'])
    .where('cell.event_id', '=', eventId)
    .where('cell.is_confirmed', 'is', null)
    .execute();
  const rows = [
    ...penalties.map((row) => ({ ...row, kind: 'penalty' as const })),
    ...disqualifications.map((row) => ({ ...row, kind: 'disqualification' as const })),
  ];
  return rows.filter(
    (row) =>
      (scope.categoryId === undefined || row.category_id === scope.categoryId) &&
      (scope.schoolId === undefined || row.school_id === scope.schoolId),
  );
}

async function namesOf(
  db: Db,
  rows: readonly { category_id: number; section_id: number; school_id: number; judge_id: number }[],
) {
  const ids = (pick: (row: (typeof rows)[number]) => number) => [...new Set(rows.map(pick))];
  const [categories, sections, schools, judges] = [
    await db
      .selectFrom('category')
      .select(['category_id as id', 'category_name as name'])
      .where(
        'category_id',
        'in',
        ids((r) => r.category_id),
      )
      .execute(),
    await db
      .selectFrom('section')
      .select(['section_id as id', 'section_name as name'])
      .where(
        'section_id',
        'in',
        ids((r) => r.section_id),
      )
      .execute(),
    await db
      .selectFrom('school')
      .select(['school_id as id', 'school_name as name'])
      .where(
        'school_id',
        'in',
        ids((r) => r.school_id),
      )
      .execute(),
    await db
      .selectFrom('app_user')
      .select(['user_id as id', 'first_name', 'last_name'])
      .where(
        'user_id',
        'in',
        ids((r) => r.judge_id),
      )
      .execute(),
  ];
  return {
    category: new Map(categories.map((row) => [row.id, row.name])),
    section: new Map(sections.map((row) => [row.id, row.name])),
    school: new Map(schools.map((row) => [row.id, row.name])),
    judge: new Map(judges.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()])),
  };
}

/** The event's counting items nobody has reviewed, ordered by category, school, section, judge and item. */
export async function findPendingReview(
  db: Db,
  eventId: number,
  scope: PendingReviewScope = {},
): Promise<PendingReviewRow[]> {
  const unreviewed = await listUnreviewed(db, eventId, scope);
  if (unreviewed.length === 0) return [];
  const exclusions = await listExclusionsOfCategories(db, [...new Set(unreviewed.map((row) => row.category_id))]);
  const counting = unreviewed.filter(
    (row) =>
      exclusionOf(
        { assignedJudgeIds: [row.judge_id], exclusions: exclusionsIn(exclusions, row.category_id, row.section_id) },
        row.judge_id,
        row.school_id,
      ) === null,
  );
  if (counting.length === 0) return [];
  const names = await namesOf(db, counting);
  const items = counting.map((row) => ({
    scoreId: row.score_id,
    categoryId: row.category_id,
    categoryName: names.category.get(row.category_id) ?? '',
    schoolId: row.school_id,
    schoolName: names.school.get(row.school_id) ?? '',
    sectionId: row.section_id,
    sectionName: names.section.get(row.section_id) ?? '',
    judgeId: row.judge_id,
    judgeName: names.judge.get(row.judge_id) ?? `Judge ${row.judge_id}`,
    kind: row.kind,
    itemName: row.item_name,
  }));
  return items.sort(
    (a, b) =>
      a.categoryName.localeCompare(b.categoryName) ||
      a.schoolName.localeCompare(b.schoolName) ||
      a.sectionName.localeCompare(b.sectionName) ||
      a.judgeName.localeCompare(b.judgeName) ||
      a.itemName.localeCompare(b.itemName),
  );
}

/** "Pastry – Alder HS – Tasting – Jane Doe: Over Time Limit; …" naming the first few items. */
export function describePendingReview(items: readonly PendingReviewItem[], shown = 5): string {
  const named = items
    .slice(0, shown)
    .map(
      (item) => `${item.categoryName} – ${item.schoolName} – ${item.sectionName} – ${item.judgeName}: ${item.itemName}`,
    );
  const more = items.length > shown ? `; and ${items.length - shown} more` : '';
  return `${named.join('; ')}${more}.`;
}

/** The wire form of a pending item (the run page's list). */
export function toPendingReviewItem(row: PendingReviewRow): PendingReviewItem {
  return {
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    sectionName: row.sectionName,
    judgeName: row.judgeName,
    kind: row.kind,
    itemName: row.itemName,
  };
}
