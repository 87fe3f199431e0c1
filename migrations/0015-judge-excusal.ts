// Issue 36, a judge who does not come (decisions §9): a coordinator excuses a judge's unsubmitted
// section assignment. The assignment stays (so the judge's scores stay stored, in the history,
// and the judge's tablet is told why its edits are refused); the excusal says that the judge no
// longer owes that section's cells. It goes with its assignment. Results read it, so it bumps the
// state's results version like every results input (migrations 0004, 0008).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('judge_excusal')
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('section_id', 'integer', (col) => col.notNull())
    .addColumn('judge_id', 'integer', (col) => col.notNull())
    .addColumn('state_id', 'integer', (col) => col.notNull().references('state.state_id'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('event.event_id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('excused_by', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('judge_excusal_pk', ['category_id', 'section_id', 'judge_id'])
    .addForeignKeyConstraint(
      'judge_excusal_assignment_fk',
      ['category_id', 'section_id', 'judge_id'],
      'judge_assignment',
      ['category_id', 'section_id', 'judge_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('judge_excusal_event_idx').on('judge_excusal').column('event_id').execute();
  for (const { op, row } of [
    { op: 'insert', row: 'new' },
    { op: 'update', row: 'new' },
    { op: 'delete', row: 'old' },
  ] as const) {
    if (isPostgres(db)) {
      // The same trigger through migration 0004's function results_version_bump().
      await sql
        .raw(
          `create trigger judge_excusal_${op}_results_version after ${op} on judge_excusal ` +
            'for each row execute function results_version_bump()',
        )
        .execute(db);
      continue;
    }
    await sql
      .raw(
        `create trigger judge_excusal_${op}_results_version after ${op} on judge_excusal for each row begin ` +
          `insert into results_version (state_id, version) values (${row}.state_id, 1) ` +
          `on conflict (state_id) do update set version = version + 1; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    const onTable = isPostgres(db) ? ' on judge_excusal' : '';
    await sql.raw(`drop trigger if exists judge_excusal_${op}_results_version${onTable}`).execute(db);
  }
  await db.schema.dropTable('judge_excusal').execute();
}
