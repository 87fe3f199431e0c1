// Several server processes on one PostgreSQL (decisions §9; docs/decisions/0139, 0140). What one
// process kept in memory is shared here: login failure counters, rate-limit windows, the
// live-update streams' leases and used captcha challenges; and a change that the event-run page
// shows is announced to every process with NOTIFY, from a trigger, in the same transaction as
// the change. SQLite runs one
// process and keeps all of it in memory: nothing changes there.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

/** The channel the run page's streams listen on. */
const CHANGES_CHANNEL = 'judging_run_changes';

/** Tables whose changes the event-run stream reports (its check reads exactly these). */
const announcedTables = ['results_version', 'device_sync'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('login_failure_counter')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('counter_key', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_failure_at', 'bigint', (col) => col.notNull())
    .addColumn('forgiven_until', 'bigint', (col) => col.notNull())
    // When time will have forgiven every failure: the sweep deletes rows past it.
    .addColumn('forgotten_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('login_failure_counter_pk', ['kind', 'counter_key'])
    .execute();
  await db.schema
    .createIndex('login_failure_counter_forgotten_idx')
    .on('login_failure_counter')
    .column('forgotten_at')
    .execute();
  await db.schema
    .createTable('rate_limit_window')
    .addColumn('limit_key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('ends_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_window_ends_idx').on('rate_limit_window').column('ends_at').execute();
  await db.schema
    .createTable('stream_lease')
    .addColumn('lease_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('captcha_use')
    .addColumn('signature', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('stream_lease_user_idx').on('stream_lease').columns(['user_id', 'expires_at']).execute();

  // The payload names what changed: `state:<id>` (scores, reviews, the schedule, a device's sync)
  // or `user:<id>` (a login revoked: logout, password reset, role change; or the user deleted).
  await sql
    .raw(
      `create function run_changes_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANGES_CHANNEL}', 'state:' || coalesce(new.state_id, old.state_id));
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function run_user_changes_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANGES_CHANNEL}', 'user:' || coalesce(new.user_id, old.user_id));
      return null;
    end $$`,
    )
    .execute(db);
  for (const table of announcedTables) {
    await sql
      .raw(
        `create trigger ${table}_run_changes after insert or update or delete on ${table} ` +
          'for each row execute function run_changes_notify()',
      )
      .execute(db);
  }
  await sql
    .raw(
      'create trigger app_user_run_changes after update of token_version, role or delete on app_user ' +
        'for each row execute function run_user_changes_notify()',
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of [...announcedTables, 'app_user']) {
    await sql.raw(`drop trigger if exists ${table}_run_changes on ${table}`).execute(db);
  }
  await sql`drop function if exists run_user_changes_notify()`.execute(db);
  await sql`drop function if exists run_changes_notify()`.execute(db);
  await db.schema.dropTable('captcha_use').execute();
  await db.schema.dropTable('stream_lease').execute();
  await db.schema.dropTable('rate_limit_window').execute();
  await db.schema.dropTable('login_failure_counter').execute();
}
