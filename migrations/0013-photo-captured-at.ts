// A judge's photo keeps the time it was taken (EXIF DateTimeOriginal, else the file's time on
// the tablet), sent beside the upload: the tablet re-encodes photos, which drops their EXIF,
// and a coordinator settling a protest asks when the picture was taken, not when it arrived.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stored_file').addColumn('captured_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stored_file').dropColumn('captured_at').execute();
}
