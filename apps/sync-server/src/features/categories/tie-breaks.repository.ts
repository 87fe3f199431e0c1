import type { Db } from '../../db/database.ts';

export async function saveTieBreakRules(db: Db, categoryId: number, rulesJson: string): Promise<void> {
  await db.updateTable('category').set({ tie_break_rules: rulesJson }).where('category_id', '=', categoryId).execute();
}
