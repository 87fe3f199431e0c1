// Issue 39, judging by team number: an event may be judged by team number (a setting locked at
// Start), and each registration then carries a fixed team number, unique within its category.
// The number stays null until the event's setting is turned on; reordering never changes it.
// Both columns sit on tables that already bump the results version (migration 0004).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('event')
    .addColumn('judge_by_team_number', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('category_registration').addColumn('team_number', 'integer').execute();
  // Null numbers (setting off, or not yet numbered) never clash: both engines let nulls repeat.
  await db.schema
    .createIndex('category_registration_team_number_idx')
    .on('category_registration')
    .columns(['category_id', 'team_number'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop index if exists category_registration_team_number_idx').execute(db);
  await db.schema.alterTable('category_registration').dropColumn('team_number').execute();
  await db.schema.alterTable('event').dropColumn('judge_by_team_number').execute();
}
