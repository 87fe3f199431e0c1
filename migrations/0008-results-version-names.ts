// Results show three kinds of names migration 0004 did not watch: judges' (app_user), penalties'
// and disqualifications'. Renaming one left an open event's cached results showing the old name,
// so these tables now bump the state's results version too. app_user only on an update of the
// columns a report reads: its rows also change with every password or token change. (A judge
// moves state only without open assignments, so the state a row had before never needs a bump.)
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

/** Per table, the columns whose update matters (null: any column), as results read them today. */
const watched = [
  { table: 'penalty', updateOf: null },
  { table: 'disqualification', updateOf: null },
  { table: 'app_user', updateOf: ['user_id', 'first_name', 'last_name'] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await createPostgresTriggers(db);
    return;
  }
  for (const { table, updateOf } of watched) {
    for (const { op, row } of [
      { op: 'insert', row: 'new' },
      { op: 'update', row: 'new' },
      { op: 'delete', row: 'old' },
    ] as const) {
      const event = op === 'update' && updateOf !== null ? `update of ${updateOf.join(', ')}` : op;
      await sql
        .raw(
          `create trigger ${table}_${op}_results_version after ${event} on ${table} for each row begin ` +
            `insert into results_version (state_id, version) values (${row}.state_id, 1) ` +
            `on conflict (state_id) do update set version = version + 1; end`,
        )
        .execute(db);
    }
  }
}

/** PostgreSQL: the same triggers, through migration 0004's function results_version_bump(). */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  for (const { table, updateOf } of watched) {
    for (const op of ['insert', 'update', 'delete'] as const) {
      const event = op === 'update' && updateOf !== null ? `update of ${updateOf.join(', ')}` : op;
      await sql
        .raw(
          `create trigger ${table}_${op}_results_version after ${event} on ${table} ` +
            'for each row execute function results_version_bump()',
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const onTable = (table: string) => (isPostgres(db) ? ` on ${table}` : '');
  for (const { table } of watched) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_${op}_results_version${onTable(table)}`).execute(db);
    }
  }
}
