// The sheet's criteria: one row per subsection, scored with the subsection form.
import { formatScore, type SyncSection } from '@judging/shared-types';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { CellRow } from '../offline/device-db.ts';
import type { RowMark, SheetCells } from './scoring-view.ts';
import { SHEET_TABLE_MIN_WIDTH, cellHistory, sameCell, type OpenModal } from './sheet-rows.ts';
import { MarkBadge } from './unsent-marks.tsx';

/** The same element every render: React skips it. */
const criteriaHead = (
  <Table.Thead>
    <Table.Tr>
      <Table.Th>Subsection</Table.Th>
      <Table.Th w={90}>Score</Table.Th>
      <Table.Th>Comments</Table.Th>
      <Table.Th />
    </Table.Tr>
  </Table.Thead>
);

export function CriteriaTable({
  section,
  cells,
  marks,
  canEdit,
  canViewHistory,
  onOpen,
}: {
  section: SyncSection;
  cells: SheetCells;
  marks: ReadonlyMap<number, RowMark>;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="criteria-heading">
      <Title order={3} id="criteria-heading">
        Criteria
      </Title>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={SHEET_TABLE_MIN_WIDTH}>
          {criteriaHead}
          <Table.Tbody>
            {section.subsections.map((subsection) => {
              const cell = cells.subsections.get(subsection.subsectionId);
              return (
                <CriteriaRow
                  key={subsection.subsectionId}
                  subsection={subsection}
                  cell={cell}
                  mark={cell ? marks.get(subsection.subsectionId) : undefined}
                  canEdit={canEdit}
                  canViewHistory={canViewHistory}
                  onOpen={onOpen}
                />
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

interface CriteriaRowProps {
  subsection: SyncSection['subsections'][number];
  cell: CellRow | undefined;
  mark: RowMark | undefined;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
}

/** One subsection's row; a save re-renders only the row it changed. */
const CriteriaRow = memo(
  function CriteriaRow({ subsection, cell, mark, canEdit, canViewHistory, onOpen }: CriteriaRowProps) {
    return (
      <Table.Tr key={subsection.subsectionId} aria-label={subsection.subsectionName}>
        <Table.Td>
          <Text fw={600}>{subsection.subsectionName}</Text>
          {subsection.subsectionDescription && (
            <Text size="sm" c="dimmed">
              {subsection.subsectionDescription}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            max {formatScore(subsection.subsectionMaxScore)}
          </Text>
        </Table.Td>
        <Table.Td>
          {cell?.value !== null && cell?.value !== undefined && (
            <Group gap={4}>
              <Text fw={700}>{formatScore(cell.value)}</Text>
              <MarkBadge mark={mark} />
            </Group>
          )}
        </Table.Td>
        <Table.Td>{cell?.comments}</Table.Td>
        <Table.Td>
          <Group gap="xs" justify="flex-end">
            {!cell && canEdit && (
              <Button
                size="md"
                onClick={() => onOpen({ type: 'subsection', itemId: subsection.subsectionId })}
                aria-label={`Score ${subsection.subsectionName}`}
              >
                Score
              </Button>
            )}
            {cell && canEdit && (
              <Button
                size="md"
                variant="default"
                onClick={() => onOpen({ type: 'subsection', itemId: subsection.subsectionId })}
                aria-label={`Edit ${subsection.subsectionName}`}
              >
                Edit
              </Button>
            )}
            {cell?.photoSha256 && (
              <Button
                size="md"
                variant="subtle"
                onClick={() => onOpen({ type: 'photo', title: subsection.subsectionName, cell })}
                aria-label={`View photo of ${subsection.subsectionName}`}
              >
                Photo
              </Button>
            )}
            {cell && canViewHistory && (
              <Button
                size="md"
                variant="subtle"
                onClick={() => onOpen(cellHistory(cell, subsection.subsectionName))}
                aria-label={`History of ${subsection.subsectionName}`}
              >
                History
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  },
  (before, after) =>
    before.subsection === after.subsection &&
    sameCell(before.cell, after.cell) &&
    before.mark === after.mark &&
    before.canEdit === after.canEdit &&
    before.canViewHistory === after.canViewHistory &&
    before.onOpen === after.onOpen,
);
