// (i) Offline cold start of the judge's scoring page (issue 20): the installed app (service
// worker active, every file precached, the event downloaded, 5,000 scores stored), the server
// process stopped, the page's CPU throttled 4×, a new tab opened on one school's sheet. Measured
// from navigation start to the painted frame that first shows the sheet's first criteria row,
// against a bare static page (one element, no script) loaded from a loopback server under the
// same throttle in the same run, and against the fixed stack's bare skeleton (bench/skeleton: React,
// Mantine, Dexie, workbox-window, TanStack Router, nothing of the app), installed and loaded
// offline the same way. Issue 41's goal: ≤ 1.3× the skeleton.
// The service worker is stopped before every round, as after an app launch. Runs in a Chromium
// nothing but a DevTools socket is attached to (bare-chromium.ts).
// The first criteria row is the first sheet on screen: the page draws the whole sheet in one render.
// After the rounds, one traced load each of the page and the stack floor (not counted) prints their
// main-thread time before the first row by kind (main-thread-kinds.ts): where a gap between them lies.
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBareChromium, launchBenchChromium, type BareChromium, type BarePage } from './bare-chromium.ts';
import { JUDGE_PASSWORD, createScenario, startServer, type BenchScenario } from './bench-server.ts';
import { otherSheetsScores, putRowsInPage } from './page-store.ts';
import { buildSkeleton, serveFolder } from './web.bench.ts';
import { logInThroughPanel } from './app-pages.ts';
import { MAIN_THREAD_KINDS, mainThreadKinds, type TimelineEvent } from './main-thread-kinds.ts';
import { copyDevice, installStackCold, type DeviceCopy } from './stack-cold.ts';

const ROUNDS = Number(process.env.BENCH_COLD_START_ROUNDS ?? 7);
const CPU_THROTTLE = 4;
const STORED_SCORES = 5000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The judge's session as the app stores it, from a login through the app (Playwright). */
async function logInThroughApp(baseUrl: string, scenario: BenchScenario): Promise<string> {
  const browser = await launchBenchChromium();
  try {
    const page = await browser.newPage({ baseURL: baseUrl });
    await logInThroughPanel(page, scenario.email, JUDGE_PASSWORD);
    const session = await page.evaluate(() => localStorage.getItem('judging.session'));
    if (!session) throw new Error('The login left no session');
    return session;
  } finally {
    await browser.close();
  }
}

/** 5,000 earlier scores of other sheets, straight into the device store. */
async function seedStoredScores(page: BarePage, scenario: BenchScenario): Promise<void> {
  await putRowsInPage(page, 'judging-device', 'cells', otherSheetsScores(scenario, STORED_SCORES));
}

/**
 * Records, from the document's first script on, when an element matching `selector` is first in
 * the document, and when the frame that first shows it is painted (`window.benchShown.frame`, ms
 * since navigation): a task posted from that frame's requestAnimationFrame runs once the frame's
 * style, layout and paint are done.
 */
function watchFor(selector: string): string {
  return `(() => {
    const seen = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) return false;
      const inDocument = performance.now();
      requestAnimationFrame(() => {
        const afterPaint = new MessageChannel();
        afterPaint.port1.onmessage = () => {
          performance.mark('bench-shown');
          window.benchShown = { inDocument, frame: performance.now() };
        };
        afterPaint.port2.postMessage(null);
      });
      return true;
    };
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
    observer.observe(document, { subtree: true, childList: true });
  })();`;
}

interface TraceEvent extends TimelineEvent {
  tdur?: number;
}

/**
 * The CPU time of the page's main thread from navigation to the mark `bench-shown`: the tasks
 * that began before the mark, by their thread time (a 4× throttle pauses the thread, which thread
 * time should not count). Steadier than the wall time on a machine other work shares; compare it
 * between builds, not with the wall time.
 */
function mainThreadCpuUntilShown(events: TraceEvent[]): number {
  const mark = events.find((event) => event.name === 'bench-shown');
  if (!mark) return Number.NaN;
  let micros = 0;
  for (const event of events) {
    if (event.pid !== mark.pid || event.tid !== mark.tid || event.ph !== 'X') continue;
    if (event.name !== 'ThreadControllerImpl::RunTask' && event.name !== 'RunTask') continue;
    if (event.ts < mark.ts) micros += event.tdur ?? 0;
  }
  return micros / 1000;
}

interface CpuProfile {
  nodes: unknown[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The profile's samples up to the mark `bench-shown` (trace and profiler share one clock): what
 * ran before the first criteria row was painted, not the work the page does after it.
 */
function untilShown(profile: CpuProfile, shownAt: number): CpuProfile {
  let at = profile.startTime;
  let kept = 0;
  while (kept < profile.samples.length && at + (profile.timeDeltas[kept] ?? 0) <= shownAt) {
    at += profile.timeDeltas[kept] ?? 0;
    kept += 1;
  }
  return {
    ...profile,
    endTime: at,
    samples: profile.samples.slice(0, kept),
    timeDeltas: profile.timeDeltas.slice(0, kept),
  };
}

/**
 * One cold load in a new tab: when the frame first showing `selector` was painted (ms since
 * navigation), and the main thread's CPU time until then (ms).
 */
async function coldLoad(
  bare: BareChromium,
  url: string,
  selector: string,
  record: { profileFile?: string; traceFile?: string; byKind?: boolean } = {},
): Promise<{ wall: number; cpu: number; byKind?: Map<string, number> }> {
  const { profileFile, traceFile } = record;
  const isDetailed = traceFile !== undefined || record.byKind === true;
  const page = await bare.newPage('data:text/html,<title>blank</title>');
  try {
    if (profileFile) {
      await page.command('Profiler.enable', {});
      await page.command('Profiler.setSamplingInterval', { interval: 100 });
      await page.command('Profiler.start', {});
    }
    await page.command('ServiceWorker.enable', {});
    await page.command('ServiceWorker.stopAllWorkers', {});
    await page.command('Page.enable', {});
    await page.command('Page.addScriptToEvaluateOnNewDocument', { source: watchFor(selector) });
    await page.command('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    // A trace file: the main thread's tasks by kind too (parse, compile, style, layout, paint).
    const trace = await bare.startTrace(
      isDetailed
        ? ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8', 'loading', 'blink.resource']
        : ['toplevel', 'blink.user_timing'],
    );
    await page.command('Page.navigate', { url });
    await page.waitFor(() => (window as unknown as { benchShown?: unknown }).benchShown !== undefined, undefined);
    const wall = await page.evaluate(
      () => (window as unknown as { benchShown: { frame: number } }).benchShown.frame,
      undefined,
    );
    const events = (await trace.stop()) as TraceEvent[];
    const cpu = mainThreadCpuUntilShown(events);
    if (traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
    if (profileFile) {
      const { profile } = (await page.command('Profiler.stop', {})) as { profile: CpuProfile };
      const shownAt = events.find((event) => event.name === 'bench-shown')?.ts;
      writeFileSync(profileFile, JSON.stringify(shownAt === undefined ? profile : untilShown(profile, shownAt)));
    }
    return record.byKind ? { wall, cpu, byKind: mainThreadKinds(events, 'bench-shown') } : { wall, cpu };
  } finally {
    await page.close();
  }
}

/** The page's main-thread time by kind against the floor's, in one line. */
function kindsLine(page: Map<string, number>, floor: Map<string, number>): string {
  const ms = (kinds: Map<string, number>, kind: string) => kinds.get(kind) ?? 0;
  const sum = (kinds: Map<string, number>) => [...kinds.values()].reduce((total, value) => total + value, 0);
  const parts = MAIN_THREAD_KINDS.map((kind) => {
    const difference = ms(page, kind) - ms(floor, kind);
    return `${kind} ${ms(page, kind).toFixed(0)} / ${ms(floor, kind).toFixed(0)} (${difference >= 0 ? '+' : '−'}${Math.abs(difference).toFixed(0)})`;
  });
  return `where the main thread's time goes before the first row, one traced load each after the rounds (not counted), scoring page / stack floor, ms: ${parts.join('; ')}; all ${sum(page).toFixed(0)} / ${sum(floor).toFixed(0)}`;
}

/** A loopback server answering one bare page: the floor of a throttled navigation. */
async function startBarePageServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html><head><title>Bare</title></head><body><h1 id="bare">Bare</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One cold load: when the first criteria row was painted and the main thread's CPU until then (ms). */
export interface ColdLoad {
  wall: number;
  cpu: number;
}

/** The rounds of one run, measured back to back. */
export interface ColdStartRounds {
  scoring: ColdLoad[];
  skeleton: ColdLoad[];
  /** The stack floor (bench/stack-cold.ts): the same stack, the same stored data, the same sheet, no app code. */
  stackFloor: ColdLoad[];
}

export interface ColdStartResult {
  median: number;
  min: number;
  max: number;
  /** The page's main-thread CPU time to the sheet (median), for comparing builds. */
  cpuMedian: number;
  bareMedian: number;
  /** The fixed stack's skeleton to its first stored row, offline, the same way (median). */
  skeletonMedian: number;
  /** Each round's loads (wall ms, main-thread CPU ms): the scoring page's, the skeleton's and the stack floor's (issue 41's row). */
  rounds: ColdStartRounds;
}

/**
 * The skeleton (bench/skeleton) installed in `bare`: its service worker controls it, one score is
 * in its Dexie store, its server is stopped. Loaded, it shows that score in a table cell once
 * React, Mantine and Dexie have started and read the store: the floor the fixed stack sets under
 * the scoring page, which reads its store the same way before its first row.
 */
async function installSkeleton(bare: BareChromium): Promise<{ url: string; selector: string; dist: string }> {
  const dist = await buildSkeleton();
  const server = await serveFolder(dist);
  try {
    const url = `${server.baseUrl}/`;
    const setup = await bare.newPage(url);
    await setup.evaluate(async () => {
      await navigator.serviceWorker.ready;
    }, undefined);
    await setup.navigate(url);
    await setup.waitFor(() => document.querySelector('h1') !== null, undefined);
    if (!(await setup.evaluate(() => navigator.serviceWorker.controller !== null, undefined)))
      throw new Error('The skeleton’s service worker does not control the page');
    await putRowsInPage(setup, 'skeleton', 'scores', [{ key: 'one', value: 1 }]);
    await setup.close();
    return { url, selector: 'td', dist };
  } finally {
    await server.close();
  }
}

/** The scoring page installed in `bare` from a server on `port` serving `pwaDist` (the built app by default), that server then stopped. */
async function installScoringPage(bare: BareChromium, port: number, pwaDist: string | undefined) {
  const previous = process.env.PWA_DIST;
  if (pwaDist) process.env.PWA_DIST = pwaDist;
  const server = await startServer(port);
  if (pwaDist) {
    if (previous === undefined) delete process.env.PWA_DIST;
    else process.env.PWA_DIST = previous;
  }
  try {
    const { baseUrl } = server;
    const scenario = await createScenario(baseUrl, 'cold-start');
    const session = await logInThroughApp(baseUrl, scenario);
    const school = scenario.schools[0]!;
    const search = `judgeId=${scenario.judgeId}&eventId=${scenario.eventId}&schoolId=${school.schoolId}&categoryId=${scenario.categoryId}&sectionId=${scenario.sectionId}`;
    const url = `${baseUrl}/school-scoring?${search}`;
    // Installed: the service worker controls the app, the event is on the device, scores stored.
    const setup = await bare.newPage(`${baseUrl}/help`);
    await setup.evaluate((stored) => localStorage.setItem('judging.session', stored), session);
    await setup.evaluate(async () => {
      await navigator.serviceWorker.ready;
    }, undefined);
    await setup.navigate(url);
    const selector = `tr[aria-label="${scenario.subsections[0]!.subsectionName}"]`;
    await setup.waitFor((wanted) => document.querySelector(wanted) !== null, selector);
    if (!(await setup.evaluate(() => navigator.serviceWorker.controller !== null, undefined)))
      throw new Error('The installed app does not control the page');
    await seedStoredScores(setup, scenario);
    const device: DeviceCopy = await copyDevice(setup);
    await setup.close();
    await server.kill();
    return { url, selector, server, search, device };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * BENCH_COLD_START_COMPARE_DIST=folder: a second build of the PWA (an earlier commit's
 * apps/pwa/dist, copied) installed beside this one and loaded alternately in the same run.
 */
export async function benchColdStart(port: number): Promise<ColdStartResult> {
  const barePages = await startBarePageServer();
  const bare = await launchBareChromium();
  const compareDist = process.env.BENCH_COLD_START_COMPARE_DIST;
  const installs: Awaited<ReturnType<typeof installScoringPage>>[] = [];
  let skeletonDist: string | undefined;
  let floorDist: string | undefined;
  try {
    installs.push(await installScoringPage(bare, port, undefined));
    if (compareDist) installs.push(await installScoringPage(bare, port + 10, compareDist));
    const skeleton = await installSkeleton(bare);
    skeletonDist = skeleton.dist;
    const floor = await installStackCold(bare, installs[0]!.device, installs[0]!.search, installs[0]!.selector);
    floorDist = floor.dist;
    console.log(
      `\n(i) offline cold start of the scoring page: installed app, server stopped, ${STORED_SCORES} scores stored, CPU throttled ${CPU_THROTTLE}×, service worker stopped before each load; navigation → the painted frame showing the first criteria row; against a bare static page from a loopback server and the React + Mantine + Dexie + PWA + TanStack Router skeleton (installed, offline, to its first stored row) under the same throttle; ${ROUNDS} rounds, alternating${compareDist ? `; the build in ${compareDist} alternately too` : ''}`,
    );
    const scoring: { wall: number; cpu: number }[] = [];
    const compared: { wall: number; cpu: number }[] = [];
    const barePage: { wall: number; cpu: number }[] = [];
    const skeletonPage: { wall: number; cpu: number }[] = [];
    const floorPage: ColdLoad[] = [];
    // A first load of each, not counted: Chromium's own first-tab work (process, caches) is not the app's.
    for (const install of installs) await coldLoad(bare, install.url, install.selector);
    await coldLoad(bare, barePages.url, '#bare');
    await coldLoad(bare, skeleton.url, skeleton.selector);
    await coldLoad(bare, floor.url, floor.selector);
    for (let round = 1; round <= ROUNDS; round += 1) {
      // BENCH_COLD_START_PROFILE=file.cpuprofile: the last round's scoring page load, profiled up to
      // the painted first row (the sampling slows it; build the app with source maps to read it by
      // module). BENCH_COLD_START_PROFILE_FLOOR=file: the stack floor's load of that round too.
      // BENCH_COLD_START_TRACE=file.json: that load's trace with the main thread's tasks by kind
      // (DevTools' Performance panel opens it); not with a profile in the same run.
      // BENCH_COLD_START_TRACE_FLOOR=file.json: the stack floor's load of that round too.
      const profileFile = round === ROUNDS ? process.env.BENCH_COLD_START_PROFILE : undefined;
      const traceFile = round === ROUNDS ? process.env.BENCH_COLD_START_TRACE : undefined;
      scoring.push(await coldLoad(bare, installs[0]!.url, installs[0]!.selector, { profileFile, traceFile }));
      if (installs[1]) compared.push(await coldLoad(bare, installs[1].url, installs[1].selector));
      barePage.push(await coldLoad(bare, barePages.url, '#bare'));
      skeletonPage.push(await coldLoad(bare, skeleton.url, skeleton.selector));
      const floorProfile = round === ROUNDS ? process.env.BENCH_COLD_START_PROFILE_FLOOR : undefined;
      const floorTrace = round === ROUNDS ? process.env.BENCH_COLD_START_TRACE_FLOOR : undefined;
      floorPage.push(
        await coldLoad(bare, floor.url, floor.selector, { profileFile: floorProfile, traceFile: floorTrace }),
      );
      const load = (measured: { wall: number; cpu: number }) =>
        `${measured.wall.toFixed(0)} ms (main thread CPU ${measured.cpu.toFixed(0)} ms)`;
      console.log(
        `    round ${round}: scoring page ${load(scoring.at(-1)!)}${compared.length > 0 ? `; compared build ${load(compared.at(-1)!)}` : ''}; bare page ${load(barePage.at(-1)!)}; skeleton ${load(skeletonPage.at(-1)!)}; stack floor ${load(floorPage.at(-1)!)}`,
      );
    }
    const walls = scoring.map((load) => load.wall);
    const result = {
      median: median(walls),
      min: Math.min(...walls),
      max: Math.max(...walls),
      cpuMedian: median(scoring.map((load) => load.cpu)),
      bareMedian: median(barePage.map((load) => load.wall)),
      skeletonMedian: median(skeletonPage.map((load) => load.wall)),
      rounds: { scoring, skeleton: skeletonPage, stackFloor: floorPage },
    };
    const skeletonCpu = median(skeletonPage.map((load) => load.cpu));
    console.log(
      `    median ${result.median.toFixed(0)} ms (${result.min.toFixed(0)}–${result.max.toFixed(0)}), goal ≤ 600 ms; main thread CPU (thread time) ${result.cpuMedian.toFixed(0)} ms; bare page ${result.bareMedian.toFixed(0)} ms; scoring / bare = ${(result.median / result.bareMedian).toFixed(1)}`,
    );
    console.log(
      `    skeleton: median ${result.skeletonMedian.toFixed(0)} ms, main thread CPU ${skeletonCpu.toFixed(0)} ms; scoring page / skeleton = ${(result.median / result.skeletonMedian).toFixed(2)} (wall), ${(result.cpuMedian / skeletonCpu).toFixed(2)} (CPU)`,
    );
    const floorWall = median(floorPage.map((load) => load.wall));
    const floorCpu = median(floorPage.map((load) => load.cpu));
    console.log(
      `    STACK FLOOR (same stack, same stored data, same sheet, no app code; stack-cold.ts): median ${floorWall.toFixed(0)} ms, main thread CPU ${floorCpu.toFixed(0)} ms; floor / skeleton = ${(floorWall / result.skeletonMedian).toFixed(2)} (wall), ${(floorCpu / skeletonCpu).toFixed(2)} (CPU); scoring page / floor = ${(result.median / floorWall).toFixed(2)} (wall), ${(result.cpuMedian / floorCpu).toFixed(2)} (CPU)`,
    );
    // One more load of each with the timeline traced (not counted: the detailed trace slows it).
    const pageKinds = (await coldLoad(bare, installs[0]!.url, installs[0]!.selector, { byKind: true })).byKind!;
    const floorKinds = (await coldLoad(bare, floor.url, floor.selector, { byKind: true })).byKind!;
    console.log(`    ${kindsLine(pageKinds, floorKinds)}`);
    if (compared.length > 0) {
      const comparedWall = median(compared.map((load) => load.wall));
      const comparedCpu = median(compared.map((load) => load.cpu));
      console.log(
        `    compared build: median ${comparedWall.toFixed(0)} ms, main thread CPU ${comparedCpu.toFixed(0)} ms; this build / compared = ${(result.median / comparedWall).toFixed(2)} (wall), ${(result.cpuMedian / comparedCpu).toFixed(2)} (CPU)`,
      );
    }
    return result;
  } finally {
    await bare.close();
    await barePages.close();
    for (const install of installs) await install.server.stop();
    if (skeletonDist) rmSync(skeletonDist, { recursive: true, force: true });
    if (floorDist) rmSync(floorDist, { recursive: true, force: true });
  }
}
