// A category's tie-break rules (/api/event/{eventId}/category/{categoryId}/tie-breaks): an ordered
// list, editable until the category's first score (scoring/tie-breaks.ts applies them).
import Type, { type Static } from 'typebox';
import { idField } from '../validation/fields.ts';
import type { TieBreakRule } from '../scoring/tie-break-rule.ts';

export const TieBreakMessages = {
  saved: 'Tie-break rules saved.',
  locked:
    'Judges have already entered scores in this category, so its tie-break rules can no longer be changed: they must be known before the first score.',
  duplicate: 'Each tie-break rule can be listed once.',
  noneLast: '"No tie-break (places shared)" can only be the last rule.',
  sectionNotInCategory: 'That section is not part of this category.',
} as const;

/** Four kinds, one section rule per section: a category with many sections still lists few. */
export const MAX_TIE_BREAK_RULES = 10;

export const TieBreakRuleSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('sectionScore'), sectionId: idField() }),
    Type.Object({ kind: Type.Literal('fewerPenalties') }),
    Type.Object({ kind: Type.Literal('lowestSheet') }),
    Type.Object({ kind: Type.Literal('none') }),
  ],
  { title: 'TieBreakRule' },
);

export const TieBreakRulesBodySchema = Type.Object({
  rules: Type.Array(TieBreakRuleSchema, { maxItems: MAX_TIE_BREAK_RULES }),
});
export type TieBreakRulesBody = Static<typeof TieBreakRulesBodySchema>;

export const TieBreakRulesSchema = Type.Object(
  {
    categoryId: Type.Integer(),
    /** In the order they are tried; empty: ties stand (places shared). */
    rules: Type.Array(TieBreakRuleSchema),
    /** Judges have scored in the category: the rules can no longer change. */
    isLocked: Type.Boolean(),
  },
  { title: 'TieBreakRules' },
);
export type TieBreakRules = Static<typeof TieBreakRulesSchema>;

export const TieBreakRulesSavedSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  tieBreaks: TieBreakRulesSchema,
});

/** Why a list of rules cannot be saved (a message of TieBreakMessages), or null when it can. */
export function tieBreakListProblem(rules: readonly TieBreakRule[], sectionIds: readonly number[]): string | null {
  const seen = new Set<string>();
  for (const [index, rule] of rules.entries()) {
    if (rule.kind === 'none' && index !== rules.length - 1) return TieBreakMessages.noneLast;
    if (rule.kind === 'sectionScore' && !sectionIds.includes(rule.sectionId))
      return TieBreakMessages.sectionNotInCategory;
    const key = rule.kind === 'sectionScore' ? `${rule.kind}:${rule.sectionId}` : rule.kind;
    if (seen.has(key)) return TieBreakMessages.duplicate;
    seen.add(key);
  }
  return null;
}

// The wire schema and the scoring model name the same rules.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const wireMatchesModel: Same<Static<typeof TieBreakRuleSchema>, TieBreakRule> = true;
void wireMatchesModel;
