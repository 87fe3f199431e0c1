// The one entry the sync push uses to write: a pushed mutation, checked and dispatched by kind.
// A refusal is thrown as a ScoreRejection, which the push answers as that mutation's `rejected`
// result; a kind that may refuse after writing runs in a savepoint, which undoes what it wrote.
import {
  MutationDataSchemas,
  MutationIdSchema,
  MutationKind,
  RejectionCode,
  Role,
  type DisqualificationScorePut,
  type PenaltyScorePut,
  type SubsectionScorePut,
} from '@judging/shared-types';
import type { Static } from 'typebox';
import { andThen, type Eventually } from '../../db/eventually.ts';
import type { Db } from '../../db/database.ts';
import { validateCompiled } from '../../http/validation.ts';
import { submitCategory } from './category-submission.ts';
import { putScoreCell, removeScoreCell } from './cell-writes.ts';
import { readPushCells, type SubsectionCellKey } from './push-cells.ts';
import { reject } from './score-rejection.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { serverOrigin, type ChangeOrigin } from '../../shared/score-history.ts';
import { readScheduleAhead, type PlaceAhead } from '../../shared/schedule-reads-ahead.ts';

export { ScoreRejection } from './score-rejection.ts';

function pathOf(data: { eventId: number; categoryId: number; sectionId: number; schoolId: number }) {
  return { eventId: data.eventId, categoryId: data.categoryId, sectionId: data.sectionId, schoolId: data.schoolId };
}

/** A put's photo: an omitted one means none (a put carries the whole cell). */
function photoOf(data: { photoSha256?: string | null | undefined }): string | null {
  return data.photoSha256 ?? null;
}

/** A subsection's blank comment is stored as none. */
function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** A put of each kind as the one cell write takes it. */
export const cellPutOf = {
  subsection: (data: SubsectionScorePut) => ({
    path: pathOf(data),
    itemId: data.subsectionId,
    scoreId: data.scoreId,
    values: { score: data.score, comments: blankToNull(data.comments) },
    photoSha256: photoOf(data),
  }),
  penalty: (data: PenaltyScorePut) => ({
    path: pathOf(data),
    itemId: data.penaltyId,
    scoreId: data.scoreId,
    values: { amount: data.amount, overtimeSeconds: data.overtimeSeconds ?? null, comments: data.comments.trim() },
    photoSha256: photoOf(data),
  }),
  disqualification: (data: DisqualificationScorePut) => ({
    path: pathOf(data),
    itemId: data.disqualificationId,
    scoreId: data.scoreId,
    values: { comments: data.comments.trim() },
    photoSha256: photoOf(data),
  }),
};

/** A mutation's data checked against its kind's schema, typed as that kind's; else rejected as `invalid_value`. */
function checkedDataOf<K extends MutationKind>(kind: K, data: unknown): Static<(typeof MutationDataSchemas)[K]> {
  const checked = validateCompiled(MutationDataSchemas[kind], data);
  if (checked.ok) return checked.value;
  const first = checked.errors[0];
  throw reject(
    RejectionCode.InvalidValue,
    first ? `${first.field}: ${first.message}` : 'The mutation data is not valid.',
  );
}

/** A pushed mutation whose id, kind and data passed their checks, its data typed as its kind's. */
export type CheckedMutation = {
  [K in MutationKind]: { kind: K; data: Static<(typeof MutationDataSchemas)[K]> };
}[MutationKind];

const KNOWN_KINDS: ReadonlySet<string> = new Set<string>(Object.values(MutationKind));

/**
 * Checks a pushed mutation once, as it arrives: its id, its kind and its data against its kind's
 * schema, in that order. A failed check is thrown as a ScoreRejection (`invalid_value`), which
 * rejects that mutation alone; the push checks each mutation here once and hands the result to
 * the read ahead and to `applyMutation`.
 */
export function checkMutation(mutation: { id: string; kind: string; data: unknown }): CheckedMutation {
  const checkedId = validateCompiled(MutationIdSchema, mutation.id);
  if (!checkedId.ok)
    throw reject(RejectionCode.InvalidValue, checkedId.errors[0]?.message ?? 'A mutation id must be a UUID');
  if (!KNOWN_KINDS.has(mutation.kind))
    throw reject(RejectionCode.InvalidValue, `Unknown mutation kind "${mutation.kind}".`);
  const kind = mutation.kind as MutationKind;
  return { kind, data: checkedDataOf(kind, mutation.data) } as CheckedMutation;
}

/**
 * The kinds whose every refusal is thrown before their first write: cell-writes.ts checks the
 * place, the item, the value, the photo and the cell's id, and only then writes. A refused one
 * has written nothing, so the push applies it without a savepoint of its own. Any other kind
 * (a submission, a kind added later) runs in a savepoint, whatever it writes before it refuses.
 */
const REFUSED_BEFORE_WRITING: ReadonlySet<string> = new Set<MutationKind>([
  MutationKind.SubsectionScorePut,
  MutationKind.PenaltyScorePut,
  MutationKind.DisqualificationScorePut,
  MutationKind.PenaltyScoreDelete,
  MutationKind.DisqualificationScoreDelete,
]);

/** Whether a mutation of `kind` is refused, if at all, before it writes (no savepoint needed). */
export function isRefusedBeforeWriting(kind: string): boolean {
  return REFUSED_BEFORE_WRITING.has(kind);
}

/** The kinds that write one cell, by the place their data names. */
const CELL_KINDS = [
  MutationKind.SubsectionScorePut,
  MutationKind.PenaltyScorePut,
  MutationKind.DisqualificationScorePut,
  MutationKind.PenaltyScoreDelete,
  MutationKind.DisqualificationScoreDelete,
] as const;
type CellMutationKind = (typeof CELL_KINDS)[number];
type CellMutationData = Static<(typeof MutationDataSchemas)[CellMutationKind]>;
const isCellKind = (kind: string): kind is CellMutationKind => (CELL_KINDS as readonly string[]).includes(kind);

/**
 * Before a push's mutations apply: the subsection cells its puts name, read in one query, and the
 * schedule around every cell it writes (registrations, the judge's standing, subsections), read
 * in a few. Only mutations that passed `checkMutation`: one that did not is rejected when it
 * applies, as before, and reads nothing ahead.
 */
export async function readCellsOfPush(
  trx: Db,
  caller: AuthContext,
  mutations: readonly CheckedMutation[],
): Promise<void> {
  const keys: SubsectionCellKey[] = [];
  const places: PlaceAhead[] = [];
  for (const mutation of mutations) {
    if (!isCellKind(mutation.kind)) continue;
    const { categoryId, sectionId, schoolId } = mutation.data as CellMutationData;
    if (mutation.kind !== MutationKind.SubsectionScorePut) {
      places.push({ categoryId, sectionId, schoolId });
      continue;
    }
    const { subsectionId } = mutation.data;
    places.push({ categoryId, sectionId, schoolId, subsectionId });
    keys.push({ judgeId: caller.userId, categoryId, sectionId, schoolId, subsectionId });
  }
  // One put reads its cell as any write does; the read ahead pays from the second on.
  if (keys.length > 1) await readPushCells(trx, caller.userId, keys);
  // Only a judge writes cells (cell-rules.ts): anyone else's push is refused before any read.
  if (caller.role === Role.Judge) await readScheduleAhead(trx, caller.userId, places);
}

const revOf = (write: { rev: number }) => ({ rev: write.rev });
const nothing = () => ({});

/**
 * Applies one pushed mutation, checked by `checkMutation` (inside the caller's transaction, and
 * its savepoint when it has one). A refusal is thrown as a ScoreRejection: at once when the
 * answer is known at once (db/eventually.ts), else as the promise's rejection.
 */
export function applyMutation(
  db: Db,
  caller: AuthContext,
  mutation: CheckedMutation,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Eventually<{ rev?: number }> {
  switch (mutation.kind) {
    case MutationKind.SubsectionScorePut: {
      const put = cellPutOf.subsection(mutation.data);
      return andThen(putScoreCell(db, caller, 'subsection', put, now, origin), revOf);
    }
    case MutationKind.PenaltyScorePut: {
      const put = cellPutOf.penalty(mutation.data);
      return andThen(putScoreCell(db, caller, 'penalty', put, now, origin), revOf);
    }
    case MutationKind.DisqualificationScorePut: {
      const put = cellPutOf.disqualification(mutation.data);
      return andThen(putScoreCell(db, caller, 'disqualification', put, now, origin), revOf);
    }
    case MutationKind.PenaltyScoreDelete: {
      const { data } = mutation;
      const cell = { path: pathOf(data), itemId: data.penaltyId };
      return removeScoreCell(db, caller, 'penalty', cell, now, origin).then(nothing);
    }
    case MutationKind.DisqualificationScoreDelete: {
      const { data } = mutation;
      const cell = { path: pathOf(data), itemId: data.disqualificationId };
      return removeScoreCell(db, caller, 'disqualification', cell, now, origin).then(nothing);
    }
    case MutationKind.CategorySubmit:
      return submitCategory(db, caller, mutation.data, now, origin).then(nothing);
  }
}
