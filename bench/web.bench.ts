// (f) The first visit's weight and speed (issue 21 item 11), in one run:
//   - JS loaded by the judge's scoring route (a full load of the page, every script it fetches,
//     each gzipped at level 9) against a bare React 19 + Mantine + Dexie + PWA skeleton
//     (bench/skeleton/) built in this same run with the app's own Vite and plugins and measured
//     the same way. Goal ≤ 1.25×.
//   - Lighthouse (npm `lighthouse`, its default mobile profile: simulated slow 4G and 4× CPU)
//     on /welcome and /login, in Debian's Chromium. Goal: performance ≥ 90, CLS ≤ 0.1.
// Needs the built PWA (`pnpm build`).
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bare-chromium.ts';
import { JUDGE_PASSWORD, createScenario, startServer } from './bench-server.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const pwaDir = path.join(benchDir, '../apps/pwa');
const skeletonDir = path.join(benchDir, 'skeleton');
const LIGHTHOUSE_PAGES = ['/welcome', '/login'];
const LIGHTHOUSE_ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Imports a package the way the PWA's build resolves it (the bench has no Vite of its own). */
async function importFromPwa<T>(name: string): Promise<T> {
  const resolved = createRequire(path.join(pwaDir, 'package.json')).resolve(name);
  return (await import(pathToFileURL(resolved).href)) as T;
}

/** What the bench uses of Vite and its plugins (the bench has no Vite of its own to type them). */
type VitePlugin = object;
interface ViteModule {
  build(config: Record<string, unknown>): Promise<unknown>;
}
interface ResolveContext {
  resolve(source: string, importer: string, options: Record<string, unknown>): Promise<unknown>;
}

/** Builds the skeleton with the app's Vite, React and PWA plugins; answers its dist folder. */
export async function buildSkeleton(): Promise<string> {
  const vite = await importFromPwa<ViteModule>('vite');
  const react = (await importFromPwa<{ default: () => VitePlugin }>('@vitejs/plugin-react')).default;
  const { VitePWA } = await importFromPwa<{ VitePWA: (options: object) => VitePlugin }>('vite-plugin-pwa');
  const outDir = mkdtempSync(path.join(tmpdir(), 'judging-skeleton-'));
  const pwaEntry = path.join(pwaDir, 'src/main.tsx');
  await vite.build({
    root: skeletonDir,
    logLevel: 'warn',
    configFile: false,
    css: { postcss: pwaDir },
    plugins: [
      // The skeleton's imports resolve as the app's do: from the PWA's dependencies.
      {
        name: 'resolve-from-pwa',
        enforce: 'pre',
        async resolveId(this: ResolveContext, source: string, importer: string | undefined, options: object) {
          if (!importer?.startsWith(skeletonDir) || source.startsWith('.') || source.startsWith('/')) return null;
          return this.resolve(source, pwaEntry, { ...options, skipSelf: true });
        },
      },
      react(),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest: { name: 'Skeleton', short_name: 'Skeleton', start_url: '/', display: 'standalone' },
        workbox: { globPatterns: ['**/*.{js,css,html}'] },
      }),
    ],
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}

/** A static server for the skeleton's build (index.html for every page). */
export async function serveFolder(dir: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.webmanifest': 'application/manifest+json',
  };
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
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

interface ScriptWeight {
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
  await page.goto('/login');
  const panel = page.getByRole('region', { name: 'Log in' });
  await panel.getByRole('textbox', { name: 'Email' }).fill(scenario.email);
  await panel.getByRole('textbox', { name: 'Password' }).fill(JUDGE_PASSWORD);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await page.goto(`/judge-dashboard/${scenario.judgeId}/${scenario.eventId}/${scenario.categoryId}`);
  await page.getByRole('heading', { name: `${scenario.categoryName}: schools` }).waitFor();
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

export interface WebBench {
  jsRatio: number;
  lighthouse: Record<string, LighthouseScores>;
}

export async function benchWeb(browser: Browser, port: number): Promise<WebBench> {
  const skeletonDist = await buildSkeleton();
  const skeletonServer = await serveFolder(skeletonDist);
  const server = await startServer(port);
  try {
    const app = await scoringRouteWeight(browser, server.baseUrl);
    const skeleton = await skeletonWeight(browser, skeletonServer.baseUrl);
    const jsRatio = app.gzipBytes / skeleton.gzipBytes;
    console.log('\n(f) the first visit: JS weight of the judge’s scoring route, and Lighthouse mobile');
    console.log(
      `    scoring route (${app.url}, a full load): ${app.scripts} scripts, ${kib(app.rawBytes)} raw, ${kib(app.gzipBytes)} gzip`,
    );
    console.log(
      `    bare React 19 + Mantine + Dexie + PWA skeleton, built in this run: ${skeleton.scripts} scripts, ${kib(skeleton.rawBytes)} raw, ${kib(skeleton.gzipBytes)} gzip`,
    );
    console.log(`    JS gzip, scoring route / skeleton = ${jsRatio.toFixed(2)}× (goal ≤ 1.25×)`);
    const lighthouse: Record<string, LighthouseScores> = {};
    for (const page of LIGHTHOUSE_PAGES) {
      const runs: LighthouseScores[] = [];
      const failures: string[] = [];
      // A failed run (Lighthouse's NO_FCP when this machine is overloaded) is retried, up to twice a round.
      for (let attempt = 0; runs.length < LIGHTHOUSE_ROUNDS && attempt < LIGHTHOUSE_ROUNDS * 3; attempt += 1) {
        try {
          runs.push(await runLighthouse(`${server.baseUrl}${page}`));
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
      if (runs.length === 0) {
        console.log(`    Lighthouse mobile ${page}: no run completed (${failures.join('; ')})`);
        continue;
      }
      const scores: LighthouseScores = {
        performance: median(runs.map((run) => run.performance)),
        cls: median(runs.map((run) => run.cls)),
        lcpMs: median(runs.map((run) => run.lcpMs)),
        tbtMs: median(runs.map((run) => run.tbtMs)),
      };
      lighthouse[page] = scores;
      console.log(
        `    Lighthouse mobile ${page}: performance ${scores.performance} (goal ≥ 90; runs ${runs.map((run) => run.performance).join(', ')}), CLS ${scores.cls.toFixed(3)} (goal ≤ 0.1), LCP ${(scores.lcpMs / 1000).toFixed(2)} s, TBT ${scores.tbtMs.toFixed(0)} ms; median of ${runs.length}${failures.length > 0 ? `; ${failures.length} failed run(s) retried` : ''}`,
      );
    }
    return { jsRatio, lighthouse };
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
