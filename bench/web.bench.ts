// (h) The first visit's weight and speed (issue 21 item 11, goals of issue 41), in one run:
//   - JS loaded by the judge's scoring route (a full load of the page, every script it fetches,
//     each gzipped at level 9) against a bare React 19 + Mantine + Dexie + PWA + TanStack Router
//     skeleton (bench/skeleton/) built in this same run with the app's own Vite and plugins and
//     measured the same way. Goal ≤ 1.25×.
//   - Lighthouse (npm `lighthouse`, its default mobile profile: simulated slow 4G and 4× CPU)
//     on /welcome and /login, and on the skeleton, alternating. Goal: total blocking time ≤ the
//     skeleton's + 50 ms.
// Needs the built PWA (`pnpm build`).
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bare-chromium.ts';
import { BROWSER_GOALS } from './browser-rows.ts';
import { createScenario, startServer } from './bench-server.ts';
import { buildBenchPage } from './pwa-build.ts';
import { openJudgeDashboard } from './app-pages.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const skeletonDir = path.join(benchDir, 'skeleton');
const LIGHTHOUSE_PAGES = ['/welcome', '/login'];
const LIGHTHOUSE_ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 5);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Builds the skeleton with the app's Vite, React and PWA plugins; answers its dist folder. */
export async function buildSkeleton(): Promise<string> {
  return buildBenchPage(skeletonDir, 'skeleton', { installable: { name: 'Skeleton', shortName: 'Skeleton' } });
}

/**
 * A static server for the skeleton's build (index.html for every page). Its scripts, styles and
 * pages go gzipped to a client that accepts it, as the app's server sends its precompressed files:
 * Lighthouse's simulated slow 4G must weigh the same kind of bytes on both sides.
 */
export async function serveFolder(dir: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.webmanifest': 'application/manifest+json',
  };
  const gzipped = new Map<string, Buffer>();
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    const type = types[path.extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('text/') && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      let body = gzipped.get(file);
      if (!body) gzipped.set(file, (body = gzipSync(readFileSync(file), { level: 9 })));
      response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      response.end(body);
      return;
    }
    response.writeHead(200, { 'Content-Type': type });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface ScriptWeight {
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

/** Every script the page fetches while `load` runs, each counted once, gzipped at level 9. */
async function scriptsFetched(page: Page, load: () => Promise<void>): Promise<ScriptWeight> {
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || bodies.has(response.url())) return;
    bodies.set(
      response.url(),
      response.body().catch(() => Buffer.alloc(0)),
    );
  };
  page.on('response', onResponse);
  await load();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const all = await Promise.all(bodies.values());
  return {
    scripts: all.length,
    rawBytes: all.reduce((sum, body) => sum + body.length, 0),
    gzipBytes: all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}

/** The scoring route's first load by a judge whose event is on the tablet (no service worker: the network's bytes). */
async function scoringRouteWeight(browser: Browser, baseUrl: string): Promise<ScriptWeight & { url: string }> {
  const scenario = await createScenario(baseUrl, 'web');
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  const page = await context.newPage();
  await openJudgeDashboard(page, scenario);
  const school = scenario.schools[0]!;
  const url = `/school-scoring?judgeId=${scenario.judgeId}&eventId=${scenario.eventId}&schoolId=${school.schoolId}&categoryId=${scenario.categoryId}&sectionId=${scenario.sectionId}`;
  // A new page of the same context: the session and the event's data stay, the memory cache does not.
  const fresh = await context.newPage();
  await page.close();
  const weight = await scriptsFetched(fresh, async () => {
    await fresh.goto(url);
    await fresh.getByRole('heading', { name: school.schoolName, level: 1 }).waitFor();
  });
  await context.close();
  return { ...weight, url: '/school-scoring' };
}

async function skeletonWeight(browser: Browser, baseUrl: string): Promise<ScriptWeight> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  const page = await context.newPage();
  const weight = await scriptsFetched(page, async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Skeleton' }).waitFor();
  });
  await context.close();
  return weight;
}

interface LighthouseScores {
  performance: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

/** Lighthouse's default mobile run of one page, in a Chromium of its own (Lighthouse drives it over CDP). */
async function runLighthouse(url: string): Promise<LighthouseScores> {
  const { default: lighthouse } = await import('lighthouse');
  const profileDir = mkdtempSync(path.join(tmpdir(), 'judging-lighthouse-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    ['--headless=new', ...CHROMIUM_ARGS, `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port: ${output}`)), 30_000);
      chrome.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      cls: audit('cumulative-layout-shift'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
    };
  } finally {
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill('SIGTERM');
    await exited;
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** Lighthouse's medians over the rounds that completed; the runs' scores for the printout. */
interface LighthouseMedians extends LighthouseScores {
  runs: LighthouseScores[];
  failures: number;
}

/** Each page's Lighthouse runs, the app's and the skeleton's alternating (the machine's drift hits both). */
async function lighthouseRounds(appBaseUrl: string, skeletonBaseUrl: string) {
  const runs = new Map<string, { app: LighthouseScores[]; skeleton: LighthouseScores[]; failures: string[] }>();
  for (const page of LIGHTHOUSE_PAGES) runs.set(page, { app: [], skeleton: [], failures: [] });
  // A failed run (Lighthouse's NO_FCP when this machine is overloaded) is retried, up to twice a round.
  const runOnce = async (url: string, into: LighthouseScores[], failures: string[]) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        into.push(await runLighthouse(url));
        return;
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  for (let round = 0; round < LIGHTHOUSE_ROUNDS; round += 1) {
    for (const page of LIGHTHOUSE_PAGES) {
      const pageRuns = runs.get(page)!;
      await runOnce(`${appBaseUrl}${page}`, pageRuns.app, pageRuns.failures);
      await runOnce(`${skeletonBaseUrl}${page}`, pageRuns.skeleton, pageRuns.failures);
    }
  }
  return runs;
}

function mediansOf(runs: LighthouseScores[], failures: number): LighthouseMedians | undefined {
  if (runs.length === 0) return undefined;
  return {
    performance: median(runs.map((run) => run.performance)),
    cls: median(runs.map((run) => run.cls)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    runs,
    failures,
  };
}

const { jsRatio: JS_GOAL_RATIO, tbtAllowanceMs: TBT_ALLOWANCE_MS } = BROWSER_GOALS;

export interface WebBench {
  app: ScriptWeight;
  skeleton: ScriptWeight;
  jsRatio: number;
  lighthouse: Record<string, { app: LighthouseMedians; skeleton: LighthouseMedians } | undefined>;
}

const describeRuns = (scores: LighthouseMedians) =>
  `performance ${scores.performance} (runs ${scores.runs.map((run) => run.performance).join(', ')}), TBT ${scores.tbtMs.toFixed(0)} ms (runs ${scores.runs.map((run) => run.tbtMs.toFixed(0)).join(', ')}), LCP ${(scores.lcpMs / 1000).toFixed(2)} s, CLS ${scores.cls.toFixed(3)}`;

export async function benchWeb(browser: Browser, port: number): Promise<WebBench> {
  const skeletonDist = await buildSkeleton();
  const skeletonServer = await serveFolder(skeletonDist);
  const server = await startServer(port);
  try {
    const app = await scoringRouteWeight(browser, server.baseUrl);
    const skeleton = await skeletonWeight(browser, skeletonServer.baseUrl);
    const jsRatio = app.gzipBytes / skeleton.gzipBytes;
    console.log('\n(h) the first visit: JS weight of the judge’s scoring route, and Lighthouse mobile');
    console.log(
      `    scoring route (${app.url}, a full load): ${app.scripts} scripts, ${kib(app.rawBytes)} raw, ${kib(app.gzipBytes)} gzip`,
    );
    console.log(
      `    the reference: a bare React 19 + Mantine + Dexie + PWA + TanStack Router skeleton, built in this run: ${skeleton.scripts} scripts, ${kib(skeleton.rawBytes)} raw, ${kib(skeleton.gzipBytes)} gzip`,
    );
    console.log(
      `    JS gzip, scoring route / skeleton = ${jsRatio.toFixed(2)}× (goal ≤ ${JS_GOAL_RATIO}×: ${jsRatio <= JS_GOAL_RATIO ? 'met' : 'not met'}; ${kib(JS_GOAL_RATIO * skeleton.gzipBytes)} allowed)`,
    );
    console.log(
      `    Lighthouse mobile (simulated slow 4G, 4× CPU), ${LIGHTHOUSE_ROUNDS} rounds, the app's page and the skeleton's alternating; goal: TBT ≤ the skeleton's + ${TBT_ALLOWANCE_MS} ms`,
    );
    const lighthouse: WebBench['lighthouse'] = {};
    for (const [page, runs] of await lighthouseRounds(server.baseUrl, skeletonServer.baseUrl)) {
      const appScores = mediansOf(runs.app, runs.failures.length);
      const skeletonScores = mediansOf(runs.skeleton, 0);
      if (!appScores || !skeletonScores) {
        console.log(`    ${page}: no run completed (${runs.failures.join('; ')})`);
        lighthouse[page] = undefined;
        continue;
      }
      lighthouse[page] = { app: appScores, skeleton: skeletonScores };
      const isMet = appScores.tbtMs <= skeletonScores.tbtMs + TBT_ALLOWANCE_MS;
      console.log(`    ${page}: app ${describeRuns(appScores)}`);
      console.log(`    ${page}: skeleton ${describeRuns(skeletonScores)}`);
      console.log(
        `    ${page}: TBT ${appScores.tbtMs.toFixed(0)} ms against the skeleton's ${skeletonScores.tbtMs.toFixed(0)} ms + ${TBT_ALLOWANCE_MS}: ${isMet ? 'met' : 'not met'}${runs.failures.length > 0 ? `; ${runs.failures.length} failed run(s) retried` : ''}`,
      );
    }
    return { app, skeleton, jsRatio, lighthouse };
  } finally {
    await server.stop();
    await skeletonServer.close();
    rmSync(skeletonDist, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchBenchChromium } = await import('./bare-chromium.ts');
  const browser = await launchBenchChromium();
  try {
    await benchWeb(browser, Number(process.env.BENCH_PORT ?? 3199));
  } finally {
    await browser.close();
  }
}
