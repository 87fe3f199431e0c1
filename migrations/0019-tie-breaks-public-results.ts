// Issue 40. A category keeps its tie-break rules (JSON, an ordered list; '[]': ties stand,
// decisions §7), read by the results, so a change moves the state's results version through the
// category triggers of migration 0004. An event keeps whether its coordinator opted in to the
// public results page (0 / 1; shown only once the event is CLOSED).
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('category')
    .addColumn('tie_break_rules', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('event')
    .addColumn('public_results', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event').dropColumn('public_results').execute();
  await db.schema.alterTable('category').dropColumn('tie_break_rules').execute();
}
