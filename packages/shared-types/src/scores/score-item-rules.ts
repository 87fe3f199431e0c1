// What a judge may write in a cell of each score-item kind: its value rule and its comment rule,
// written once. The server's cell writes, the wire schemas' comments fields and the tablet's
// forms all read them from here (through the kinds' description, score-item-kinds.ts). This
// module sits below the schemas so that they can read it without an import circle.
import type { TSchema, TString } from 'typebox';
import { formatScore } from '../scoring/display.ts';
import { isValidPenaltyAmount, isValidSubsectionScore, type PenaltyRule } from '../scoring/score-range.ts';
import { formatOvertime, overtimePenaltyAmount } from '../scoring/time-penalty.ts';
import { requiredText } from '../validation/fields.ts';

/** What a cell's value is checked against: the scored item's own settings. */
export interface ScoreItemRules {
  subsection: { maxScore: number };
  penalty: PenaltyRule;
  disqualification: Record<string, never>;
}

/** A cell's values as stored (comments trimmed; a subsection's blank comment is null). */
export interface ScoreItemValues {
  subsection: { score: number; comments: string | null };
  penalty: { amount: number; overtimeSeconds: number | null; comments: string };
  disqualification: { comments: string };
}

type RuleKind = keyof ScoreItemValues;

export const COMMENTS_MAX_LENGTH = 2000;
export const CommentMessages = { required: 'Comments are required' } as const;

/** What is wrong with a cell's values, by part; empty when the cell may be saved. */
export interface ScoreProblems {
  /** The score or amount (and a penalty's time over). */
  value?: string;
  comments?: string;
}

export interface ScoreItemRule<K extends RuleKind, Required extends boolean = boolean> {
  /** Comments are required (penalty, disqualification) or optional (subsection). */
  isCommentRequired: Required;
  /** The first thing wrong with a cell's score or amount for this item, or undefined. */
  findValueProblem(values: ScoreItemValues[K], item: ScoreItemRules[K]): string | undefined;
}

function findMissingComment(isRequired: boolean, comments: string | null): string | undefined {
  return isRequired && (comments ?? '').trim() === '' ? CommentMessages.required : undefined;
}

const subsection = {
  isCommentRequired: false,
  findValueProblem: (values, item) =>
    isValidSubsectionScore(values.score, item.maxScore)
      ? undefined
      : `Score must be between 1.00 and ${item.maxScore.toFixed(2)} in steps of 0.25.`,
} as const satisfies ScoreItemRule<'subsection'>;

const penalty = {
  isCommentRequired: true,
  findValueProblem: (values, item) => {
    if (!isValidPenaltyAmount(values.amount, item)) {
      return item.isDynamic
        ? `Amount must be between 0.25 and ${item.deduction.toFixed(2)} in steps of 0.25.`
        : `This penalty deducts exactly ${item.deduction.toFixed(2)}.`;
    }
    // A time over, when sent, is what the amount was derived from (scoring/time-penalty.ts), so
    // the stored time and amount never disagree. Fixed penalties take none.
    if (values.overtimeSeconds === null) return undefined;
    if (!item.isDynamic) return 'Only a time-based penalty takes a time over.';
    const derived = overtimePenaltyAmount(values.overtimeSeconds, item.deduction);
    return derived === values.amount
      ? undefined
      : `${formatOvertime(values.overtimeSeconds)} over deducts ${formatScore(derived)}, not ${formatScore(values.amount)}.`;
  },
} as const satisfies ScoreItemRule<'penalty'>;

const disqualification = {
  isCommentRequired: true,
  findValueProblem: () => undefined,
} as const satisfies ScoreItemRule<'disqualification'>;

/** Each kind's value and comment rules. */
export const ScoreItemRuleSet = { subsection, penalty, disqualification } as const;

const rules: { [K in RuleKind]: ScoreItemRule<K> } = ScoreItemRuleSet;

/** Everything wrong with a cell's values for its item, by part (a form shows each beside its field). */
export function findScoreProblems<K extends RuleKind>(
  kind: K,
  values: ScoreItemValues[K],
  item: ScoreItemRules[K],
): ScoreProblems {
  const rule: ScoreItemRule<K> = rules[kind];
  const value = rule.findValueProblem(values, item);
  const comments = findMissingComment(rule.isCommentRequired, values.comments);
  return { ...(value === undefined ? {} : { value }), ...(comments === undefined ? {} : { comments }) };
}

/** The first thing wrong with a cell's values for its item, or undefined when they may be saved. */
export function findScoreValueProblem<K extends RuleKind>(
  kind: K,
  values: ScoreItemValues[K],
  item: ScoreItemRules[K],
): string | undefined {
  const problems = findScoreProblems(kind, values, item);
  return problems.value ?? problems.comments;
}

/**
 * A write's comments field, from its kind's `isCommentRequired`: non-blank text, or the kind's
 * optional field (which differs between the sync and the seed's form calls).
 */
export function commentsField(isRequired: true, optional?: TSchema): TString;
export function commentsField<Optional extends TSchema>(isRequired: false, optional: Optional): Optional;
export function commentsField(isRequired: boolean, optional?: TSchema): TSchema {
  return !isRequired && optional ? optional : requiredText(CommentMessages.required, COMMENTS_MAX_LENGTH);
}
