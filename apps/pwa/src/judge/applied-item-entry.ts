// What a judge enters for an applied item (a penalty or a disqualification), and what is wrong
// with it. The rules are the shared ones (score-item-rules.ts in shared-types), so the form says
// before saving what the server would refuse. This sits below the kinds' description
// (score-item-kinds.ts) and the penalty's amount field, which both read it.
import {
  findScoreProblems,
  type ScoreItemRules,
  type ScoreItemValues,
  type SyncDisqualificationSchema,
  type SyncPenaltySchema,
} from '@judging/shared-types';
import type { ReactNode } from 'react';
import type { Static } from 'typebox';

export type Penalty = Static<typeof SyncPenaltySchema>;
export type Disqualification = Static<typeof SyncDisqualificationSchema>;

/** What a kind's form holds besides comments and photo: a penalty's amount, or nothing. */
export interface ValueDraft {
  /** The field(s) the judge edits it with; null when the kind has no value. */
  field: ReactNode;
  value: number | null;
  overtimeSeconds: number | null;
  isDirty: boolean;
}

/** Why an entry cannot be saved yet, beside the field at fault; empty when it can. */
export interface EntryErrors {
  amount?: string;
  comments?: string;
}

/** The shared rules' verdict on an entry, as the form shows it (comments trimmed, as the server stores them). */
export function findEntryErrors<K extends 'penalty' | 'disqualification'>(
  kind: K,
  values: ScoreItemValues[K],
  item: ScoreItemRules[K],
): EntryErrors {
  const problems = findScoreProblems(kind, { ...values, comments: values.comments.trim() }, item);
  return {
    ...(problems.value === undefined ? {} : { amount: problems.value }),
    ...(problems.comments === undefined ? {} : { comments: problems.comments }),
  };
}
