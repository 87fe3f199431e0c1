// (g) The results pages of the biggest event (issue 20 item 4; issue 41's goal: ≤ 2× the bare page
// below, no task over 50 ms, bench/browser-rows.ts): the 103,680-row state final of
// results.bench.ts, served by the real server, opened by a coordinator in headless Chromium.
// Time to rendered (in-app navigation to the page → every row of every category in the DOM)
// against a bare fetch + JSON.parse of the same answers in the same page, and the longest task
// the page ran meanwhile (PerformanceObserver 'longtask'). Goal: ≤ 3×, no task over 50 ms.
// The pages read one category per answer: the overall page every category at once, the section
// page the picked one. Each is measured against the bare fetch of the answers it reads (all
// categories in parallel; one category) and, for comparison, of the whole event's answer.
// Issue 41's rows set each page against the bare page (bare-results.ts) and, in the same rounds,
// the stack floor (stack-results.ts: React + TanStack Router + Mantine, the same reads and rows,
// timed as the page), which says whether the goal is reachable on the fixed stack at all.
// BENCH_RESULTS_PAGE_COMPARE_DIST=folder: a second build of the PWA (an earlier commit's
// apps/pwa/dist, copied), served by a second server on the same seeded event and opened in the same
// rounds, right after this build's pages: an A/B whose rounds share the machine's moment.
import type { Browser, Page } from 'playwright-core';
import { openBareResultsPage, timeBareResults } from './bare-results.ts';
import { DEMO_PASSWORD, logIn, startServer, type BenchServer } from './bench-server.ts';
import { loadStackFloorStart, openStackFloorPage, stackFloorUrl } from './stack-results.ts';
import { seedStateFinal } from './state-final.ts';
import { loadSettledStartPage, logInThroughPanel } from './app-pages.ts';

const ROUNDS = Number(process.env.BENCH_RESULTS_PAGE_ROUNDS ?? 9);
const COORDINATOR = 'admin@demo.test';
const CATEGORIES = 6;
const SCHOOLS = 60;
const SECTIONS = 8;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface PageRender {
  ms: number;
  /** From navigation to the first results answer's request (route, event detail). */
  beforeAnswerMs: number;
  /** The results answers' requests, first start to last byte (as the page's resource timing saw them). */
  answerMs: number;
  /** From the last answer's last byte to the last row shown: parse, check and render. */
  afterAnswerMs: number;
  longestTaskMs: number;
  longTasks: number;
  /** Frames (animation frame callbacks) from the navigation to the one after the last row, and after the last answer. */
  frames: number;
  framesAfterAnswer: number;
}

/** Navigates inside the app (no reload) and waits until `expectedRows` table rows are in `main`. */
async function timeRender(page: Page, url: string, expectedRows: number): Promise<PageRender> {
  return page.evaluate(
    async ({ url, expectedRows }) => {
      const tasks: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      observer.observe({ type: 'longtask', buffered: false });
      const start = performance.now();
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      const countRows = () => document.querySelectorAll('main table tbody tr').length;
      const frameTimes: number[] = [];
      await new Promise<void>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`only ${countRows()} of ${expectedRows} rows`)), 60_000);
        const check = (now?: number) => {
          if (now !== undefined) frameTimes.push(now);
          if (countRows() >= expectedRows) {
            clearTimeout(deadline);
            resolve();
          } else requestAnimationFrame(check);
        };
        check();
      });
      // The frame that shows the last rows: painted once the next frame starts.
      await new Promise((resolve) => requestAnimationFrame((now) => resolve(frameTimes.push(now))));
      const ms = performance.now() - start;
      // Long tasks are reported after they end: give the observer its turn.
      await new Promise((resolve) => setTimeout(resolve, 100));
      observer.disconnect();
      const during = tasks.filter((task) => task.startTime >= start - 1 && task.startTime <= start + ms);
      const answers = performance
        .getEntriesByType('resource')
        .filter(
          (entry) => entry.name.includes('/results/event/') && entry.startTime >= start,
        ) as PerformanceResourceTiming[];
      const first = Math.min(...answers.map((entry) => entry.startTime));
      const last = Math.max(...answers.map((entry) => entry.responseEnd));
      return {
        ms,
        beforeAnswerMs: answers.length > 0 ? first - start : Number.NaN,
        answerMs: answers.length > 0 ? last - first : Number.NaN,
        afterAnswerMs: answers.length > 0 ? start + ms - last : Number.NaN,
        longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
        longTasks: during.length,
        frames: frameTimes.length,
        framesAfterAnswer: frameTimes.filter((time) => answers.length > 0 && time > last).length,
      };
    },
    { url, expectedRows },
  );
}

/** The same answers fetched (in parallel) and parsed bare, with the page's own token. */
async function timeBareFetch(page: Page, apiUrls: readonly string[]): Promise<number> {
  return page.evaluate(async (apiUrls) => {
    const token = (JSON.parse(localStorage.getItem('judging.session') ?? '{}') as { token?: string }).token;
    const start = performance.now();
    await Promise.all(
      apiUrls.map(async (apiUrl) => {
        const response = await fetch(apiUrl, { headers: { Authorization: `Bearer ${token}` } });
        const report = (await response.json()) as { categories: unknown[] };
        if (report.categories.length === 0) throw new Error('empty results');
      }),
    );
    return performance.now() - start;
  }, apiUrls);
}

/** The event's category ids as its results list them (by name): the section page opens on the first. */
async function categoryIdsOf(page: Page, apiUrl: string): Promise<number[]> {
  return page.evaluate(async (apiUrl) => {
    const token = (JSON.parse(localStorage.getItem('judging.session') ?? '{}') as { token?: string }).token;
    const response = await fetch(apiUrl, { headers: { Authorization: `Bearer ${token}` } });
    const report = (await response.json()) as { categories: { categoryId: number }[] };
    return report.categories.map((category) => category.categoryId);
  }, apiUrl);
}

export interface ResultsPageBench {
  /** Against the bare fetch of the answers the page reads. */
  overallRatio: number;
  sectionRatio: number;
  /** Against the bare fetch of the whole event's answer (what the pages read before). */
  overallWholeEventRatio: number;
  sectionWholeEventRatio: number;
  /** The bare page's (bare-results.ts) time against the same references. */
  overallFloorRatio: number;
  sectionFloorRatio: number;
  longestTaskMs: number;
  /** Each page's rounds, the page, the bare page (bare-results.ts) and the stack floor (stack-results.ts) back to back: issue 41's rows. */
  rounds: Record<
    'overall' | 'section',
    { pageMs: number[]; bareMs: number[]; longestTaskMs: number; stackMs: number[]; stackLongestTaskMs: number }
  >;
}

/** A server with the state final seeded (straight into its database while it is down), serving the build in `dist`. */
async function startStateFinalServer(port: number, dist: string | undefined) {
  const previous = process.env.PWA_DIST;
  if (dist) process.env.PWA_DIST = dist;
  try {
    const server = await startServer(port);
    await server.kill();
    const seeded = await seedStateFinal(server.databaseFile);
    await server.restart();
    return { server, ...seeded };
  } finally {
    if (previous === undefined) delete process.env.PWA_DIST;
    else process.env.PWA_DIST = previous;
  }
}

/** A coordinator's page on `server`, logged in through the panel. */
async function openCoordinatorPage(
  browser: Browser,
  server: BenchServer,
): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await logInThroughPanel(page, COORDINATOR, DEMO_PASSWORD);
  return { page, close: () => context.close() };
}

export async function benchResultsPage(browser: Browser, port: number): Promise<ResultsPageBench> {
  const { server, eventId, rows } = await startStateFinalServer(port, undefined);
  const compareDist = process.env.BENCH_RESULTS_PAGE_COMPARE_DIST;
  const compared = compareDist ? await startStateFinalServer(port + 10, compareDist) : undefined;
  try {
    if (compared && compared.eventId !== eventId) throw new Error('the compared server seeded another event');
    const coordinator = await openCoordinatorPage(browser, server);
    const { page } = coordinator;
    const comparedPage = compared ? await openCoordinatorPage(browser, compared.server) : undefined;
    const apiUrl = `/api/run/coordinator/results/event/${eventId}`;
    // As the pages read them: without the judges' sheets (decision 0172).
    const categoryUrls = (await categoryIdsOf(page, apiUrl)).map(
      (categoryId) => `${apiUrl}/category/${categoryId}?sheets=omit`,
    );
    const references = {
      event: [apiUrl],
      categories: categoryUrls,
      category: categoryUrls.slice(0, 1),
    } as const;
    const pages = [
      { name: 'overall', url: `/admin/results-overall/${eventId}/overall`, rows: CATEGORIES * SCHOOLS },
      { name: 'section', url: `/admin/results-section/${eventId}`, rows: SECTIONS * SCHOOLS },
    ] as const;
    const samples = {
      overall: [] as PageRender[],
      section: [] as PageRender[],
      bare: { event: [] as number[], categories: [] as number[], category: [] as number[] },
      floor: { overall: [] as number[], section: [] as number[] },
      stack: { overall: [] as PageRender[], section: [] as PageRender[] },
      compared: { overall: [] as PageRender[], section: [] as PageRender[] },
    };
    const { token } = await logIn(server.baseUrl, COORDINATOR, DEMO_PASSWORD);
    const floorPage = await openBareResultsPage(browser, server.baseUrl);
    const stackPage = await openStackFloorPage(browser, server.baseUrl, token);
    // One warm-up round (the server's results cache, the route's chunks), then the measured rounds.
    for (let round = 0; round <= ROUNDS; round += 1) {
      for (const target of pages) {
        // With a compared build, each goes first in every other round: the second page of a
        // round ran measurably slower than the first when both were the same build.
        const builds = [
          { page, samples: samples[target.name] },
          ...(comparedPage ? [{ page: comparedPage.page, samples: samples.compared[target.name] }] : []),
        ];
        if (round % 2 === 1) builds.reverse();
        for (const build of builds) {
          await loadSettledStartPage(build.page, '/admin/manage-events', 'Manage events');
          const render = await timeRender(build.page, target.url, target.rows);
          if (round > 0) build.samples.push(render);
        }
      }
      for (const reference of ['event', 'categories', 'category'] as const) {
        const bare = await timeBareFetch(page, references[reference]);
        if (round > 0) samples.bare[reference].push(bare);
      }
      for (const target of pages) {
        const ms = await timeBareResults(floorPage.page, target.name, { eventId, token, expectedRows: target.rows });
        if (round > 0) samples.floor[target.name].push(ms);
      }
      for (const target of pages) {
        await loadStackFloorStart(stackPage.page);
        const render = await timeRender(stackPage.page, stackFloorUrl(target.name, eventId), target.rows);
        if (round > 0) samples.stack[target.name].push(render);
      }
    }
    await floorPage.close();
    await stackPage.close();
    await coordinator.close();
    await comparedPage?.close();
    const bare = {
      event: median(samples.bare.event),
      categories: median(samples.bare.categories),
      category: median(samples.bare.category),
    };
    const summary = (name: 'overall' | 'section', reference: number) => {
      const renders = samples[name];
      const ms = median(renders.map((render) => render.ms));
      const longest = Math.max(...renders.map((render) => render.longestTaskMs));
      const tasks = median(renders.map((render) => render.longTasks));
      const beforeAnswerMs = median(renders.map((render) => render.beforeAnswerMs));
      const answerMs = median(renders.map((render) => render.answerMs));
      const afterAnswerMs = median(renders.map((render) => render.afterAnswerMs));
      const framesAfterAnswer = median(renders.map((render) => render.framesAfterAnswer));
      const stackFramesAfterAnswer = median(samples.stack[name].map((render) => render.framesAfterAnswer));
      const floor = median(samples.floor[name]);
      const stack = median(samples.stack[name].map((render) => render.ms));
      const stackLongest = Math.max(...samples.stack[name].map((render) => render.longestTaskMs));
      const stackBeforeAnswerMs = median(samples.stack[name].map((render) => render.beforeAnswerMs));
      const stackAfterAnswerMs = median(samples.stack[name].map((render) => render.afterAnswerMs));
      return {
        framesAfterAnswer,
        stackFramesAfterAnswer,
        stack,
        stackLongest,
        stackBeforeAnswerMs,
        stackAfterAnswerMs,
        ms,
        reference,
        floor,
        ratio: ms / reference,
        wholeEventRatio: ms / bare.event,
        longest,
        tasks,
        beforeAnswerMs,
        answerMs,
        afterAnswerMs,
      };
    };
    const overall = summary('overall', bare.categories);
    const section = summary('section', bare.category);
    console.log(
      `\n(g) results pages of the state final (${rows} score rows, event ${eventId}), headless Chromium at 1366×768, median of ${ROUNDS}`,
    );
    console.log(
      `    bare fetch + JSON.parse: whole event's answer ${bare.event.toFixed(1)} ms; its ${categoryUrls.length} category answers in parallel ${bare.categories.toFixed(1)} ms; one category's answer ${bare.category.toFixed(1)} ms`,
    );
    for (const [label, measure, reads] of [
      ['overall results (6 categories × 60 teams)', overall, `its ${categoryUrls.length} category answers`],
      ['section results (one category: 8 sections × 60 teams)', section, 'one category answer'],
    ] as const) {
      console.log(
        `    ${label}: rendered in ${measure.ms.toFixed(1)} ms = ${measure.ratio.toFixed(2)}× bare fetch of what it reads, ${reads} (goal ≤ 3×); ${measure.wholeEventRatio.toFixed(2)}× the whole event's bare fetch; longest task ${measure.longest.toFixed(0)} ms over all rounds, ${measure.tasks} long task(s) a render (goal: none over 50 ms)`,
      );
      console.log(
        `        of which route and event detail ${measure.beforeAnswerMs.toFixed(1)} ms, the results answers' requests ${measure.answerMs.toFixed(1)} ms, then parse, check and render ${measure.afterAnswerMs.toFixed(1)} ms over ${measure.framesAfterAnswer} frame(s)`,
      );
      console.log(
        `        the floor, a bare page reading the same answers and putting the same rows in the DOM in one task (bare-results.ts): ${measure.floor.toFixed(1)} ms = ${(measure.floor / measure.reference).toFixed(2)}× the same reference; the page ${(measure.ms / measure.floor).toFixed(2)}× the floor`,
      );
      console.log(
        `        the stack floor, React + TanStack Router + Mantine reading the same answers in its loader and putting the same rows in the DOM (stack-results.ts), timed as the page: ${measure.stack.toFixed(1)} ms = ${(measure.stack / measure.floor).toFixed(2)}× the bare page (route and detail ${measure.stackBeforeAnswerMs.toFixed(1)} ms, after the answers ${measure.stackAfterAnswerMs.toFixed(1)} ms over ${measure.stackFramesAfterAnswer} frame(s); longest task ${measure.stackLongest.toFixed(0)} ms); the page ${(measure.ms / measure.stack).toFixed(2)}× the stack floor`,
      );
    }
    if (compareDist) {
      for (const name of ['overall', 'section'] as const) {
        const ratios = samples[name].map((render, round) => render.ms / samples.compared[name][round]!.ms);
        console.log(
          `    ${name}, this build against the build in ${compareDist} (the same rounds): ${median(samples[name].map((render) => render.ms)).toFixed(1)} against ${median(samples.compared[name].map((render) => render.ms)).toFixed(1)} ms; ${median(ratios).toFixed(2)}× (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
        );
      }
    }
    return {
      overallRatio: overall.ratio,
      sectionRatio: section.ratio,
      overallFloorRatio: overall.floor / overall.reference,
      sectionFloorRatio: section.floor / section.reference,
      overallWholeEventRatio: overall.wholeEventRatio,
      sectionWholeEventRatio: section.wholeEventRatio,
      longestTaskMs: Math.max(overall.longest, section.longest),
      rounds: {
        overall: {
          pageMs: samples.overall.map((render) => render.ms),
          bareMs: samples.floor.overall,
          longestTaskMs: overall.longest,
          stackMs: samples.stack.overall.map((render) => render.ms),
          stackLongestTaskMs: overall.stackLongest,
        },
        section: {
          pageMs: samples.section.map((render) => render.ms),
          bareMs: samples.floor.section,
          longestTaskMs: section.longest,
          stackMs: samples.stack.section.map((render) => render.ms),
          stackLongestTaskMs: section.stackLongest,
        },
      },
    };
  } finally {
    await server.stop();
    await compared?.server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchBenchChromium } = await import('./bare-chromium.ts');
  const browser = await launchBenchChromium();
  try {
    await benchResultsPage(browser, Number(process.env.BENCH_PORT ?? 3199));
  } finally {
    await browser.close();
  }
}
