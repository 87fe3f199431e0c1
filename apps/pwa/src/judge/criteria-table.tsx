// The sheet's criteria: one row per subsection. The judge's own open sheet scores in place
// (quick-score, one tap a value) and keeps the subsection form for comments and photos.
import { formatScore, type SyncSection } from '@judging/shared-types';
import { Button, Group, Paper, Stack, Table, Text, Title, rem } from '@mantine/core';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';
import { CellKind, cellKey, type CellRow } from '../offline/device-db.ts';
import { useShownCell } from './judge-event-source.ts';
import type { SheetContext } from './score-actions.ts';
import { QuickScorePicker } from './quick-score-picker.tsx';
import { RowMark, type SheetCells } from './scoring-view.ts';
import { SHEET_TABLE_MIN_WIDTH, cellHistory, sameCell, type OpenModal } from './sheet-rows.ts';
import { MarkBadge } from './unsent-marks.tsx';
import {
  DIMMED,
  GROUP_CLASS,
  STACK_CLASS,
  TABLE_CELL_CLASS,
  TABLE_ROW_CLASS,
  TEXT_CLASS,
  groupStyle,
  stackStyle,
  textStyle,
} from '../theme/plain-parts.ts';
import type { QuickSaved, QuickScore } from './use-quick-score.ts';

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

const quickHead = (
  <Table.Thead>
    <Table.Tr>
      <Table.Th>Subsection: tap its score</Table.Th>
      <Table.Th w={150} ta="right">
        Score
      </Table.Th>
    </Table.Tr>
  </Table.Thead>
);

export function CriteriaTable({
  sheet,
  section,
  cells,
  marks,
  canEdit,
  canViewHistory,
  onOpen,
  quick,
}: {
  sheet: SheetContext;
  section: SyncSection;
  cells: SheetCells;
  marks: ReadonlyMap<number, RowMark>;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
  quick: QuickScore;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="criteria-heading">
      <Title order={3} id="criteria-heading">
        Criteria
      </Title>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={SHEET_TABLE_MIN_WIDTH}>
          {canEdit ? quickHead : criteriaHead}
          <Table.Tbody>
            {section.subsections.map((subsection) => {
              const cell = cells.subsections.get(subsection.subsectionId);
              if (canEdit) {
                const last = quick.lastSaved;
                return (
                  <QuickCriteriaRow
                    key={subsection.subsectionId}
                    cellKey={cellKey({ ...sheet, kind: CellKind.Subsection, itemId: subsection.subsectionId })}
                    subsection={subsection}
                    cell={cell}
                    mark={marks.get(subsection.subsectionId)}
                    lastSaved={last?.subsectionId === subsection.subsectionId ? last : null}
                    quick={quick}
                    onOpen={onOpen}
                  />
                );
              }
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

interface QuickCriteriaRowProps {
  /** The row's cell key: a save of it shows here at its commit (`useShownCell`). */
  cellKey: string;
  subsection: SyncSection['subsections'][number];
  /** The cell as the sheet's snapshot has it. */
  cell: CellRow | undefined;
  /** The mark of the cell in the sheet's snapshot. */
  mark: RowMark | undefined;
  /** This row's last quick save while it can be undone; null otherwise. */
  lastSaved: QuickSaved | null;
  quick: QuickScore;
  onOpen: (modal: OpenModal) => void;
}

// A quick row's parts, drawn as Mantine's Table.Tr and Td, Stack, Group and Text draw them
// (theme/plain-parts.ts): the sheet's first screen draws one row per subsection.
const SEMIBOLD: CSSProperties = { fontWeight: 600 };
const MAX_NOTE = textStyle('xs', { ...DIMMED, fontWeight: 400 });
const DESCRIPTION = textStyle('sm', DIMMED);
const COMMENTS = textStyle('sm');
const NAME_STACK = stackStyle(6);
const VALUE_CELL: CSSProperties = { verticalAlign: 'top', textAlign: 'right' };
const VALUE_STACK = stackStyle(6, 'flex-end');
const VALUE_GROUP = groupStyle(4, { justify: 'flex-end' }, { minHeight: rem(36) });
const VALUE_TEXT: CSSProperties = { fontSize: rem(28), fontWeight: 700, lineHeight: 1.1 };

/**
 * One subsection scored in place: the value big, the picker under the name, the form for the
 * rest. A save of its cell renders this row at the commit; the rest of the sheet follows.
 */
const QuickCriteriaRow = memo(function QuickCriteriaRow({
  cellKey,
  subsection,
  cell: snapshotCell,
  mark: snapshotMark,
  lastSaved,
  quick,
  onOpen,
}: QuickCriteriaRowProps) {
  const cell = useShownCell(snapshotCell, cellKey);
  // A save the snapshot does not have yet queued an edit of the cell: not sent, unless refused.
  const mark = cell === snapshotCell ? snapshotMark : (snapshotMark ?? RowMark.NotSent);
  /** The value last chosen: a tap still saving, else the cell's. */
  const value = quick.valueOf(subsection.subsectionId, cell);
  const name = subsection.subsectionName;
  // The cell a tap saves from, read when tapped: the handlers (and what they render) stay the
  // same across saves, so a save renders only what shows its value.
  const current = useRef(cell);
  useLayoutEffect(() => {
    current.current = cell;
  }, [cell]);
  const pick = useCallback((next: number) => quick.pick(subsection, next, current.current), [quick, subsection]);
  const heading = useMemo(
    () => (
      <>
        <p className={TEXT_CLASS} style={SEMIBOLD}>
          {subsection.subsectionName}{' '}
          <span className={TEXT_CLASS} data-size="xs" style={MAX_NOTE}>
            max {formatScore(subsection.subsectionMaxScore)}
          </span>
        </p>
        {subsection.subsectionDescription && (
          <p className={TEXT_CLASS} data-size="sm" style={DESCRIPTION}>
            {subsection.subsectionDescription}
          </p>
        )}
      </>
    ),
    [subsection],
  );
  const comments = cell?.comments;
  const commentsLine = useMemo(
    () =>
      comments && (
        <p className={TEXT_CLASS} data-size="sm" style={COMMENTS}>
          Comments: {comments}
        </p>
      ),
    [comments],
  );
  const formButton = useMemo(
    () => (
      <Button
        size="sm"
        variant="default"
        mih={44}
        onClick={() => onOpen({ type: 'subsection', itemId: subsection.subsectionId })}
        aria-label={`Comments & photo: ${subsection.subsectionName}`}
      >
        Comments &amp; photo
      </Button>
    ),
    [onOpen, subsection],
  );
  const hasPhoto = Boolean(cell?.photoSha256);
  const photoButton = useMemo(
    () =>
      hasPhoto && (
        <Button
          size="sm"
          variant="subtle"
          mih={44}
          onClick={() => {
            if (current.current) onOpen({ type: 'photo', title: subsection.subsectionName, cell: current.current });
          }}
          aria-label={`View photo of ${subsection.subsectionName}`}
        >
          Photo
        </Button>
      ),
    [hasPhoto, onOpen, subsection],
  );
  return (
    <tr className={TABLE_ROW_CLASS} data-with-row-border="true" aria-label={name}>
      <td className={TABLE_CELL_CLASS}>
        <div className={STACK_CLASS} style={NAME_STACK}>
          <div>
            {heading}
            {commentsLine}
          </div>
          <QuickScorePicker name={name} max={subsection.subsectionMaxScore} value={value} onPick={pick} />
        </div>
      </td>
      <td className={TABLE_CELL_CLASS} style={VALUE_CELL}>
        <div className={STACK_CLASS} style={VALUE_STACK}>
          <div className={GROUP_CLASS} style={VALUE_GROUP}>
            {value !== null ? (
              <p className={TEXT_CLASS} data-testid="quick-value" style={VALUE_TEXT}>
                {formatScore(value)}
              </p>
            ) : (
              <p className={TEXT_CLASS} style={DIMMED}>
                not scored
              </p>
            )}
            {cell && <MarkBadge mark={mark} />}
          </div>
          {lastSaved && lastSaved.previous !== null && (
            <Button
              size="sm"
              variant="light"
              mih={44}
              onClick={() => quick.undo(subsection, current.current)}
              aria-label={`Undo ${name}: back to ${formatScore(lastSaved.previous)}`}
            >
              Undo
            </Button>
          )}
          {formButton}
          {photoButton}
        </div>
      </td>
    </tr>
  );
}, sameQuickRowProps);

/** A re-read gives every cell anew: a row whose cell reads the same (and saves from the same revision) stays. */
function sameQuickRowProps(before: QuickCriteriaRowProps, after: QuickCriteriaRowProps): boolean {
  return (
    before.cellKey === after.cellKey &&
    before.subsection === after.subsection &&
    sameCell(before.cell, after.cell) &&
    before.cell?.rev === after.cell?.rev &&
    before.mark === after.mark &&
    before.lastSaved === after.lastSaved &&
    before.quick === after.quick &&
    before.onOpen === after.onOpen
  );
}
