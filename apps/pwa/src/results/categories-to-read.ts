// Which categories a results page reads, from the event's categories: shared by the reads a
// navigation sends ahead (start-page-reads.ts, entry chunk) and the page's reads
// (category-reads.ts), so that both ask for the same answers.
import { sortByCategoryName, type ResultsAnswerQuery } from '@judging/shared-types';

export interface CategoryChoice {
  categoryId: number;
  categoryName: string;
}

/** How the pages ask for a category's answer: without the judges' sheets, which neither shows (decision 0172). */
export const PAGE_ANSWER_QUERY: ResultsAnswerQuery = { sheets: 'omit' };

/** Which categories a page reads: every one, or one (the first when none is picked yet). */
export type CategoriesToRead = 'all' | { categoryId: number | null };

/** The ids to read of `choices` (by name then id), in list order. */
export function idsToRead(choices: readonly CategoryChoice[], read: CategoriesToRead): number[] {
  if (read === 'all') return choices.map((choice) => choice.categoryId);
  const picked = choices.find((choice) => choice.categoryId === read.categoryId) ?? choices[0];
  return picked ? [picked.categoryId] : [];
}

/**
 * The categories of an event's detail as the server sent it, not yet checked against its schema,
 * by name then id: only for choosing which answers to ask for early. Anything not shaped as a
 * category is left out (its answer is then asked for when the checked detail is in).
 */
export function choicesInUncheckedDetail(detail: unknown): CategoryChoice[] {
  const categories: unknown = typeof detail === 'object' && detail !== null ? Reflect.get(detail, 'categories') : [];
  if (!Array.isArray(categories)) return [];
  return sortByCategoryName(
    categories.flatMap((category: unknown) => {
      if (typeof category !== 'object' || category === null) return [];
      const categoryId: unknown = Reflect.get(category, 'categoryId');
      const categoryName: unknown = Reflect.get(category, 'categoryName');
      return typeof categoryId === 'number' && typeof categoryName === 'string' ? [{ categoryId, categoryName }] : [];
    }),
  );
}
