// The two kinds of item a judge applies to a sheet, penalty and disqualification, described once:
// where they are in a section and in the sheet's cells, how they are named and shown, what a
// valid entry is, and how one is saved and removed. The sheet's table (applied-items-table.tsx)
// and the add/edit form (applied-item-modal.tsx) are one component each, driven by this.
import { MutationKind, describePenaltyDeduction, type SyncSection } from '@judging/shared-types';
import { CellKind, type CellRow } from '../offline/device-db.ts';
import {
  findEntryErrors,
  type Disqualification,
  type EntryErrors,
  type Penalty,
  type ValueDraft,
} from './applied-item-entry.ts';
import { usePenaltyAmountDraft } from './penalty-amount-field.tsx';
import { validatePenaltyDraft } from './penalty-input.ts';
import {
  saveDisqualificationScore,
  savePenaltyScore,
  type CellSave,
  type SaveOutcome,
  type SheetContext,
} from './score-actions.ts';
import type { SheetCells } from './scoring-view.ts';

export interface AppliedItemKind<Item> {
  cellKind: typeof CellKind.Penalty | typeof CellKind.Disqualification;
  /** The sheet's cells of this kind (a `SheetCells` key); also names the table's heading id. */
  cellsKey: 'penalties' | 'disqualifications';
  /** "Penalties": the table's heading. */
  heading: string;
  /** "penalty": "Add a penalty", "Add penalty: Late". */
  noun: string;
  /** "Penalty": the name column's header. */
  columnHeader: string;
  /** How the heading stands out once one is applied. */
  appliedLook: { bg: string; color?: string; state: 'warning' | 'danger' };
  itemsOf(section: SyncSection): readonly Item[];
  idOf(item: Item): number;
  nameOf(item: Item): string;
  /** A column showing the applied value (a penalty's deduction); the row's mark then sits in it. */
  valueColumn?: { header: string; width: number; testId: string; describe(item: Item, cell: CellRow): string };
  /** Whether an applied one can be edited (a fixed penalty has nothing to change: delete it). */
  canEditApplied(item: Item): boolean;
  /** The outbox kind of a removal, and the item id in its data (removed rows stay visible until sent). */
  removal: { mutationKind: MutationKind; itemIdOf(data: Record<string, unknown>): unknown };
  /** The form's value part (a React hook: called once per form render). */
  useValueDraft(item: Item, existing: CellRow | undefined): ValueDraft;
  validate(item: Item, entry: { value: number | null; overtimeSeconds: number | null; comments: string }): EntryErrors;
  save(sheet: SheetContext, input: CellSave): Promise<SaveOutcome>;
}

const NO_VALUE: ValueDraft = { field: null, value: null, overtimeSeconds: null, isDirty: false };

export const penaltyKind: AppliedItemKind<Penalty> = {
  cellKind: CellKind.Penalty,
  cellsKey: 'penalties',
  heading: 'Penalties',
  noun: 'penalty',
  columnHeader: 'Penalty',
  appliedLook: { bg: 'yellow.2', state: 'warning' },
  itemsOf: (section) => section.penalties,
  idOf: (penalty) => penalty.penaltyId,
  nameOf: (penalty) => penalty.penaltyName,
  valueColumn: {
    header: 'Deduction',
    width: 110,
    testId: 'penalty-deduction',
    describe: (penalty, cell) =>
      penalty.isDynamic
        ? describePenaltyDeduction(cell.value ?? 0, cell.overtimeSeconds)
        : describePenaltyDeduction(penalty.penaltyDeduction),
  },
  canEditApplied: (penalty) => penalty.isDynamic,
  removal: { mutationKind: MutationKind.PenaltyScoreDelete, itemIdOf: (data) => data.penaltyId },
  useValueDraft: usePenaltyAmountDraft,
  validate: (penalty, entry) =>
    validatePenaltyDraft({
      isDynamic: penalty.isDynamic,
      deduction: penalty.penaltyDeduction,
      amount: entry.value,
      overtimeSeconds: entry.overtimeSeconds,
      comments: entry.comments,
    }),
  save: savePenaltyScore,
};

export const disqualificationKind: AppliedItemKind<Disqualification> = {
  cellKind: CellKind.Disqualification,
  cellsKey: 'disqualifications',
  heading: 'Disqualifications',
  noun: 'disqualification',
  columnHeader: 'Disqualification',
  appliedLook: { bg: 'red.7', color: 'white', state: 'danger' },
  itemsOf: (section) => section.disqualifications,
  idOf: (item) => item.disqualificationId,
  nameOf: (item) => item.disqualificationName,
  canEditApplied: () => true,
  removal: { mutationKind: MutationKind.DisqualificationScoreDelete, itemIdOf: (data) => data.disqualificationId },
  useValueDraft: () => NO_VALUE,
  validate: (_item, entry) => findEntryErrors('disqualification', { comments: entry.comments }, {}),
  save: saveDisqualificationScore,
};

/** The cells of one kind on a sheet. */
export function appliedCells<Item>(kind: AppliedItemKind<Item>, cells: SheetCells): Map<number, CellRow> {
  return cells[kind.cellsKey];
}
