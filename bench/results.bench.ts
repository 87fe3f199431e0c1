// (c) Results of a large state final (bench/state-final.ts: 103,680 score rows) in a temp SQLite
// database, and again in a PostgreSQL database of its own (`pnpm bench` runs both). Times the full results
// computation against one SQL aggregate over the same rows (sheets → section means → category
// sums), in the same run: the scoring model alone (loadScoringInputs: sheet subtotals summed by
// the engine, then rankEvent) and the whole report as the API answers it (computeReport, with names).
// The goal is on the report: ≤ 1.5× the aggregate and under 200 ms. Not a pass/fail test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { rankEvent } from '../packages/shared-types/src/index.ts';
import { openMigratedDatabase } from '../apps/sync-server/src/db/database.ts';
import { openPostgresDatabase, postgresPoolOf, toPostgresPlaceholders } from '../apps/sync-server/src/db/postgres.ts';
import { computeReport, loadScoringInputs } from '../apps/sync-server/src/features/results/results-compute.ts';
import { treeSeconds, type BenchPostgres } from './bench-postgres.ts';
import { CATEGORIES, SCHOOLS, STATE_FINAL_SHAPE, seedStateFinal } from './state-final.ts';

// better-sqlite3 is the server's dependency; load it from there.
const requireFromServer = createRequire(new URL('../apps/sync-server/package.json', import.meta.url));
const SQLite = requireFromServer('better-sqlite3') as typeof BetterSqlite3;

const RUNS = 11;
const stamp = '2026-05-01T08:00:00.000Z';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Sheets → section means → category sums, in one statement (`?`: the event). */
const AGGREGATE_SQL = `
  select category_id, school_id, sum(section_mean) as category_score from (
    select category_id, school_id, section_id, avg(sheet) as section_mean from (
      select category_id, school_id, section_id, judge_id, sum(score) as sheet
      from subsection_score where event_id = ?
      group by judge_id, category_id, section_id, school_id
    ) as sheets group by category_id, school_id, section_id
  ) as sections group by category_id, school_id`;
/** The results' sheet query for one category (`?`), whose plan is printed beside the aggregate's. */
const SHEET_SQL = `select judge_id, section_id, school_id, sum(score), count(*) from subsection_score where category_id = ? group by judge_id, section_id, school_id`;

export interface ResultsBenchResult {
  engine: 'SQLite' | 'PostgreSQL';
  rows: number;
  modelMs: number;
  reportMs: number;
  sqlMs: number;
  /** CPU medians, ms: this process's, plus the database's processes on PostgreSQL when on this machine. */
  cpu: { model: number; report: number; sql: number };
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Wall-clock and CPU milliseconds of repeated runs of one measure. */
class Timings {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];

  /** CPU spent by other processes (the database's), read outside the timed window. */
  readonly otherCpuMs: () => number;

  constructor(otherCpuMs: () => number = () => 0) {
    this.otherCpuMs = otherCpuMs;
  }

  async time<T>(isMeasured: boolean, run: () => Promise<T>): Promise<T> {
    const otherStart = this.otherCpuMs();
    const wallStart = performance.now();
    const cpuStart = cpuMs();
    const value = await run();
    const cpuEnd = cpuMs();
    const wallEnd = performance.now();
    if (isMeasured) {
      this.wall.push(wallEnd - wallStart);
      this.cpu.push(cpuEnd - cpuStart + this.otherCpuMs() - otherStart);
    }
    return value;
  }
}

/** The one aggregate as the engine's own raw client runs it (a prepared statement), and the plans. */
interface RawAggregate {
  run(eventId: number): Promise<number>;
  plan(query: string, value: number): Promise<string>;
  close(): Promise<void>;
}

function sqliteAggregate(file: string): RawAggregate {
  const aggregate = new SQLite(file, { readonly: true });
  const statement = aggregate.prepare(AGGREGATE_SQL);
  return {
    run: async (eventId) => statement.all(eventId).length,
    plan: async (query, value) =>
      (aggregate.prepare(`explain query plan ${query}`).all(value) as { detail: string }[])
        .map((step) => step.detail)
        .join('; '),
    close: async () => void aggregate.close(),
  };
}

async function postgresAggregate(url: string): Promise<RawAggregate> {
  const db = openPostgresDatabase(url, { poolSize: 1 });
  const client = await postgresPoolOf(db)!.connect();
  const text = toPostgresPlaceholders(AGGREGATE_SQL);
  return {
    run: async (eventId) => (await client.query({ name: 'bench_aggregate', text, values: [eventId] })).rowCount ?? 0,
    plan: async (query, value) =>
      (await client.query<{ 'QUERY PLAN': string }>(`explain ${toPostgresPlaceholders(query)}`, [value])).rows
        .map((row) =>
          row['QUERY PLAN']
            .replace(/\(cost=.*\)/, '')
            .trim()
            .replace(/^->\s*/, ''),
        )
        .filter((line) => !/^(Group Key|Sort Key|Filter|Index Cond|Recheck Cond|Presorted Key):/.test(line))
        .join('; '),
    close: async () => {
      client.release();
      await db.destroy();
    },
  };
}

/**
 * Runs the benchmark on SQLite (a temporary file), or on PostgreSQL (a database of its own on
 * `postgres`'s cluster) when given, and prints its lines; answers the medians.
 */
export async function benchResults(postgres?: BenchPostgres): Promise<ResultsBenchResult> {
  const engine = postgres ? 'PostgreSQL' : 'SQLite';
  const dir = mkdtempSync(path.join(tmpdir(), 'judging-bench-results-'));
  const database = 'bench_results';
  const target = postgres ? await postgres.createDatabase(database) : path.join(dir, 'bench.sqlite');
  try {
    const db = await openMigratedDatabase(target);
    await db.destroy();
    const { eventId, rows } = await seedStateFinal(target);
    const reader = await openMigratedDatabase(target);
    const event = await reader
      .selectFrom('event')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    const aggregate = postgres ? await postgresAggregate(target) : sqliteAggregate(target);
    // Each measure is timed twice: wall clock, and CPU time (user + system; on PostgreSQL this
    // process's and the cluster's), which a machine busy with other work inflates far less.
    const databaseCpuMs = () => (treeSeconds(new Map(), postgres?.clusterCpu()) ?? 0) * 1000;
    const times = {
      model: new Timings(databaseCpuMs),
      report: new Timings(databaseCpuMs),
      sql: new Timings(databaseCpuMs),
    };
    let checksum = 0;
    // One warm-up round (statement caches, page cache), then the measured rounds, interleaved so
    // that a busy machine slows the three alike.
    for (let run = 0; run <= RUNS; run += 1) {
      const isMeasured = run > 0;
      const standings = await times.model.time(isMeasured, async () =>
        rankEvent(await loadScoringInputs(reader, eventId)),
      );
      checksum = standings[0]?.standings[0]?.score ?? 0;
      await times.report.time(isMeasured, () => computeReport(reader, event, stamp));
      const aggregated = await times.sql.time(isMeasured, () => aggregate.run(eventId));
      if (aggregated !== SCHOOLS * CATEGORIES) throw new Error('the aggregate missed schools');
    }
    // Both sides use whatever index the planner picks; print the plans so a reader can check.
    const category = await reader
      .selectFrom('category')
      .select('category_id')
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    const plans = {
      aggregate: await aggregate.plan(AGGREGATE_SQL, eventId),
      sheets: await aggregate.plan(SHEET_SQL, category.category_id),
    };
    await aggregate.close();
    await reader.destroy();
    const result: ResultsBenchResult = {
      engine,
      rows,
      modelMs: median(times.model.wall),
      reportMs: median(times.report.wall),
      sqlMs: median(times.sql.wall),
      cpu: { model: median(times.model.cpu), report: median(times.report.cpu), sql: median(times.sql.cpu) },
    };
    const { cpu } = result;
    const line = (label: string, wall: number, cpuMs: number) =>
      console.log(`    ${label.padEnd(62)} ${wall.toFixed(1).padStart(6)} ms  (CPU ${cpuMs.toFixed(1)} ms)`);
    const cpuWhose = postgres
      ? postgres.clusterCpu()
        ? 'CPU: this process and the PostgreSQL cluster'
        : 'CPU: this process only (the cluster is not on this machine)'
      : 'CPU: this process';
    console.log(
      `\n(c) results of a state final on ${engine}: ${rows} score rows (${STATE_FINAL_SHAPE}), median of ${RUNS}; ${cpuWhose}`,
    );
    line(`scoring model (sheet subtotals summed by ${engine} + rankEvent)`, result.modelMs, cpu.model);
    line('full report as the API answers it (computeReport)', result.reportMs, cpu.report);
    line('one SQL aggregate over the same rows', result.sqlMs, cpu.sql);
    console.log(
      `    winner ${checksum.toFixed(2)}; model / SQL = ${(result.modelMs / result.sqlMs).toFixed(2)}× (CPU ${(cpu.model / cpu.sql).toFixed(2)}×)`,
    );
    console.log(
      `    report / SQL = ${(result.reportMs / result.sqlMs).toFixed(2)}× (CPU ${(cpu.report / cpu.sql).toFixed(2)}×; goal ≤ 1.5× and report < 200 ms)`,
    );
    console.log(`    plan of the aggregate: ${plans.aggregate}`);
    console.log(`    plan of the results' sheet query (per category): ${plans.sheets}`);
    return result;
  } finally {
    if (postgres) await postgres.dropDatabase(database);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchResults();
