// The Criteria screen's Penalty and Disqualification tabs: one component, driven by the removable
// score-item kind (shared-types score-item-kinds.ts). What differs per kind is in `tabKinds`: its
// nouns, its list call, its value columns and its add/update form.
import type { Disqualification, Penalty, RemovableScoreItemKind } from '@judging/shared-types';
import { Button, Group, Text } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { SortableTable, type TableColumn } from '../../../../admin/sortable-table.tsx';
import { SortDirection, matchesSearch } from '../../../../admin/table-sort.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { listDisqualifications, listPenalties } from '../../../../api/criteria-api.ts';
import { DisqualificationFormModal } from './disqualification-form-modal.tsx';
import { PenaltyFormModal } from './penalty-form-modal.tsx';

/** The state-wide item of each kind, as the criteria list returns it. */
interface StateItemOf {
  penalty: Penalty;
  disqualification: Disqualification;
}

interface StateItemTabKind<Item> {
  /** "penalty", "penalties": the count, the Add button and the empty text. */
  nouns: [singular: string, plural: string];
  /** The table's accessible name. */
  tableLabel: string;
  minWidth: number;
  list(stateId: number, signal: AbortSignal): Promise<Item[]>;
  idOf(item: Item): number;
  nameOf(item: Item): string;
  /** Columns between the name and the Update button. */
  valueColumns: TableColumn<Item>[];
  /** The add (item null) or update form. */
  form(props: { item: Item | null; onClose(): void; onSaved(): void }): ReactNode;
}

const tabKinds: { [K in RemovableScoreItemKind]: StateItemTabKind<StateItemOf[K]> } = {
  penalty: {
    nouns: ['penalty', 'penalties'],
    tableLabel: 'Penalties',
    minWidth: 520,
    list: listPenalties,
    idOf: (penalty) => penalty.penaltyId,
    nameOf: (penalty) => penalty.penaltyName,
    valueColumns: [
      {
        key: 'deduction',
        header: 'Deduction',
        render: (penalty) => penalty.penaltyDeduction,
        sortValue: (penalty) => penalty.penaltyDeduction,
      },
      {
        key: 'variable',
        header: 'Variable',
        render: (penalty) => (penalty.penaltyDynamic ? 'Yes' : 'No'),
        sortValue: (penalty) => (penalty.penaltyDynamic ? 'Yes' : 'No'),
      },
    ],
    form: ({ item, onClose, onSaved }) => <PenaltyFormModal penalty={item} onClose={onClose} onSaved={onSaved} />,
  },
  disqualification: {
    nouns: ['disqualification', 'disqualifications'],
    tableLabel: 'Disqualifications',
    minWidth: 360,
    list: listDisqualifications,
    idOf: (disqualification) => disqualification.disqualificationId,
    nameOf: (disqualification) => disqualification.disqualificationName,
    valueColumns: [],
    form: ({ item, onClose, onSaved }) => (
      <DisqualificationFormModal disqualification={item} onClose={onClose} onSaved={onSaved} />
    ),
  },
};

export interface TabProps {
  stateId: number;
  canEdit: boolean;
  search: string;
}

/** A state's penalties or disqualifications: count, Add, a sortable table with Update, the form. */
export function StateItemsTab<K extends RemovableScoreItemKind>({
  kind,
  stateId,
  canEdit,
  search,
}: TabProps & { kind: K }) {
  const tabKind: StateItemTabKind<StateItemOf[K]> = tabKinds[kind];
  const [, plural] = tabKind.nouns;
  const items = useApiQuery(`${plural}-${stateId}`, (signal) => tabKind.list(stateId, signal));
  const [editing, setEditing] = useState<StateItemOf[K] | 'new' | null>(null);
  const rows = useMemo(
    () => (items.data ?? []).filter((item) => matchesSearch(search, [tabKind.nameOf(item)])),
    [items.data, search, tabKind],
  );
  const columns: TableColumn<StateItemOf[K]>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (item) => <Text fw={600}>{tabKind.nameOf(item)}</Text>,
      sortValue: (item) => tabKind.nameOf(item),
    },
    ...tabKind.valueColumns,
  ];
  if (canEdit) {
    columns.push({
      key: 'update',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (item) => (
        <Button
          size="sm"
          variant="light"
          aria-label={`Update ${tabKind.nameOf(item)}`}
          onClick={() => setEditing(item)}
        >
          Update
        </Button>
      ),
    });
  }
  return (
    <>
      <TabToolbar
        count={items.data?.length}
        nouns={tabKind.nouns}
        addLabel={canEdit ? `Add ${tabKind.nouns[0]}` : undefined}
        onAdd={() => setEditing('new')}
      />
      <SortableTable
        label={tabKind.tableLabel}
        columns={columns}
        rows={rows}
        rowKey={(item) => tabKind.idOf(item)}
        initialSort={{ key: 'name', direction: SortDirection.Ascending }}
        emptyMessage={emptyText(items.isLoading, search, plural)}
        minWidth={tabKind.minWidth}
      />
      {editing !== null &&
        tabKind.form({
          item: editing === 'new' ? null : editing,
          onClose: () => setEditing(null),
          onSaved: () => items.reload(),
        })}
    </>
  );
}

export function TabToolbar({
  count,
  nouns,
  addLabel,
  onAdd,
}: {
  count: number | undefined;
  nouns: [singular: string, plural: string];
  addLabel?: string;
  onAdd?(): void;
}) {
  return (
    <Group justify="space-between" align="center" mb="sm" gap="sm">
      <Text c="dimmed" size="sm">
        {count === undefined ? '' : `${count} ${count === 1 ? nouns[0] : nouns[1]}`}
      </Text>
      {addLabel && onAdd && <Button onClick={onAdd}>{addLabel}</Button>}
    </Group>
  );
}

export function emptyText(isLoading: boolean, search: string, plural: string): string {
  if (isLoading) return `Loading ${plural}…`;
  return search.trim() ? `No ${plural} match your search.` : `No ${plural} yet.`;
}
