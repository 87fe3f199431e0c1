// A *score item* is what a judge scores in a section: a subsection (a score from 1 to its max),
// a penalty (a deduction, fixed or time-based) or a disqualification (applied or not). This
// module describes each kind once: its tables, its cell key, its value rule, its messages and
// its photo rule. The server's cell writes and criteria screens, and the tablet's sheet and
// forms, read the kind from here, so a new rule about one kind is written in one place.
import { formatScore } from '../scoring/display.ts';
import { isValidPenaltyAmount, isValidSubsectionScore, type PenaltyRule } from '../scoring/score-range.ts';
import { formatOvertime, overtimePenaltyAmount } from '../scoring/time-penalty.ts';
import { ChangeEntity } from '../sync/sync-reads.schemas.ts';
import { MutationKind } from '../sync/sync.schemas.ts';
import { CriteriaMessages } from '../criteria/criteria.schemas.ts';
import type { ScoreType } from './scores.schemas.ts';

export type ScoreItemKind = ScoreType;
/** The kinds a judge applies and may take back (a subsection is scored, never removed). */
export type RemovableScoreItemKind = Exclude<ScoreItemKind, 'subsection'>;

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

export interface ScoreItemKindDescriptor<K extends ScoreItemKind> {
  kind: K;
  /** The table of the items (state-wide for penalties and disqualifications). */
  itemTable: K;
  /** The table of the judges' cells of this kind. */
  scoreTable: `${K}_score`;
  /** The column, and the cell key field on the wire, naming the item a cell scores. */
  itemIdColumn: `${K}_id`;
  itemIdKey: `${K}Id`;
  /** The change-log entity and the push mutations of a cell of this kind. */
  changeEntity: ChangeEntity;
  putMutation: MutationKind;
  /** Null for a subsection: its score is changed, never removed. */
  deleteMutation: MutationKind | null;
  /** A coordinator confirms or rejects each applied cell (a subsection score is not reviewed). */
  isReviewed: boolean;
  /** Comments are required (penalty, disqualification) or optional (subsection). */
  isCommentRequired: boolean;
  /** Every kind may carry one photo; it must be uploaded by the cell's judge before the cell refers to it. */
  photoField: `${K}File`;
  /** The seed's form fields of this kind (multipart text or JSON). */
  formFields: { comments: `${K}Comments`; scoreId: `${K}ScoreId` };
  messages: {
    /** The item is not in the section the cell names. */
    notInSection: string;
    /** A score addressed by id belongs to another item of this kind. */
    otherItem: string;
  };
  /** The first thing wrong with a cell's values for this item, or undefined when they may be saved. */
  findValueProblem(values: ScoreItemValues[K], item: ScoreItemRules[K]): string | undefined;
}

/** A penalty or disqualification, as the criteria screens attach it to sections and remove it. */
export interface RemovableKindDescriptor<K extends RemovableScoreItemKind> extends ScoreItemKindDescriptor<K> {
  /** The table attaching state-wide items to sections. */
  sectionTable: `section_${K}`;
  criteriaMessages: {
    notFound: string;
    otherState: string;
    /** Refusal to detach an item judges have applied in the section. */
    applied: string;
    removed: string;
  };
}

const subsection: ScoreItemKindDescriptor<'subsection'> = {
  kind: 'subsection',
  itemTable: 'subsection',
  scoreTable: 'subsection_score',
  itemIdColumn: 'subsection_id',
  itemIdKey: 'subsectionId',
  changeEntity: ChangeEntity.SubsectionScore,
  putMutation: MutationKind.SubsectionScorePut,
  deleteMutation: null,
  isReviewed: false,
  isCommentRequired: false,
  photoField: 'subsectionFile',
  formFields: { comments: 'subsectionComments', scoreId: 'subsectionScoreId' },
  messages: {
    notInSection: 'Subsection not found in this section.',
    otherItem: 'That score belongs to another subsection.',
  },
  findValueProblem: (values, item) =>
    isValidSubsectionScore(values.score, item.maxScore)
      ? undefined
      : `Score must be between 1.00 and ${item.maxScore.toFixed(2)} in steps of 0.25.`,
};

const penalty: RemovableKindDescriptor<'penalty'> = {
  kind: 'penalty',
  itemTable: 'penalty',
  scoreTable: 'penalty_score',
  itemIdColumn: 'penalty_id',
  itemIdKey: 'penaltyId',
  sectionTable: 'section_penalty',
  changeEntity: ChangeEntity.PenaltyScore,
  putMutation: MutationKind.PenaltyScorePut,
  deleteMutation: MutationKind.PenaltyScoreDelete,
  isReviewed: true,
  isCommentRequired: true,
  photoField: 'penaltyFile',
  formFields: { comments: 'penaltyComments', scoreId: 'penaltyScoreId' },
  messages: {
    notInSection: 'Penalty not found in this section.',
    otherItem: 'That score belongs to another penalty.',
  },
  criteriaMessages: {
    notFound: CriteriaMessages.penaltyNotFound,
    otherState: CriteriaMessages.otherStatePenalty,
    applied: CriteriaMessages.penaltyApplied,
    removed: CriteriaMessages.penaltyRemoved,
  },
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
};

const disqualification: RemovableKindDescriptor<'disqualification'> = {
  kind: 'disqualification',
  itemTable: 'disqualification',
  scoreTable: 'disqualification_score',
  itemIdColumn: 'disqualification_id',
  itemIdKey: 'disqualificationId',
  sectionTable: 'section_disqualification',
  changeEntity: ChangeEntity.DisqualificationScore,
  putMutation: MutationKind.DisqualificationScorePut,
  deleteMutation: MutationKind.DisqualificationScoreDelete,
  isReviewed: true,
  isCommentRequired: true,
  photoField: 'disqualificationFile',
  formFields: { comments: 'disqualificationComments', scoreId: 'disqualificationScoreId' },
  messages: {
    notInSection: 'Disqualification not found in this section.',
    otherItem: 'That score belongs to another disqualification.',
  },
  criteriaMessages: {
    notFound: CriteriaMessages.disqualificationNotFound,
    otherState: CriteriaMessages.otherStateDisqualification,
    applied: CriteriaMessages.disqualificationApplied,
    removed: CriteriaMessages.disqualificationRemoved,
  },
  findValueProblem: () => undefined,
};

/** Each score-item kind, described once. */
export const ScoreItemKinds = {
  subsection,
  penalty,
  disqualification,
} as const satisfies { [K in ScoreItemKind]: ScoreItemKindDescriptor<K> };

const descriptors: { [K in ScoreItemKind]: ScoreItemKindDescriptor<K> } = ScoreItemKinds;

/** The description of one kind, typed by the kind (for code generic over kinds). */
export function scoreItemKind<K extends ScoreItemKind>(kind: K): ScoreItemKindDescriptor<K> {
  return descriptors[kind];
}

/** The first thing wrong with a cell's values for its item, or undefined when they may be saved. */
export function findScoreValueProblem<K extends ScoreItemKind>(
  kind: K,
  values: ScoreItemValues[K],
  item: ScoreItemRules[K],
): string | undefined {
  return scoreItemKind(kind).findValueProblem(values, item);
}
