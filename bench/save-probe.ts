// Where a device save's time goes, in measures the machine's load moves little: per save, the
// tap's handler, the wait for the transaction's `complete`, and the render after it (click →
// row shown, split at the first read-write transaction the tap opens and at its `complete`), and
// the page's main-thread CPU (Chromium's ThreadTime) from the tap until the page is quiet again.
// The bare page (bare-save.ts) is split the same way. With BENCH_SAVE_COMPARE_DIST (an earlier
// build's apps/pwa/dist, copied), that build and this one run alternately, a server each round.
//
//   node bench/save-probe.ts            (after `pnpm build`; BENCH_PORT, BENCH_SAVE_SAMPLES,
//                                        BENCH_SAVE_ROUNDS, BENCH_SAVE_PROFILE=file.cpuprofile)
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { createScenario, startServer, type BenchScenario } from './bench-server.ts';
import { launchBenchChromium } from './bare-chromium.ts';
import { otherSheetsScores, putRowsInPage } from './page-store.ts';
import { openJudgeDashboard } from './app-pages.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3199);
const SAMPLES = Number(process.env.BENCH_SAVE_SAMPLES ?? 30);
const ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 3);
const COMPARE_DIST = process.env.BENCH_SAVE_COMPARE_DIST;
const PROFILE_FILE = process.env.BENCH_SAVE_PROFILE;
const STORED_SCORES = 5000;
/** After a save, the page is left this long before its CPU is read: the live queries' re-reads land in it. */
const SETTLE_MS = 400;

interface SaveSplit {
  total: number;
  /** From the tap to the transaction's creation: the handler's own work before the database. */
  prepare: number;
  handler: number;
  wait: number;
  render: number;
  cpu: number;
}

/** In the page, before its scripts: timestamps of the tap, its read-write transaction, its commit, the row. */
const PROBE = `(() => {
  const probe = (window.__saveProbe = { click: 0, handlerEnd: 0, created: 0, complete: 0 });
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const made = transaction.apply(this, args);
    if (made.mode === 'readwrite' && probe.click > 0 && probe.created === 0) {
      probe.created = performance.now();
      made.addEventListener('complete', () => { if (probe.complete === 0) probe.complete = performance.now(); });
    }
    return made;
  };
})();`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

/** Arms the probe; resolves with the split once the row (a selector) shows `value`. */
function armProbe(page: Page, rowSelector: string, value: string): Promise<void> {
  return page.evaluate(
    ({ rowSelector, value }) => {
      const probe = (window as unknown as { __saveProbe: Record<string, number> }).__saveProbe;
      Object.assign(probe, { click: 0, handlerEnd: 0, created: 0, complete: 0, row: 0 });
      const state = window as unknown as { probeDone: Promise<void> };
      state.probeDone = new Promise<void>((resolve) => {
        const profiles = (window as unknown as { profileSaves?: boolean }).profileSaves;
        document.addEventListener(
          'click',
          () => {
            if (profiles) console.profile('save');
            probe.click = performance.now();
          },
          { capture: true, once: true },
        );
        window.addEventListener('click', () => (probe.handlerEnd = performance.now()), { once: true });
        const observer = new MutationObserver(() => {
          if (probe.click! > 0 && document.querySelector(rowSelector)?.textContent?.includes(value)) {
            probe.row = performance.now();
            if (profiles) {
              console.profileEnd('save');
              console.profile('after');
            }
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    },
    { rowSelector, value },
  );
}

async function readSplit(page: Page, cdp: CDPSession, cpuBefore: number): Promise<SaveSplit> {
  await page.evaluate(() => (window as unknown as { probeDone: Promise<void> }).probeDone);
  await page.waitForTimeout(SETTLE_MS);
  await page.evaluate(() => {
    if ((window as unknown as { profileSaves?: boolean }).profileSaves) console.profileEnd('after');
  });
  const cpu = (await threadTime(cdp)) - cpuBefore;
  const probe = await page.evaluate(() => (window as unknown as { __saveProbe: Record<string, number> }).__saveProbe);
  const { click, handlerEnd, created, complete, row } = probe as Record<string, number>;
  return {
    total: row! - click!,
    prepare: created! - click!,
    handler: handlerEnd! - click!,
    wait: complete! - created!,
    render: row! - complete!,
    cpu,
  };
}

async function openSheet(browser: Browser, baseUrl: string, scenario: BenchScenario): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
  });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  await openJudgeDashboard(page, scenario);
  const evaluates = {
    evaluate: <Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg) =>
      page.evaluate(fn as (arg: unknown) => Result | Promise<Result>, arg),
  };
  await putRowsInPage(evaluates, 'judging-device', 'cells', otherSheetsScores(scenario, STORED_SCORES));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  const school = scenario.schools[0]!;
  await page.goto(
    `/school-scoring?judgeId=${scenario.judgeId}&eventId=${scenario.eventId}&schoolId=${school.schoolId}&categoryId=${scenario.categoryId}&sectionId=${scenario.sectionId}`,
  );
  return page;
}

/** The app's saves through the score form, as bench/run.ts's (a) makes them. */
async function probeApp(browser: Browser, baseUrl: string, profile: boolean): Promise<SaveSplit[]> {
  const scenario = await createScenario(baseUrl, 'probe');
  const page = await openSheet(browser, baseUrl, scenario);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const subsection = scenario.subsections[0]!;
  const dialog = page.getByRole('dialog');
  const openForm = () => page.getByRole('button', { name: `Comments & photo: ${subsection.subsectionName}` }).click();
  await openForm();
  await dialog.getByRole('radio', { name: '2.00', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const profiles: Record<string, unknown[]> = { save: [], after: [] };
  if (profile) {
    cdp.on('Profiler.consoleProfileFinished', (event: { title?: string; profile: unknown }) =>
      profiles[event.title ?? 'save']?.push(event.profile),
    );
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await page.evaluate(() => ((window as unknown as { profileSaves: boolean }).profileSaves = true));
  }
  const splits: SaveSplit[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const value = sample % 2 === 0 ? '3.00' : '4.00';
    await openForm();
    await dialog.getByRole('button', { name: 'Change score' }).click();
    await dialog.getByRole('radio', { name: value, exact: true }).click();
    await page.waitForTimeout(100);
    await armProbe(page, `tr[aria-label="${subsection.subsectionName}"] [data-testid="quick-value"]`, value);
    const before = await threadTime(cdp);
    await dialog.getByRole('button', { name: 'Save' }).click();
    splits.push(await readSplit(page, cdp, before));
    await dialog.waitFor({ state: 'hidden' });
  }
  if (profile && PROFILE_FILE) writeFileSync(PROFILE_FILE, JSON.stringify(profiles));
  await page.context().close();
  return splits;
}

/** The bare page's saves (bare-save.ts's page), split the same way. */
async function probeBare(browser: Browser): Promise<SaveSplit[]> {
  const { bareSavePage } = await import('./bare-save.ts');
  const context = await browser.newContext();
  await context.addInitScript(PROBE);
  const page = await bareSavePage(context, STORED_SCORES);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const splits: SaveSplit[] = [];
  for (let sample = -1; sample < SAMPLES; sample += 1) {
    const value = sample % 2 === 0 ? '3.00' : '4.00';
    await page.evaluate((value) => ((window as unknown as { bareValue: string }).bareValue = value), value);
    await page.waitForTimeout(100);
    await armProbe(page, '#value', value);
    const before = await threadTime(cdp);
    await page.getByRole('button', { name: 'Save' }).click();
    const split = await readSplit(page, cdp, before);
    if (sample >= 0) splits.push(split);
  }
  await context.close();
  return splits;
}

function describe(label: string, splits: readonly SaveSplit[]): string {
  const of = (pick: (split: SaveSplit) => number) => splits.map(pick);
  const cell = (values: number[]) => `${percentile(values, 50).toFixed(1)}/${percentile(values, 95).toFixed(1)}`;
  return `${label.padEnd(9)} total ${cell(of((s) => s.total))}  prepare ${cell(of((s) => s.prepare))}  handler ${cell(of((s) => s.handler))}  wait ${cell(of((s) => s.wait))}  render ${cell(of((s) => s.render))}  cpu ${cell(of((s) => s.cpu))} ms (median/p95)`;
}

async function main(): Promise<void> {
  const builds: { label: string; dist: string | undefined }[] = [
    ...(COMPARE_DIST ? [{ label: 'compared', dist: COMPARE_DIST }] : []),
    { label: 'this', dist: undefined },
  ];
  const browser = await launchBenchChromium();
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const build of builds) {
        const previous = process.env.PWA_DIST;
        if (build.dist) process.env.PWA_DIST = build.dist;
        const server = await startServer(PORT);
        if (previous === undefined) delete process.env.PWA_DIST;
        else process.env.PWA_DIST = previous;
        try {
          const isProfiled = PROFILE_FILE !== undefined && round === ROUNDS && build.dist === undefined;
          console.log(`round ${round} ${describe(build.label, await probeApp(browser, server.baseUrl, isProfiled))}`);
        } finally {
          await server.stop();
        }
      }
      console.log(`round ${round} ${describe('bare', await probeBare(browser))}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
