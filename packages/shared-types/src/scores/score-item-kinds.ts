// A *score item* is what a judge scores in a section: a subsection (a score from 1 to its max),
// a penalty (a deduction, fixed or time-based) or a disqualification (applied or not). This
// module describes each kind once: its tables, its cell key, its value and comment rules (from
// score-item-rules.ts, which the wire schemas also read), its messages and its photo rule. The server's cell writes and criteria screens, and the tablet's sheet and
// forms, read the kind from here, so a new rule about one kind is written in one place.
import { ChangeEntity } from '../sync/sync-reads.schemas.ts';
import { MutationKind } from '../sync/sync.schemas.ts';
import { CriteriaMessages } from '../criteria/criteria.schemas.ts';
import { ScoreItemRuleSet, type ScoreItemRule } from './score-item-rules.ts';
import type { ScoreType } from './scores.schemas.ts';

export type ScoreItemKind = ScoreType;
/** The kinds a judge applies and may take back (a subsection is scored, never removed). */
export type RemovableScoreItemKind = Exclude<ScoreItemKind, 'subsection'>;

/** A kind's value and comment rules (`isCommentRequired`, `findValueProblem`) are its rule set's. */
export interface ScoreItemKindDescriptor<K extends ScoreItemKind> extends ScoreItemRule<K> {
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
  ...ScoreItemRuleSet.subsection,
  kind: 'subsection',
  itemTable: 'subsection',
  scoreTable: 'subsection_score',
  itemIdColumn: 'subsection_id',
  itemIdKey: 'subsectionId',
  changeEntity: ChangeEntity.SubsectionScore,
  putMutation: MutationKind.SubsectionScorePut,
  deleteMutation: null,
  isReviewed: false,
  photoField: 'subsectionFile',
  formFields: { comments: 'subsectionComments', scoreId: 'subsectionScoreId' },
  messages: {
    notInSection: 'Subsection not found in this section.',
    otherItem: 'That score belongs to another subsection.',
  },
};

const penalty: RemovableKindDescriptor<'penalty'> = {
  ...ScoreItemRuleSet.penalty,
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
};

const disqualification: RemovableKindDescriptor<'disqualification'> = {
  ...ScoreItemRuleSet.disqualification,
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
