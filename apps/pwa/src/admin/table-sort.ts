// Sorting and searching of the admin tables: pure, so the rules are read (and tested) in one place.
import { compareNames } from '@judging/shared-types';

export const SortDirection = { Ascending: 'ascending', Descending: 'descending' } as const;
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

export type SortValue = string | number | boolean;

/** Compares two cell values: text ignoring case and accents ("O'Brien" with "obrien"), numbers by size. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'string' && typeof b === 'string') return compareNames(a.trim(), b.trim());
  return Number(a) - Number(b);
}

/** A sorted copy; equal rows keep their order (the server's order breaks ties). */
export function sortRows<T>(rows: readonly T[], sortValue: (row: T) => SortValue, direction: SortDirection): T[] {
  const sign = direction === SortDirection.Ascending ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compareSortValues(sortValue(a.row), sortValue(b.row)) || a.index - b.index)
    .map(({ row }) => row);
}

/** The other direction: the header toggle. */
export function toggleDirection(direction: SortDirection): SortDirection {
  return direction === SortDirection.Ascending ? SortDirection.Descending : SortDirection.Ascending;
}

/** True when every word of the search occurs in one of the texts (case-insensitive); a blank search matches all. */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts
    .filter((text): text is string => typeof text === 'string')
    .join('\n')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}
