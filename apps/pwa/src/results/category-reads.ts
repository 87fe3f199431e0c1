// The reads behind the overall and section results pages: the event's detail (its categories),
// then the answers of the categories a page shows, without the judges' sheets (decision 0172), in
// one chain with no render in between. A navigation to a results page starts them
// (start-page-reads.ts), so they run while the page's first render happens; the page takes them
// over when it mounts (useCategoryResults). Nothing is kept: a read not taken over is let go at the
// next start. Their requests take the answers the navigation read ahead, before this module
// loaded; the results API and its compiled check are fetched here, on demand.
import { sortByCategoryName, type ResultsReport } from '@judging/shared-types';
import { getEvent } from '../api/events-api.ts';
import { PAGE_ANSWER_QUERY, idsToRead, type CategoriesToRead, type CategoryChoice } from './categories-to-read.ts';

export interface CategoryReads {
  key: string;
  /** The event's categories, by name then id. */
  choices: Promise<CategoryChoice[]>;
  /** The categories read, in list order, each its own answer; `empty`: an event without categories. */
  answers: Promise<{
    categoryIds: number[];
    byCategory: Map<number, Promise<ResultsReport>>;
    empty?: Promise<ResultsReport>;
  }>;
  /** Stops every request of these reads. */
  abort(): void;
  /** The page has taken these reads over: the event's detail is joinable to the end of this task only. */
  handOver(): void;
}

export function readsKey(eventId: number, read: CategoriesToRead): string {
  return `${eventId}:${read === 'all' ? 'all' : String(read.categoryId)}`;
}

/** A rejection nobody handles yet is not a page error: whoever takes the reads over handles it. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Starts the reads: the categories from `known` when the page already has them (another category
 * picked), else from the event's detail, then every answer at once.
 */
export function startCategoryReads(
  eventId: number,
  read: CategoriesToRead,
  known?: readonly CategoryChoice[],
): CategoryReads {
  const controller = new AbortController();
  const { signal } = controller;
  let release = () => {};
  const handedOver = new Promise<void>((resolve) => (release = resolve));
  const choices = quiet(
    known
      ? Promise.resolve([...known])
      : // The results toolbar reads the same detail when the page mounts: it joins this request,
        // answered or not, until the page has taken these reads over.
        getEvent(eventId, signal, handedOver).then((event) => sortByCategoryName(event.categories)),
  );
  const resultsApi = import('../api/results-api.ts');
  const answers = quiet(
    Promise.all([choices, resultsApi]).then(([list, { getCategoryResults, getEventResults }]) => {
      const categoryIds = idsToRead(list, read);
      const byCategory = new Map(
        categoryIds.map((categoryId) => [
          categoryId,
          quiet(getCategoryResults(eventId, categoryId, signal, PAGE_ANSWER_QUERY)),
        ]),
      );
      const empty = categoryIds.length === 0 ? quiet(getEventResults(eventId, signal)) : undefined;
      return { categoryIds, byCategory, ...(empty ? { empty } : {}) };
    }),
  );
  return {
    key: readsKey(eventId, read),
    choices,
    answers,
    abort: () => {
      release();
      controller.abort();
    },
    // The page's parts (its toolbar) read as it mounts, in the same commit as the page's effect.
    handOver: () => setTimeout(release, 0),
  };
}

/** A navigation's reads are the page's only while it opens: later, the page asks again (fresh numbers). */
const TAKE_WITHIN_MS = 5_000;

/** The router may run a page's loader again as it opens (the first load of the app): one read serves. */
const SAME_OPENING_MS = 1_000;

let started: { reads: CategoryReads; at: number } | undefined;
let lastTaken: { key: string; at: number } | undefined;

/**
 * A navigation to a results page: its reads start now, before the page renders. Answers the reads
 * the page will take (these, or the same opening's started a moment ago); undefined when the page
 * has just taken this opening's reads.
 */
export function startReadsForPage(eventId: number, read: CategoriesToRead): CategoryReads | undefined {
  const key = readsKey(eventId, read);
  const now = performance.now();
  const isSameOpening = (entry: { key: string; at: number } | undefined) =>
    entry?.key === key && now - entry.at < SAME_OPENING_MS;
  if (isSameOpening(started && { key: started.reads.key, at: started.at })) return started?.reads;
  if (isSameOpening(lastTaken)) return undefined;
  started?.reads.abort();
  const reads = startCategoryReads(eventId, read);
  started = { reads, at: now };
  // Reads no page took over stop being shared with later reads of the event.
  setTimeout(() => {
    if (started?.reads === reads) reads.abort();
  }, TAKE_WITHIN_MS);
  return reads;
}

/** The reads a navigation started for this page (once, while it opens), else undefined. */
export function takeStartedReads(eventId: number, read: CategoriesToRead): CategoryReads | undefined {
  const taken = started;
  if (taken?.reads.key !== readsKey(eventId, read)) return undefined;
  started = undefined;
  lastTaken = { key: taken.reads.key, at: performance.now() };
  if (performance.now() - taken.at > TAKE_WITHIN_MS) {
    taken.reads.abort();
    return undefined;
  }
  return taken.reads;
}
