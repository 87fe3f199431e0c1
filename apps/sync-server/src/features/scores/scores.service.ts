// The one write path for scores: the sync push and the seed's REST calls both end here.
// A *cell* is one judge's score of one item (subsection, penalty, disqualification) for one
// school in one section of a category. Only its judge writes it; the last write to arrive wins
// and bumps the cell's `rev`. Every write appends to the change log and to the score history
// (features/history: when and where it was made) in the same transaction.
import { randomUUID } from 'node:crypto';
import {
  ReopenReason,
  ChangeEntity,
  ChangeOp,
  EDITOR_ROLES,
  ErrorCode,
  MutationDataSchemas,
  MutationIdSchema,
  MutationKind,
  RejectionCode,
  Role,
  hasRole,
  formatOvertime,
  formatScore,
  isValidPenaltyAmount,
  isValidSubsectionScore,
  overtimePenaltyAmount,
  type CategorySubmit,
  type DisqualificationScoreDelete,
  type DisqualificationScoreFields,
  type PenaltyRule,
  type PenaltyScoreFields,
  type RemovableScoreParams,
  type ScoreSheetParams,
  type SubmitScoresParams,
  type SubsectionScoreFields,
  type DisqualificationScorePut,
  type PenaltyScoreDelete,
  type PenaltyScorePut,
  type SubmissionDelete,
  type SubmissionPut,
  type SubsectionScorePut,
  type SyncCategory,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { CategoryRow, DisqualificationScoreRow, EventRow, PenaltyScoreRow } from '../../db/tables.ts';
import { ApiError, forbidden, notFound } from '../../http/api-error.ts';
import type { AuthContext } from '../../http/guards.ts';
import { validateCompiled } from '../../http/validation.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  recordHistory,
  serverOrigin,
  submissionHistory,
  type ChangeOrigin,
  type HistoryRecord,
} from '../history/history.repository.ts';
import { appendChange } from '../sync/sync.repository.ts';
import { SUBMISSION_ENTITY, UNLOCK_AUDIT_ACTION, submissionEntityId } from '../submissions/owed-work.repository.ts';
import { findJudgeMissingCells, findReopenings } from '../submissions/owed-work.service.ts';
import { forgetSubmission, scheduleReads } from './schedule-reads.ts';
import {
  toDisqualificationCell,
  toDisqualificationKey,
  toPenaltyCell,
  toPenaltyKey,
  toSubsectionCell,
  parseStudents,
} from './scores.mapper.ts';
import {
  deleteDisqualificationScore,
  deletePenaltyScore,
  deleteSubmission,
  findCategoryOfEvent,
  findDisqualificationScoreByCell,
  findDisqualificationScoreById,
  findEvent,
  findPenaltyScoreByCell,
  findPenaltyScoreById,
  findSubmission,
  findSubsectionScoreByCell,
  findSubsectionScoreById,
  findUser,
  insertDisqualificationScore,
  insertPenaltyScore,
  insertSubmission,
  insertSubsectionScore,
  listAssignedSections,
  listDisqualificationsOfSections,
  listPenaltiesOfSections,
  listRegistrations,
  listSubmissionsOfJudge,
  listSubsectionsOfSections,
  updateDisqualificationScore,
  updatePenaltyScore,
  updateSubsectionScore,
  type CellPlace,
} from './scores.repository.ts';

/** A refused score write. The push answers it as a `rejected` result; REST as an ApiError. */
export class ScoreRejection extends Error {
  readonly code: RejectionCode;

  constructor(code: RejectionCode, message: string) {
    super(message);
    this.name = 'ScoreRejection';
    this.code = code;
  }
}

export const ScoreMessages = {
  judgesOnly: 'Only the judge can change their scores; coordinators can view them.',
  otherState: 'This event belongs to another state.',
  eventNotFound: 'Event not found.',
  categoryNotFound: 'Category not found in this event.',
  sectionNotFound: 'Section not found in this category.',
  schoolNotRegistered: 'School is not registered in this category.',
  schoolWithoutStudents: 'School has no students in this category.',
  subsectionNotFound: 'Subsection not found in this section.',
  penaltyNotFound: 'Penalty not found in this section.',
  disqualificationNotFound: 'Disqualification not found in this section.',
  eventClosed: 'The event is closed; scores can no longer change.',
  notAssigned: 'You are not assigned to this section of the category.',
  notAssignedToCategory: 'You are not assigned to this category.',
  categorySubmitted: 'You submitted this category; a coordinator must unlock it before scores can change.',
  photoMissing: 'The photo has not been uploaded yet.',
  scoreIdTaken: 'That score id belongs to another score.',
  incomplete: 'All criteria subsections must be scored.',
} as const;

/** The write's outcome: the cell's id (the first writer's id sticks) and its new revision. */
export interface CellWrite {
  scoreId: string;
  rev: number;
  isNew: boolean;
}

interface PlaceContext {
  event: EventRow;
  category: CategoryRow;
  place: CellPlace;
}

function reject(code: RejectionCode, message: string): ScoreRejection {
  return new ScoreRejection(code, message);
}

/** A write comes from a JUDGE and goes to their own cells only. */
function requireJudgeWriter(caller: AuthContext): void {
  if (caller.role !== Role.Judge) throw reject(RejectionCode.Forbidden, ScoreMessages.judgesOnly);
}

async function resolveCategory(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
): Promise<{ event: EventRow; category: CategoryRow }> {
  const event = await scheduleReads.event(db, eventId);
  if (!event) throw reject(RejectionCode.NotFound, ScoreMessages.eventNotFound);
  if (event.state_id !== caller.stateId) throw reject(RejectionCode.Forbidden, ScoreMessages.otherState);
  const category = await scheduleReads.categoryOfEvent(db, eventId, categoryId);
  if (!category) throw reject(RejectionCode.NotFound, ScoreMessages.categoryNotFound);
  return { event, category };
}

/** Everything that must exist for a cell of the caller: not_found / forbidden otherwise. */
async function resolvePlace(
  db: Db,
  caller: AuthContext,
  data: { eventId: number; categoryId: number; sectionId: number; schoolId: number },
): Promise<PlaceContext> {
  requireJudgeWriter(caller);
  const { event, category } = await resolveCategory(db, caller, data.eventId, data.categoryId);
  if (!(await scheduleReads.categorySection(db, data.categoryId, data.sectionId))) {
    throw reject(RejectionCode.NotFound, ScoreMessages.sectionNotFound);
  }
  const registration = await scheduleReads.registration(db, data.categoryId, data.schoolId);
  if (!registration) throw reject(RejectionCode.NotFound, ScoreMessages.schoolNotRegistered);
  if (registration.studentCount === 0) {
    throw reject(RejectionCode.NotFound, ScoreMessages.schoolWithoutStudents);
  }
  return {
    event,
    category,
    place: { categoryId: data.categoryId, sectionId: data.sectionId, schoolId: data.schoolId, judgeId: caller.userId },
  };
}

/**
 * The cell may change now: the event is not closed (it need not be started: tablets may be
 * offline when the coordinator presses Start), the judge is assigned to the section, and
 * their category is not submitted.
 */
async function assertWritable(db: Db, context: PlaceContext): Promise<void> {
  if (context.event.status === 'CLOSED') throw reject(RejectionCode.EventClosed, ScoreMessages.eventClosed);
  const { place } = context;
  if (!(await scheduleReads.isJudgeAssigned(db, place.categoryId, place.sectionId, place.judgeId))) {
    throw reject(RejectionCode.NotAssigned, ScoreMessages.notAssigned);
  }
  if (await scheduleReads.submission(db, place.categoryId, place.judgeId)) {
    throw reject(RejectionCode.CategorySubmitted, ScoreMessages.categorySubmitted);
  }
}

/**
 * A referenced photo must be uploaded first, by this judge (decisions §7: a photo's hash is not
 * a key to it). Transient: the device uploads the photo it holds, then retries; a device that
 * names another judge's photo has no bytes to upload, so its edit never applies.
 */
async function assertPhotoUploaded(db: Db, context: PlaceContext, sha256: string | null): Promise<void> {
  if (sha256 === null) return;
  if (!(await scheduleReads.hasUploadedPhoto(db, context.event.state_id, sha256, context.place.judgeId))) {
    throw reject(RejectionCode.PhotoMissing, ScoreMessages.photoMissing);
  }
}

/**
 * The cell is the identity; a second device's new id for an existing cell updates that cell.
 * An id already used by a different cell is refused.
 */
async function assertScoreIdFits(
  existingId: string | undefined,
  scoreId: string,
  findById: (scoreId: string) => Promise<unknown>,
): Promise<void> {
  if (existingId === scoreId) return;
  if ((await findById(scoreId)) !== undefined) throw reject(RejectionCode.InvalidValue, ScoreMessages.scoreIdTaken);
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

export async function putSubsectionScore(
  db: Db,
  caller: AuthContext,
  data: SubsectionScorePut,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<CellWrite> {
  const context = await resolvePlace(db, caller, data);
  const subsection = await scheduleReads.subsectionOfSection(db, data.sectionId, data.subsectionId);
  if (!subsection) throw reject(RejectionCode.NotFound, ScoreMessages.subsectionNotFound);
  await assertWritable(db, context);
  if (!isValidSubsectionScore(data.score, subsection.max_score)) {
    throw reject(
      RejectionCode.InvalidValue,
      `Score must be between 1.00 and ${subsection.max_score.toFixed(2)} in steps of 0.25.`,
    );
  }
  const photoSha256 = data.photoSha256 ?? null;
  await assertPhotoUploaded(db, context, photoSha256);
  const existing = await findSubsectionScoreByCell(db, context.place, data.subsectionId);
  await assertScoreIdFits(existing?.score_id, data.scoreId, (id) => findSubsectionScoreById(db, id));
  const values = { score: data.score, comments: blankToNull(data.comments), photoSha256 };
  const row = existing
    ? await updateSubsectionScore(db, existing.score_id, values, now)
    : await insertSubsectionScore(db, {
        score_id: data.scoreId,
        state_id: context.event.state_id,
        event_id: context.event.event_id,
        ...placeColumns(context.place),
        subsection_id: data.subsectionId,
        score: values.score,
        comments: values.comments,
        photo_sha256: photoSha256,
        created_at: now,
        updated_at: now,
      });
  await appendChange(
    db,
    {
      ...changeOf(context),
      entity: ChangeEntity.SubsectionScore,
      entityId: row.score_id,
      op: ChangeOp.Put,
      payload: toSubsectionCell(row),
    },
    now,
  );
  await recordHistory(
    db,
    {
      ...historyOf(context),
      kind: 'subsection',
      action: existing ? 'update' : 'create',
      itemId: data.subsectionId,
      scoreId: row.score_id,
      valueBefore: existing?.score ?? null,
      valueAfter: row.score,
      overtimeBefore: null,
      overtimeAfter: null,
      ...contentChanges(existing, row),
    },
    origin,
    now,
  );
  return { scoreId: row.score_id, rev: row.rev, isNew: !existing };
}

export async function putPenaltyScore(
  db: Db,
  caller: AuthContext,
  data: PenaltyScorePut,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<CellWrite> {
  const context = await resolvePlace(db, caller, data);
  const penalty = await scheduleReads.penaltyOfSection(db, data.sectionId, data.penaltyId);
  if (!penalty) throw reject(RejectionCode.NotFound, ScoreMessages.penaltyNotFound);
  await assertWritable(db, context);
  const rule = { deduction: penalty.deduction, isDynamic: penalty.is_dynamic === 1 };
  if (!isValidPenaltyAmount(data.amount, rule)) {
    throw reject(
      RejectionCode.InvalidValue,
      rule.isDynamic
        ? `Amount must be between 0.25 and ${rule.deduction.toFixed(2)} in steps of 0.25.`
        : `This penalty deducts exactly ${rule.deduction.toFixed(2)}.`,
    );
  }
  const overtimeSeconds = data.overtimeSeconds ?? null;
  assertAmountOfOvertime(data.amount, overtimeSeconds, rule);
  const photoSha256 = data.photoSha256 ?? null;
  await assertPhotoUploaded(db, context, photoSha256);
  const existing = await findPenaltyScoreByCell(db, context.place, data.penaltyId);
  await assertScoreIdFits(existing?.score_id, data.scoreId, (id) => findPenaltyScoreById(db, id));
  const values = { amount: data.amount, overtimeSeconds, comments: data.comments.trim(), photoSha256 };
  const row = existing
    ? await updatePenaltyScore(db, existing.score_id, values, now)
    : await insertPenaltyScore(db, {
        score_id: data.scoreId,
        state_id: context.event.state_id,
        event_id: context.event.event_id,
        ...placeColumns(context.place),
        penalty_id: data.penaltyId,
        amount: values.amount,
        overtime_seconds: overtimeSeconds,
        comments: values.comments,
        photo_sha256: photoSha256,
        created_at: now,
        updated_at: now,
      });
  await appendChange(
    db,
    {
      ...changeOf(context),
      entity: ChangeEntity.PenaltyScore,
      entityId: row.score_id,
      op: ChangeOp.Put,
      payload: toPenaltyCell(row),
    },
    now,
  );
  await recordHistory(
    db,
    {
      ...historyOf(context),
      kind: 'penalty',
      action: existing ? 'update' : 'create',
      itemId: data.penaltyId,
      scoreId: row.score_id,
      valueBefore: existing?.amount ?? null,
      valueAfter: row.amount,
      overtimeBefore: existing?.overtime_seconds ?? null,
      overtimeAfter: row.overtime_seconds,
      ...contentChanges(existing, row),
    },
    origin,
    now,
  );
  return { scoreId: row.score_id, rev: row.rev, isNew: !existing };
}

/**
 * A time over, when sent, must be what the amount was derived from: the one rule of
 * scoring/time-penalty.ts, so the stored time and amount never disagree. Fixed penalties take none.
 */
function assertAmountOfOvertime(amount: number, overtimeSeconds: number | null, rule: PenaltyRule): void {
  if (overtimeSeconds === null) return;
  if (!rule.isDynamic) throw reject(RejectionCode.InvalidValue, 'Only a time-based penalty takes a time over.');
  const derived = overtimePenaltyAmount(overtimeSeconds, rule.deduction);
  if (derived !== amount) {
    throw reject(
      RejectionCode.InvalidValue,
      `${formatOvertime(overtimeSeconds)} over deducts ${formatScore(derived)}, not ${formatScore(amount)}.`,
    );
  }
}

/** What differs between removing an applied penalty and an applied disqualification. */
interface RemovableItem<Row extends { score_id: string }> {
  isOfSection(db: Db, sectionId: number, itemId: number): Promise<unknown>;
  notFound: string;
  findByCell(db: Db, place: CellPlace, itemId: number): Promise<Row | undefined>;
  deleteRow(db: Db, scoreId: string): Promise<void>;
  entity: ChangeEntity;
  toKey(row: Row): unknown;
  historyKind: 'penalty' | 'disqualification';
  /** The value and time over the history keeps of the removed cell. */
  valueOf(row: Row): { value: number | null; overtimeSeconds: number | null };
}

const removablePenalty: RemovableItem<PenaltyScoreRow> = {
  isOfSection: scheduleReads.penaltyOfSection,
  notFound: ScoreMessages.penaltyNotFound,
  findByCell: findPenaltyScoreByCell,
  deleteRow: deletePenaltyScore,
  entity: ChangeEntity.PenaltyScore,
  toKey: toPenaltyKey,
  historyKind: 'penalty',
  valueOf: (row) => ({ value: row.amount, overtimeSeconds: row.overtime_seconds }),
};

const removableDisqualification: RemovableItem<DisqualificationScoreRow> = {
  isOfSection: scheduleReads.disqualificationOfSection,
  notFound: ScoreMessages.disqualificationNotFound,
  findByCell: findDisqualificationScoreByCell,
  deleteRow: deleteDisqualificationScore,
  entity: ChangeEntity.DisqualificationScore,
  toKey: toDisqualificationKey,
  historyKind: 'disqualification',
  valueOf: () => ({ value: null, overtimeSeconds: null }),
};

/** Removes an applied penalty or disqualification; removing one that is not there is already done (a no-op). */
async function removeItemCell<Row extends { score_id: string }>(
  db: Db,
  caller: AuthContext,
  data: { eventId: number; categoryId: number; sectionId: number; schoolId: number },
  itemId: number,
  item: RemovableItem<Row>,
  now: string,
  origin: ChangeOrigin,
): Promise<{ isDeleted: boolean }> {
  const context = await resolvePlace(db, caller, data);
  if (!(await item.isOfSection(db, data.sectionId, itemId))) throw reject(RejectionCode.NotFound, item.notFound);
  await assertWritable(db, context);
  const existing = await item.findByCell(db, context.place, itemId);
  if (!existing) return { isDeleted: false };
  await item.deleteRow(db, existing.score_id);
  await appendChange(
    db,
    {
      ...changeOf(context),
      entity: item.entity,
      entityId: existing.score_id,
      op: ChangeOp.Delete,
      payload: item.toKey(existing),
    },
    now,
  );
  const removed = item.valueOf(existing);
  await recordHistory(
    db,
    {
      ...historyOf(context),
      kind: item.historyKind,
      action: 'delete',
      itemId,
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

export async function deletePenaltyScoreCell(
  db: Db,
  caller: AuthContext,
  data: PenaltyScoreDelete,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<{ isDeleted: boolean }> {
  return removeItemCell(db, caller, data, data.penaltyId, removablePenalty, now, origin);
}

export async function deleteDisqualificationScoreCell(
  db: Db,
  caller: AuthContext,
  data: DisqualificationScoreDelete,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<{ isDeleted: boolean }> {
  return removeItemCell(db, caller, data, data.disqualificationId, removableDisqualification, now, origin);
}

export async function putDisqualificationScore(
  db: Db,
  caller: AuthContext,
  data: DisqualificationScorePut,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<CellWrite> {
  const context = await resolvePlace(db, caller, data);
  if (!(await scheduleReads.disqualificationOfSection(db, data.sectionId, data.disqualificationId))) {
    throw reject(RejectionCode.NotFound, ScoreMessages.disqualificationNotFound);
  }
  await assertWritable(db, context);
  const photoSha256 = data.photoSha256 ?? null;
  await assertPhotoUploaded(db, context, photoSha256);
  const existing = await findDisqualificationScoreByCell(db, context.place, data.disqualificationId);
  await assertScoreIdFits(existing?.score_id, data.scoreId, (id) => findDisqualificationScoreById(db, id));
  const values = { comments: data.comments.trim(), photoSha256 };
  const row = existing
    ? await updateDisqualificationScore(db, existing.score_id, values, now)
    : await insertDisqualificationScore(db, {
        score_id: data.scoreId,
        state_id: context.event.state_id,
        event_id: context.event.event_id,
        ...placeColumns(context.place),
        disqualification_id: data.disqualificationId,
        comments: values.comments,
        photo_sha256: photoSha256,
        created_at: now,
        updated_at: now,
      });
  await appendChange(
    db,
    {
      ...changeOf(context),
      entity: ChangeEntity.DisqualificationScore,
      entityId: row.score_id,
      op: ChangeOp.Put,
      payload: toDisqualificationCell(row),
    },
    now,
  );
  await recordHistory(
    db,
    {
      ...historyOf(context),
      kind: 'disqualification',
      action: existing ? 'update' : 'create',
      itemId: data.disqualificationId,
      scoreId: row.score_id,
      valueBefore: null,
      valueAfter: null,
      overtimeBefore: null,
      overtimeAfter: null,
      ...contentChanges(existing, row),
    },
    origin,
    now,
  );
  return { scoreId: row.score_id, rev: row.rev, isNew: !existing };
}

/**
 * Submits the judge's category once every (school with students × assigned section ×
 * subsection) has their score; the submission locks the category for them. Submitting an
 * already submitted category is a no-op.
 */
export async function submitCategory(
  db: Db,
  caller: AuthContext,
  data: CategorySubmit,
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<{ submittedAt: string; isNew: boolean }> {
  requireJudgeWriter(caller);
  const { event, category } = await resolveCategory(db, caller, data.eventId, data.categoryId);
  const judgeId = caller.userId;
  const sections = (await listAssignedSections(db, judgeId, event.event_id)).filter(
    (row) => row.category_id === category.category_id,
  );
  if (sections.length === 0) throw reject(RejectionCode.NotAssigned, ScoreMessages.notAssignedToCategory);
  const existing = await scheduleReads.submission(db, category.category_id, judgeId);
  if (existing) return { submittedAt: existing.submitted_at, isNew: false };
  if (event.status === 'CLOSED') throw reject(RejectionCode.EventClosed, ScoreMessages.eventClosed);
  const missing = (await findJudgeMissingCells(db, category.category_id, judgeId)).length;
  if (missing > 0) {
    throw reject(RejectionCode.Incomplete, `${ScoreMessages.incomplete} ${missing} not scored yet.`);
  }
  await insertSubmission(
    db,
    { categoryId: category.category_id, judgeId, stateId: event.state_id, eventId: event.event_id },
    now,
  );
  forgetSubmission(db, category.category_id, judgeId);
  const payload: SubmissionPut = {
    eventId: event.event_id,
    categoryId: category.category_id,
    judgeId,
    submittedAt: now,
  };
  await appendChange(
    db,
    {
      stateId: event.state_id,
      eventId: event.event_id,
      categoryId: category.category_id,
      judgeId,
      entity: ChangeEntity.CategorySubmission,
      entityId: `${category.category_id}:${judgeId}`,
      op: ChangeOp.Put,
      payload,
    },
    now,
  );
  await recordHistory(
    db,
    {
      ...submissionHistory({
        stateId: event.state_id,
        eventId: event.event_id,
        categoryId: category.category_id,
        judgeId,
      }),
      action: 'submit',
      changedBy: judgeId,
    },
    origin,
    now,
  );
  return { submittedAt: now, isNew: true };
}

/**
 * A coordinator reopens a judge's submitted category (only while the event is in progress);
 * audited, and the judge's device learns it at its next pull.
 */
export async function unlockJudgeCategory(
  db: Db,
  caller: AuthContext,
  target: { eventId: number; categoryId: number; judgeId: number },
  now: string,
): Promise<void> {
  if (!hasRole(caller.role, EDITOR_ROLES)) throw forbidden();
  await db.transaction().execute(async (trx) => {
    const event = await findEvent(trx, target.eventId);
    if (!event) throw notFound(ScoreMessages.eventNotFound);
    if (event.state_id !== caller.stateId) throw forbidden(ScoreMessages.otherState);
    if (!(await findCategoryOfEvent(trx, target.eventId, target.categoryId)))
      throw notFound(ScoreMessages.categoryNotFound);
    if (event.status !== 'STARTED') {
      throw new ApiError(409, ErrorCode.Conflict, 'A judge can be unlocked only while the event is in progress.');
    }
    const submission = await findSubmission(trx, target.categoryId, target.judgeId);
    if (!submission) throw new ApiError(409, ErrorCode.Conflict, 'This judge has not submitted the category.');
    await deleteSubmission(trx, target.categoryId, target.judgeId);
    forgetSubmission(trx, target.categoryId, target.judgeId);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: UNLOCK_AUDIT_ACTION,
        entityType: SUBMISSION_ENTITY,
        entityId: submissionEntityId(target.categoryId, target.judgeId),
        before: { submittedAt: submission.submitted_at },
      },
      now,
    );
    await recordHistory(
      trx,
      {
        ...submissionHistory({ stateId: event.state_id, ...target }),
        action: 'unlock',
        changedBy: caller.userId,
      },
      serverOrigin(now),
      now,
    );
    const payload: SubmissionDelete = { ...target, unlockedAt: now, reason: ReopenReason.unlocked };
    await appendChange(
      trx,
      {
        stateId: event.state_id,
        eventId: event.event_id,
        categoryId: target.categoryId,
        judgeId: target.judgeId,
        entity: ChangeEntity.CategorySubmission,
        entityId: `${target.categoryId}:${target.judgeId}`,
        op: ChangeOp.Delete,
        payload,
      },
      now,
    );
  });
}

/**
 * Applies one pushed mutation (inside the caller's transaction and savepoint). Its id and data
 * are checked here, per kind, so a malformed mutation is rejected alone as `invalid_value`.
 */
export async function applyMutation(
  db: Db,
  caller: AuthContext,
  mutation: { id: string; kind: string; data: unknown },
  now: string,
  origin: ChangeOrigin = serverOrigin(now),
): Promise<{ rev?: number }> {
  const checkedId = validateCompiled(MutationIdSchema, mutation.id);
  if (!checkedId.ok)
    throw reject(RejectionCode.InvalidValue, checkedId.errors[0]?.message ?? 'A mutation id must be a UUID');
  const kind = Object.values(MutationKind).find((known) => known === mutation.kind);
  if (kind === undefined) throw reject(RejectionCode.InvalidValue, `Unknown mutation kind "${mutation.kind}".`);
  const checked = validateCompiled(MutationDataSchemas[kind], mutation.data);
  if (!checked.ok) {
    const first = checked.errors[0];
    throw reject(
      RejectionCode.InvalidValue,
      first ? `${first.field}: ${first.message}` : 'The mutation data is not valid.',
    );
  }
  switch (kind) {
    case MutationKind.SubsectionScorePut:
      return { rev: (await putSubsectionScore(db, caller, checked.value as SubsectionScorePut, now, origin)).rev };
    case MutationKind.PenaltyScorePut:
      return { rev: (await putPenaltyScore(db, caller, checked.value as PenaltyScorePut, now, origin)).rev };
    case MutationKind.PenaltyScoreDelete:
      await deletePenaltyScoreCell(db, caller, checked.value as PenaltyScoreDelete, now, origin);
      return {};
    case MutationKind.DisqualificationScorePut:
      return {
        rev: (await putDisqualificationScore(db, caller, checked.value as DisqualificationScorePut, now, origin)).rev,
      };
    case MutationKind.DisqualificationScoreDelete:
      await deleteDisqualificationScoreCell(db, caller, checked.value as DisqualificationScoreDelete, now, origin);
      return {};
    case MutationKind.CategorySubmit:
      await submitCategory(db, caller, checked.value as CategorySubmit, now, origin);
      return {};
  }
}

// ---- reading: the judge's schedule ----------------------------------------------------------

/** The judge a read is about, when the caller may read their sheets: themself, or a coordinator of their state. */
export async function assertCanViewJudge(db: Db, caller: AuthContext, judgeId: number) {
  const judge = await findUser(db, judgeId);
  if (!judge || judge.role !== Role.Judge) throw notFound('Judge not found.');
  if (judge.state_id !== caller.stateId) throw forbidden();
  const isSelf = caller.userId === judgeId;
  // View as judge (seed "Judge area"): ADMIN, SUPER and ULTRA of the judge's state read, never write.
  if (!isSelf && !hasRole(caller.role, EDITOR_ROLES)) throw forbidden();
  return judge;
}

/** The event a read is about, in the caller's state. */
export async function findEventForReader(db: Db, caller: AuthContext, eventId: number): Promise<EventRow> {
  const event = await findEvent(db, eventId);
  if (!event) throw notFound(ScoreMessages.eventNotFound);
  if (event.state_id !== caller.stateId) throw forbidden(ScoreMessages.otherState);
  return event;
}

/**
 * The judge's categories in an event, as the device downloads them: the assigned sections
 * with their subsections, penalties and disqualifications, the schools with students in
 * running order, and the submission.
 */
export async function loadJudgeCategories(db: Db, judgeId: number, eventId: number): Promise<SyncCategory[]> {
  const assigned = await listAssignedSections(db, judgeId, eventId);
  const sectionIds = [...new Set(assigned.map((row) => row.section_id))];
  const categoryIds = [...new Set(assigned.map((row) => row.category_id))];
  const [subsections, penalties, disqualifications, registrations, submissions] = [
    await listSubsectionsOfSections(db, sectionIds),
    await listPenaltiesOfSections(db, sectionIds),
    await listDisqualificationsOfSections(db, sectionIds),
    await listRegistrations(db, categoryIds),
    await listSubmissionsOfJudge(db, judgeId, eventId),
  ];
  const reopenings = await findReopenings(
    db,
    categoryIds
      .filter((categoryId) => !submissions.some((row) => row.category_id === categoryId))
      .map((categoryId) => ({ categoryId, judgeId })),
  );
  return categoryIds.map((categoryId) => {
    const sectionRows = assigned.filter((row) => row.category_id === categoryId);
    const submission = submissions.find((row) => row.category_id === categoryId);
    return {
      categoryId,
      categoryName: sectionRows[0]?.category_name ?? '',
      isSubmitted: submission !== undefined,
      submittedAt: submission?.submitted_at ?? null,
      reopened: reopenings.get(submissionEntityId(categoryId, judgeId)) ?? null,
      schools: registrations
        .filter((row) => row.category_id === categoryId)
        .map((row) => ({
          schoolId: row.school_id,
          schoolName: row.school_name,
          schoolOrder: row.school_order,
          schoolStudents: parseStudents(row.students_json),
        }))
        .filter((school) => school.schoolStudents.length > 0),
      sections: sectionRows.map((section) => ({
        sectionId: section.section_id,
        sectionName: section.section_name,
        sectionDescription: section.section_description,
        position: section.position,
        subsections: subsections
          .filter((row) => row.section_id === section.section_id)
          .map((row) => ({
            subsectionId: row.subsection_id,
            subsectionName: row.subsection_name,
            subsectionDescription: row.subsection_description,
            subsectionMaxScore: row.max_score,
          })),
        penalties: penalties
          .filter((row) => row.section_id === section.section_id)
          .map((row) => ({
            penaltyId: row.penalty_id,
            penaltyName: row.penalty_name,
            penaltyDeduction: row.deduction,
            isDynamic: row.is_dynamic === 1,
          })),
        disqualifications: disqualifications
          .filter((row) => row.section_id === section.section_id)
          .map((row) => ({
            disqualificationId: row.disqualification_id,
            disqualificationName: row.disqualification_name,
          })),
      })),
    };
  });
}

function placeColumns(place: CellPlace) {
  return {
    category_id: place.categoryId,
    section_id: place.sectionId,
    school_id: place.schoolId,
    judge_id: place.judgeId,
  };
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

// ---- the seed's REST writes: same rules, same functions -------------------------------------

/** A score form as the seed's modals send it (multipart text or JSON), with its uploaded photo's hash. */
export type ScoreForm =
  | { type: 'subsection'; fields: SubsectionScoreFields; photoSha256: string | undefined }
  | { type: 'penalty'; fields: PenaltyScoreFields; photoSha256: string | undefined }
  | { type: 'disqualification'; fields: DisqualificationScoreFields; photoSha256: string | undefined };

const restStatus: Record<RejectionCode, { statusCode: number; code: ErrorCode }> = {
  event_closed: { statusCode: 409, code: ErrorCode.EventClosed },
  category_submitted: { statusCode: 409, code: ErrorCode.CategorySubmitted },
  not_assigned: { statusCode: 403, code: ErrorCode.NotAssigned },
  invalid_value: { statusCode: 400, code: ErrorCode.ValidationFailed },
  incomplete: { statusCode: 409, code: ErrorCode.Incomplete },
  not_found: { statusCode: 404, code: ErrorCode.NotFound },
  forbidden: { statusCode: 403, code: ErrorCode.Forbidden },
  photo_missing: { statusCode: 409, code: ErrorCode.PhotoMissing },
};

/** A rejection as the REST calls answer it. */
export function toApiError(rejection: ScoreRejection): ApiError {
  const { statusCode, code } = restStatus[rejection.code];
  return new ApiError(statusCode, code, rejection.message);
}

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

function nonBlank(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
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
    const place = {
      eventId: params.eventId,
      categoryId: params.categoryId,
      sectionId: params.sectionId,
      schoolId: params.schoolId,
    };
    const cell: CellPlace = {
      categoryId: params.categoryId,
      sectionId: params.sectionId,
      schoolId: params.schoolId,
      judgeId: params.judgeId,
    };
    switch (form.type) {
      case 'subsection': {
        const { fields } = form;
        const existing = params.scoreId
          ? requireScoreInPlace(await findSubsectionScoreById(trx, params.scoreId), params)
          : await findSubsectionScoreByCell(trx, cell, fields.subsectionId);
        if (existing && existing.subsection_id !== fields.subsectionId) {
          throw reject(RejectionCode.InvalidValue, 'That score belongs to another subsection.');
        }
        const score = fields.subsectionScore ?? existing?.score;
        if (score === undefined) throw reject(RejectionCode.InvalidValue, 'Score is required');
        return putSubsectionScore(
          trx,
          caller,
          {
            scoreId: existing?.score_id ?? fields.subsectionScoreId ?? randomUUID(),
            ...place,
            subsectionId: fields.subsectionId,
            score,
            comments: nonBlank(fields.subsectionComments) ?? existing?.comments ?? null,
            photoSha256: form.photoSha256 ?? existing?.photo_sha256 ?? null,
          },
          now,
        );
      }
      case 'penalty': {
        const { fields } = form;
        const existing = params.scoreId
          ? requireScoreInPlace(await findPenaltyScoreById(trx, params.scoreId), params)
          : await findPenaltyScoreByCell(trx, cell, fields.penaltyId);
        if (existing && existing.penalty_id !== fields.penaltyId) {
          throw reject(RejectionCode.InvalidValue, 'That score belongs to another penalty.');
        }
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
        return putPenaltyScore(
          trx,
          caller,
          {
            scoreId: existing?.score_id ?? fields.penaltyScoreId ?? randomUUID(),
            ...place,
            penaltyId: fields.penaltyId,
            amount,
            overtimeSeconds,
            comments: fields.penaltyComments,
            photoSha256: form.photoSha256 ?? existing?.photo_sha256 ?? null,
          },
          now,
        );
      }
      case 'disqualification': {
        const { fields } = form;
        const existing = params.scoreId
          ? requireScoreInPlace(await findDisqualificationScoreById(trx, params.scoreId), params)
          : await findDisqualificationScoreByCell(trx, cell, fields.disqualificationId);
        if (existing && existing.disqualification_id !== fields.disqualificationId) {
          throw reject(RejectionCode.InvalidValue, 'That score belongs to another disqualification.');
        }
        return putDisqualificationScore(
          trx,
          caller,
          {
            scoreId: existing?.score_id ?? fields.disqualificationScoreId ?? randomUUID(),
            ...place,
            disqualificationId: fields.disqualificationId,
            comments: fields.disqualificationComments,
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
    const place = {
      eventId: params.eventId,
      categoryId: params.categoryId,
      sectionId: params.sectionId,
      schoolId: params.schoolId,
    };
    if (params.type === 'penalty') {
      const row = requireScoreInPlace(await findPenaltyScoreById(trx, params.scoreId), params);
      await deletePenaltyScoreCell(trx, caller, { scoreId: row.score_id, ...place, penaltyId: row.penalty_id }, now);
    } else {
      const row = requireScoreInPlace(await findDisqualificationScoreById(trx, params.scoreId), params);
      await deleteDisqualificationScoreCell(
        trx,
        caller,
        { scoreId: row.score_id, ...place, disqualificationId: row.disqualification_id },
        now,
      );
    }
  });
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
