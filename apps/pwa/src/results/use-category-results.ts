// The overall and section pages read an event's results one category at a time (issue 20: a
// state final's whole answer is megabytes; a coordinator moves only what the page shows). The
// event's categories come from its detail, in the order every results report lists them.
import { sortByCategoryName, type ResultsCategory, type ResultsReport } from '@judging/shared-types';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../admin/use-api-query.ts';
import { getEvent } from '../api/events-api.ts';
import { getCategoryResults, getEventResults } from '../api/results-api.ts';
import { showRunIssue } from './run-errors.ts';

export interface CategoryChoice {
  categoryId: number;
  categoryName: string;
}

/** The event's categories as results list them (by name, then id); undefined until known. */
export function useResultsCategories(eventId: number): CategoryChoice[] | undefined {
  const event = useApiQuery(`results-categories-${eventId}`, (signal) => getEvent(eventId, signal), showRunIssue);
  const categories = event.data?.categories;
  return useMemo(() => categories && sortByCategoryName(categories), [categories]);
}

export interface CategoryResults {
  /** The report's event-level fields (name, final or provisional), from the first answer in. */
  report: ResultsReport | undefined;
  /** The categories answered so far, in list order, up to the first still on its way. */
  categories: ResultsCategory[];
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

/**
 * Loads the results of `categoryIds` (all at once, each its own answer) and hands them over in
 * list order as they arrive: a category shows once every category above it has, so rows never
 * move down the page under the reader. Of each answer the page keeps what `keep` picks: a state
 * final's answers hold every judge's sheet of every team, which no list page shows, and held in
 * the page's state they cost a long pause of the garbage collector later.
 */
export function useCategoryResults(
  eventId: number,
  categoryIds: readonly number[] | undefined,
  keep: KeepOfCategory,
): CategoryResults {
  const key = categoryIds === undefined ? undefined : `${eventId}:${categoryIds.join(',')}`;
  const [answers, setAnswers] = useState<{
    key: string | undefined;
    byCategory: Map<number, ResultsReport>;
    empty?: ResultsReport;
  }>({ key, byCategory: new Map() });
  const current = answers.key === key ? answers : { key, byCategory: new Map<number, ResultsReport>() };
  if (current !== answers) setAnswers(current);

  useEffect(() => {
    if (key === undefined || categoryIds === undefined) return;
    const controller = new AbortController();
    let reported = false;
    const report = (error: unknown) => {
      if (controller.signal.aborted || reported || (error instanceof DOMException && error.name === 'AbortError'))
        return;
      reported = true;
      showRunIssue(error);
    };
    // An event without categories: its whole answer is the small shell the page heads with.
    if (categoryIds.length === 0) {
      getEventResults(eventId, controller.signal).then((answer) => {
        if (!controller.signal.aborted) setAnswers({ key, byCategory: new Map(), empty: answer });
      }, report);
    }
    for (const categoryId of categoryIds) {
      getCategoryResults(eventId, categoryId, controller.signal).then((answer) => {
        if (controller.signal.aborted) return;
        const kept = { ...answer, categories: answer.categories.map(keep) };
        setAnswers((previous) =>
          previous.key === key ? { key, byCategory: new Map(previous.byCategory).set(categoryId, kept) } : previous,
        );
      }, report);
    }
    return () => controller.abort();
    // `key` names the ids: a new array with the same ids is the same load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const categories: ResultsCategory[] = [];
  let report = current.empty;
  for (const categoryId of categoryIds ?? []) {
    const answer = current.byCategory.get(categoryId);
    if (!answer) break;
    report ??= answer;
    categories.push(...answer.categories);
  }
  return { report, categories };
}
