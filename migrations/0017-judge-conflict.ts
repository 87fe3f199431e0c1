// Issue 39, fair panels: a judge declares the schools they are tied to (a teacher, former coach,
// parent). A conflict is a fact about two people-level records, the judge and the school, not
// about one event (decision 0145): it keeps the judge from that school's cells in every event
// that is not closed. The row says who declared it and when; the audit log keeps its history.
// Results read it, so it bumps the state's results version like every results input
// (migrations 0004, 0008, 0015).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('judge_conflict')
    .addColumn('judge_id', 'integer', (col) => col.notNull().references('app_user.user_id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (col) => col.notNull().references('school.school_id').onDelete('cascade'))
    .addColumn('state_id', 'integer', (col) => col.notNull().references('state.state_id'))
    .addColumn('declared_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('judge_conflict_pk', ['judge_id', 'school_id'])
    .execute();
  await db.schema.createIndex('judge_conflict_school_idx').on('judge_conflict').column('school_id').execute();
  for (const { op, row } of [
    { op: 'insert', row: 'new' },
    { op: 'update', row: 'new' },
    { op: 'delete', row: 'old' },
  ] as const) {
    if (isPostgres(db)) {
      await sql
        .raw(
          `create trigger judge_conflict_${op}_results_version after ${op} on judge_conflict ` +
            'for each row execute function results_version_bump()',
        )
        .execute(db);
      continue;
    }
    await sql
      .raw(
        `create trigger judge_conflict_${op}_results_version after ${op} on judge_conflict for each row begin ` +
          `insert into results_version (state_id, version) values (${row}.state_id, 1) ` +
          `on conflict (state_id) do update set version = version + 1; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    const onTable = isPostgres(db) ? ' on judge_conflict' : '';
    await sql.raw(`drop trigger if exists judge_conflict_${op}_results_version${onTable}`).execute(db);
  }
  await db.schema.dropTable('judge_conflict').execute();
}
