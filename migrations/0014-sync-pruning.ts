// Bounded sync storage (issue 20, decisions §8): each recorded mutation keeps the event it was
// for, so the records of an event closed longer than the retention period can be pruned; a
// device replaying a mutation of such an event is told to resync instead. Rows recorded before
// this migration have no event and are kept.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A plain id, no foreign key: a mutation may name an event that does not exist (it was rejected).
  await db.schema.alterTable('applied_mutation').addColumn('event_id', 'integer').execute();
  await db.schema.createIndex('applied_mutation_event_idx').on('applied_mutation').column('event_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('applied_mutation_event_idx').execute();
  await db.schema.alterTable('applied_mutation').dropColumn('event_id').execute();
}
