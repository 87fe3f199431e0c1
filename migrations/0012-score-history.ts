// Issue 28, the server keeps when and where each change was made:
// - score_history: one compact row per applied change of a judge's work (a cell's put or
//   delete, a submission, an unlock or automatic reopening, a review decision), written in the
//   transaction that applies it. Kept for the event's life (it goes only with a deleted test
//   event), separate from applied_mutation and change_log, which the storage bound may prune.
// - penalty_score.overtime_seconds: a time-based penalty keeps the time entered beside the
//   amount the rule derived from it (null: the amount was picked, or the penalty is fixed).
// - device_sync.clock_skew_ms / clock_checked_at: the device clock's offset at its latest push
//   that said when it was sent, for the run page's flag.
import { sql, type Kysely } from 'kysely';
import { floatType, idColumn, wideIntegerType } from './dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('penalty_score').addColumn('overtime_seconds', 'integer').execute();
  await db.schema.alterTable('device_sync').addColumn('clock_skew_ms', wideIntegerType(db)).execute();
  await db.schema.alterTable('device_sync').addColumn('clock_checked_at', 'text').execute();

  await db.schema
    .createTable('score_history')
    .addColumn('history_id', 'integer', idColumn(db))
    .addColumn('state_id', 'integer', (col) => col.notNull().references('state.state_id'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('event.event_id').onDelete('cascade'))
    // Plain ids, no foreign keys: the history outlives a section detached or a user removed.
    .addColumn('category_id', 'integer', (col) => col.notNull())
    .addColumn('section_id', 'integer')
    .addColumn('school_id', 'integer')
    .addColumn('judge_id', 'integer', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('score_id', 'text')
    .addColumn('value_before', floatType(db))
    .addColumn('value_after', floatType(db))
    .addColumn('overtime_before', 'integer')
    .addColumn('overtime_after', 'integer')
    .addColumn('is_comment_changed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_photo_changed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('changed_by', 'integer')
    .addColumn('device_id', 'text')
    .addColumn('device_at', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('clock_skew_ms', wideIntegerType(db))
    .addColumn('note', 'text')
    .addCheckConstraint(
      'score_history_kind_check',
      sql`kind in ('subsection', 'penalty', 'disqualification', 'submission')`,
    )
    .addCheckConstraint('score_history_flags_check', sql`is_comment_changed in (0, 1) and is_photo_changed in (0, 1)`)
    .execute();
  // Newest first within an event, and one judge's rows (the run page's judge row, view as judge).
  await db.schema
    .createIndex('score_history_event_idx')
    .on('score_history')
    .columns(['event_id', 'history_id'])
    .execute();
  await db.schema
    .createIndex('score_history_judge_idx')
    .on('score_history')
    .columns(['event_id', 'judge_id', 'history_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('score_history').execute();
  await db.schema.alterTable('device_sync').dropColumn('clock_checked_at').execute();
  await db.schema.alterTable('device_sync').dropColumn('clock_skew_ms').execute();
  await db.schema.alterTable('penalty_score').dropColumn('overtime_seconds').execute();
}
