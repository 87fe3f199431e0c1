// Penalties and disqualifications on the criteria side: state-wide lists a section attaches
// items from. Their shared rules (tables, messages) are the kinds' description (ScoreItemKinds);
// this module joins each kind to its API mapper and audit view
// (the queries take the kind: criteria.repository.ts).
import {
  ScoreItemKinds,
  type Disqualification,
  type Penalty,
  type RemovableKindDescriptor,
  type RemovableScoreItemKind,
} from '@judging/shared-types';
import { criteriaAuditView, toDisqualification, toPenalty } from './criteria.mapper.ts';
import type { StateItemRows } from './criteria.repository.ts';

export type { StateItemRows };

interface StateItemApi {
  penalty: Penalty;
  disqualification: Disqualification;
}

export interface StateItemKind<K extends RemovableScoreItemKind> {
  descriptor: RemovableKindDescriptor<K>;
  toApi(row: StateItemRows[K]): StateItemApi[K];
  /** What the audit log keeps of the item. */
  auditView(row: StateItemRows[K]): unknown;
}

export const stateItemKinds: { [K in RemovableScoreItemKind]: StateItemKind<K> } = {
  penalty: {
    descriptor: ScoreItemKinds.penalty,
    toApi: toPenalty,
    auditView: criteriaAuditView.penalty,
  },
  disqualification: {
    descriptor: ScoreItemKinds.disqualification,
    toApi: toDisqualification,
    auditView: criteriaAuditView.disqualification,
  },
};
