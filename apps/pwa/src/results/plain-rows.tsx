// Results rows as plain DOM (issue 41): a state final puts hundreds of rows on a page, and as
// React elements each row cost a render, a fiber per cell and a commit, chunk after chunk, many
// times what the same rows cost built directly (bench/bare-results.ts). The rows are text that
// never changes once shown: React renders each table and its head, and the table's body is filled
// here, row by row, with the same elements, classes and attributes Mantine's Table and the
// results' light badges give them.
import {
  formatScoreOrNone,
  placeWithTieBreak,
  type ResultsSectionRanking,
  type ResultsStanding,
} from '@judging/shared-types';
import { Badge, Table } from '@mantine/core';
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { TABLE_HEAD_CLASS, TABLE_HEADING_CLASS, TABLE_ROW_CLASS } from '../theme/plain-parts.ts';
import classes from './results-rows.module.css';

/** Class names as one attribute (a module's or Mantine's class may be missing from its type). */
function classNames(...names: (string | undefined)[]): string {
  return names.filter((name) => name !== undefined).join(' ');
}

/**
 * A row as Mantine's Table.Tr gives it (striped, with row borders: the tables' defaults here),
 * with a cell per class, as Table.Td gives them. Made once; each row is a deep clone of it, so a
 * row costs one clone and its texts, not an element, a class list and attributes per cell.
 */
function rowTemplate(cellClasses: readonly (string | undefined)[]): HTMLTableRowElement {
  const row = document.createElement('tr');
  row.className = classNames(Table.classes.tr);
  row.dataset.striped = 'odd';
  row.dataset.withRowBorder = 'true';
  for (const extraClass of cellClasses) {
    const cell = document.createElement('td');
    cell.className = classNames(Table.classes.td, extraClass);
    row.append(cell);
  }
  return row;
}

/** A heading cell: its words, and the width or alignment Table.Th's style props would give it. */
export interface PlainHeading {
  label: string;
  style?: CSSProperties;
}

/**
 * A table's head as Mantine's Table.Thead, Tr and Th draw it (theme/plain-parts.ts), as plain
 * elements: the page makes a dozen tables at once, and a component per cell there cost more than
 * the cells. Made once per table kind, at module level.
 */
export function plainTableHead(headings: readonly PlainHeading[]) {
  return (
    <thead className={TABLE_HEAD_CLASS}>
      <tr className={TABLE_ROW_CLASS} data-with-row-border="true" data-striped="odd">
        {headings.map(({ label, style }) => (
          <th key={label} className={TABLE_HEADING_CLASS} style={style}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Made when first asked for (the first row), not when the module loads. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const standingsTemplate = once(() => rowTemplate([classes.place, undefined, classes.score, undefined]));
const sectionRankingTemplate = once(() => rowTemplate([classes.place, undefined, classes.score]));

/** A row cloned from `template` with `texts` in its first cells. */
function rowOf(template: HTMLTableRowElement, texts: readonly string[]): HTMLTableRowElement {
  const row = template.cloneNode(true) as HTMLTableRowElement;
  texts.forEach((text, index) => {
    (row.cells[index] as HTMLTableCellElement).textContent = text;
  });
  return row;
}

type BadgeColor = 'red' | 'gray' | 'yellow';

/** A light badge as Mantine's Badge draws it, one per colour, its label empty. */
const badgeTemplates = once(() => {
  const template = (color: BadgeColor) => {
    const root = document.createElement('span');
    root.className = classNames(Badge.classes.root, classes.badge, classes[color]);
    root.dataset.variant = 'light';
    const label = document.createElement('span');
    label.className = classNames(Badge.classes.label);
    root.append(label);
    return root;
  };
  return { red: template('red'), gray: template('gray'), yellow: template('yellow') };
});

/** A light badge in a results row. */
function badge(color: BadgeColor, text: string): HTMLSpanElement {
  const root = badgeTemplates()[color].cloneNode(true) as HTMLSpanElement;
  (root.firstChild as HTMLSpanElement).textContent = text;
  return root;
}

/** One team's line of a category's standings: place, team, score, and its notes. */
export function standingsRow(line: ResultsStanding): HTMLTableRowElement {
  const row = rowOf(standingsTemplate(), [line.placeLabel, line.schoolName, formatScoreOrNone(line.score)]);
  row.dataset.schoolId = String(line.schoolId);
  const notes = row.cells[3] as HTMLTableCellElement;
  if (line.isDisqualified || line.hasScoreBelowOne) notes.append(badge('red', 'Disqualified'));
  else if (line.isIncomplete) notes.append(badge('gray', line.statusLabel));
  if (line.hasPendingReview) notes.append(badge('yellow', 'Pending review'));
  if (line.tieBreakNote) {
    const tieBreak = document.createElement('span');
    tieBreak.className = classNames(classes.tieBreak);
    tieBreak.textContent = placeWithTieBreak(line);
    notes.append(tieBreak);
  }
  return row;
}

/** One team's line of a section's ranking: rank, team, score. */
export function sectionRankingRow(entry: ResultsSectionRanking['standings'][number]): HTMLTableRowElement {
  return rowOf(sectionRankingTemplate(), [entry.placeLabel, entry.schoolName, formatScoreOrNone(entry.score)]);
}

/**
 * A table's body holding the first `limit` of `items` as rows made by `makeRow` (a module-level
 * function: a new one redraws every row). Rows already shown stay; new items redraw them all.
 */
export function PlainRowsBody<T>({
  items,
  limit,
  makeRow,
}: {
  items: readonly T[];
  limit: number | undefined;
  makeRow: (item: T) => HTMLTableRowElement;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useRef<{ items: readonly T[]; makeRow: typeof makeRow; count: number } | null>(null);
  useLayoutEffect(() => {
    const element = body.current;
    if (!element) return;
    const end = Math.min(limit ?? items.length, items.length);
    let from = shown.current?.items === items && shown.current.makeRow === makeRow ? shown.current.count : 0;
    if (from === 0 || end < from) {
      element.replaceChildren();
      from = 0;
    }
    const rows = document.createDocumentFragment();
    for (let at = from; at < end; at += 1) rows.append(makeRow(items[at] as T));
    element.append(rows);
    shown.current = { items, makeRow, count: end };
  }, [items, limit, makeRow]);
  return <Table.Tbody ref={body} />;
}
