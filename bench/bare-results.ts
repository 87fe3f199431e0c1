// The results pages' floor (issue 20's results-page row): a page with nothing of the app, no
// React, no Mantine, no schema checks, that reads what the app's pages read (the same answers,
// without the judges' sheets, `sheets=omit`: decision 0172) and puts the same rows in the DOM,
// with the app's columns and each cell's words (a standings row's notes as text, without the
// app's badges; decision 0207), all in one task (so it ignores the no-long-task goal the app's
// pages keep). The overall page: the event's detail (its categories), then every category's
// answer at once, each category's standings as a table. The section page: the detail, then the
// first category's answer (by name, as the app picks it), each section's ranking as a table.
// Timed as the app's pages are: from the start to the frame after the last row is in the DOM.
//
// Served on the server's origin (the answers need the coordinator's token, same origin) by a
// route of its own context, where no service worker runs.
import type { Browser, Page } from 'playwright-core';
import type { Line, Standing } from './stack-results/results-lines.ts';

const PAGE = `<!doctype html><meta charset="utf-8"><title>Bare results</title><main></main>`;

export interface BareResultsPage {
  page: Page;
  close(): Promise<void>;
}

export async function openBareResultsPage(browser: Browser, baseUrl: string): Promise<BareResultsPage> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1366, height: 768 } });
  await context.route(`${baseUrl}/bench-bare-results`, (route) =>
    route.fulfill({ contentType: 'text/html', body: PAGE }),
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl}/bench-bare-results`);
  return { page, close: () => context.close() };
}

/** One load of the bare page `which`; answers the ms to the frame showing `expectedRows` rows. */
export async function timeBareResults(
  page: Page,
  which: 'overall' | 'section',
  input: { eventId: number; token: string; expectedRows: number },
): Promise<number> {
  return page.evaluate(
    async ({ which, eventId, token, expectedRows }) => {
      const main = document.querySelector('main')!;
      main.replaceChildren();
      const read = async <T>(path: string) => {
        const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        return (await response.json()) as T;
      };
      interface Category {
        categoryName: string;
        standings: Standing[];
        sectionRankings: { sectionName: string; standings: Line[] }[];
      }
      // The words of a standings row's notes, as the app's rows show them (results/plain-rows.tsx),
      // here as the cell's text: the same cells as the app's, without its badges' markup.
      const notesOf = (line: Standing) =>
        [
          line.isDisqualified || line.hasScoreBelowOne ? 'Disqualified' : line.isIncomplete ? line.statusLabel : '',
          line.hasPendingReview ? 'Pending review' : '',
          line.tieBreakNote ? `${line.placeLabel} – ${line.tieBreakNote}` : '',
        ]
          .filter(Boolean)
          .join(' ');
      // The app's columns: a category's standings with their notes; a section's ranking without.
      const table = <T extends Line>(
        caption: string,
        headings: readonly string[],
        lines: readonly T[],
        notes?: (line: T) => string,
      ) => {
        const element = document.createElement('table');
        element.createCaption().textContent = caption;
        const head = element.createTHead().insertRow();
        for (const heading of headings)
          head.append(Object.assign(document.createElement('th'), { textContent: heading }));
        const body = element.createTBody();
        for (const line of lines) {
          const row = body.insertRow();
          row.insertCell().textContent = line.placeLabel;
          row.insertCell().textContent = line.schoolName;
          row.insertCell().textContent = line.score.toFixed(2);
          if (notes) row.insertCell().textContent = notes(line);
        }
        return element;
      };
      const start = performance.now();
      const detail = await read<{ categories: { categoryId: number; categoryName: string }[] }>(
        `/api/event/${eventId}`,
      );
      const byName = [...detail.categories].sort(
        (a, b) => a.categoryName.localeCompare(b.categoryName) || a.categoryId - b.categoryId,
      );
      const picked = which === 'overall' ? byName : byName.slice(0, 1);
      const answers = await Promise.all(
        picked.map((category) =>
          read<{ categories: Category[] }>(
            `/api/run/coordinator/results/event/${eventId}/category/${category.categoryId}?sheets=omit`,
          ),
        ),
      );
      const fragment = document.createDocumentFragment();
      for (const answer of answers) {
        for (const category of answer.categories) {
          if (which === 'overall')
            fragment.append(
              table(category.categoryName, ['Place', 'Team', 'Score', 'Notes'], category.standings, notesOf),
            );
          else
            for (const ranking of category.sectionRankings)
              fragment.append(table(ranking.sectionName, ['Rank', 'Team', 'Score'], ranking.standings));
        }
      }
      main.append(fragment);
      const rows = main.querySelectorAll('tbody tr').length;
      if (rows < expectedRows) throw new Error(`the bare page showed ${rows} of ${expectedRows} rows`);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - start;
    },
    { which, ...input },
  );
}
