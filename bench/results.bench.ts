// (c) Results of a large state final: 60 schools × 6 categories × 8 sections of 12 subsections,
// 3 judges per section (103,680 score rows) in a temp SQLite database. Times the full results
// computation against one SQL aggregate over the same rows (sheets → section means → category
// sums), in the same run: the scoring model alone (loadScoringInputs: sheet subtotals summed by
// SQLite, then rankEvent) and the whole report as the API answers it (computeReport, with names).
// The goal is on the report: ≤ 1.5× the aggregate and under 200 ms. Not a pass/fail test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { rankEvent } from '../packages/shared-types/src/index.ts';
import { openMigratedDatabase } from '../apps/sync-server/src/db/database.ts';
import { computeReport, loadScoringInputs } from '../apps/sync-server/src/features/results/results-compute.ts';

// better-sqlite3 is the server's dependency; load it from there.
const requireFromServer = createRequire(new URL('../apps/sync-server/package.json', import.meta.url));
const SQLite = requireFromServer('better-sqlite3') as typeof BetterSqlite3;

const SCHOOLS = 60;
const CATEGORIES = 6;
const SECTIONS = 8;
const SUBSECTIONS = 12;
const JUDGES_PER_SECTION = 3;
const RUNS = 11;
const stamp = '2026-05-01T08:00:00.000Z';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Builds the state final straight into SQLite (one transaction); answers the event id and the row
 * count. Also used on a running server's database (bench/server.bench.ts): WAL lets both write.
 */
export function seedStateFinal(file: string): { eventId: number; rows: number } {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  let rows = 0;
  const eventId = sqlite.transaction(() => {
    const stateId = (sqlite.prepare(`select state_id from state where state_code = 'DE'`).get() as { state_id: number })
      .state_id;
    const insertId = (statement: string, ...values: unknown[]) =>
      Number(sqlite.prepare(statement).run(...values).lastInsertRowid);
    const event = insertId(
      `insert into event (state_id, event_name, start_date, start_time, end_date, status, is_test_event, created_at, updated_at) values (?, 'Bench State Final', '2026-05-01', '08:00', '2026-05-01', 'STARTED', 0, ?, ?)`,
      stateId,
      stamp,
      stamp,
    );
    const schools: number[] = [];
    for (let s = 0; s < SCHOOLS; s += 1) {
      schools.push(
        insertId(
          `insert into school (state_id, school_name, principal, educator1, contact_name, contact_email, contact_phone, created_at, updated_at) values (?, ?, 'P', 'E', 'C', 'c@bench.test', '3025550100', ?, ?)`,
          stateId,
          `Bench School ${s + 1}`,
          stamp,
          stamp,
        ),
      );
    }
    const insertUser = sqlite.prepare(
      `insert into app_user (state_id, email, password_hash, first_name, last_name, phone, role, created_at, updated_at) values (?, ?, 'x', 'Bench', ?, '3025550100', 'JUDGE', ?, ?)`,
    );
    const insertScore = sqlite.prepare(
      `insert into subsection_score (score_id, state_id, event_id, category_id, section_id, school_id, judge_id, subsection_id, score, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let judgeNumber = 0;
    for (let c = 0; c < CATEGORIES; c += 1) {
      const category = insertId(
        `insert into category (event_id, state_id, category_name, created_at) values (?, ?, ?, ?)`,
        event,
        stateId,
        `Category ${c + 1}`,
        stamp,
      );
      for (const [order, school] of schools.entries()) {
        sqlite
          .prepare(
            `insert into category_registration (category_id, school_id, state_id, students_json, school_order, registered_at) values (?, ?, ?, '["A","B"]', ?, ?)`,
          )
          .run(category, school, stateId, order, stamp);
      }
      for (let x = 0; x < SECTIONS; x += 1) {
        const section = insertId(
          `insert into section (state_id, section_name, created_at, updated_at) values (?, ?, ?, ?)`,
          stateId,
          `C${c + 1} Section ${x + 1}`,
          stamp,
          stamp,
        );
        sqlite
          .prepare(`insert into category_section (category_id, section_id, state_id, position) values (?, ?, ?, ?)`)
          .run(category, section, stateId, x);
        const subsections: number[] = [];
        for (let u = 0; u < SUBSECTIONS; u += 1) {
          subsections.push(
            insertId(
              `insert into subsection (section_id, state_id, subsection_name, max_score, created_at) values (?, ?, ?, 10, ?)`,
              section,
              stateId,
              `Sub ${u + 1}`,
              stamp,
            ),
          );
        }
        for (let j = 0; j < JUDGES_PER_SECTION; j += 1) {
          judgeNumber += 1;
          const judge = Number(
            insertUser.run(stateId, `bench-judge-${judgeNumber}@bench.test`, `Judge ${judgeNumber}`, stamp, stamp)
              .lastInsertRowid,
          );
          sqlite
            .prepare(
              `insert into judge_assignment (category_id, section_id, judge_id, state_id, created_at) values (?, ?, ?, ?, ?)`,
            )
            .run(category, section, judge, stateId, stamp);
          for (const school of schools) {
            for (const [u, subsection] of subsections.entries()) {
              const score = 1 + ((school * 7 + u * 3 + judge) % 37) * 0.25;
              insertScore.run(
                crypto.randomUUID(),
                stateId,
                event,
                category,
                section,
                school,
                judge,
                subsection,
                score,
                stamp,
                stamp,
              );
              rows += 1;
            }
          }
        }
      }
    }
    return event;
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { eventId, rows };
}

const AGGREGATE_SQL = `
  select category_id, school_id, sum(section_mean) as category_score from (
    select category_id, school_id, section_id, avg(sheet) as section_mean from (
      select category_id, school_id, section_id, judge_id, sum(score) as sheet
      from subsection_score where event_id = ?
      group by judge_id, category_id, section_id, school_id
    ) group by category_id, school_id, section_id
  ) group by category_id, school_id`;

export interface ResultsBenchResult {
  rows: number;
  modelMs: number;
  reportMs: number;
  sqlMs: number;
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Wall-clock and CPU milliseconds of repeated runs of one measure. */
class Timings {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];

  async time<T>(isMeasured: boolean, run: () => Promise<T>): Promise<T> {
    const wallStart = performance.now();
    const cpuStart = cpuMs();
    const value = await run();
    if (isMeasured) {
      this.wall.push(performance.now() - wallStart);
      this.cpu.push(cpuMs() - cpuStart);
    }
    return value;
  }
}

/** Runs the benchmark and prints its lines; answers the wall-clock medians. */
export async function benchResults(): Promise<ResultsBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'judging-bench-results-'));
  const file = path.join(dir, 'bench.sqlite');
  try {
    const db = await openMigratedDatabase(file);
    await db.destroy();
    const { eventId, rows } = seedStateFinal(file);
    const reader = await openMigratedDatabase(file);
    const event = await reader
      .selectFrom('event')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    const aggregate = new SQLite(file, { readonly: true });
    const statement = aggregate.prepare(AGGREGATE_SQL);
    // Each measure is timed twice: wall clock, and this process's CPU time (user + system),
    // which a machine busy with other work inflates far less.
    const times = { model: new Timings(), report: new Timings(), sql: new Timings() };
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
      const aggregated = await times.sql.time(
        isMeasured,
        async () => statement.all(eventId) as { category_score: number }[],
      );
      if (aggregated.length !== SCHOOLS * CATEGORIES) throw new Error('the aggregate missed schools');
    }
    // Both sides use whatever index the planner picks; print the plans so a reader can check.
    const plan = (query: string, ...values: unknown[]) =>
      (aggregate.prepare(`explain query plan ${query}`).all(...values) as { detail: string }[])
        .map((step) => step.detail)
        .join('; ');
    const sheetQuery = `select judge_id, section_id, school_id, sum(score), count(*) from subsection_score where category_id = ? group by judge_id, section_id, school_id`;
    const plans = { aggregate: plan(AGGREGATE_SQL, eventId), sheets: plan(sheetQuery, 1) };
    aggregate.close();
    await reader.destroy();
    const result = {
      rows,
      modelMs: median(times.model.wall),
      reportMs: median(times.report.wall),
      sqlMs: median(times.sql.wall),
    };
    const cpu = { model: median(times.model.cpu), report: median(times.report.cpu), sql: median(times.sql.cpu) };
    const line = (label: string, wall: number, cpuMs: number) =>
      console.log(`    ${label.padEnd(62)} ${wall.toFixed(1).padStart(6)} ms  (CPU ${cpuMs.toFixed(1)} ms)`);
    console.log(
      `\n(c) results of a state final: ${rows} score rows (${SCHOOLS} schools × ${CATEGORIES} categories × ${SECTIONS} sections × ${SUBSECTIONS} subsections × ${JUDGES_PER_SECTION} judges), median of ${RUNS}`,
    );
    line(`scoring model (sheet subtotals summed by SQLite + rankEvent)`, result.modelMs, cpu.model);
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
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchResults();
