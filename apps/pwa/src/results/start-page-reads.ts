// How a navigation to the overall or section results page starts the page's reads, from the
// route tree (entry chunk; decision 0176). `beforeLoad`, which the router runs before it asks for
// the page's chunks, reads ahead (decision 0198): the event's detail leaves with the navigation,
// and the answers of the categories the page shows as soon as the detail is in. The loader, which
// the router awaits before the page mounts, fetches the module that starts the page's reads
// (category-reads.ts); their requests take the answers read ahead instead of asking again. It
// resolves once those reads have asked for the answers, so the page is drawn while the server
// works on them (decision 0204).
import { api } from '../api/api.ts';
import { categoryResultsPath, eventDetailPath } from '../api/read-paths.ts';
import { PAGE_ANSWER_QUERY, choicesInUncheckedDetail, idsToRead, type CategoriesToRead } from './categories-to-read.ts';

/**
 * `beforeLoad`: the page's first reads, sent before its code is asked for, when the navigation
 * enters the page; not on a hover's preload, nor when the router loads the page again while it
 * is open (`stay`: the session check after the app's start invalidates the router), whose reads
 * the loader's own reads would not take.
 */
export function readResultsPageAhead(
  eventId: number,
  read: CategoriesToRead,
  cause: 'enter' | 'stay' | 'preload',
): void {
  if (cause !== 'enter') return;
  api.readAhead(eventDetailPath(eventId), (detail) => {
    for (const categoryId of idsToRead(choicesInUncheckedDetail(detail), read))
      api.readAhead(categoryResultsPath(eventId, categoryId, PAGE_ANSWER_QUERY));
  });
}

/**
 * How long a navigation to a results page waits for the event's detail before the page is drawn
 * anyway (with its loading state): a slow detail holds the screen that was open no longer.
 */
export const DETAIL_WAIT_MS = 300;

/**
 * The loader: the page's reads, started before the page mounts, which takes them over. The router
 * draws the page once this resolves: when the reads have asked for the answers (the detail is in),
 * or after DETAIL_WAIT_MS (decision 0204). Drawn at once, the page's first render and the old
 * page's removal held the main thread when the detail came back, and the answers left late.
 * A failed read is the page's to report: the loader never fails. Only when the navigation enters
 * the page: not on a preload, nor when the router loads the open page again (`stay`, after the
 * session check), whose reads the page, mounted already, would never take: a second read of each
 * answer once the check came more than a moment after the page took its reads.
 */
export async function startResultsPageReads(
  eventId: number,
  read: CategoriesToRead,
  cause: 'enter' | 'stay' | 'preload',
): Promise<void> {
  if (cause !== 'enter') return;
  const reads = (await import('./category-reads.ts')).startReadsForPage(eventId, read);
  if (!reads) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    reads.answers.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, DETAIL_WAIT_MS))),
  ]);
  clearTimeout(timer);
}
