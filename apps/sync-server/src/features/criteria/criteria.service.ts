import {
  ReopenReason,
  CriteriaMessages,
  ErrorCode,
  normalizeOptionalText,
  SECTION_NAME_MAX_LENGTH,
  type AttachDisqualifications,
  type AttachPenalties,
  type CriteriaRemoveParams,
  type Disqualification,
  type DisqualificationInput,
  type Penalty,
  type PenaltyCreate,
  type PenaltyUpdate,
  type SectionDetail,
  type SectionForm,
  type SectionListItem,
  type Subsection,
  type SubsectionCreate,
  type SubsectionUpdate,
} from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound, validationError } from '../../http/api-error.ts';
import { assertSameState, type AuthContext } from '../../http/guards.ts';
import { recordAudit, type AuditEntry } from '../audit/audit.repository.ts';
import { reopenForSectionGrowth } from '../submissions/owed-work.service.ts';
import {
  criteriaAuditView,
  toDisqualification,
  toPenalty,
  toSectionListItem,
  toSubsection,
} from './criteria.mapper.ts';
import * as repo from './criteria.repository.ts';
import { nameOfCopy } from './section-copy.ts';
import { findSectionLock } from './section-lock.ts';

// Criteria belong to one state; everyone, ULTRA and SUPER included, sees and changes only
// their own state's (decisions §3). The scored structure of a section (subsections, attached
// penalties and disqualifications) is locked while a STARTED or CLOSED event uses it
// (decisions §7, §8); names and descriptions stay editable.

export interface CriteriaDeps {
  db: Db;
  now?: () => Date;
}

function nowIso(deps: CriteriaDeps): string {
  return (deps.now ?? (() => new Date()))().toISOString();
}

function audit(db: Db, caller: AuthContext, entry: Omit<AuditEntry, 'userId'>, now: string): Promise<void> {
  return recordAudit(db, { ...entry, userId: caller.userId }, now);
}

// ----- state lists -----

export async function listSections(
  deps: CriteriaDeps,
  caller: AuthContext,
  stateId: number,
): Promise<SectionListItem[]> {
  assertSameState(caller, stateId);
  return (await repo.listSectionsByState(deps.db, stateId)).map(toSectionListItem);
}

export async function listPenalties(deps: CriteriaDeps, caller: AuthContext, stateId: number): Promise<Penalty[]> {
  assertSameState(caller, stateId);
  return (await repo.listPenaltiesByState(deps.db, stateId)).map(toPenalty);
}

export async function listDisqualifications(
  deps: CriteriaDeps,
  caller: AuthContext,
  stateId: number,
): Promise<Disqualification[]> {
  assertSameState(caller, stateId);
  return (await repo.listDisqualificationsByState(deps.db, stateId)).map(toDisqualification);
}

// ----- sections -----

export async function getSection(deps: CriteriaDeps, caller: AuthContext, sectionId: number): Promise<SectionDetail> {
  const section = await findOwnSection(deps.db, caller, sectionId);
  return loadSectionDetail(deps.db, section);
}

export async function listAvailablePenalties(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
): Promise<Penalty[]> {
  const section = await findOwnSection(deps.db, caller, sectionId);
  return (await repo.listPenaltiesNotInSection(deps.db, section.state_id, sectionId)).map(toPenalty);
}

export async function listAvailableDisqualifications(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
): Promise<Disqualification[]> {
  const section = await findOwnSection(deps.db, caller, sectionId);
  return (await repo.listDisqualificationsNotInSection(deps.db, section.state_id, sectionId)).map(toDisqualification);
}

export async function createSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  body: SectionForm,
): Promise<SectionDetail> {
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const sectionId = await repo.insertSection(
      trx,
      {
        stateId: caller.stateId,
        name: body.sectionName.trim(),
        description: normalizeOptionalText(body.sectionDescription),
      },
      now,
    );
    const section = await loadSection(trx, sectionId);
    await audit(
      trx,
      caller,
      {
        stateId: caller.stateId,
        action: 'create',
        entityType: 'section',
        entityId: sectionId,
        after: criteriaAuditView.section(section),
      },
      now,
    );
    return loadSectionDetail(trx, section);
  });
}

export async function updateSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: SectionForm,
): Promise<SectionDetail> {
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const before = await findOwnSection(trx, caller, sectionId);
    await repo.updateSection(
      trx,
      sectionId,
      { name: body.sectionName.trim(), description: normalizeOptionalText(body.sectionDescription) },
      now,
    );
    const after = await loadSection(trx, sectionId);
    await audit(
      trx,
      caller,
      {
        stateId: before.state_id,
        action: 'update',
        entityType: 'section',
        entityId: sectionId,
        before: criteriaAuditView.section(before),
        after: criteriaAuditView.section(after),
      },
      now,
    );
    return loadSectionDetail(trx, after);
  });
}

/**
 * Copy section: a new section of the caller's state with the same description, subsections
 * (in order) and attached penalties and disqualifications. The copy is used by no event, so
 * it is free to change; the original stays as it is.
 */
export async function copySection(deps: CriteriaDeps, caller: AuthContext, sectionId: number): Promise<SectionDetail> {
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const original = await findOwnSection(trx, caller, sectionId);
    const stateId = original.state_id;
    const name = nameOfCopy(
      original.section_name,
      await repo.listSectionNamesByState(trx, stateId),
      SECTION_NAME_MAX_LENGTH,
    );
    const copyId = await repo.insertSection(trx, { stateId, name, description: original.section_description }, now);
    const subsections = await repo.listSubsectionsOfSection(trx, sectionId);
    for (const subsection of subsections) {
      await repo.insertSubsection(
        trx,
        {
          sectionId: copyId,
          stateId,
          name: subsection.subsection_name,
          description: subsection.subsection_description,
          maxScore: subsection.max_score,
        },
        now,
      );
    }
    const penaltyIds = (await repo.listPenaltiesOfSection(trx, sectionId)).map((row) => row.penalty_id);
    const disqualificationIds = (await repo.listDisqualificationsOfSection(trx, sectionId)).map(
      (row) => row.disqualification_id,
    );
    await repo.attachPenaltiesToSection(trx, copyId, stateId, penaltyIds);
    await repo.attachDisqualificationsToSection(trx, copyId, stateId, disqualificationIds);
    const copy = await loadSection(trx, copyId);
    await audit(
      trx,
      caller,
      {
        stateId,
        action: 'copy',
        entityType: 'section',
        entityId: copyId,
        after: {
          copiedFromSectionId: sectionId,
          ...criteriaAuditView.section(copy),
          subsections: subsections.map((row) => ({
            name: row.subsection_name,
            description: row.subsection_description,
            maxScore: row.max_score,
          })),
          penaltyIds,
          disqualificationIds,
        },
      },
      now,
    );
    return loadSectionDetail(trx, copy);
  });
}

// ----- subsections -----

export async function createSubsection(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: SubsectionCreate,
): Promise<Subsection> {
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    await assertStructureUnlocked(trx, sectionId);
    // Past the lock, any event using the section is NOT_STARTED, where judges may already have
    // scored and submitted: the new subsection reopens those who now owe it (below).
    const subsectionId = await repo.insertSubsection(
      trx,
      {
        sectionId,
        stateId: section.state_id,
        name: body.subsectionName.trim(),
        description: normalizeOptionalText(body.subsectionDescription),
        maxScore: body.subsectionMaxScore,
      },
      now,
    );
    const subsection = await loadSubsection(trx, subsectionId);
    await audit(
      trx,
      caller,
      {
        stateId: section.state_id,
        action: 'create',
        entityType: 'subsection',
        entityId: subsectionId,
        after: criteriaAuditView.subsection(subsection),
      },
      now,
    );
    await reopenForSectionGrowth(trx, sectionId, { reason: ReopenReason.subsectionAdded, userId: caller.userId }, now);
    return toSubsection(subsection);
  });
}

/** Name and description change; the max score is locked (scores already given depend on it). */
export async function updateSubsection(
  deps: CriteriaDeps,
  caller: AuthContext,
  subsectionId: number,
  body: SubsectionUpdate,
): Promise<Subsection> {
  if (body.subsectionId !== undefined && body.subsectionId !== subsectionId) throw idMismatch('subsectionId');
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findSubsectionById(trx, subsectionId);
    if (!before) throw notFound(CriteriaMessages.subsectionNotFound);
    assertSameState(caller, before.state_id);
    if (body.subsectionMaxScore !== undefined && body.subsectionMaxScore !== before.max_score) {
      // A locked section answers why it is locked (and the screen offers the copy); otherwise
      // the seed's rule: the score range never changes once the subsection exists.
      await assertStructureUnlocked(trx, before.section_id);
      throw validationError([{ field: 'subsectionMaxScore', message: CriteriaMessages.maxScoreLocked }]);
    }
    await repo.updateSubsectionText(trx, subsectionId, {
      name: body.subsectionName.trim(),
      description: normalizeOptionalText(body.subsectionDescription),
    });
    const after = await loadSubsection(trx, subsectionId);
    await audit(
      trx,
      caller,
      {
        stateId: before.state_id,
        action: 'update',
        entityType: 'subsection',
        entityId: subsectionId,
        before: criteriaAuditView.subsection(before),
        after: criteriaAuditView.subsection(after),
      },
      now,
    );
    return toSubsection(after);
  });
}

// ----- penalties -----

export async function createPenalty(deps: CriteriaDeps, caller: AuthContext, body: PenaltyCreate): Promise<Penalty> {
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => toPenalty(await insertPenaltyOfState(trx, caller, body, now)));
}

/** A new penalty in the caller's state's library, audited, inside the caller's transaction. */
async function insertPenaltyOfState(db: Db, caller: AuthContext, body: PenaltyCreate, now: string) {
  const penaltyId = await repo.insertPenalty(
    db,
    {
      stateId: caller.stateId,
      name: body.penaltyName.trim(),
      deduction: body.penaltyDeduction,
      isDynamic: body.penaltyDynamic ?? false,
    },
    now,
  );
  const penalty = await loadPenalty(db, penaltyId);
  await audit(
    db,
    caller,
    {
      stateId: caller.stateId,
      action: 'create',
      entityType: 'penalty',
      entityId: penaltyId,
      after: criteriaAuditView.penalty(penalty),
    },
    now,
  );
  return penalty;
}

/** The name changes; deduction and the time-based flag are locked (applied amounts depend on them). */
export async function updatePenalty(
  deps: CriteriaDeps,
  caller: AuthContext,
  penaltyId: number,
  body: PenaltyUpdate,
): Promise<Penalty> {
  if (body.penaltyId !== undefined && body.penaltyId !== penaltyId) throw idMismatch('penaltyId');
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findPenaltyById(trx, penaltyId);
    if (!before) throw notFound(CriteriaMessages.penaltyNotFound);
    assertSameState(caller, before.state_id);
    if (body.penaltyDeduction !== undefined && body.penaltyDeduction !== before.deduction) {
      throw validationError([{ field: 'penaltyDeduction', message: CriteriaMessages.deductionLocked }]);
    }
    if (body.penaltyDynamic !== undefined && body.penaltyDynamic !== (before.is_dynamic === 1)) {
      throw validationError([{ field: 'penaltyDynamic', message: CriteriaMessages.dynamicLocked }]);
    }
    await repo.updatePenaltyName(trx, penaltyId, body.penaltyName.trim());
    const after = await loadPenalty(trx, penaltyId);
    await audit(
      trx,
      caller,
      {
        stateId: before.state_id,
        action: 'update',
        entityType: 'penalty',
        entityId: penaltyId,
        before: criteriaAuditView.penalty(before),
        after: criteriaAuditView.penalty(after),
      },
      now,
    );
    return toPenalty(after);
  });
}

// ----- disqualifications -----

export async function createDisqualification(
  deps: CriteriaDeps,
  caller: AuthContext,
  body: DisqualificationInput,
): Promise<Disqualification> {
  const now = nowIso(deps);
  return deps.db
    .transaction()
    .execute(async (trx) => toDisqualification(await insertDisqualificationOfState(trx, caller, body, now)));
}

/** A new disqualification in the caller's state's list, audited, inside the caller's transaction. */
async function insertDisqualificationOfState(db: Db, caller: AuthContext, body: DisqualificationInput, now: string) {
  const disqualificationId = await repo.insertDisqualification(
    db,
    { stateId: caller.stateId, name: body.disqualificationName.trim() },
    now,
  );
  const disqualification = await loadDisqualification(db, disqualificationId);
  await audit(
    db,
    caller,
    {
      stateId: caller.stateId,
      action: 'create',
      entityType: 'disqualification',
      entityId: disqualificationId,
      after: criteriaAuditView.disqualification(disqualification),
    },
    now,
  );
  return disqualification;
}

export async function updateDisqualification(
  deps: CriteriaDeps,
  caller: AuthContext,
  disqualificationId: number,
  body: DisqualificationInput,
): Promise<Disqualification> {
  if (body.disqualificationId !== undefined && body.disqualificationId !== disqualificationId) {
    throw idMismatch('disqualificationId');
  }
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findDisqualificationById(trx, disqualificationId);
    if (!before) throw notFound(CriteriaMessages.disqualificationNotFound);
    assertSameState(caller, before.state_id);
    await repo.updateDisqualificationName(trx, disqualificationId, body.disqualificationName.trim());
    const after = await loadDisqualification(trx, disqualificationId);
    await audit(
      trx,
      caller,
      {
        stateId: before.state_id,
        action: 'update',
        entityType: 'disqualification',
        entityId: disqualificationId,
        before: criteriaAuditView.disqualification(before),
        after: criteriaAuditView.disqualification(after),
      },
      now,
    );
    return toDisqualification(after);
  });
}

// ----- attaching to and removing from a section -----

/** What attaching one kind of state-wide item (penalty or disqualification) to a section needs. */
interface AttachableKind {
  findStateOf(db: Db, id: number): Promise<number | undefined>;
  attach(db: Db, sectionId: number, stateId: number, ids: readonly number[]): Promise<number>;
  notFoundMessage: string;
  otherStateMessage: string;
  entityType: 'section_penalty' | 'section_disqualification';
  auditKey: 'penaltyIds' | 'disqualificationIds';
}

const attachablePenalty: AttachableKind = {
  findStateOf: async (db, id) => (await repo.findPenaltyById(db, id))?.state_id,
  attach: repo.attachPenaltiesToSection,
  notFoundMessage: CriteriaMessages.penaltyNotFound,
  otherStateMessage: CriteriaMessages.otherStatePenalty,
  entityType: 'section_penalty',
  auditKey: 'penaltyIds',
};

const attachableDisqualification: AttachableKind = {
  findStateOf: async (db, id) => (await repo.findDisqualificationById(db, id))?.state_id,
  attach: repo.attachDisqualificationsToSection,
  notFoundMessage: CriteriaMessages.disqualificationNotFound,
  otherStateMessage: CriteriaMessages.otherStateDisqualification,
  entityType: 'section_disqualification',
  auditKey: 'disqualificationIds',
};

/** Attaches the state's own items of one kind to a section; ones already attached stay as they are. */
async function attachToSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  requestedIds: readonly number[],
  kind: AttachableKind,
): Promise<SectionDetail> {
  const now = nowIso(deps);
  const ids = [...new Set(requestedIds)];
  return deps.db.transaction().execute(async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    for (const id of ids) {
      const stateId = await kind.findStateOf(trx, id);
      if (stateId === undefined) throw notFound(kind.notFoundMessage);
      if (stateId !== section.state_id) throw forbidden(kind.otherStateMessage);
    }
    const added = await kind.attach(trx, sectionId, section.state_id, ids);
    if (added > 0) {
      // Re-attaching what is attached changes nothing, so only a real change is refused (the
      // refusal rolls the transaction back).
      await assertStructureUnlocked(trx, sectionId);
      await audit(
        trx,
        caller,
        {
          stateId: section.state_id,
          action: 'attach',
          entityType: kind.entityType,
          entityId: sectionId,
          after: { [kind.auditKey]: ids },
        },
        now,
      );
    }
    return loadSectionDetail(trx, section);
  });
}

export function attachPenalties(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: AttachPenalties,
): Promise<SectionDetail> {
  return attachToSection(
    deps,
    caller,
    sectionId,
    body.map((item) => item.penaltyId),
    attachablePenalty,
  );
}

export function attachDisqualifications(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: AttachDisqualifications,
): Promise<SectionDetail> {
  return attachToSection(
    deps,
    caller,
    sectionId,
    body.map((item) => item.disqualificationId),
    attachableDisqualification,
  );
}

/**
 * "Create new" in a section's add-penalty dialog: the penalty is created in the state's library
 * and attached to the section in one transaction, so a locked section (409 SECTION_LOCKED) or a
 * foreign one leaves no stray penalty behind.
 */
export async function createPenaltyInSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: PenaltyCreate,
): Promise<SectionDetail> {
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    await assertStructureUnlocked(trx, sectionId);
    const penalty = await insertPenaltyOfState(trx, caller, body, now);
    await attachNew(trx, caller, section, penalty.penalty_id, attachablePenalty, now);
    return loadSectionDetail(trx, section);
  });
}

/** "Create new" in a section's add-disqualification dialog: created in the state's list and attached, in one transaction. */
export async function createDisqualificationInSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: DisqualificationInput,
): Promise<SectionDetail> {
  const now = nowIso(deps);
  return deps.db.transaction().execute(async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    await assertStructureUnlocked(trx, sectionId);
    const disqualification = await insertDisqualificationOfState(trx, caller, body, now);
    await attachNew(trx, caller, section, disqualification.disqualification_id, attachableDisqualification, now);
    return loadSectionDetail(trx, section);
  });
}

async function attachNew(
  db: Db,
  caller: AuthContext,
  section: repo.SectionRowData,
  id: number,
  kind: AttachableKind,
  now: string,
): Promise<void> {
  await kind.attach(db, section.section_id, section.state_id, [id]);
  await audit(
    db,
    caller,
    {
      stateId: section.state_id,
      action: 'attach',
      entityType: kind.entityType,
      entityId: section.section_id,
      after: { [kind.auditKey]: [id] },
    },
    now,
  );
}

const removedMessages = {
  subsection: CriteriaMessages.subsectionRemoved,
  penalty: CriteriaMessages.penaltyRemoved,
  disqualification: CriteriaMessages.disqualificationRemoved,
} as const;

/**
 * DELETE section/:sectionId/:type/:criteriaId. A subsection is deleted; a penalty or
 * disqualification is detached from the section (it stays in the state's list). Refused
 * while scores use it, so nothing a judge entered is lost.
 */
export async function removeCriteria(
  deps: CriteriaDeps,
  caller: AuthContext,
  params: CriteriaRemoveParams,
): Promise<{ message: string; section: SectionDetail }> {
  const now = nowIso(deps);
  const { sectionId, type, criteriaId } = params;
  return deps.db.transaction().execute(async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    let before: unknown;
    if (type === 'subsection') {
      const subsection = await repo.findSubsectionById(trx, criteriaId);
      if (!subsection || subsection.section_id !== sectionId) throw notFound(CriteriaMessages.notInSection);
      await assertStructureUnlocked(trx, sectionId);
      if (subsection.is_scored) throw inUse(CriteriaMessages.subsectionScored);
      await repo.deleteSubsection(trx, criteriaId);
      before = criteriaAuditView.subsection(subsection);
    } else if (type === 'penalty') {
      if (!(await repo.isPenaltyInSection(trx, sectionId, criteriaId))) throw notFound(CriteriaMessages.notInSection);
      await assertStructureUnlocked(trx, sectionId);
      if (await repo.hasPenaltyScoresInSection(trx, sectionId, criteriaId))
        throw inUse(CriteriaMessages.penaltyApplied);
      await repo.detachPenaltyFromSection(trx, sectionId, criteriaId);
      before = { sectionId, penaltyId: criteriaId };
    } else {
      if (!(await repo.isDisqualificationInSection(trx, sectionId, criteriaId))) {
        throw notFound(CriteriaMessages.notInSection);
      }
      await assertStructureUnlocked(trx, sectionId);
      if (await repo.hasDisqualificationScoresInSection(trx, sectionId, criteriaId)) {
        throw inUse(CriteriaMessages.disqualificationApplied);
      }
      await repo.detachDisqualificationFromSection(trx, sectionId, criteriaId);
      before = { sectionId, disqualificationId: criteriaId };
    }
    await audit(
      trx,
      caller,
      {
        stateId: section.state_id,
        action: 'remove',
        entityType: type === 'subsection' ? 'subsection' : `section_${type}`,
        entityId: type === 'subsection' ? criteriaId : sectionId,
        before,
      },
      now,
    );
    return { message: removedMessages[type], section: await loadSectionDetail(trx, section) };
  });
}

// ----- helpers -----

/** Refuses (409 SECTION_LOCKED, naming the events and why) a structural change to a section a STARTED or CLOSED event uses. */
async function assertStructureUnlocked(db: Db, sectionId: number): Promise<void> {
  const events = await repo.listEventsUsingSection(db, sectionId);
  const lock = findSectionLock(events.map((event) => ({ eventName: event.event_name, status: event.status })));
  if (lock.isLocked) throw new ApiError(409, ErrorCode.SectionLocked, lock.message);
}

async function findOwnSection(db: Db, caller: AuthContext, sectionId: number): Promise<repo.SectionRowData> {
  const section = await repo.findSectionById(db, sectionId);
  if (!section) throw notFound(CriteriaMessages.sectionNotFound);
  assertSameState(caller, section.state_id);
  return section;
}

async function loadSectionDetail(db: Db, section: repo.SectionRowData): Promise<SectionDetail> {
  const subsections = await repo.listSubsectionsOfSection(db, section.section_id);
  const penalties = await repo.listPenaltiesOfSection(db, section.section_id);
  const disqualifications = await repo.listDisqualificationsOfSection(db, section.section_id);
  const isScored = await repo.isSectionScored(db, section.section_id);
  return {
    ...toSectionListItem(section),
    sectionSubsections: subsections.map(toSubsection),
    sectionPenalties: penalties.map((row) => ({ ...toPenalty(row), isScored: Boolean(row.is_scored) })),
    sectionDisqualifications: disqualifications.map((row) => ({
      ...toDisqualification(row),
      isScored: Boolean(row.is_scored),
    })),
    isScored,
  };
}

async function loadSection(db: Db, sectionId: number) {
  const section = await repo.findSectionById(db, sectionId);
  if (!section) throw notFound(CriteriaMessages.sectionNotFound);
  return section;
}

async function loadSubsection(db: Db, subsectionId: number) {
  const subsection = await repo.findSubsectionById(db, subsectionId);
  if (!subsection) throw notFound(CriteriaMessages.subsectionNotFound);
  return subsection;
}

async function loadPenalty(db: Db, penaltyId: number) {
  const penalty = await repo.findPenaltyById(db, penaltyId);
  if (!penalty) throw notFound(CriteriaMessages.penaltyNotFound);
  return penalty;
}

async function loadDisqualification(db: Db, disqualificationId: number) {
  const disqualification = await repo.findDisqualificationById(db, disqualificationId);
  if (!disqualification) throw notFound(CriteriaMessages.disqualificationNotFound);
  return disqualification;
}

function inUse(message: string): ApiError {
  return new ApiError(409, ErrorCode.Conflict, message);
}

function idMismatch(field: string): ApiError {
  return validationError([{ field, message: 'The item in the form does not match the link.' }]);
}
