// Penalties and disqualifications: the state's lists (decisions §3: one state's, for everyone),
// and attaching them to sections. Both kinds run through the same functions, told apart by their
// description (ScoreItemKinds) and their typed queries (state-items.ts).
import {
  CriteriaMessages,
  type Disqualification,
  type DisqualificationInput,
  type Penalty,
  type PenaltyCreate,
  type PenaltyUpdate,
  type RemovableScoreItemKind,
  type SectionDetail,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { forbidden, notFound, validationError } from '../../common/api-error.ts';
import {
  assertStructureUnlocked,
  audit,
  findOwnSection,
  idMismatch,
  loadSectionDetail,
  nowIso,
  type CriteriaDeps,
} from './criteria-support.ts';
import * as repo from './criteria.repository.ts';
import { stateItemKinds, type StateItemKind, type StateItemRows } from './state-items.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';

/** The state's items of one kind (GET state/:stateId/penalty, …/disqualification). */
export async function listStateItems<K extends RemovableScoreItemKind>(
  deps: CriteriaDeps,
  caller: AuthContext,
  kind: K,
  stateId: number,
) {
  assertSameState(caller, stateId);
  const items: StateItemKind<K> = stateItemKinds[kind];
  return (await repo.listItemsByState(deps.db, kind, stateId)).map((row) => items.toApi(row));
}

/** The state's items of one kind not yet attached to the section (GET section/:sectionId/available/…). */
export async function listAvailableItems<K extends RemovableScoreItemKind>(
  deps: CriteriaDeps,
  caller: AuthContext,
  kind: K,
  sectionId: number,
) {
  const section = await findOwnSection(deps.db, caller, sectionId);
  const items: StateItemKind<K> = stateItemKinds[kind];
  return (await repo.listItemsNotInSection(deps.db, kind, section.state_id, sectionId)).map((row) => items.toApi(row));
}

/** The audit line of items of one kind attached to a section. */
async function auditAttached<K extends RemovableScoreItemKind>(
  trx: Db,
  caller: AuthContext,
  items: StateItemKind<K>,
  section: { section_id: number; state_id: number },
  itemIds: readonly number[],
  now: string,
): Promise<void> {
  await audit(
    trx,
    caller,
    {
      stateId: section.state_id,
      action: 'attach',
      entityType: items.descriptor.sectionTable,
      entityId: section.section_id,
      after: { [`${items.descriptor.itemIdKey}s`]: itemIds },
    },
    now,
  );
}

// ----- penalties and disqualifications (state-wide lists) -----

/** Writes a state-wide item's own fields and answers its id. */
type InsertStateItem = (trx: Db, now: string) => Promise<number>;

/** A new state-wide item of one kind, audited, inside the caller's transaction; answers its row. */
async function insertStateItem<K extends RemovableScoreItemKind>(
  trx: Db,
  caller: AuthContext,
  kind: K,
  insert: InsertStateItem,
  now: string,
) {
  const items: StateItemKind<K> = stateItemKinds[kind];
  const itemId = await insert(trx, now);
  const item = await loadStateItem(trx, items, itemId);
  await audit(
    trx,
    caller,
    { stateId: caller.stateId, action: 'create', entityType: kind, entityId: itemId, after: items.auditView(item) },
    now,
  );
  return { itemId, item };
}

/** Creates a state-wide item of one kind. */
async function createStateItem<K extends RemovableScoreItemKind>(
  deps: CriteriaDeps,
  caller: AuthContext,
  kind: K,
  insert: InsertStateItem,
) {
  const now = nowIso(deps);
  const items: StateItemKind<K> = stateItemKinds[kind];
  return inTransaction(deps.db, async (trx) =>
    items.toApi((await insertStateItem(trx, caller, kind, insert, now)).item),
  );
}

/**
 * "Create new" in a section's add dialog: the item is created in the state's library and
 * attached to the section in one transaction, so a locked section (409 SECTION_LOCKED) or a
 * foreign one leaves no stray item behind.
 */
async function createStateItemInSection<K extends RemovableScoreItemKind>(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  kind: K,
  insert: InsertStateItem,
): Promise<SectionDetail> {
  const now = nowIso(deps);
  const items: StateItemKind<K> = stateItemKinds[kind];
  return inTransaction(deps.db, async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    await assertStructureUnlocked(trx, sectionId);
    const { itemId } = await insertStateItem(trx, caller, kind, insert, now);
    await repo.attachItemsToSection(trx, kind, sectionId, section.state_id, [itemId]);
    await auditAttached(trx, caller, items, section, [itemId], now);
    return loadSectionDetail(trx, section);
  });
}

/** Changes a state-wide item of one kind; `update` checks what is locked and writes what may change. */
async function updateStateItem<K extends RemovableScoreItemKind>(
  deps: CriteriaDeps,
  caller: AuthContext,
  kind: K,
  itemId: number,
  update: (trx: Db, before: StateItemRows[K]) => Promise<void>,
) {
  const now = nowIso(deps);
  const items: StateItemKind<K> = stateItemKinds[kind];
  return inTransaction(deps.db, async (trx) => {
    const before = await repo.findItemById(trx, kind, itemId);
    if (!before) throw notFound(items.descriptor.criteriaMessages.notFound);
    assertSameState(caller, before.state_id);
    await update(trx, before);
    const after = await loadStateItem(trx, items, itemId);
    await audit(
      trx,
      caller,
      {
        stateId: before.state_id,
        action: 'update',
        entityType: kind,
        entityId: itemId,
        before: items.auditView(before),
        after: items.auditView(after),
      },
      now,
    );
    return items.toApi(after);
  });
}

async function loadStateItem<K extends RemovableScoreItemKind>(db: Db, items: StateItemKind<K>, itemId: number) {
  const item = await repo.findItemById(db, items.descriptor.kind, itemId);
  if (!item) throw notFound(items.descriptor.criteriaMessages.notFound);
  return item;
}

function insertPenaltyOf(caller: AuthContext, body: PenaltyCreate): InsertStateItem {
  return (trx, now) =>
    repo.insertPenalty(
      trx,
      {
        stateId: caller.stateId,
        name: body.penaltyName.trim(),
        deduction: body.penaltyDeduction,
        isDynamic: body.penaltyDynamic ?? false,
      },
      now,
    );
}

function insertDisqualificationOf(caller: AuthContext, body: DisqualificationInput): InsertStateItem {
  return (trx, now) =>
    repo.insertDisqualification(trx, { stateId: caller.stateId, name: body.disqualificationName.trim() }, now);
}

export async function createPenalty(deps: CriteriaDeps, caller: AuthContext, body: PenaltyCreate): Promise<Penalty> {
  return createStateItem(deps, caller, 'penalty', insertPenaltyOf(caller, body));
}

export function createPenaltyInSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: PenaltyCreate,
): Promise<SectionDetail> {
  return createStateItemInSection(deps, caller, sectionId, 'penalty', insertPenaltyOf(caller, body));
}

export function createDisqualificationInSection(
  deps: CriteriaDeps,
  caller: AuthContext,
  sectionId: number,
  body: DisqualificationInput,
): Promise<SectionDetail> {
  return createStateItemInSection(deps, caller, sectionId, 'disqualification', insertDisqualificationOf(caller, body));
}

/** The name changes; deduction and the time-based flag are locked (applied amounts depend on them). */
export async function updatePenalty(
  deps: CriteriaDeps,
  caller: AuthContext,
  penaltyId: number,
  body: PenaltyUpdate,
): Promise<Penalty> {
  if (body.penaltyId !== undefined && body.penaltyId !== penaltyId) throw idMismatch('penaltyId');
  return updateStateItem(deps, caller, 'penalty', penaltyId, async (trx, before) => {
    if (body.penaltyDeduction !== undefined && body.penaltyDeduction !== before.deduction) {
      throw validationError([{ field: 'penaltyDeduction', message: CriteriaMessages.deductionLocked }]);
    }
    if (body.penaltyDynamic !== undefined && body.penaltyDynamic !== (before.is_dynamic === 1)) {
      throw validationError([{ field: 'penaltyDynamic', message: CriteriaMessages.dynamicLocked }]);
    }
    await repo.updateItemName(trx, 'penalty', penaltyId, body.penaltyName.trim());
  });
}

export async function createDisqualification(
  deps: CriteriaDeps,
  caller: AuthContext,
  body: DisqualificationInput,
): Promise<Disqualification> {
  return createStateItem(deps, caller, 'disqualification', insertDisqualificationOf(caller, body));
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
  return updateStateItem(deps, caller, 'disqualification', disqualificationId, (trx) =>
    repo.updateItemName(trx, 'disqualification', disqualificationId, body.disqualificationName.trim()),
  );
}

// ----- attaching to and removing from a section -----

/** Attaches the state's own items of one kind to a section; ones already attached stay as they are. */
/** Attaches the state's items of one kind to a section (POST section/:sectionId/penalty, …/disqualification). */
export async function attachToSection<K extends RemovableScoreItemKind>(
  deps: CriteriaDeps,
  caller: AuthContext,
  kind: K,
  sectionId: number,
  requestedIds: readonly number[],
): Promise<SectionDetail> {
  const now = nowIso(deps);
  const ids = [...new Set(requestedIds)];
  const items: StateItemKind<K> = stateItemKinds[kind];
  const messages = items.descriptor.criteriaMessages;
  return inTransaction(deps.db, async (trx) => {
    const section = await findOwnSection(trx, caller, sectionId);
    for (const id of ids) {
      const stateId = (await repo.findItemById(trx, kind, id))?.state_id;
      if (stateId === undefined) throw notFound(messages.notFound);
      if (stateId !== section.state_id) throw forbidden(messages.otherState);
    }
    const added = await repo.attachItemsToSection(trx, kind, sectionId, section.state_id, ids);
    if (added > 0) {
      // Re-attaching what is attached changes nothing, so only a real change is refused (the
      // refusal rolls the transaction back).
      await assertStructureUnlocked(trx, sectionId);
      await auditAttached(trx, caller, items, section, ids, now);
    }
    return loadSectionDetail(trx, section);
  });
}

/**
 * DELETE section/:sectionId/:type/:criteriaId. A subsection is deleted; a penalty or
 * disqualification is detached from the section (it stays in the state's list). Refused
 * while scores use it, so nothing a judge entered is lost.
 */
