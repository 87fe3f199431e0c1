// Issue 41's browser rows: each a ratio against a reference measured in the same run, its rounds
// shown, met or not. The benches measure (results-page.bench.ts, web.bench.ts, cold-start.bench.ts,
// the save in run.ts); this file turns what they measured into the table's rows and keeps the
// goals in one place. A row a run did not measure is printed as such (server.bench.ts).
import type { ColdLoad, ColdStartRounds } from './cold-start.bench.ts';
import type { ReferenceRow } from './server.bench.ts';

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const list = (values: readonly number[], digits = 2) => values.map((value) => fixed(value, digits)).join(', ');

export const BROWSER_GOALS = {
  resultsPageRatio: 2,
  longestTaskMs: 50,
  jsRatio: 1.25,
  coldStartRatio: 1.3,
  tbtAllowanceMs: 50,
  saveRatio: 1.15,
} as const;

export const BROWSER_MEASURES = {
  resultsOverall:
    'results page, overall (100k-row state final), time to rendered / a bare page putting the same rows in the DOM',
  resultsSection: 'results page, one section / the same bare page',
  routeJs: 'judge route JS (gzip) / the skeleton with TanStack Router',
  coldStart: 'offline cold start of the scoring page, 4× CPU throttle / the skeleton with the router, same throttle',
  tbt: 'Lighthouse mobile /welcome, /login: total blocking time / the skeleton’s, same run',
  save: 'device save p95, 5,000 scores / the bare page’s save',
} as const;

/** The rows printed as not measured when a run left them out. */
export const BROWSER_ROWS: readonly { measure: string; goal: string }[] = [
  { measure: BROWSER_MEASURES.resultsOverall, goal: '≤ 2×, no task > 50 ms' },
  { measure: BROWSER_MEASURES.resultsSection, goal: '≤ 2×' },
  { measure: BROWSER_MEASURES.routeJs, goal: '≤ 1.25×' },
  { measure: BROWSER_MEASURES.coldStart, goal: '≤ 1.3×' },
  { measure: BROWSER_MEASURES.tbt, goal: '≤ the skeleton’s TBT + 50 ms' },
  { measure: BROWSER_MEASURES.save, goal: '≤ 1.15×' },
];

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One results page's rounds: the page, the bare page and the stack floor, ms, measured back to back. */
export interface ResultsPageRounds {
  pageMs: number[];
  bareMs: number[];
  longestTaskMs: number;
  /** The stack floor (bench/stack-results.ts): React + TanStack Router + Mantine, the same reads and rows. */
  stackMs: number[];
  stackLongestTaskMs: number;
}

export function resultsPageRows(overall: ResultsPageRounds, section: ResultsPageRounds): ReferenceRow[] {
  const row = (measure: string, rounds: ResultsPageRounds, withTaskGoal: boolean): ReferenceRow => {
    const ratios = rounds.pageMs.map((ms, index) => ms / rounds.bareMs[index]!);
    const ratio = median(ratios);
    const stackRatios = rounds.stackMs.map((ms, index) => ms / rounds.bareMs[index]!);
    const againstStack = rounds.pageMs.map((ms, index) => ms / rounds.stackMs[index]!);
    const isGoalBelowFloor = median(stackRatios) > BROWSER_GOALS.resultsPageRatio;
    const isMet =
      ratio <= BROWSER_GOALS.resultsPageRatio && (!withTaskGoal || rounds.longestTaskMs <= BROWSER_GOALS.longestTaskMs);
    return {
      measure,
      measured:
        `${fixed(ratio)}× (rounds ${list(ratios)}); the page ${fixed(median(rounds.pageMs), 0)} ms, the bare page ${fixed(median(rounds.bareMs), 0)} ms; longest task ${fixed(rounds.longestTaskMs, 0)} ms` +
        `; STACK FLOOR (React + TanStack Router + Mantine, same reads and rows, stack-results.ts) ${fixed(median(rounds.stackMs), 0)} ms = ${fixed(median(stackRatios))}× the bare page (rounds ${list(stackRatios)}), longest task ${fixed(rounds.stackLongestTaskMs, 0)} ms${isGoalBelowFloor ? '; the goal is below the stack’s floor' : ''}; the page ${fixed(median(againstStack))}× the stack floor (rounds ${list(againstStack)})`,
      goal: withTaskGoal ? '≤ 2×, no task > 50 ms' : '≤ 2×',
      isMet,
    };
  };
  return [row(BROWSER_MEASURES.resultsOverall, overall, true), row(BROWSER_MEASURES.resultsSection, section, false)];
}

export function routeJsRow(appGzipBytes: number, skeletonGzipBytes: number): ReferenceRow {
  const ratio = appGzipBytes / skeletonGzipBytes;
  return {
    measure: BROWSER_MEASURES.routeJs,
    measured: `${fixed(ratio)}× (${fixed(appGzipBytes / 1024, 1)} KiB against ${fixed(skeletonGzipBytes / 1024, 1)} KiB; bytes do not vary between rounds: one load each)`,
    goal: '≤ 1.25×',
    isMet: ratio <= BROWSER_GOALS.jsRatio,
  };
}

/**
 * The scoring page's cold start against the skeleton, and the stack floor (bench/stack-cold.ts)
 * against both: a floor above the goal says the goal is below what the stack reaches.
 */
export function coldStartRow(rounds: ColdStartRounds): ReferenceRow {
  const walls = (loads: readonly ColdLoad[]) => loads.map((load) => load.wall);
  const cpus = (loads: readonly ColdLoad[]) => loads.map((load) => load.cpu);
  const scoringMs = walls(rounds.scoring);
  const skeletonMs = walls(rounds.skeleton);
  const floorMs = walls(rounds.stackFloor);
  const perRound = (top: readonly number[], bottom: readonly number[]) => top.map((ms, index) => ms / bottom[index]!);
  const ratio = median(scoringMs) / median(skeletonMs);
  const floorRatio = median(floorMs) / median(skeletonMs);
  const cpu = (loads: readonly ColdLoad[]) => fixed(median(cpus(loads)), 0);
  return {
    measure: BROWSER_MEASURES.coldStart,
    measured:
      `${fixed(ratio)}× of the medians (${fixed(median(scoringMs), 0)} ms against ${fixed(median(skeletonMs), 0)} ms; main-thread CPU ${cpu(rounds.scoring)} ms against ${cpu(rounds.skeleton)} ms); rounds ${list(perRound(scoringMs, skeletonMs))}` +
      `; STACK FLOOR (same stack, same stored data, same sheet, stack-cold.ts) ${fixed(median(floorMs), 0)} ms, CPU ${cpu(rounds.stackFloor)} ms = ${fixed(floorRatio)}× the skeleton (rounds ${list(perRound(floorMs, skeletonMs))}${floorRatio > BROWSER_GOALS.coldStartRatio ? '; the goal is below the stack’s floor' : ''}); the page ${fixed(median(scoringMs) / median(floorMs))}× the floor (rounds ${list(perRound(scoringMs, floorMs))})`,
    goal: '≤ 1.3×',
    isMet: ratio <= BROWSER_GOALS.coldStartRatio,
  };
}

/** Each landing page's TBT runs, the app's and the skeleton's, alternating. */
export function tbtRow(pages: Record<string, { app: number[]; skeleton: number[] } | undefined>): ReferenceRow {
  const parts: string[] = [];
  let isMet: boolean | undefined = true;
  for (const [page, runs] of Object.entries(pages)) {
    if (!runs || runs.app.length === 0 || runs.skeleton.length === 0) {
      parts.push(`${page}: no run completed`);
      isMet = undefined;
      continue;
    }
    const app = median(runs.app);
    const skeleton = median(runs.skeleton);
    const pageMet = app <= skeleton + BROWSER_GOALS.tbtAllowanceMs;
    if (isMet !== undefined) isMet &&= pageMet;
    parts.push(
      `${page} ${fixed(app, 0)} ms against ${fixed(skeleton, 0)} ms + 50 (${pageMet ? 'met' : 'not met'}; rounds app ${list(runs.app, 0)}, skeleton ${list(runs.skeleton, 0)})`,
    );
  }
  return { measure: BROWSER_MEASURES.tbt, measured: parts.join('; '), goal: '≤ the skeleton’s TBT + 50 ms', isMet };
}

export function saveRow(appP95: readonly number[], bareP95: readonly number[], samples: number): ReferenceRow {
  const ratios = appP95.map((ms, index) => ms / bareP95[index]!);
  const ratio = median(ratios);
  return {
    measure: BROWSER_MEASURES.save,
    measured: `${fixed(ratio)}× (rounds ${list(ratios)}; p95 of ${samples} saves a round: the app ${list(appP95, 1)} ms, the bare page ${list(bareP95, 1)} ms)`,
    goal: '≤ 1.15×',
    isMet: ratio <= BROWSER_GOALS.saveRatio,
  };
}

/** Issue 41's browser rows this run measured, ✓ met, ✗ not met (a part run alone prints them). */
export function printBrowserRows(rows: readonly ReferenceRow[]): void {
  const measures = new Set<string>(Object.values(BROWSER_MEASURES));
  const measured = rows.filter((row) => measures.has(row.measure));
  if (measured.length === 0) return;
  console.log('\nIssue 41, the browser rows this run measured (median of rounds; ✓ met, ✗ not met):');
  for (const row of measured) {
    const mark = row.isMet === undefined ? '–' : row.isMet ? '✓' : '✗';
    console.log(`  ${mark} ${row.measure}\n      ${row.measured}; goal ${row.goal}`);
  }
}
