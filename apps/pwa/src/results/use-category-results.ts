// The overall and section pages read an event's results one category at a time (issue 20: a
// state final's whole answer is megabytes; a coordinator moves only what the page shows). The
// event's categories come from its detail, in the order every results report lists them; the
// category answers are asked for in the same chain, without waiting for a render in between.
import { sortByCategoryName, type ResultsCategory, type ResultsReport } from '@judging/shared-types';
import { useEffect, useState } from 'react';
import { getEvent } from '../api/events-api.ts';
import { getCategoryResults, getEventResults } from '../api/results-api.ts';
import { showRunIssue } from './run-errors.ts';

export interface CategoryChoice {
  categoryId: number;
  categoryName: string;
}

/** What a page keeps of a category: the rest is let go at once, while it is still young garbage. */
export type KeepOfCategory = (category: ResultsCategory) => ResultsCategory;

/** The overall page: the standings' lines without each team's sections and judges' sheets. */
export const keepStandings: KeepOfCategory = (category) => ({
  ...category,
  standings: category.standings.map((line) => ({ ...line, sections: [] })),
  sectionRankings: [],
});

/** The section page: the sections' rankings. */
export const keepSectionRankings: KeepOfCategory = (category) => ({ ...category, standings: [] });

/** Which categories a page reads: every one, or one (the first when none is picked yet). */
export type CategoriesToRead = 'all' | { categoryId: number | null };

export interface CategoryResults {
  /** The event's categories, by name then id; undefined until known. */
  choices: CategoryChoice[] | undefined;
  /** The categories read, in list order. */
  categoryIds: number[];
  /** The report's event-level fields (name, final or provisional), from the first answer in. */
  report: ResultsReport | undefined;
  /** The categories answered so far, in list order, up to the first still on its way. */
  categories: ResultsCategory[];
}

function idsToRead(choices: readonly CategoryChoice[], read: CategoriesToRead): number[] {
  if (read === 'all') return choices.map((choice) => choice.categoryId);
  const picked = choices.find((choice) => choice.categoryId === read.categoryId) ?? choices[0];
  return picked ? [picked.categoryId] : [];
}

interface Loaded {
  key: string;
  categoryIds: number[];
  byCategory: Map<number, ResultsReport>;
  /** An event without categories: its whole answer, the small shell the page heads with. */
  empty?: ResultsReport;
}

/**
 * Loads the categories `read` names (all at once, each its own answer) and hands them over in
 * list order as they arrive: a category shows once every category above it has, so rows never
 * move down the page under the reader. Of each answer the page keeps what `keep` picks: a state
 * final's answers hold every judge's sheet of every team, which no list page shows, and held in
 * the page's state they cost a long pause of the garbage collector later.
 */
export function useCategoryResults(eventId: number, read: CategoriesToRead, keep: KeepOfCategory): CategoryResults {
  const key = `${eventId}:${read === 'all' ? 'all' : String(read.categoryId)}`;
  const [choices, setChoices] = useState<{ eventId: number; list: CategoryChoice[] } | undefined>(undefined);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const known = choices?.eventId === eventId ? choices.list : undefined;

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let reported = false;
    const report = (error: unknown) => {
      if (signal.aborted || reported || (error instanceof DOMException && error.name === 'AbortError')) return;
      reported = true;
      showRunIssue(error);
    };
    const readCategories = (list: CategoryChoice[]) => {
      const categoryIds = idsToRead(list, read);
      setLoaded({ key, categoryIds, byCategory: new Map() });
      if (categoryIds.length === 0) {
        getEventResults(eventId, signal).then((answer) => {
          if (!signal.aborted) setLoaded({ key, categoryIds, byCategory: new Map(), empty: answer });
        }, report);
      }
      for (const categoryId of categoryIds) {
        getCategoryResults(eventId, categoryId, signal).then((answer) => {
          if (signal.aborted) return;
          const kept = { ...answer, categories: answer.categories.map(keep) };
          setLoaded((previous) =>
            previous?.key === key
              ? { ...previous, byCategory: new Map(previous.byCategory).set(categoryId, kept) }
              : previous,
          );
        }, report);
      }
    };
    if (known) readCategories(known);
    else {
      getEvent(eventId, signal).then((event) => {
        if (signal.aborted) return;
        const list = sortByCategoryName(event.categories);
        setChoices({ eventId, list });
        readCategories(list);
      }, report);
    }
    return () => controller.abort();
    // `key` names what is read; the known list only spares asking for it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = loaded?.key === key ? loaded : undefined;
  const categories: ResultsCategory[] = [];
  let report = current?.empty;
  for (const categoryId of current?.categoryIds ?? []) {
    const answer = current?.byCategory.get(categoryId);
    if (!answer) break;
    report ??= answer;
    categories.push(...answer.categories);
  }
  return { choices: known, categoryIds: current?.categoryIds ?? [], report, categories };
}
