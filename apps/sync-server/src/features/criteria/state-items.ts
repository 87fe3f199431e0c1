// Penalties and disqualifications on the criteria side: state-wide lists a section attaches
// items from. Their shared rules (tables, messages) are the kinds' description (ScoreItemKinds);
// this module joins each kind to its typed queries and API mapper.
import {
  ScoreItemKinds,
  type Disqualification,
  type Penalty,
  type RemovableKindDescriptor,
  type RemovableScoreItemKind,
} from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { criteriaAuditView, toDisqualification, toPenalty } from './criteria.mapper.ts';
import * as repo from './criteria.repository.ts';

export interface StateItemRows {
  penalty: repo.PenaltyRowData;
  disqualification: repo.DisqualificationRowData;
}

interface StateItemApi {
  penalty: Penalty;
  disqualification: Disqualification;
}

export interface StateItemKind<K extends RemovableScoreItemKind> {
  descriptor: RemovableKindDescriptor<K>;
  findById(db: Db, itemId: number): Promise<StateItemRows[K] | undefined>;
  listByState(db: Db, stateId: number): Promise<StateItemRows[K][]>;
  listNotInSection(db: Db, stateId: number, sectionId: number): Promise<StateItemRows[K][]>;
  toApi(row: StateItemRows[K]): StateItemApi[K];
  /** What the audit log keeps of the item. */
  auditView(row: StateItemRows[K]): unknown;
}

export const stateItemKinds: { [K in RemovableScoreItemKind]: StateItemKind<K> } = {
  penalty: {
    descriptor: ScoreItemKinds.penalty,
    findById: repo.findPenaltyById,
    listByState: repo.listPenaltiesByState,
    listNotInSection: repo.listPenaltiesNotInSection,
    toApi: toPenalty,
    auditView: criteriaAuditView.penalty,
  },
  disqualification: {
    descriptor: ScoreItemKinds.disqualification,
    findById: repo.findDisqualificationById,
    listByState: repo.listDisqualificationsByState,
    listNotInSection: repo.listDisqualificationsNotInSection,
    toApi: toDisqualification,
    auditView: criteriaAuditView.disqualification,
  },
};
