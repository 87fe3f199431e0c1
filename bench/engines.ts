// The two engines side by side (issue 38): what (c) and (e) measured on SQLite and on PostgreSQL
// in the same run, each figure a ratio against its own engine's reference where it has one, and
// two PostgreSQL server processes against one. Printed after issue 20's table.
import type { ResultsBenchResult } from './results.bench.ts';
import type { SplitFigures } from './server-postgres.bench.ts';
import type { EngineFigures } from './server.bench.ts';

export interface EngineRun {
  results?: ResultsBenchResult;
  server?: EngineFigures;
  split?: SplitFigures;
}

const fixed = (value: number | undefined, digits = 2) =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);

/** The rows of `part` (c: results; e: the server); printed only when an engine measured them. */
export function printEnginesTable(part: 'results' | 'server', sqlite: EngineRun, postgres: EngineRun): void {
  const measured = part === 'results' ? (run: EngineRun) => run.results : (run: EngineRun) => run.server;
  if (!measured(sqlite) && !measured(postgres)) return;
  const allRows: [string, (run: EngineRun) => string][] = [
    [
      'results: report / one SQL aggregate (wall; CPU)',
      ({ results }) =>
        results
          ? `${fixed(results.reportMs / results.sqlMs)}× (${fixed(results.reportMs, 1)} / ${fixed(results.sqlMs, 1)} ms); CPU ${fixed(results.cpu.report / results.cpu.sql)}×`
          : '–',
    ],
    [
      'push CPU per mutation / raw client, same rows',
      ({ server }) =>
        server
          ? `${fixed(server.cpuRatio)}× (${fixed(server.serverCpu, 0)} µs server${server.databaseCpu === undefined ? '' : ` + ${fixed(server.databaseCpu, 0)} µs cluster`}; raw ${fixed(server.rawCpu, 0)} µs)`
          : '–',
    ],
    [
      'crowd push p99 (autocannon, 200 connections, 130 pushes/s asked)',
      ({ server }) => (server ? `${fixed(server.crowdP99, 0)} ms (${server.crowdSeconds} s)` : '–'),
    ],
    [
      'push p99 reloading results / idle (one category; whole event)',
      ({ server }) =>
        server
          ? `${fixed(server.perCategoryReload)}×; ${fixed(server.wholeReload)}× (idle ${fixed(server.idleP99, 1)} ms)`
          : '–',
    ],
    [
      'two server processes / one (mutations/s; p99)',
      ({ split }) =>
        split
          ? `${fixed(split.twoRate / split.oneRate)}× (${fixed(split.twoRate, 0)} / ${fixed(split.oneRate, 0)}); p99 ${fixed(split.twoP99, 0)} / ${fixed(split.oneP99, 0)} ms`
          : 'one process only (§9)',
    ],
  ];
  const rows = part === 'results' ? allRows.slice(0, 1) : allRows.slice(1);
  const width = Math.max(...rows.map(([label]) => label.length));
  const sqliteCells = rows.map(([, cell]) => cell(sqlite));
  const sqliteWidth = Math.max('SQLite'.length, ...sqliteCells.map((cell) => cell.length));
  console.log(
    `\nBoth engines, ${part === 'results' ? '(c) results' : '(e) the server'}, same run (medians of rounds; ratios against each engine's own reference):`,
  );
  console.log(`  ${''.padEnd(width)}  ${'SQLite'.padEnd(sqliteWidth)}  PostgreSQL`);
  rows.forEach(([label, cell], index) =>
    console.log(`  ${label.padEnd(width)}  ${sqliteCells[index]!.padEnd(sqliteWidth)}  ${cell(postgres)}`),
  );
}
