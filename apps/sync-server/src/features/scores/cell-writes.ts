// The one write path for cells: the sync push and the seed's REST calls both end here, for every
// kind. The last write to arrive wins and bumps the cell's `rev`. Every write appends to the
// change log and to the score history (features/history: when and where it was made) in the
// same transaction. What differs per kind comes from its description (score-item-kinds.ts) and
// its store (score-cell-kinds.ts).
import {
  ChangeOp,
  RejectionCode,
  findScoreValueProblem,
  type RemovableScoreItemKind,
  type ScoreItemKind,
  type ScoreItemRules,
  type ScoreItemValues,
} from '@judging/shared-types';
import { runSteps, type Eventually } from '../../db/eventually.ts';
import type { Db } from '../../db/database.ts';
import { appendChange } from '../../shared/change-log.repository.ts';
import {
  assertPhotoUploaded,
  assertScoreIdFits,
  assertWritable,
  resolvePlace,
  type PlaceContext,
  type PlacePath,
} from './cell-rules.ts';
import {
  cellStores,
  removableCellStores,
  type CellKindStore,
  type RemovableCellKindStore,
  type ScoreRows,
} from './score-cell-kinds.ts';
import { reject } from './score-rejection.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { recordHistory, serverOrigin, type ChangeOrigin, type HistoryRecord } from '../../shared/score-history.ts';

/** The write's outcome: the cell's id (the first writer's id sticks) and its new revision. */
export interface CellWrite {
  scoreId: string;
  rev: number;
  isNew: boolean;
}

/** A cell as a put sends it: its place, item, id, values and photo. */
export interface CellPut<K extends ScoreItemKind> {
  path: PlacePath;
  itemId: number;
  scoreId: string;
  values: ScoreItemValues[K];
  photoSha256: string | null;
}

function changeOf(context: PlaceContext) {
  return {
    stateId: context.event.state_id,
    eventId: context.event.event_id,
    categoryId: context.category.category_id,
    judgeId: context.place.judgeId,
  };
}

/** The history row's place and author for a judge's write to one of their cells. */
function historyOf(context: PlaceContext) {
  return {
    ...changeOf(context),
    sectionId: context.place.sectionId,
    schoolId: context.place.schoolId,
    changedBy: context.place.judgeId,
    note: null,
  };
}

/** What a cell's history row says changed besides its value. */
function contentChanges(
  before: { comments: string | null; photo_sha256: string | null } | undefined,
  after: { comments: string | null; photo_sha256: string | null },
): Pick<HistoryRecord, 'isCommentChanged' | 'isPhotoChanged'> {
  return {
    isCommentChanged: (before?.comments ?? null) !== after.comments,
    isPhotoChanged: (before?.photo_sha256 ?? null) !== after.photo_sha256,
  };
}

/**
 * Creates or updates the caller's cell of any kind, after every rule of cell-rules.ts and of its
 * kind. Each step runs at once where its answer is known (a push's place checked already, SQLite
 * in a transaction), else once it is read (db/eventually.ts).
 */
export function putScoreCell<K extends ScoreItemKind>(
  db: Db,
  caller: AuthContext,
  kind: K,
  put: CellPut<K>,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Eventually<CellWrite> {
  return runSteps(putScoreCellSteps(db, caller, kind, put, now, origin));
}

function* putScoreCellSteps<K extends ScoreItemKind>(
  db: Db,
  caller: AuthContext,
  kind: K,
  put: CellPut<K>,
  now: string,
  origin: ChangeOrigin,
): Generator<unknown, CellWrite, unknown> {
  const store: CellKindStore<K> = cellStores[kind];
  const { descriptor } = store;
  const context = (yield resolvePlace(db, caller, put.path)) as PlaceContext;
  const item = (yield store.readItemOfSection(db, put.path.sectionId, put.itemId)) as ScoreItemRules[K] | undefined;
  if (!item) throw reject(RejectionCode.NotFound, descriptor.messages.notInSection);
  yield assertWritable(db, context);
  const problem = findScoreValueProblem(kind, put.values, item);
  if (problem !== undefined) throw reject(RejectionCode.InvalidValue, problem);
  // Each check below answers a promise only when it has something to read.
  yield assertPhotoUploaded(db, context, put.photoSha256);
  const existing = (yield store.findByCell(db, context.place, put.itemId)) as ScoreRows[K] | undefined;
  yield assertScoreIdFits(existing?.score_id, put.scoreId, (id) => store.findById(db, id));
  const row = (yield existing
    ? store.update(db, existing, put.values, put.photoSha256, now)
    : store.insert(
        db,
        {
          scoreId: put.scoreId,
          stateId: context.event.state_id,
          eventId: context.event.event_id,
          place: context.place,
          itemId: put.itemId,
        },
        put.values,
        put.photoSha256,
        now,
      )) as ScoreRows[K];
  yield appendChange(
    db,
    {
      ...changeOf(context),
      entity: descriptor.changeEntity,
      entityId: row.score_id,
      op: ChangeOp.Put,
      payload: store.toCell(row),
    },
    now,
  );
  const before = existing && store.historyValue(existing);
  const after = store.historyValue(row);
  yield recordHistory(
    db,
    {
      ...historyOf(context),
      kind,
      action: existing ? 'update' : 'create',
      itemId: put.itemId,
      scoreId: row.score_id,
      valueBefore: before?.value ?? null,
      valueAfter: after.value,
      overtimeBefore: before?.overtimeSeconds ?? null,
      overtimeAfter: after.overtimeSeconds,
      ...contentChanges(existing, row),
    },
    origin,
    now,
  );
  return { scoreId: row.score_id, rev: row.rev, isNew: !existing };
}

/** Removes an applied penalty or disqualification; removing one that is not there is already done (a no-op). */
export async function removeScoreCell<K extends RemovableScoreItemKind>(
  db: Db,
  caller: AuthContext,
  kind: K,
  cell: { path: PlacePath; itemId: number },
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<{ isDeleted: boolean }> {
  const store: RemovableCellKindStore<K> = removableCellStores[kind];
  const context = await resolvePlace(db, caller, cell.path);
  if (!(await store.readItemOfSection(db, cell.path.sectionId, cell.itemId))) {
    throw reject(RejectionCode.NotFound, store.descriptor.messages.notInSection);
  }
  await assertWritable(db, context);
  const existing = await store.findByCell(db, context.place, cell.itemId);
  if (!existing) return { isDeleted: false };
  await store.remove(db, existing.score_id);
  await appendChange(
    db,
    {
      ...changeOf(context),
      entity: store.descriptor.changeEntity,
      entityId: existing.score_id,
      op: ChangeOp.Delete,
      payload: store.toKey(existing),
    },
    now,
  );
  const removed = store.historyValue(existing);
  await recordHistory(
    db,
    {
      ...historyOf(context),
      kind,
      action: 'delete',
      itemId: cell.itemId,
      scoreId: existing.score_id,
      valueBefore: removed.value,
      valueAfter: null,
      overtimeBefore: removed.overtimeSeconds,
      overtimeAfter: null,
      isCommentChanged: false,
      isPhotoChanged: false,
    },
    origin,
    now,
  );
  return { isDeleted: true };
}
