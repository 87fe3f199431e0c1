// A tie-break rule as stored, sent and read (tie-breaks.ts applies them): the kinds, and the
// reading of a stored list, which never fails (an unreadable list is no rules: ties stand).

export const TieBreakKind = {
  /** Higher section score in one named section. */
  SectionScore: 'sectionScore',
  /** Fewer penalty deductions: Σ the counting penalty amounts on the school's sheets. */
  FewerPenalties: 'fewerPenalties',
  /** Higher lowest judge sheet, each sheet as a share of its section's maximum. */
  LowestSheet: 'lowestSheet',
  /** No tie-break: places stay shared (rules after it are never tried). */
  None: 'none',
} as const;
export type TieBreakKind = (typeof TieBreakKind)[keyof typeof TieBreakKind];

export type TieBreakRule =
  { kind: 'sectionScore'; sectionId: number } | { kind: 'fewerPenalties' } | { kind: 'lowestSheet' } | { kind: 'none' };

function isTieBreakRule(value: unknown): value is TieBreakRule {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, sectionId } = value as { kind?: unknown; sectionId?: unknown };
  if (kind === TieBreakKind.SectionScore) return typeof sectionId === 'number' && Number.isInteger(sectionId);
  return kind === TieBreakKind.FewerPenalties || kind === TieBreakKind.LowestSheet || kind === TieBreakKind.None;
}

/** The rules of a list as the model keeps them: unknown entries dropped, extra fields left off. */
export function readTieBreakRules(value: unknown): TieBreakRule[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isTieBreakRule)
    .map((rule) =>
      rule.kind === 'sectionScore' ? { kind: rule.kind, sectionId: rule.sectionId } : { kind: rule.kind },
    );
}

/** The stored list (JSON); anything unreadable reads as no rules (ties stand), never as a failure. */
export function parseTieBreakRulesJson(json: string | null | undefined): TieBreakRule[] {
  try {
    return readTieBreakRules(JSON.parse(json ?? '[]'));
  } catch {
    return [];
  }
}
