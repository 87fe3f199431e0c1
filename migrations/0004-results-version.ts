// A per-state results version, bumped by triggers on every table a result depends on (score
// cells, submissions, reviews, the schedule, names, the event itself). Cached results are keyed
// by it, so any writer (sync push, REST, admin screens of any feature) invalidates them without
// having to know about the cache, and the judges' write path never computes results.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

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
  if (isPostgres(db)) {
    await createPostgresTriggers(db);
    return;
  }
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

/**
 * PostgreSQL: one trigger function (migrations 0008 and 0015 use it too) and, per table and
 * operation, a row trigger named as on SQLite, with the same effect.
 */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function results_version_bump() returns trigger language plpgsql as $$
    declare
      bumped_state_id integer;
    begin
      if tg_op = 'DELETE' then
        bumped_state_id := old.state_id;
      else
        bumped_state_id := new.state_id;
      end if;
      insert into results_version (state_id, version) values (bumped_state_id, 1)
        on conflict (state_id) do update set version = results_version.version + 1;
      return null;
    end
  $$`.execute(db);
  for (const table of watchedTables) {
    for (const { op } of operations) {
      await sql
        .raw(
          `create trigger ${table}_${op}_results_version after ${op} on ${table} ` +
            'for each row execute function results_version_bump()',
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const onTable = (table: string) => (isPostgres(db) ? ` on ${table}` : '');
  for (const table of watchedTables) {
    for (const { op } of operations) {
      await sql.raw(`drop trigger if exists ${table}_${op}_results_version${onTable(table)}`).execute(db);
    }
  }
  await db.schema.dropTable('results_version').execute();
  if (isPostgres(db)) {
    await sql`drop function if exists results_version_bump()`.execute(db);
  }
}
