// A school's penalty review records who last opened it and when (POST run/coordinator/viewed/…),
// so coordinators sharing a category see which schools someone has already looked at: the
// school-penalties list shows 'Viewed' between 'Pending' and 'Complete'. A view changes no score.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('penalty_review')
    .addColumn('viewed_by', 'integer', (col) => col.references('app_user.user_id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('penalty_review').addColumn('viewed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('penalty_review').dropColumn('viewed_at').execute();
  await db.schema.alterTable('penalty_review').dropColumn('viewed_by').execute();
}
