// The photo quota and the cleanup of unreferenced photos (decisions §8) ask, per stored photo,
// whether any score of its state holds it, and count a judge's photos by upload time. These
// indexes answer both without reading the score tables through (partial: most cells have no photo).
import { sql, type Kysely } from 'kysely';

const scoreTables = ['subsection_score', 'penalty_score', 'disqualification_score'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of scoreTables) {
    await db.schema
      .createIndex(`${table}_photo_idx`)
      .on(table)
      .columns(['state_id', 'photo_sha256'])
      .where(sql.ref('photo_sha256'), 'is not', null)
      .execute();
  }
  await db.schema
    .createIndex('stored_file_uploader_idx')
    .on('stored_file')
    .columns(['uploaded_by', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stored_file_uploader_idx').execute();
  for (const table of scoreTables) await db.schema.dropIndex(`${table}_photo_idx`).execute();
}
