// The sync change log: every change a judge's device may need to learn at its next pull
// (score puts and deletes, submissions and unlocks, schedule changes), numbered by the server
// in commit order. A device's cursor is the last change_id it applied. Also records, per
// device, the highest outbox sequence pushed and the last cursor pulled, for coordinators.
import { type Kysely } from 'kysely';
import { idColumn } from './dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_log')
    .addColumn('change_id', 'integer', idColumn(db))
    .addColumn('state_id', 'integer', (col) => col.notNull().references('state.state_id'))
    // A deleted (test) event takes its changes with it; devices then get 404 for the event.
    .addColumn('event_id', 'integer', (col) => col.notNull().references('event.event_id').onDelete('cascade'))
    // Plain ids, no foreign keys: a change may describe a category or judge that is gone since.
    .addColumn('category_id', 'integer')
    .addColumn('judge_id', 'integer')
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('op', 'text', (col) => col.notNull())
    .addColumn('payload_json', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('change_log_event_change_idx')
    .on('change_log')
    .columns(['event_id', 'change_id'])
    .execute();

  await db.schema.alterTable('device_sync').addColumn('last_seq', 'integer').execute();
  await db.schema.alterTable('device_sync').addColumn('last_cursor', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device_sync').dropColumn('last_cursor').execute();
  await db.schema.alterTable('device_sync').dropColumn('last_seq').execute();
  await db.schema.dropTable('change_log').execute();
}
