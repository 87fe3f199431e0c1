// Criteria belong to one state; everyone, ULTRA and SUPER included, sees and changes only
// their own state's (decisions §3). The scored structure of a section (subsections, attached
// penalties and disqualifications) is locked while a STARTED or CLOSED event uses it
// (decisions §7, §8); names and descriptions stay editable.
import {
  ReopenReason,
  CriteriaMessages,
  normalizeOptionalText,
  SECTION_NAME_MAX_LENGTH,
  type CriteriaRemoveParams,
  type SectionDetail,
  type SectionForm,
  type SectionListItem,
  type Subsection,
  type SubsectionCreate,
  type SubsectionUpdate,
} from '@judging/shared-types';
import { inTransaction } from '../../db/database.ts';
import { notFound, validationError } from '../../common/api-error.ts';
import { reopenForSectionGrowth } from '../../shared/owed-work.service.ts';
import {
  assertStructureUnlocked,
  audit,
  findOwnSection,
  idMismatch,
  inUse,
  loadSection,
  loadSectionDetail,
  loadSubsection,
  nowIso,
  type CriteriaDeps,
} from './criteria-support.ts';
import { criteriaAuditView, toSectionListItem, toSubsection } from './criteria.mapper.ts';
import * as repo from './criteria.repository.ts';
import { nameOfCopy } from './section-copy.ts';
import { stateItemKinds } from './state-items.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';

export type { CriteriaDeps } from './criteria-support.ts';
// The routes read every criteria call from this module; penalties and disqualifications live in
// state-items.service.ts.
export * from './state-items.service.ts';

// ----- state lists -----

export async function listSections(
  deps: CriteriaDeps,
  caller: AuthContext,
  stateId: number,
): Promise<SectionListItem[]> {
  assertSameState(caller, stateId);
  return (await repo.listSectionsByState(deps.db, stateId)).map(toSectionListItem);
}

// ----- sections -----

export async function getSection(deps: CriteriaDeps, caller: AuthContext, sectionId: number): Promise<SectionDetail> {
  const section = await findOwnSection(deps.db, caller, sectionId);
  return loadSectionDetail(deps.db, section);
}

export async function createSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  body: SectionForm,
): Promise<SectionDetail> {
  const now = nowIso(deps);
  return inTransaction(deps.db, async (trx) => {
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
  return inTransaction(deps.db, async (trx) => {
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
  return inTransaction(deps.db, async (trx) => {
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
    const attached = { penalty: [] as number[], disqualification: [] as number[] };
    for (const kind of ['penalty', 'disqualification'] as const) {
      attached[kind] = (await repo.listItemsOfSection(trx, kind, sectionId)).map((row) => row.item_id);
      await repo.attachItemsToSection(trx, kind, copyId, stateId, attached[kind]);
    }
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
          penaltyIds: attached.penalty,
          disqualificationIds: attached.disqualification,
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
  return inTransaction(deps.db, async (trx) => {
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
  return inTransaction(deps.db, async (trx) => {
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

export async function removeCriteria(
  deps: CriteriaDeps,
  caller: AuthContext,
  params: CriteriaRemoveParams,
): Promise<{ message: string; section: SectionDetail }> {
  const now = nowIso(deps);
  const { sectionId, type, criteriaId } = params;
  return inTransaction(deps.db, async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    let before: unknown;
    let message: string;
    if (type === 'subsection') {
      const subsection = await repo.findSubsectionById(trx, criteriaId);
      if (!subsection || subsection.section_id !== sectionId) throw notFound(CriteriaMessages.notInSection);
      await assertStructureUnlocked(trx, sectionId);
      if (subsection.is_scored) throw inUse(CriteriaMessages.subsectionScored);
      await repo.deleteSubsection(trx, criteriaId);
      before = criteriaAuditView.subsection(subsection);
      message = CriteriaMessages.subsectionRemoved;
    } else {
      const { criteriaMessages, itemIdKey } = stateItemKinds[type].descriptor;
      if (!(await repo.isItemInSection(trx, type, sectionId, criteriaId)))
        throw notFound(CriteriaMessages.notInSection);
      await assertStructureUnlocked(trx, sectionId);
      if (await repo.hasItemScoresInSection(trx, type, sectionId, criteriaId)) throw inUse(criteriaMessages.applied);
      await repo.detachItemFromSection(trx, type, sectionId, criteriaId);
      before = { sectionId, [itemIdKey]: criteriaId };
      message = criteriaMessages.removed;
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
    return { message, section: await loadSectionDetail(trx, section) };
  });
}
