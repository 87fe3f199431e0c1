// The sheet's penalties or disqualifications: an "Add a …" picker, the applied ones with their
// actions, and the ones removed on this tablet (struck through until the server has the removal).
import type { SyncSection } from '@judging/shared-types';
import { Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { CellRow } from '../offline/device-db.ts';
import { appliedCells, type AppliedItemKind } from './score-item-kinds.ts';
import { RowMark, type SheetCells } from './scoring-view.ts';
import { SHEET_TABLE_MIN_WIDTH, cellHistory, sameCells, sameMarks, sameSet, type OpenModal } from './sheet-rows.ts';
import { REMOVED_NOT_SENT } from './sync-wording.ts';
import { MarkBadge } from './unsent-marks.tsx';

interface AppliedItemsTableProps<Item> {
  kind: AppliedItemKind<Item>;
  section: SyncSection;
  cells: SheetCells;
  marks: ReadonlyMap<number, RowMark>;
  /** Items removed on this tablet, the removal not on the server yet. */
  removed: ReadonlySet<number>;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
}

/** A penalty or disqualification removed on this tablet: shown, struck through, until the server has the removal. */
function RemovedRow({ name, columns, mark }: { name: string; columns: number; mark: RowMark | undefined }) {
  return (
    <Table.Tr aria-label={name} data-removed>
      <Table.Td>
        <Text fw={600} td="line-through" c="dimmed">
          {name}
        </Text>
      </Table.Td>
      <Table.Td colSpan={columns - 1}>
        <Group gap={6}>
          <Text size="sm">{REMOVED_NOT_SENT}</Text>
          <MarkBadge mark={mark ?? RowMark.NotSent} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function AppliedItemsTableView<Item>({
  kind,
  section,
  cells,
  marks,
  removed,
  canEdit,
  canViewHistory,
  onOpen,
}: AppliedItemsTableProps<Item>) {
  const kindCells = appliedCells(kind, cells);
  const items = kind.itemsOf(section);
  const applied = items.filter((item) => kindCells.has(kind.idOf(item)));
  const available = items.filter((item) => !kindCells.has(kind.idOf(item)));
  const removedHere = items.filter((item) => removed.has(kind.idOf(item)));
  const hasApplied = applied.length > 0;
  const headingId = `${kind.cellsKey}-heading`;
  const { valueColumn } = kind;
  const columns = valueColumn ? 4 : 3;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group
        justify="space-between"
        p="xs"
        style={{ borderRadius: 8 }}
        bg={hasApplied ? kind.appliedLook.bg : undefined}
        c={hasApplied ? kind.appliedLook.color : undefined}
        data-state={hasApplied ? kind.appliedLook.state : undefined}
      >
        <Title order={3} id={headingId}>
          {kind.heading}
        </Title>
        {canEdit && available.length > 0 && (
          // The device's own picker (decision 0186): large targets on a tablet, and none of the
          // searchable list's code on the sheet's first load.
          <NativeSelect
            aria-label={`Add a ${kind.noun}`}
            value=""
            onChange={(event) => {
              const { value } = event.currentTarget;
              if (value) onOpen({ type: kind.cellKind, itemId: Number(value) });
            }}
            size="md"
            w={280}
          >
            <option value="" disabled>
              {`Add a ${kind.noun}`}
            </option>
            {available.map((item) => (
              <option key={kind.idOf(item)} value={String(kind.idOf(item))}>
                {kind.nameOf(item)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Group>
      {applied.length === 0 && removedHere.length === 0 ? (
        <Text c="dimmed" size="sm">
          No {kind.heading.toLowerCase()} applied.
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={SHEET_TABLE_MIN_WIDTH}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{kind.columnHeader}</Table.Th>
                {valueColumn && <Table.Th w={valueColumn.width}>{valueColumn.header}</Table.Th>}
                <Table.Th>Comments</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {applied.map((item) => {
                const itemId = kind.idOf(item);
                const cell = kindCells.get(itemId);
                if (!cell) return null;
                return (
                  <AppliedRow
                    key={itemId}
                    kind={kind}
                    item={item}
                    cell={cell}
                    mark={marks.get(itemId)}
                    canEdit={canEdit}
                    canViewHistory={canViewHistory}
                    onOpen={onOpen}
                  />
                );
              })}
              {removedHere.map((item) => (
                <RemovedRow
                  key={kind.idOf(item)}
                  name={kind.nameOf(item)}
                  columns={columns}
                  mark={marks.get(kind.idOf(item))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

function AppliedRow<Item>({
  kind,
  item,
  cell,
  mark,
  canEdit,
  canViewHistory,
  onOpen,
}: {
  kind: AppliedItemKind<Item>;
  item: Item;
  cell: CellRow;
  mark: RowMark | undefined;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
}) {
  const itemId = kind.idOf(item);
  const name = kind.nameOf(item);
  const { valueColumn } = kind;
  return (
    <Table.Tr aria-label={name}>
      {valueColumn ? (
        <>
          <Table.Td fw={600}>{name}</Table.Td>
          <Table.Td data-testid={valueColumn.testId}>
            <Group gap={4}>
              <Text>{valueColumn.describe(item, cell)}</Text>
              <MarkBadge mark={mark} />
            </Group>
          </Table.Td>
        </>
      ) : (
        <Table.Td>
          <Group gap={6}>
            <Text fw={600}>{name}</Text>
            <MarkBadge mark={mark} />
          </Group>
        </Table.Td>
      )}
      <Table.Td>{cell.comments}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
          {canEdit && kind.canEditApplied(item) && (
            <Button
              size="md"
              variant="default"
              onClick={() => onOpen({ type: kind.cellKind, itemId })}
              aria-label={`Edit ${name}`}
            >
              Edit
            </Button>
          )}
          {cell.photoSha256 && (
            <Button
              size="md"
              variant="subtle"
              onClick={() => onOpen({ type: 'photo', title: name, cell })}
              aria-label={`View photo of ${name}`}
            >
              Photo
            </Button>
          )}
          {canViewHistory && (
            <Button
              size="md"
              variant="subtle"
              onClick={() => onOpen(cellHistory(cell, name))}
              aria-label={`History of ${name}`}
            >
              History
            </Button>
          )}
          {canEdit && (
            <Button
              size="md"
              color="red"
              variant="light"
              onClick={() => onOpen({ type: 'remove', name, cell })}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The table re-renders only when its own cells or marks change. */
function sameTableProps<Item>(before: AppliedItemsTableProps<Item>, after: AppliedItemsTableProps<Item>): boolean {
  return (
    before.kind === after.kind &&
    before.section === after.section &&
    before.canEdit === after.canEdit &&
    before.canViewHistory === after.canViewHistory &&
    before.onOpen === after.onOpen &&
    sameCells(appliedCells(before.kind, before.cells), appliedCells(after.kind, after.cells)) &&
    sameMarks(before.marks, after.marks) &&
    sameSet(before.removed, after.removed)
  );
}

// memo() loses a component's type parameter; the cast restores it.
export const AppliedItemsTable = memo(AppliedItemsTableView, sameTableProps) as typeof AppliedItemsTableView;
