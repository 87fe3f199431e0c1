// The server's half of each score-item kind (the shared half, with its rules and messages, is
// packages/shared-types/src/scores/score-item-kinds.ts): where its cells are read and written,
// and how a row becomes the wire cell and the history's value. The SQL stays explicit and typed
// per table in scores.repository.ts; this module only joins each kind to its statements.
import {
  ScoreItemKinds,
  type RemovableScoreItemKind,
  type ScoreItemKind,
  type ScoreItemKindDescriptor,
  type ScoreItemRules,
  type ScoreItemValues,
} from '@judging/shared-types';
import { andThen, type Eventually } from '../../db/eventually.ts';
import type { Db } from '../../db/database.ts';
import type { DisqualificationScoreRow, PenaltyScoreRow, SubsectionScoreRow } from '../../db/tables.ts';
import { scheduleReads } from '../../shared/schedule-reads.ts';
import { knownPushCell, rememberPushCell } from './push-cells.ts';
import {
  toDisqualificationCell,
  toDisqualificationKey,
  toPenaltyCell,
  toPenaltyKey,
  toSubsectionCell,
} from './scores.mapper.ts';
import {
  deleteDisqualificationScore,
  deletePenaltyScore,
  findDisqualificationScoreByCell,
  findDisqualificationScoreById,
  findPenaltyScoreByCell,
  findPenaltyScoreById,
  findSubsectionScoreByCell,
  findSubsectionScoreById,
  insertDisqualificationScore,
  insertPenaltyScore,
  insertSubsectionScore,
  updateDisqualificationScore,
  updatePenaltyScore,
  updateSubsectionScore,
  type CellPlace,
} from './scores.repository.ts';

export interface ScoreRows {
  subsection: SubsectionScoreRow;
  penalty: PenaltyScoreRow;
  disqualification: DisqualificationScoreRow;
}

/** A new cell's identity and place (the columns every score table shares). */
export interface NewCell {
  scoreId: string;
  stateId: number;
  eventId: number;
  place: CellPlace;
  itemId: number;
}

export interface CellKindStore<K extends ScoreItemKind> {
  descriptor: ScoreItemKindDescriptor<K>;
  /** The item's rules when it is part of the section (read at most once per transaction). */
  readItemOfSection(db: Db, sectionId: number, itemId: number): Eventually<ScoreItemRules[K] | undefined>;
  itemIdOf(row: ScoreRows[K]): number;
  /** The cell's row; at once (no promise) when a push read it ahead (push-cells.ts). */
  findByCell(db: Db, place: CellPlace, itemId: number): ScoreRows[K] | undefined | Promise<ScoreRows[K] | undefined>;
  findById(db: Db, scoreId: string): Promise<ScoreRows[K] | undefined>;
  insert(
    db: Db,
    cell: NewCell,
    values: ScoreItemValues[K],
    photoSha256: string | null,
    now: string,
  ): Eventually<ScoreRows[K]>;
  /** `existing`, the cell's row read in this transaction, updated. */
  update(
    db: Db,
    existing: ScoreRows[K],
    values: ScoreItemValues[K],
    photoSha256: string | null,
    now: string,
  ): Eventually<ScoreRows[K]>;
  /** The cell as the change log and the pull carry it. */
  toCell(row: ScoreRows[K]): unknown;
  /** The value and time over the score history keeps of a cell. */
  historyValue(row: ScoreRows[K]): { value: number | null; overtimeSeconds: number | null };
}

export interface RemovableCellKindStore<K extends RemovableScoreItemKind> extends CellKindStore<K> {
  remove(db: Db, scoreId: string): Promise<void>;
  /** The removed cell's key, as the change log carries a delete. */
  toKey(row: ScoreRows[K]): unknown;
}

function keyColumns(cell: NewCell, photoSha256: string | null, now: string) {
  return {
    score_id: cell.scoreId,
    state_id: cell.stateId,
    event_id: cell.eventId,
    category_id: cell.place.categoryId,
    section_id: cell.place.sectionId,
    school_id: cell.place.schoolId,
    judge_id: cell.place.judgeId,
    photo_sha256: photoSha256,
    created_at: now,
    updated_at: now,
  };
}

const subsectionCells: CellKindStore<'subsection'> = {
  descriptor: ScoreItemKinds.subsection,
  readItemOfSection: (db, sectionId, itemId) =>
    andThen(scheduleReads.subsectionOfSection(db, sectionId, itemId), (row) => row && { maxScore: row.max_score }),
  itemIdOf: (row) => row.subsection_id,
  // A push reads its cells ahead (push-cells.ts); what it writes is remembered for its next mutation.
  findByCell(db, place, itemId) {
    const known = knownPushCell(db, place, itemId);
    if (known !== undefined) return known ?? undefined;
    return findSubsectionScoreByCell(db, place, itemId);
  },
  findById: findSubsectionScoreById,
  insert: async (db, cell, values, photoSha256, now) =>
    rememberPushCell(
      db,
      await insertSubsectionScore(db, {
        ...keyColumns(cell, photoSha256, now),
        subsection_id: cell.itemId,
        score: values.score,
        comments: values.comments,
      }),
    ),
  update: (db, existing, values, photoSha256, now) =>
    andThen(updateSubsectionScore(db, existing, { ...values, photoSha256 }, now), (row) => rememberPushCell(db, row)),
  toCell: toSubsectionCell,
  historyValue: (row) => ({ value: row.score, overtimeSeconds: null }),
};

const penaltyCells: RemovableCellKindStore<'penalty'> = {
  descriptor: ScoreItemKinds.penalty,
  async readItemOfSection(db, sectionId, itemId) {
    const row = await scheduleReads.penaltyOfSection(db, sectionId, itemId);
    return row && { deduction: row.deduction, isDynamic: row.is_dynamic === 1 };
  },
  itemIdOf: (row) => row.penalty_id,
  findByCell: findPenaltyScoreByCell,
  findById: findPenaltyScoreById,
  insert: (db, cell, values, photoSha256, now) =>
    insertPenaltyScore(db, {
      ...keyColumns(cell, photoSha256, now),
      penalty_id: cell.itemId,
      amount: values.amount,
      overtime_seconds: values.overtimeSeconds,
      comments: values.comments,
    }),
  update: (db, existing, values, photoSha256, now) =>
    updatePenaltyScore(db, existing.score_id, { ...values, photoSha256 }, now),
  remove: deletePenaltyScore,
  toCell: toPenaltyCell,
  toKey: toPenaltyKey,
  historyValue: (row) => ({ value: row.amount, overtimeSeconds: row.overtime_seconds }),
};

const disqualificationCells: RemovableCellKindStore<'disqualification'> = {
  descriptor: ScoreItemKinds.disqualification,
  async readItemOfSection(db, sectionId, itemId) {
    const row = await scheduleReads.disqualificationOfSection(db, sectionId, itemId);
    return row && {};
  },
  itemIdOf: (row) => row.disqualification_id,
  findByCell: findDisqualificationScoreByCell,
  findById: findDisqualificationScoreById,
  insert: (db, cell, values, photoSha256, now) =>
    insertDisqualificationScore(db, {
      ...keyColumns(cell, photoSha256, now),
      disqualification_id: cell.itemId,
      comments: values.comments,
    }),
  update: (db, existing, values, photoSha256, now) =>
    updateDisqualificationScore(db, existing.score_id, { ...values, photoSha256 }, now),
  remove: deleteDisqualificationScore,
  toCell: toDisqualificationCell,
  toKey: toDisqualificationKey,
  historyValue: () => ({ value: null, overtimeSeconds: null }),
};

/** Each kind's cells on the server. */
export const cellStores: { [K in ScoreItemKind]: CellKindStore<K> } = {
  subsection: subsectionCells,
  penalty: penaltyCells,
  disqualification: disqualificationCells,
};

/** The cells a judge may remove (an applied penalty or disqualification). */
export const removableCellStores: { [K in RemovableScoreItemKind]: RemovableCellKindStore<K> } = {
  penalty: penaltyCells,
  disqualification: disqualificationCells,
};
