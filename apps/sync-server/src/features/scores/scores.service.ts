// The seed's REST score calls (the judge's modals and sheet buttons): the same rules and the same
// cell writes as the sync push (cell-writes.ts), one transaction per call, a refusal answered as
// the ApiError the seed's app handles.
import { randomUUID } from 'node:crypto';
import {
  RejectionCode,
  Role,
  overtimePenaltyAmount,
  type DisqualificationScoreFields,
  type PenaltyScoreFields,
  type RemovableScoreParams,
  type RemovableScoreItemKind,
  type ScoreItemKind,
  type ScoreSheetParams,
  type SubmitScoresParams,
  type SubsectionScoreFields,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { submitCategory } from './category-submission.ts';
import { resolvePlace, type PlacePath } from './cell-rules.ts';
import { putScoreCell, removeScoreCell, type CellWrite } from './cell-writes.ts';
import { scheduleReads } from '../../shared/schedule-reads.ts';
import {
  cellStores,
  removableCellStores,
  type CellKindStore,
  type RemovableCellKindStore,
  type ScoreRows,
} from './score-cell-kinds.ts';
import { reject, ScoreMessages, ScoreRejection, toApiError } from './score-rejection.ts';
import type { CellPlace } from './scores.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';

/** A score form as the seed's modals send it (multipart text or JSON), with its uploaded photo's hash. */
export type ScoreForm =
  | { type: 'subsection'; fields: SubsectionScoreFields; photoSha256: string | undefined }
  | { type: 'penalty'; fields: PenaltyScoreFields; photoSha256: string | undefined }
  | { type: 'disqualification'; fields: DisqualificationScoreFields; photoSha256: string | undefined };

/** One REST call = one transaction; a rejection becomes the ApiError the seed's app handles. */
async function inRestTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (error instanceof ScoreRejection) throw toApiError(error);
    throw error;
  }
}

/** REST writes name the judge in the path: it must be the caller, a judge. */
function requireSelfJudge(caller: AuthContext, judgeId: number): void {
  if (caller.role !== Role.Judge || caller.userId !== judgeId)
    throw reject(RejectionCode.Forbidden, ScoreMessages.judgesOnly);
}

/** A score addressed by id in a REST path must be this judge's, in this place. */
function requireScoreInPlace<
  T extends { judge_id: number; event_id: number; category_id: number; section_id: number; school_id: number },
>(row: T | undefined, params: ScoreSheetParams): T {
  const isInPlace =
    row !== undefined &&
    row.judge_id === params.judgeId &&
    row.event_id === params.eventId &&
    row.category_id === params.categoryId &&
    row.section_id === params.sectionId &&
    row.school_id === params.schoolId;
  if (!isInPlace) throw reject(RejectionCode.NotFound, 'Score not found.');
  return row;
}

function pathOf(params: ScoreSheetParams): PlacePath {
  return {
    eventId: params.eventId,
    categoryId: params.categoryId,
    sectionId: params.sectionId,
    schoolId: params.schoolId,
  };
}

function nonBlank(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** The cell a form updates: the one its path names by id, else the item's cell in the place, if any. */
async function findFormCell<K extends ScoreItemKind>(
  trx: Db,
  kind: K,
  params: ScoreSheetParams & { scoreId?: string },
  itemId: number,
): Promise<ScoreRows[K] | undefined> {
  const store: CellKindStore<K> = cellStores[kind];
  const cell: CellPlace = {
    categoryId: params.categoryId,
    sectionId: params.sectionId,
    schoolId: params.schoolId,
    judgeId: params.judgeId,
  };
  const existing = params.scoreId
    ? requireScoreInPlace(await store.findById(trx, params.scoreId), params)
    : await store.findByCell(trx, cell, itemId);
  if (existing && store.itemIdOf(existing) !== itemId) {
    throw reject(RejectionCode.InvalidValue, store.descriptor.messages.otherItem);
  }
  return existing;
}

/**
 * POST (no scoreId) or PUT (scoreId) of a score form. As in the seed, a blank score, comment
 * or photo on an update keeps the stored one; the server makes up the id when none is sent.
 */
export async function saveScoreForm(
  db: Db,
  caller: AuthContext,
  params: ScoreSheetParams & { scoreId?: string },
  form: ScoreForm,
  now: string,
): Promise<CellWrite> {
  return inRestTransaction(db, async (trx) => {
    requireSelfJudge(caller, params.judgeId);
    const path = pathOf(params);
    switch (form.type) {
      case 'subsection': {
        const { fields } = form;
        const existing = await findFormCell(trx, 'subsection', params, fields.subsectionId);
        const score = fields.subsectionScore ?? existing?.score;
        if (score === undefined) throw reject(RejectionCode.InvalidValue, 'Score is required');
        const comments = nonBlank(fields.subsectionComments) ?? existing?.comments ?? null;
        return putScoreCell(
          trx,
          caller,
          'subsection',
          {
            path,
            itemId: fields.subsectionId,
            scoreId: existing?.score_id ?? fields.subsectionScoreId ?? randomUUID(),
            values: { score, comments },
            photoSha256: form.photoSha256 ?? existing?.photo_sha256 ?? null,
          },
          now,
        );
      }
      case 'penalty': {
        const { fields } = form;
        const existing = await findFormCell(trx, 'penalty', params, fields.penaltyId);
        const penalty = await scheduleReads.penaltyOfSection(trx, params.sectionId, fields.penaltyId);
        const sent = { amount: fields.penaltyAmount, overtimeSeconds: fields.penaltyOvertimeSeconds };
        // A fixed penalty deducts its set deduction (seed section 5); a time-based one needs the
        // amount, or the time over it is derived from; neither on an update keeps the stored ones.
        const overtimeSeconds =
          sent.overtimeSeconds ?? (sent.amount === undefined ? (existing?.overtime_seconds ?? null) : null);
        const amount =
          sent.amount ??
          (penalty && penalty.is_dynamic === 0
            ? penalty.deduction
            : penalty && sent.overtimeSeconds !== undefined
              ? overtimePenaltyAmount(sent.overtimeSeconds, penalty.deduction)
              : existing?.amount);
        if (amount === undefined)
          throw reject(RejectionCode.InvalidValue, 'Amount is required for a time-based penalty');
        return putScoreCell(
          trx,
          caller,
          'penalty',
          {
            path,
            itemId: fields.penaltyId,
            scoreId: existing?.score_id ?? fields.penaltyScoreId ?? randomUUID(),
            values: { amount, overtimeSeconds, comments: fields.penaltyComments.trim() },
            photoSha256: form.photoSha256 ?? existing?.photo_sha256 ?? null,
          },
          now,
        );
      }
      case 'disqualification': {
        const { fields } = form;
        const existing = await findFormCell(trx, 'disqualification', params, fields.disqualificationId);
        return putScoreCell(
          trx,
          caller,
          'disqualification',
          {
            path,
            itemId: fields.disqualificationId,
            scoreId: existing?.score_id ?? fields.disqualificationScoreId ?? randomUUID(),
            values: { comments: fields.disqualificationComments.trim() },
            photoSha256: form.photoSha256 ?? existing?.photo_sha256 ?? null,
          },
          now,
        );
      }
    }
  });
}

/** DELETE of an applied penalty or disqualification by its id. */
export async function removeScore(
  db: Db,
  caller: AuthContext,
  params: RemovableScoreParams,
  now: string,
): Promise<void> {
  await inRestTransaction(db, async (trx) => {
    requireSelfJudge(caller, params.judgeId);
    await removeCellById(trx, caller, params.type, params, now);
  });
}

async function removeCellById<K extends RemovableScoreItemKind>(
  trx: Db,
  caller: AuthContext,
  kind: K,
  params: RemovableScoreParams,
  now: string,
): Promise<void> {
  const store: RemovableCellKindStore<K> = removableCellStores[kind];
  const row = requireScoreInPlace(await store.findById(trx, params.scoreId), params);
  await removeScoreCell(trx, caller, kind, { path: pathOf(params), itemId: store.itemIdOf(row) }, now);
}

/** POST score/submitScores/…: the same submission the push's `category.submit` makes. */
export async function submitScores(db: Db, caller: AuthContext, params: SubmitScoresParams, now: string) {
  return inRestTransaction(db, async (trx) => {
    requireSelfJudge(caller, params.judgeId);
    return submitCategory(trx, caller, { eventId: params.eventId, categoryId: params.categoryId }, now);
  });
}

/**
 * POST score/saveScores/… and score/saveSchool/…: every score is saved when it is entered, so
 * these only confirm that the caller could have written there.
 */
export async function confirmScoresSaved(db: Db, caller: AuthContext, params: ScoreSheetParams): Promise<void> {
  await inRestTransaction(db, async (trx) => {
    requireSelfJudge(caller, params.judgeId);
    await resolvePlace(trx, caller, params);
  });
}
