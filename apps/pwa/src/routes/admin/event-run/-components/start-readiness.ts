import type { RunCategory } from '@judging/shared-types';

/** One category that cannot be judged as it stands, and why, in words for the Start event dialog. */
export interface UnreadyCategory {
  categoryName: string;
  reasons: string[];
}

/**
 * What is not ready to start: a category without competing schools, without judges, or with
 * sections no judge is assigned to. Starting is still allowed (the coordinator may fix it
 * while the event runs); the dialog says what would be missing.
 */
export function unreadyCategories(categories: readonly RunCategory[]): UnreadyCategory[] {
  const unready: UnreadyCategory[] = [];
  for (const category of categories) {
    const reasons: string[] = [];
    if (category.schoolCount === 0) reasons.push('0 schools');
    if (category.judges.length === 0) reasons.push('0 judges');
    else if (category.sectionsWithoutJudges.length > 0) {
      reasons.push(`no judge for ${category.sectionsWithoutJudges.join(', ')}`);
    }
    if (reasons.length > 0) unready.push({ categoryName: category.categoryName, reasons });
  }
  return unready;
}
