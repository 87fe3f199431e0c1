import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { SortDirection, sortRows, toggleDirection, type SortValue } from './table-sort.ts';
import classes from './sortable-table.module.css';

export interface TableColumn<T> {
  key: string;
  header: string;
  render(row: T): ReactNode;
  /** Present when the column sorts: the value compared. */
  sortValue?(row: T): SortValue;
  /** Hides the header text (an actions column keeps its name for screen readers). */
  isHeaderHidden?: boolean;
  /** Right-aligned cells, for actions and numbers. */
  align?: 'left' | 'right' | 'center';
  /** As narrow as its content and never wrapped (buttons): the text columns take the rest. */
  fitsContent?: boolean;
}

export interface TableSort {
  key: string;
  direction: SortDirection;
}

/**
 * An admin list as a table: sortable headers (a button that toggles ascending/descending,
 * announced with aria-sort), a row per item and a message when there is nothing to show.
 * Narrow screens scroll it sideways instead of squeezing the columns.
 */
export function SortableTable<T>({
  label,
  columns,
  rows,
  rowKey,
  initialSort,
  emptyMessage,
  minWidth = 640,
  isDense = false,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  initialSort?: TableSort;
  emptyMessage: ReactNode;
  minWidth?: number;
  /** Narrower cell padding, for tables with many columns on a tablet. */
  isDense?: boolean;
}) {
  const [sort, setSort] = useState<TableSort | undefined>(initialSort);
  const sortColumn = columns.find((column) => column.key === sort?.key);
  const sortedRows = useMemo(() => {
    const sortValue = sortColumn?.sortValue;
    return sort && sortValue ? sortRows(rows, sortValue, sort.direction) : rows;
  }, [rows, sort, sortColumn]);

  const onSort = (key: string) =>
    setSort((previous) =>
      previous?.key === key
        ? { key, direction: toggleDirection(previous.direction) }
        : { key, direction: SortDirection.Ascending },
    );

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        aria-label={label}
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing={isDense ? 6 : 'xs'}
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const isSorted = sort?.key === column.key;
              return (
                <Table.Th
                  key={column.key}
                  ta={column.align}
                  className={column.fitsContent ? classes.fit : undefined}
                  aria-sort={column.sortValue ? (isSorted ? sort.direction : 'none') : undefined}
                >
                  {column.isHeaderHidden ? (
                    <VisuallyHidden>{column.header}</VisuallyHidden>
                  ) : column.sortValue ? (
                    <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.key)}>
                      {column.header}
                      <SortArrow direction={isSorted ? sort.direction : undefined} />
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortedRows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" py="sm">
                  {emptyMessage}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            sortedRows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align} className={column.fitsContent ? classes.fit : undefined}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Up, down, or both (not sorted yet); decorative, the header's aria-sort says it. */
function SortArrow({ direction }: { direction: SortDirection | undefined }) {
  return (
    <svg viewBox="0 0 12 16" width={10} height={14} aria-hidden focusable={false} className={classes.arrow}>
      {direction !== SortDirection.Descending && <path d="M6 1 L11 6 H1 Z" fill="currentColor" />}
      {direction !== SortDirection.Ascending && <path d="M6 15 L11 10 H1 Z" fill="currentColor" />}
    </svg>
  );
}
