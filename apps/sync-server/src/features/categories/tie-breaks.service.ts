// A category's tie-break rules (issue 40): read by anyone who reads the category, changed by an
// editor until the category's first score. Rules chosen after scores exist could be picked to
// favour a known team, so the first score (or a submission) locks them: 409 saying why.
import {
  ErrorCode,
  TieBreakMessages,
  parseTieBreakRulesJson,
  readTieBreakRules,
  tieBreakListProblem,
  type TieBreakRule,
  type TieBreakRules,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, validationError } from '../../common/api-error.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { hasCategorySubmissions, listCategorySections, listScoredKeys } from './categories.repository.ts';
import { loadForRead, loadForWrite, recordCategoryChange, type WriteContext } from './category-context.ts';
import { saveTieBreakRules } from './tie-breaks.repository.ts';

async function isLocked(db: Db, categoryId: number): Promise<boolean> {
  if ((await listScoredKeys(db, categoryId)).length > 0) return true;
  return hasCategorySubmissions(db, categoryId);
}

function toTieBreakRules(categoryId: number, json: string, locked: boolean): TieBreakRules {
  return { categoryId, rules: parseTieBreakRulesJson(json), isLocked: locked };
}

export async function getTieBreakRules(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
): Promise<TieBreakRules> {
  const { category } = await loadForRead(db, caller, eventId, categoryId);
  return toTieBreakRules(categoryId, category.tie_break_rules, await isLocked(db, categoryId));
}

/** Replaces the category's rules; refused once a judge has scored in the category. */
export async function setTieBreakRules(
  db: Db,
  context: WriteContext,
  requested: readonly TieBreakRule[],
): Promise<TieBreakRules> {
  const rules = readTieBreakRules(requested);
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    if (await isLocked(trx, context.categoryId)) throw new ApiError(409, ErrorCode.HasScores, TieBreakMessages.locked);
    const sectionIds = (await listCategorySections(trx, context.categoryId)).map((section) => section.section_id);
    const problem = tieBreakListProblem(rules, sectionIds);
    if (problem !== null) throw validationError([{ field: 'rules', message: problem }]);
    const json = JSON.stringify(rules);
    await saveTieBreakRules(trx, context.categoryId, json);
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'update',
      entityType: 'category_tie_breaks',
      entityId: context.categoryId,
      reason: 'tie-break rules changed',
      before: parseTieBreakRulesJson(category.tie_break_rules),
      after: rules,
    });
    return toTieBreakRules(context.categoryId, json, false);
  });
}
