// `pnpm bench`: device-side benchmarks on this machine, printed as ratios against references
// measured in the same run (never pass/fail timings). Loopback only, bounded in count and time.
//   (a) saving one score on the tablet with 5,000 scores stored (tap → Dexie committed → screen
//       updated), median and p95 in headless Chromium, against one frame (16.7 ms);
//   (c) results of a large state final against one SQL aggregate (bench/results.bench.ts);
//   (b) draining 5,000 queued mutations from a real page, against the server's own push rate
//       (batches of 50 from a Node client, sent as the device sends them) and its GET
//       /api/health rate;
//   (d) drain after return: 35 changes and a photo queued while the server process was down
//       (the browser still reporting a network), drained once it is back, found by the app's own
//       probe, against the same drain started by the browser's `online` event.
//   (e) the server under a crowd, from outside with autocannon, against a bare Fastify route and
//       raw better-sqlite3 in the same run (bench/server.bench.ts); ends with issue 20's table.
//   (c) and (e) run on SQLite, then on PostgreSQL (bench/server-postgres.bench.ts: also two server
//       processes on one database against one), in the same run, then both engines side by side
//       (bench/engines.ts). PostgreSQL: the cluster DATABASE_URL names, else a throw-away one
//       started for the run by scripts/with-postgres.sh (bench/bench-postgres.ts).
//   (f) a 40-judge event's backlogs pushed at once, one push out per judge against three
//       (bench/event-push.bench.ts; `node bench/run.ts event` only).
//   (g) the results pages of that state final in Chromium: time to rendered against a bare fetch
//       + JSON.parse, and the longest task (bench/results-page.bench.ts);
//   (h) the JS the judge's scoring route loads against a bare React + Mantine + Dexie + PWA
//       skeleton built in the same run, and Lighthouse mobile on /welcome and /login
//       (bench/web.bench.ts).
//   (j) feedback packets of a 60-school event, every team, in one streamed PDF, against a bare
//       pdfkit script writing the same pages, and the peak memory growth (bench/packets.bench.ts).
//   (i) the offline cold start of the installed scoring page, server stopped, 4× CPU throttle,
//       against a bare static page and the fixed stack's skeleton under the same throttle
//       (bench/cold-start.bench.ts).
// Needs the built PWA (`pnpm build`) and Debian's Chromium (/usr/bin/chromium).
// `node bench/run.ts save` runs (a) alone (likewise `results`, `drain`, `return`, `server`,
// `event`, `results-page`, `web`); no argument runs all but (f); `--help` prints the parts.
// What each bench prints is also written to bench/APPENDIX.md, by bench, with the date and the
// machine (bench/appendix.ts): the figures the decision records point to.
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  JUDGE_PASSWORD,
  call,
  createScenario,
  logIn,
  startServer,
  subsectionPuts,
  type BenchScenario,
  type BenchServer,
} from './bench-server.ts';
import { recordPrinted, writeAppendix } from './appendix.ts';
import { launchBareChromium, launchBenchChromium, type BareChromium, type BarePage } from './bare-chromium.ts';
import { benchBareSave, type SaveTimings } from './bare-save.ts';
import { cpuSpent, describeCpuPer, readProcessTreeCpu, type CpuByKind } from './process-cpu.ts';
import { benchColdStart } from './cold-start.bench.ts';
import { otherSheetsScores, putRowsInPage } from './page-store.ts';
import { benchEventPush } from './event-push.bench.ts';
import { benchResultsPage } from './results-page.bench.ts';
import { benchResults } from './results.bench.ts';
import { benchPackets } from './packets.bench.ts';
import { benchServer, printReferenceTable, referenceRows } from './server.bench.ts';
import { openBenchPostgres, type BenchPostgres } from './bench-postgres.ts';
import { printEnginesTable, type EngineRun } from './engines.ts';
import { benchServerPostgres } from './server-postgres.bench.ts';
import { SERVER_GOALS, benchServerGoals, type ServerGoal } from './server-goals.bench.ts';
import { benchWeb } from './web.bench.ts';
import {
  coldStartRow,
  printBrowserRows as printRows,
  resultsPageRows,
  routeJsRow,
  saveRow,
  tbtRow,
} from './browser-rows.ts';
import { openJudgeDashboard } from './app-pages.ts';

const HELP = `pnpm bench [part]   (node bench/run.ts [part])

Benchmarks on this machine, printed as ratios against references measured in the same run.
Needs the built PWA (pnpm build) and Chromium at /usr/bin/chromium for the page parts.

parts (no part: all of them but event, then issue 20's table):
  save     (a) saving one score on the device, 5,000 scores stored, against one frame and against
           a bare page's IndexedDB save (the same reads and writes; no React, no Dexie)
  drain    (b) 5,000 queued mutations drained by the page, against the server's push rate
  results  (c) a 100k-row state final's results against one SQL aggregate, on SQLite then on
           PostgreSQL, then both engines side by side
  return   (d) the drain after the server comes back, found by the app's probe
  server   (e) the server under a crowd (autocannon): push p99 while results reload, RSS against
           a bare Fastify hello, storage per mutation, CPU per mutation against raw
           better-sqlite3 and against the stack's floor (bare-push.ts: Fastify, token, schema
           checks, the same writes); the same on PostgreSQL (CPU with the cluster's, against a raw
           pg client), two server processes on one PostgreSQL against one; then issue 20's table
           and both engines side by side
  server-goals [cpu|p99|crowd|rss]  issue 41's server rows alone, on a fresh SQLite server: CPU per
           pushed mutation against the stack's floor, push p99 while results reload (7 rounds),
           200 judges pushing and pulling against pushing alone, idle RSS against a plain-JS
           Fastify hello; all four, or the one named; then the table
  postgres (c) and (e) on PostgreSQL only, then both engines (SQLite's column empty)
  packets  (j) every team's feedback packet of a 60-school event in one streamed PDF, against a
           bare pdfkit script writing the same pages; the peak memory growth
  event    (f) a 40-judge event's backlogs pushed at once, one push out per judge against three
           (not part of the full run)
  results-page (g) the results pages of the state final in Chromium, time to rendered against a
           bare fetch + JSON.parse and against a bare page putting the same rows in the DOM
           (bare-results.ts), and the longest task
  web      (h) JS loaded by the judge's scoring route against a bare React + Mantine + Dexie + PWA
           skeleton (with TanStack Router), and Lighthouse mobile on /welcome and /login
  cold-start (i) offline cold start of the installed scoring page (server stopped, 4× CPU
           throttle) against a bare static page and the fixed stack's skeleton, same throttle

environment: DATABASE_URL (a PostgreSQL cluster whose role may create databases; unset: a
  throw-away cluster is started), BENCH_POSTGRES_LOAD_SECONDS (20), BENCH_POSTGRES_SPLIT_SECONDS (10),
  BENCH_PORT (3199), BENCH_SAVE_SAMPLES, BENCH_SAVE_ROUNDS (3), BENCH_DRAIN_ROUNDS, BENCH_RETURN_ROUNDS,
  BENCH_SERVER_ROUNDS (3), BENCH_LOAD_SECONDS (60), BENCH_P99_ROUNDS (7, at least 7),
  BENCH_CROWD_JUDGES (40), BENCH_CROWD_SECONDS (15), BENCH_CROWD_ROUNDS (3), BENCH_RSS_ROUNDS (3), BENCH_COLD_START_ROUNDS (7),
  BENCH_COLD_START_COMPARE_DIST (an earlier build's apps/pwa/dist, copied: loaded alternately),
  BENCH_COLD_START_PROFILE (a file: the last round's scoring page load as a CPU profile),
  BENCH_LIGHTHOUSE_ROUNDS (5), BENCH_RESULTS_PAGE_ROUNDS (9),
  BENCH_RESULTS_PAGE_COMPARE_DIST (an earlier build's apps/pwa/dist, copied: opened in the same rounds), BENCH_PROFILE_SERVER, BENCH_TRACE_DRAIN,
  BENCH_LOG_LEVEL (the server's log level; set, its log goes to the output: one line per request)`;

const PORT = Number(process.env.BENCH_PORT ?? 3199);
/** Keeps what each bench prints, for bench/APPENDIX.md; `begin` names the bench that prints next. */
const printed = recordPrinted();
const FRAME_MS = 1000 / 60;
const STORED_SCORES = 5000;
const SAVE_SAMPLES = Number(process.env.BENCH_SAVE_SAMPLES ?? 40);
/** Rounds of the app's save and the bare page's, back to back: one pair swung with the machine. */
const SAVE_ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 3);
const DRAIN_MUTATIONS = 5000;
const PUSH_WARM_UP = 1000;
const PAGE_WARM_UP = 1000;
/** Twice the drain: a push of 5,000 lasts under a second, too short to measure steadily here. */
const PUSH_MEASURED = 10_000;
/** Five: single rates on this shared machine drift by up to 2× within a minute; three left the median swinging. */
const DRAIN_ROUNDS = Number(process.env.BENCH_DRAIN_ROUNDS ?? 5);
const HEALTH_SECONDS = 3;
const HEALTH_WARM_UP_SECONDS = 3;
const HEALTH_CONCURRENCY = 8;
/** (d): the changes queued during the outage (issue 28's WebKit walk: 35 and a photo), a photo's size, rounds per way. */
const RETURN_CHANGES = 35;
const RETURN_PHOTO_BYTES = 400 * 1024;
const RETURN_ROUNDS = Number(process.env.BENCH_RETURN_ROUNDS ?? 5);
/** How long the server stays down once the tablet has said it cannot reach it. */
const RETURN_OUTAGE_MS = 4000;

/**
 * The measured windows on the monotonic clock (µs, as V8's profiles time their samples), written
 * beside the server's profile (BENCH_PROFILE_SERVER) to split it into drain and push.
 */
const phases: { name: string; pushes: number; start: number; end: number }[] = [];
function startPhase(name: string, pushes: number) {
  const start = Number(process.hrtime.bigint() / 1000n);
  return { end: () => phases.push({ name, pushes, start, end: Number(process.hrtime.bigint() / 1000n) }) };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const median = (values: readonly number[]) => percentile(values, 50);

async function openJudgePage(browser: Browser, baseUrl: string, scenario: BenchScenario): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 768, height: 1024 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await openJudgeDashboard(page, scenario);
  return page;
}

/** A page that runs a function with one argument (Playwright's, or the bare browser's). */
type Evaluates = Pick<BarePage, 'evaluate'>;

/** Writes rows straight into the device store's IndexedDB (as if scored earlier). */
async function seedDeviceStore(
  page: Evaluates,
  store: 'cells' | 'outbox' | 'outboxCounts',
  rows: unknown[],
): Promise<void> {
  await putRowsInPage(page, 'judging-device', store, rows);
}

/**
 * Resolves once the judge sees "All sent" and the page's outbox is indeed empty. The
 * status line is watched (a MutationObserver: nothing runs while it does not change); the
 * store is counted only when the line says all is sent, and once a second as a safety net.
 * Polling the store's count every 50 ms cost the browser enough to slow the drain it measured.
 */
async function waitForEmptyOutbox(page: Evaluates, timeoutMs: number): Promise<void> {
  await page.evaluate(async (timeoutMs) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('judging-device');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const countOutbox = () =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction('outbox', 'readonly').objectStore('outbox').count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    try {
      await new Promise<void>((resolve, reject) => {
        let isCounting = false;
        const check = async (always: boolean) => {
          const line = document.querySelector('[data-testid="pending-count"]')?.textContent;
          if (isCounting || (!always && line !== 'All sent')) return;
          isCounting = true;
          try {
            if ((await countOutbox()) === 0) finish();
          } catch (error) {
            finish(error);
          } finally {
            isCounting = false;
          }
        };
        const observer = new MutationObserver(() => void check(false));
        const safetyNet = setInterval(() => void check(true), 1000);
        const deadline = setTimeout(() => finish(new Error('The page did not drain its outbox in time')), timeoutMs);
        const finish = (error?: unknown) => {
          observer.disconnect();
          clearInterval(safetyNet);
          clearTimeout(deadline);
          if (error === undefined) resolve();
          else reject(error instanceof Error ? error : new Error(String(error)));
        };
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    } finally {
      db.close();
    }
  }, timeoutMs);
}

/** (a) Tap Save → the score row shows the new value, with 5,000 other scores in the store. */
async function benchSave(browser: Browser, baseUrl: string): Promise<SaveTimings> {
  const scenario = await createScenario(baseUrl, 'save');
  const page = await openJudgePage(browser, baseUrl, scenario);
  const school = scenario.schools[0]!;
  // Playwright's evaluate types its argument as it serializes it; these arguments are plain JSON.
  const evaluates: Evaluates = {
    evaluate: <Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg) =>
      page.evaluate(fn as (arg: unknown) => Result | Promise<Result>, arg),
  };
  await seedDeviceStore(evaluates, 'cells', otherSheetsScores(scenario, STORED_SCORES));
  // The app installed (every file precached) before the network goes: on a busy machine the
  // service worker may still be installing when the dashboard shows.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // No network: the save path alone is measured, with no sync running beside it.
  await page.context().setOffline(true);
  await page.goto(
    `/school-scoring?judgeId=${scenario.judgeId}&eventId=${scenario.eventId}&schoolId=${school.schoolId}&categoryId=${scenario.categoryId}&sectionId=${scenario.sectionId}`,
  );
  const subsection = scenario.subsections[0]!;
  const dialog = page.getByRole('dialog');
  // The sheet scores in place (quick-score); the score form, with its Save, opens from the row.
  await page.getByRole('button', { name: `Comments & photo: ${subsection.subsectionName}` }).click();
  await dialog.getByRole('radio', { name: '2.00', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });

  const timings: number[] = [];
  for (let sample = 0; sample < SAVE_SAMPLES; sample += 1) {
    const value = sample % 2 === 0 ? '3.00' : '4.00';
    await page.getByRole('button', { name: `Comments & photo: ${subsection.subsectionName}` }).click();
    await dialog.getByRole('button', { name: 'Change score' }).click();
    await dialog.getByRole('radio', { name: value, exact: true }).click();
    await page.evaluate(
      ({ rowName, value }) => {
        const state = window as unknown as { benchSave?: Promise<number> };
        state.benchSave = new Promise<number>((resolve) => {
          let started = 0;
          document.addEventListener(
            'click',
            (event) => {
              if ((event.target as Element).closest('button')?.textContent?.trim() === 'Save')
                started = performance.now();
            },
            { capture: true, once: true },
          );
          const observer = new MutationObserver(() => {
            const row = document.querySelector(`tr[aria-label="${rowName}"]`);
            if (started > 0 && row?.textContent?.includes(value)) {
              observer.disconnect();
              resolve(performance.now() - started);
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      },
      { rowName: subsection.subsectionName, value },
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    timings.push(await page.evaluate(() => (window as unknown as { benchSave: Promise<number> }).benchSave));
    await dialog.waitFor({ state: 'hidden' });
  }
  await page.context().close();
  return { median: percentile(timings, 50), p95: percentile(timings, 95), samples: timings.length };
}

/**
 * (b) 5,000 queued mutations drained by the page's sync runner to the local server. The judge
 * logs in through the app (Playwright); the drain runs in a Chromium with nothing following
 * its requests (bench/bare-chromium.ts), on that judge's session, on the category's page.
 */
async function benchPageDrain(
  browser: Browser,
  server: BenchServer,
  round: number,
): Promise<{ seconds: number; rate: number; cpu: CpuByKind }> {
  const { baseUrl } = server;
  const scenario = await createScenario(baseUrl, 'drain');
  const login = await openJudgePage(browser, baseUrl, scenario);
  const session = await login.evaluate(() => localStorage.getItem('judging.session'));
  await login.context().close();
  if (!session) throw new Error('The login left no session');
  // A fresh browser each round, as a fresh tablet: nothing of an earlier round's judge in it.
  const bare = await launchBareChromium();
  try {
    return await drainInBareChromium(bare, server, scenario, session, round);
  } finally {
    await bare.close();
  }
}

async function drainInBareChromium(
  bare: BareChromium,
  server: BenchServer,
  scenario: BenchScenario,
  session: string,
  round: number,
): Promise<{ seconds: number; rate: number; cpu: CpuByKind }> {
  const { baseUrl } = server;
  const readCpu = () =>
    new Map([...readProcessTreeCpu(server.pid, 'server'), ...readProcessTreeCpu(bare.pid, 'browser')]);
  const page = await bare.newPage(`${baseUrl}/help`);
  await page.evaluate((stored) => localStorage.setItem('judging.session', stored), session);
  // As on a tablet used before: the app installed (its service worker active, every file
  // precached) and controlling the page, not installing during the drain.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  }, undefined);
  // As the judge would: their dashboard first (it loads their events), then the category.
  await page.navigate(`${baseUrl}/judge-dashboard/${scenario.judgeId}`);
  await page.waitFor((eventName) => document.body.innerText.includes(eventName), scenario.eventName);
  await page.navigate(`${baseUrl}/judge-dashboard/${scenario.judgeId}/${scenario.eventId}/${scenario.categoryId}`);
  await page.waitFor((heading) => document.body.innerText.includes(heading), `${scenario.categoryName}: schools`);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null, undefined)))
    throw new Error('The installed app does not control the page');
  // The runner's first sync (nothing to send) is over once the button says "Sync now" again.
  const syncIsOver = () =>
    page.waitFor(
      () =>
        document.querySelector('[data-testid="pending-count"]')?.textContent === 'All sent' &&
        !document.querySelector('button[aria-busy="true"]'),
      undefined,
    );
  await syncIsOver();
  /**
   * Queues the mutations as if scored earlier: each edit's outbox row, its cell marked as
   * waiting and the judge's outbox counts (what saves write), straight into IndexedDB, which the runner does not watch, so
   * it starts when told the network is back, as it would on a tablet leaving a gym's dead zone.
   */
  const queue = async (mutations: ReturnType<typeof subsectionPuts>) => {
    const cellKeyOf = (data: (typeof mutations)[number]['data']) =>
      `subsection:${scenario.judgeId}:${data.categoryId}:${data.sectionId}:${data.schoolId}:${data.subsectionId}`;
    const cells = new Map(
      mutations.map(({ data }) => [
        cellKeyOf(data),
        {
          key: cellKeyOf(data),
          kind: 'subsection',
          judgeId: scenario.judgeId,
          eventId: data.eventId,
          categoryId: data.categoryId,
          sectionId: data.sectionId,
          schoolId: data.schoolId,
          itemId: data.subsectionId,
          scoreId: data.scoreId,
          value: data.score,
          comments: data.comments,
          photoSha256: data.photoSha256,
          pending: 1,
          rev: 0,
          updatedAt: new Date().toISOString(),
        },
      ]),
    );
    await seedDeviceStore(page, 'cells', [...cells.values()]);
    await seedDeviceStore(
      page,
      'outbox',
      mutations.map((mutation) => ({
        id: mutation.id,
        judgeId: scenario.judgeId,
        eventId: scenario.eventId,
        kind: mutation.kind,
        data: mutation.data,
        schemaVersion: 1,
        createdAt: mutation.createdAt,
        attempts: 0,
        lastError: null,
        status: 'pending',
        cellKey: cellKeyOf(mutation.data),
        rejectionCode: null,
        label: 'bench',
      })),
    );
    // The judge's queue was empty: the counts the app keeps beside it (outbox.ts) say these.
    await seedDeviceStore(page, 'outboxCounts', [
      { judgeId: scenario.judgeId, pending: mutations.length, rejected: 0 },
    ]);
  };
  const comeOnline = () => page.evaluate(() => window.dispatchEvent(new Event('online')), undefined);
  // Warmed up first, like the server before the Node push: a tablet that has synced before
  // runs the sync code compiled, and a fresh browser each round would otherwise time the JIT.
  // The same cells, so the same score ids, as the drain after it: a device keeps a cell's id.
  await queue(subsectionPuts(scenario, PAGE_WARM_UP, `${round}008`, `${round}002`));
  await comeOnline();
  await waitForEmptyOutbox(page, 120_000);
  await syncIsOver();
  await queue(subsectionPuts(scenario, DRAIN_MUTATIONS, `${round}002`));
  // BENCH_PROFILE_DRAIN=folder: the page's CPU profile of each round's drain, for DevTools.
  const profileFolder = process.env.BENCH_PROFILE_DRAIN;
  if (profileFolder) {
    await page.command('Profiler.enable', {});
    await page.command('Profiler.start', {});
  }
  // BENCH_TRACE_DRAIN=folder: a trace of every Chromium process during each round's drain.
  const traceFolder = process.env.BENCH_TRACE_DRAIN;
  const trace = traceFolder
    ? await bare.startTrace([
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'IndexedDB',
        'toplevel',
        'v8',
      ])
    : undefined;
  const cpuBefore = readCpu();
  const started = performance.now();
  const phase = startPhase(`drain ${round}`, DRAIN_MUTATIONS / 50);
  await comeOnline();
  await waitForEmptyOutbox(page, 300_000);
  phase.end();
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSpent(cpuBefore, readCpu());
  if (trace && traceFolder) {
    writeFileSync(
      path.join(traceFolder, `drain-round-${round}.json`),
      JSON.stringify({ traceEvents: await trace.stop() }),
    );
  }
  if (profileFolder) {
    const { profile } = await page.command('Profiler.stop', {});
    writeFileSync(path.join(profileFolder, `drain-round-${round}.cpuprofile`), JSON.stringify(profile));
  }
  await page.close();
  return { seconds, rate: DRAIN_MUTATIONS / seconds, cpu };
}

/** Sends the mutations as the device does: batches of 50, one push out at a time (outbox-push.ts). */
async function pushInBatches(baseUrl: string, token: string, mutations: ReturnType<typeof subsectionPuts>) {
  for (let offset = 0; offset < mutations.length; offset += 50) {
    const answer = await call<{ results: { status: string }[] }>(baseUrl, 'POST', '/api/sync/push', token, {
      deviceId: 'bench-node',
      protocolVersion: 1,
      mutations: mutations.slice(offset, offset + 50),
    });
    if (answer.results.some((result) => result.status !== 'applied'))
      throw new Error('A bench mutation was not applied');
  }
}

/**
 * The server's own push rate: batches of 50 from a Node client, one after another, measured
 * after a warm-up of 1,000 to another judge's event in the first round (the first pushes
 * after a start also compile the push path).
 */
async function benchNodePush(
  server: BenchServer,
  round: number,
): Promise<{ seconds: number; rate: number; cpu: CpuByKind }> {
  const { baseUrl } = server;
  if (round === 1) {
    const warmUp = await createScenario(baseUrl, 'warm-up');
    const warmUpLogin = await logIn(baseUrl, warmUp.email, JUDGE_PASSWORD);
    await pushInBatches(baseUrl, warmUpLogin.token, subsectionPuts(warmUp, PUSH_WARM_UP, '0004'));
  }
  const scenario = await createScenario(baseUrl, 'push');
  const { token } = await logIn(baseUrl, scenario.email, JUDGE_PASSWORD);
  const mutations = subsectionPuts(scenario, PUSH_MEASURED, `${round}003`);
  const serverBefore = readProcessTreeCpu(server.pid, 'server');
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const phase = startPhase(`push ${round}`, PUSH_MEASURED / 50);
  await pushInBatches(baseUrl, token, mutations);
  phase.end();
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpu = cpuSpent(serverBefore, readProcessTreeCpu(server.pid, 'server'));
  cpu.set('Node client', (client.user + client.system) / 1e6);
  return { seconds, rate: PUSH_MEASURED / seconds, cpu };
}

/**
 * GET /api/health with a few connections for a bounded time: the server's floor per request.
 * Measured warm, like the push: a fresh server answers its first seconds of health checks at
 * about half its steady rate.
 */
async function benchHealth(baseUrl: string, seconds = HEALTH_SECONDS): Promise<{ requests: number; rate: number }> {
  const until = performance.now() + seconds * 1000;
  let requests = 0;
  const worker = async () => {
    while (performance.now() < until && requests < 100_000) {
      const response = await fetch(`${baseUrl}/api/health`);
      await response.arrayBuffer();
      requests += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: HEALTH_CONCURRENCY }, worker));
  return { requests, rate: requests / ((performance.now() - started) / 1000) };
}

/**
 * Queues, straight into the page's device store, `RETURN_CHANGES` edits of the judge's cells
 * and a photo the last of them refers to (as if scored during the outage): the outbox rows,
 * the cells marked waiting, the judge's counts, and the photo's bytes awaiting upload.
 */
async function queueWithPhoto(page: Page, scenario: BenchScenario, idPrefix: string): Promise<void> {
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(RETURN_PHOTO_BYTES - 4)]);
  const sha256 = createHash('sha256').update(photo).digest('hex');
  const mutations = subsectionPuts(scenario, RETURN_CHANGES, idPrefix);
  const last = mutations.at(-1)!;
  last.data = { ...last.data, photoSha256: sha256 };
  const evaluates: Evaluates = {
    evaluate: <Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg) =>
      page.evaluate(fn as (arg: unknown) => Result | Promise<Result>, arg),
  };
  const cellKeyOf = (data: (typeof mutations)[number]['data']) =>
    `subsection:${scenario.judgeId}:${data.categoryId}:${data.sectionId}:${data.schoolId}:${data.subsectionId}`;
  const now = new Date().toISOString();
  const cells = new Map(
    mutations.map(({ data }) => [
      cellKeyOf(data),
      {
        key: cellKeyOf(data),
        kind: 'subsection',
        judgeId: scenario.judgeId,
        eventId: data.eventId,
        categoryId: data.categoryId,
        sectionId: data.sectionId,
        schoolId: data.schoolId,
        itemId: data.subsectionId,
        scoreId: data.scoreId,
        value: data.score,
        comments: data.comments,
        photoSha256: data.photoSha256,
        pending: 1,
        rev: 0,
        updatedAt: now,
      },
    ]),
  );
  await page.evaluate(
    async ({ base64, sha256, judgeId, now }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)).buffer;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('judging-device');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('photos', 'readwrite');
        transaction.objectStore('photos').put({
          sha256,
          judgeId,
          mime: 'image/jpeg',
          bytes,
          size: bytes.byteLength,
          uploadedAt: null,
          awaitingUpload: 1,
          createdAt: now,
          capturedAt: now,
        });
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    },
    { base64: photo.toString('base64'), sha256, judgeId: scenario.judgeId, now },
  );
  await seedDeviceStore(evaluates, 'cells', [...cells.values()]);
  await seedDeviceStore(
    evaluates,
    'outbox',
    mutations.map((mutation) => ({
      id: mutation.id,
      judgeId: scenario.judgeId,
      eventId: scenario.eventId,
      kind: mutation.kind,
      data: mutation.data,
      schemaVersion: 1,
      createdAt: mutation.createdAt,
      attempts: 0,
      lastError: null,
      status: 'pending',
      cellKey: cellKeyOf(mutation.data),
      rejectionCode: null,
      label: 'bench',
    })),
  );
  await seedDeviceStore(evaluates, 'outboxCounts', [
    { judgeId: scenario.judgeId, pending: mutations.length, rejected: 0 },
  ]);
}

/**
 * (d) One drain after the server's return. The judge's page is open and in step; the server
 * process is killed (the browser keeps its network); 35 changes and a photo are queued and the
 * judge presses "Sync now", which fails: the tablet says it cannot reach the server. After
 * `RETURN_OUTAGE_MS` the server starts again. Measured: from the moment /api/health answers
 * again to the page's outbox empty, either found by the app's own probe (`probe`) or started
 * by the browser's `online` event fired at that moment (`online`, the reference).
 */
async function drainAfterReturn(
  browser: Browser,
  server: BenchServer,
  way: 'probe' | 'online',
  round: number,
): Promise<number> {
  const scenario = await createScenario(server.baseUrl, `return-${way}-${round}`);
  const page = await openJudgePage(browser, server.baseUrl, scenario);
  try {
    const statusLine = page.getByTestId('pending-count');
    await statusLine.filter({ hasText: /^All sent$/ }).waitFor();
    await server.kill();
    await queueWithPhoto(page, scenario, `${way === 'probe' ? 'a' : 'b'}${String(round).padStart(3, '0')}`);
    await page.getByRole('button', { name: 'Sync now' }).click();
    // The rows were written under the app (its live queries do not see them): the line says it
    // cannot reach the server; its count catches up once the runner writes the outbox itself.
    await statusLine.filter({ hasText: /^Can't reach the server/ }).waitFor({ timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, RETURN_OUTAGE_MS));
    const back = await server.restart();
    if (way === 'online') await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitForEmptyOutbox(page, 60_000);
    return (performance.now() - back) / 1000;
  } finally {
    await page.context().close();
  }
}

async function benchReturn(browser: Browser): Promise<void> {
  printed.begin('(d) drain after return');
  const server = await startServer(PORT + 1);
  try {
    console.log(
      `\n(d) drain after return: ${RETURN_CHANGES} changes and a ${RETURN_PHOTO_BYTES / 1024} KB photo queued while the server process was down (the browser still online), from /api/health answering again to the outbox empty; found by the app's probe, against the browser's 'online' event fired at that moment; ${RETURN_ROUNDS} rounds each, alternating`,
    );
    const probe: number[] = [];
    const online: number[] = [];
    for (let round = 1; round <= RETURN_ROUNDS; round += 1) {
      probe.push(await drainAfterReturn(browser, server, 'probe', round));
      online.push(await drainAfterReturn(browser, server, 'online', round));
      console.log(
        `    round ${round}: probe ${fixed(probe.at(-1)!, 2)} s; 'online' event ${fixed(online.at(-1)!, 2)} s`,
      );
    }
    const probeMedian = median(probe);
    const onlineMedian = median(online);
    console.log(
      `    median drain after return: ${fixed(probeMedian, 2)} s by the probe (goal ≤ 3 s; issue 28 measured 13.6 s in WebKit); ${fixed(onlineMedian, 2)} s with the 'online' event; probe / online = ${fixed(probeMedian / onlineMedian, 2)}`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * (a) The app's save, then the same number of saves on the bare page (bare-save.ts), same browser;
 * `SAVE_ROUNDS` rounds of both back to back (the machine's drift hits both), each round's p95s
 * compared.
 */
async function benchSaveAgainstFloor(
  browser: Browser,
  baseUrl: string,
): Promise<{ app: SaveTimings[]; bare: SaveTimings[] }> {
  printed.begin('(a) save');
  console.log(
    `\n(a) save one score on the device, ${STORED_SCORES} scores stored, ${SAVE_SAMPLES} saves a round (headless Chromium, tap → Dexie committed → row updated), ${SAVE_ROUNDS} rounds; against the floor, a bare page's IndexedDB save with the same reads and writes, no React, no Dexie, measured after the app's in each round`,
  );
  const app: SaveTimings[] = [];
  const bare: SaveTimings[] = [];
  for (let round = 1; round <= SAVE_ROUNDS; round += 1) {
    app.push(await benchSave(browser, baseUrl));
    bare.push(await benchBareSave(browser, STORED_SCORES, SAVE_SAMPLES, percentile));
    const [mine, floor] = [app.at(-1)!, bare.at(-1)!];
    console.log(
      `    round ${round}: the app median ${fixed(mine.median)} ms, p95 ${fixed(mine.p95)} ms = ${fixed(mine.p95 / FRAME_MS, 2)} frames; the floor median ${fixed(floor.median)} ms, p95 ${fixed(floor.p95)} ms; p95 app / floor = ${fixed(mine.p95 / floor.p95, 2)}×`,
    );
  }
  return { app, bare };
}

/** (g) and (h), each with its own server (a state final seeded into one; a fresh one for the other). */
async function benchPages(part: 'web' | 'results-page' | undefined): Promise<void> {
  const browser = await launchBenchChromium();
  try {
    if (part !== 'web') {
      printed.begin('(g) results pages');
      const results = await benchResultsPage(browser, PORT);
      referenceRows.push(...resultsPageRows(results.rounds.overall, results.rounds.section));
    }
    if (part !== 'results-page') {
      printed.begin('(h) first visit: JS and Lighthouse');
      const web = await benchWeb(browser, PORT);
      referenceRows.push(routeJsRow(web.app.gzipBytes, web.skeleton.gzipBytes));
      referenceRows.push(
        tbtRow(
          Object.fromEntries(
            Object.entries(web.lighthouse).map(([page, scores]) => [
              page,
              scores && {
                app: scores.app.runs.map((run) => run.tbtMs),
                skeleton: scores.skeleton.runs.map((run) => run.tbtMs),
              },
            ]),
          ),
        ),
      );
    }
  } finally {
    await browser.close();
  }
}

const PARTS = [
  'save',
  'drain',
  'results',
  'return',
  'server',
  'event',
  'results-page',
  'web',
  'cold-start',
  'postgres',
  'packets',
  'server-goals',
];

/** What (c) and (e) measured on each engine, for the side-by-side table. */
const engines: { sqlite: EngineRun; postgres: EngineRun } = { sqlite: {}, postgres: {} };
let benchPostgres: BenchPostgres | undefined;
/** The run's PostgreSQL cluster, started at its first use (stopped at the end of the run). */
async function usePostgres(): Promise<BenchPostgres> {
  benchPostgres ??= await openBenchPostgres();
  return benchPostgres;
}

async function benchResultsOnPostgres(): Promise<void> {
  printed.begin('(c) results on PostgreSQL');
  engines.postgres.results = await benchResults(await usePostgres());
}

async function benchServerOnPostgres(): Promise<void> {
  printed.begin('(e) server on PostgreSQL');
  const { figures, split } = await benchServerPostgres(await usePostgres(), PORT + 10);
  engines.postgres.server = figures;
  engines.postgres.split = split;
}

/** Both engines side by side, a section of the appendix per part measured. */
function printEngines(): void {
  for (const part of ['results', 'server'] as const) {
    printed.begin(`Both engines: ${part === 'results' ? '(c) results' : '(e) server'}`);
    printEnginesTable(part, engines.sqlite, engines.postgres);
  }
}

/** Issue 41's browser rows of a part run alone (the full run prints them in the whole table). */
const printBrowserRows = () => printRows(referenceRows);

/** (i), with its own server (stopped during the loads), added to the table. */
async function benchColdStartRow(): Promise<void> {
  printed.begin('(i) offline cold start');
  const coldStart = await benchColdStart(PORT + 3);
  referenceRows.push(coldStartRow(coldStart.rounds));
}

async function main(part: string | undefined): Promise<void> {
  if (part === '--help' || part === '-h' || part === 'help') {
    console.log(HELP);
    return;
  }
  if (part !== undefined && !PARTS.includes(part)) {
    console.error(`Unknown part "${part}".\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  if (part === 'postgres') {
    await benchResultsOnPostgres();
    await benchServerOnPostgres();
    printEngines();
    return;
  }
  if (part === 'server-goals') {
    const named = process.argv[3] as ServerGoal | undefined;
    if (named !== undefined && !SERVER_GOALS.includes(named)) throw new Error(`Unknown server goal "${named}".`);
    printed.begin(`(e) issue 41's server rows${named ? `: ${named}` : ''}`);
    await benchServerGoals(PORT, named ? [named] : SERVER_GOALS);
    printReferenceTable();
    return;
  }
  if (part === 'server') {
    printed.begin('(e) server under a crowd');
    engines.sqlite.server = await benchServer(PORT);
    await benchServerGoals(PORT + 20, ['crowd', 'rss']);
    await benchServerOnPostgres();
    printed.begin("Issue 20's table");
    printReferenceTable();
    printEngines();
    return;
  }
  if (part === undefined || part === 'results') {
    printed.begin('(c) results against one SQL aggregate');
    engines.sqlite.results = await benchResults();
    await benchResultsOnPostgres();
  }
  if (part === 'results') {
    printEngines();
    return;
  }
  if (part === undefined || part === 'packets') {
    printed.begin('(j) feedback packets');
    await benchPackets();
    if (part === 'packets') return;
  }
  if (part === 'web' || part === 'results-page') {
    await benchPages(part);
    printBrowserRows();
    return;
  }
  if (part === 'event') {
    printed.begin('(f) a 40-judge event');
    await benchEventPush(PORT + 2);
    return;
  }
  if (part === 'cold-start') {
    await benchColdStartRow();
    printBrowserRows();
    return;
  }
  if (part === 'return') {
    const browser = await launchBenchChromium();
    try {
      await benchReturn(browser);
    } finally {
      await browser.close();
    }
    return;
  }
  const server = await startServer(PORT);
  const browser = await launchBenchChromium();
  try {
    if (part === 'save') {
      const save = await benchSaveAgainstFloor(browser, server.baseUrl);
      referenceRows.push(
        saveRow(
          save.app.map((round) => round.p95),
          save.bare.map((round) => round.p95),
          SAVE_SAMPLES,
        ),
      );
      printBrowserRows();
      return;
    }
    const save = part === 'drain' ? undefined : await benchSaveAgainstFloor(browser, server.baseUrl);
    if (save) {
      referenceRows.push(
        saveRow(
          save.app.map((round) => round.p95),
          save.bare.map((round) => round.p95),
          SAVE_SAMPLES,
        ),
      );
    }
    printed.begin('(b) drain against push and health');
    console.log(
      `\n(b) ${DRAIN_MUTATIONS} queued mutations drained by the page (a Chromium nothing is attached to but a DevTools socket: Playwright's per-request events cost 1–2 ms a request), ${PUSH_MEASURED} pushed by the Node client; ${DRAIN_ROUNDS} rounds of health, push, drain, each round measured back to back (this machine's speed drifts), the median ratio is the result`,
    );
    const rounds: { drainPerPush: number; pushPerHealth: number }[] = [];
    await benchHealth(server.baseUrl, HEALTH_WARM_UP_SECONDS);
    for (let round = 1; round <= DRAIN_ROUNDS; round += 1) {
      const health = await benchHealth(server.baseUrl);
      const nodePush = await benchNodePush(server, round);
      const pageDrain = await benchPageDrain(browser, server, round);
      rounds.push({ drainPerPush: pageDrain.rate / nodePush.rate, pushPerHealth: nodePush.rate / health.rate });
      console.log(
        `    round ${round}: page drain ${fixed(pageDrain.rate, 0)} mutations/s (sync runner, ${fixed(pageDrain.seconds, 2)} s); Node push ${fixed(nodePush.rate, 0)} mutations/s (${fixed(nodePush.seconds, 2)} s); GET /api/health ${fixed(health.rate, 0)} requests/s (${HEALTH_CONCURRENCY} connections, ${HEALTH_SECONDS} s)`,
      );
      console.log(
        `             drain / push = ${fixed(pageDrain.rate / nodePush.rate, 2)}; push mutations/s / health requests/s = ${fixed(nodePush.rate / health.rate, 2)} (a batch of 50 costs ${fixed(health.rate / (nodePush.rate / 50), 1)} health requests)`,
      );
      console.log(
        `             CPU ms per push of 50: drain: ${describeCpuPer(pageDrain.cpu, DRAIN_MUTATIONS / 50)}; Node push: ${describeCpuPer(nodePush.cpu, PUSH_MEASURED / 50)}`,
      );
    }
    console.log(
      `    median page drain / Node push = ${fixed(median(rounds.map((round) => round.drainPerPush)), 2)} (goal ≥ 0.5)`,
    );
    console.log(
      `    median Node push mutations/s / health requests/s = ${fixed(median(rounds.map((round) => round.pushPerHealth)), 2)} (goal ≥ 1.5)`,
    );
    if (part === undefined) await benchReturn(browser);
  } finally {
    await browser.close();
    await server.stop();
    const serverProfileFolder = process.env.BENCH_PROFILE_SERVER;
    if (serverProfileFolder) writeFileSync(path.join(serverProfileFolder, 'phases.json'), JSON.stringify(phases));
  }
  if (part === undefined) {
    await benchPages(undefined);
    await benchColdStartRow();
    printed.begin('(e) server under a crowd');
    engines.sqlite.server = await benchServer(PORT);
    await benchServerGoals(PORT + 20, ['crowd', 'rss']);
    await benchServerOnPostgres();
    printed.begin("Issue 20's table");
    printReferenceTable();
    printEngines();
  }
}

try {
  await main(process.argv[2]);
} finally {
  printed.stop();
  await benchPostgres?.stop();
}
// Only a run that finished writes the appendix (a failed bench must not replace good figures).
writeAppendix(printed.benches(), ['node bench/run.ts', ...process.argv.slice(2, 4)].join(' '));
