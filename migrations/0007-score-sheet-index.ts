// Results sum each judge's sheet per category (results.repository listSubsectionTotalsOfCategory).
// This index holds everything that query reads, in the order it groups, so SQLite answers it
// from the index alone instead of visiting ~100,000 table rows of a state final.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('subsection_score_sheet_idx')
    .on('subsection_score')
    .columns(['category_id', 'judge_id', 'section_id', 'school_id', 'score'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subsection_score_sheet_idx').execute();
}
