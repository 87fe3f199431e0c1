// A plain runner for the WebKit lane: one Xvfb, one WebKitWebDriver and one sync server for the
// run (tests build their own event and judge through the API), a fresh MiniBrowser session
// (ephemeral profile) per test, tests one after another (the journey stops the server). Prints
// one line per test and a closing "N passed, M failed"; exits non-zero on any failure. Every
// process is stopped at the end, on failure, on the run's time limit and on Ctrl-C.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JudgeServer } from '../e2e/pages/judge-server.ts';
import { fetchApiClient } from './api-client.ts';
import {
  freePort,
  openBrowser,
  repoRoot,
  startWebDriver,
  startXvfb,
  stopAll,
  SyncServer,
  type Browser,
  type ManagedProcess,
} from './harness.ts';
import { WebKitJudge } from './judge-webkit.ts';

export interface LaneContext {
  browser: Browser;
  judge: WebKitJudge;
  server: SyncServer;
  api: JudgeServer;
  /** WebKitWebDriver (MiniBrowser and its helper processes run in its process group). */
  driver: ManagedProcess;
  /** Lines for the report (timings, engine facts). */
  note(line: string): void;
}

interface LaneTest {
  name: string;
  run: (context: LaneContext) => Promise<void>;
  timeoutMs: number;
}

const tests: LaneTest[] = [];
const pageScripts = new Map<string, string>();

/**
 * A script the page loads from the app's own origin (`/webkit-lane/<name>.js`). WebDriver's
 * execute runs in an isolated script world in WebKit, and the app's CSP refuses inline scripts,
 * so code that must run beside the app's own (patching IndexedDB under it) is served this way.
 */
export function pageScript(name: string, source: string): string {
  pageScripts.set(name, source);
  return `/webkit-lane/${name}.js`;
}

export function laneTest(name: string, run: LaneTest['run'], timeoutMs = 90_000): void {
  tests.push({ name, run, timeoutMs });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Opening MiniBrowser now and then hangs on these machines (WebKitWebDriver never answers the
 * new session). No test has run yet then, so one more try is safe.
 */
async function openMiniBrowser(driverPort: number): Promise<Browser> {
  try {
    return await withTimeout(openBrowser(driverPort), 45_000, 'opening MiniBrowser');
  } catch (error) {
    console.log(`    · ${error instanceof Error ? error.message : String(error)}; trying once more`);
    return withTimeout(openBrowser(driverPort), 60_000, 'opening MiniBrowser (second try)');
  }
}

/** Runs the registered tests whose name contains `filter`; resolves to the process exit code. */
export async function runLane(options: { filter?: string; runTimeoutMs: number }): Promise<number> {
  const started = Date.now();
  const selected = tests.filter((item) => !options.filter || item.name.includes(options.filter));
  const artifacts = path.join(repoRoot, 'test-results', 'webkit');
  mkdirSync(artifacts, { recursive: true });
  const runDir = mkdtempSync(path.join(tmpdir(), 'judging-webkit-'));
  const dataDir = path.join(runDir, 'data');
  // The shared server helpers read the run's database from here (mutationsOnServer).
  process.env.E2E_DATA_DIR = dataDir;
  let passed = 0;
  let failed = 0;
  const runLimit = setTimeout(() => {
    console.error(`webkit lane: the run exceeded ${options.runTimeoutMs} ms; stopping everything`);
    void stopAll().finally(() => process.exit(1));
  }, options.runTimeoutMs);
  runLimit.unref();
  try {
    const xvfb = await startXvfb();
    const driver = await startWebDriver(xvfb.display);
    // WEBKIT_PWA_DIST: another build to test (e.g. a deliberately broken one, built elsewhere).
    const builtPwa = path.resolve(process.env.WEBKIT_PWA_DIST ?? path.join(repoRoot, 'apps/pwa/dist'));
    if (!existsSync(path.join(builtPwa, 'sw.js')))
      throw new Error(`${builtPwa} is not built: run \`pnpm build\` first`);
    const pwaDist = path.join(runDir, 'pwa');
    cpSync(builtPwa, pwaDist, { recursive: true });
    mkdirSync(path.join(pwaDist, 'webkit-lane'));
    for (const [name, source] of pageScripts) writeFileSync(path.join(pwaDist, 'webkit-lane', `${name}.js`), source);
    const server = new SyncServer(dataDir, await freePort(), pwaDist);
    await server.start();
    const api = new JudgeServer(fetchApiClient(server.baseUrl));
    console.log(
      `webkit lane: Xvfb ${xvfb.display}, WebKitWebDriver :${driver.port}, server ${server.baseUrl} (${Date.now() - started} ms)`,
    );
    for (const item of selected) {
      const testStarted = Date.now();
      const notes: string[] = [];
      let browser: Browser | null = null;
      try {
        await server.start(); // a failed test may have left it stopped
        browser = await openMiniBrowser(driver.port);
        const judge = new WebKitJudge(browser, server.baseUrl);
        await withTimeout(
          item.run({ browser, judge, server, api, driver: driver.process, note: (line) => notes.push(line) }),
          item.timeoutMs,
          item.name,
        );
        passed += 1;
        console.log(`  ✓ ${item.name} (${Date.now() - testStarted} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`  ✗ ${item.name} (${Date.now() - testStarted} ms)`);
        console.log(
          `    ${(error instanceof Error ? (error.stack ?? error.message) : String(error)).replace(/\n/g, '\n    ')}`,
        );
        if (browser) {
          const file = path.join(artifacts, `${item.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
          await withTimeout(browser.saveScreenshot(file), 10_000, 'screenshot').then(
            () => console.log(`    screenshot: ${path.relative(repoRoot, file)}`),
            () => undefined,
          );
        }
      } finally {
        for (const line of notes) console.log(`    · ${line}`);
        if (browser) await withTimeout(browser.deleteSession(), 15_000, 'closing MiniBrowser').catch(() => undefined);
      }
    }
  } catch (error) {
    failed += 1;
    console.log(`  ✗ lane setup: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(runLimit);
    await stopAll();
    rmSync(runDir, { recursive: true, force: true });
  }
  const skipped = tests.length - selected.length;
  console.log(
    `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} not selected` : ''} (WebKitGTK, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return failed > 0 || selected.length === 0 ? 1 : 0;
}
