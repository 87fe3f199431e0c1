// The overall and section pages read an event's results one category at a time (issue 20: a
// state final's whole answer is megabytes; a coordinator moves only what the page shows). The
// reads (category-reads.ts) are started by the route's loader when navigating, else here.
import type { ResultsCategory, ResultsReport } from '@judging/shared-types';
import { useEffect, useState } from 'react';
import type { CategoriesToRead, CategoryChoice } from './categories-to-read.ts';
import { readsKey, startCategoryReads, takeStartedReads } from './category-reads.ts';
import { showRunIssue } from './run-errors.ts';
import { showTogether } from './show-together.ts';

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

interface Loaded {
  key: string;
  categoryIds: number[];
  byCategory: Map<number, ResultsReport>;
  /** An event without categories: its whole answer, the small shell the page heads with. */
  empty?: ResultsReport;
}

/**
 * Loads the categories `read` names (all at once, each its own answer) and hands them over in
 * list order as they arrive, those arriving together in one render (show-together.ts): a category
 * shows once every category above it has, so rows never move down the page under the reader. Of
 * each answer the page keeps what `keep` picks: the rest (each team's sections on the overall
 * page), held in the page's state, costs the garbage collector later.
 */
export function useCategoryResults(eventId: number, read: CategoriesToRead, keep: KeepOfCategory): CategoryResults {
  const key = readsKey(eventId, read);
  const [choices, setChoices] = useState<{ eventId: number; list: CategoryChoice[] } | undefined>(undefined);
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const known = choices?.eventId === eventId ? choices.list : undefined;

  useEffect(() => {
    const reads = takeStartedReads(eventId, read) ?? startCategoryReads(eventId, read, known);
    reads.handOver();
    let isStopped = false;
    let stopShowing = () => {};
    let reported = false;
    const report = (error: unknown) => {
      if (isStopped || reported || (error instanceof DOMException && error.name === 'AbortError')) return;
      reported = true;
      showRunIssue(error);
    };
    reads.choices.then((list) => {
      if (!isStopped && !known) setChoices({ eventId, list });
    }, report);
    reads.answers.then(({ categoryIds, byCategory, empty }) => {
      if (isStopped) return;
      setLoaded({ key, categoryIds, byCategory: new Map() });
      empty?.then((answer) => {
        if (!isStopped) setLoaded({ key, categoryIds, byCategory: new Map(), empty: answer });
      }, report);
      const together = showTogether<number, ResultsReport>(byCategory.size, (arrived) =>
        setLoaded((previous) =>
          previous?.key === key ? { ...previous, byCategory: new Map([...previous.byCategory, ...arrived]) } : previous,
        ),
      );
      stopShowing = together.stop;
      for (const [categoryId, answered] of byCategory) {
        answered.then(
          (answer) => {
            if (isStopped) return;
            together.arrived(categoryId, { ...answer, categories: answer.categories.map(keep) });
          },
          (error: unknown) => {
            report(error);
            together.settled();
          },
        );
      }
    }, report);
    return () => {
      isStopped = true;
      stopShowing();
      reads.abort();
    };
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
