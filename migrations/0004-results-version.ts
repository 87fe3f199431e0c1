// A per-state results version, bumped by triggers on every table a result depends on (score
// cells, submissions, reviews, the schedule, names, the event itself). Cached results are keyed
// by it, so any writer (sync push, REST, admin screens of any feature) invalidates them without
// having to know about the cache, and the judges' write path never computes results.
import { sql, type Kysely } from 'kysely';

/** Tables whose rows change what results show; each carries state_id. */
const watchedTables = [
  'event',
  'category',
  'category_registration',
  'category_section',
  'judge_assignment',
  'school',
  'section',
  'subsection',
  'subsection_score',
  'penalty_score',
  'disqualification_score',
  'category_submission',
  'penalty_review',
] as const;

const operations = [
  { op: 'insert', row: 'new' },
  { op: 'update', row: 'new' },
  { op: 'delete', row: 'old' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('results_version')
    .addColumn('state_id', 'integer', (col) => col.primaryKey().references('state.state_id'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  for (const table of watchedTables) {
    for (const { op, row } of operations) {
      await sql
        .raw(
          `create trigger ${table}_${op}_results_version after ${op} on ${table} for each row begin ` +
            `insert into results_version (state_id, version) values (${row}.state_id, 1) ` +
            `on conflict (state_id) do update set version = version + 1; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of watchedTables) {
    for (const { op } of operations) {
      await sql.raw(`drop trigger if exists ${table}_${op}_results_version`).execute(db);
    }
  }
  await db.schema.dropTable('results_version').execute();
}
