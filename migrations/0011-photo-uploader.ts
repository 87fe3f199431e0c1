// A photo may be referenced only by a judge who uploaded it (decisions §7): its hash alone is
// not a key to it. Photos are stored once per state by their content, so every judge who
// uploaded the same bytes is recorded here; a score write naming a photo its judge never
// uploaded is refused, and a judge reads only photos they uploaded. The first uploaders
// already on record are carried over.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photo_uploader')
    .addColumn('state_id', 'integer', (col) => col.notNull().references('state.state_id'))
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('app_user.user_id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('photo_uploader_pk', ['state_id', 'sha256', 'user_id'])
    .execute();
  await sql`
    insert into photo_uploader (state_id, sha256, user_id, created_at)
    select state_id, sha256, uploaded_by, created_at from stored_file
    where kind = 'photo' and uploaded_by is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photo_uploader').execute();
}
