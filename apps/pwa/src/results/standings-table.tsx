import {
  describeTieBreakRule,
  formatScoreOrNone,
  placeWithTieBreak,
  type ResultsCategory,
  type ResultsStanding,
} from '@judging/shared-types';
import { memo, type ReactNode } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import classes from './results-rows.module.css';

/**
 * A results row's attributes and cells' classes as Mantine's Table.Tr and Table.Td give them
 * (striped, with row borders: the tables' defaults here). A state final has hundreds of rows and
 * a component per cell cost most of the page's rendering (issue 20: under 50 ms a task).
 */
export const resultsRowProps = { className: Table.classes.tr, 'data-striped': 'odd', 'data-with-row-border': true };
export const resultsCellClass = Table.classes.td;
export const resultsRowClasses = classes;

/** A light badge in a results row, drawn as Mantine's Badge draws it. */
export function RowBadge({ color, children }: { color: 'red' | 'gray' | 'yellow'; children: ReactNode }) {
  return (
    <span className={`${Badge.classes.root} ${classes.badge} ${classes[color]}`} data-variant="light">
      <span className={Badge.classes.label}>{children}</span>
    </span>
  );
}

/**
 * A category's overall standings: ranked teams by place, then 'Not scored' (no place), then 'DQ'.
 * `rowLimit`: the rows put on screen so far (results/reveal-rows.ts); all when not given.
 */
export const StandingsTable = memo(function StandingsTable({
  category,
  rowLimit,
}: {
  category: ResultsCategory;
  rowLimit?: number;
}) {
  const tieBreaks = (category.tieBreakRules ?? []).map((rule) => describeTieBreakRule(rule, category.sections));
  return (
    <>
      <Table striped layout="fixed" aria-label={`Results of ${category.categoryName}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="12%">Place</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th w="18%" ta="right">
              Score
            </Table.Th>
            <Table.Th w="28%">Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {category.standings.slice(0, rowLimit).map((line) => (
            <StandingsRow key={line.schoolId} line={line} />
          ))}
          {category.standings.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed">No competing teams.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {tieBreaks.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          Tie-breaks, in order: {tieBreaks.join('; ')}.
        </Text>
      )}
    </>
  );
});

/** One team's line; memoised, so a chunk of new rows leaves the rows above untouched. */
const StandingsRow = memo(function StandingsRow({ line }: { line: ResultsStanding }) {
  return (
    <tr {...resultsRowProps} data-school-id={line.schoolId}>
      <td className={`${resultsCellClass} ${classes.place}`}>{line.placeLabel}</td>
      <td className={resultsCellClass}>{line.schoolName}</td>
      <td className={`${resultsCellClass} ${classes.score}`}>{formatScoreOrNone(line.score)}</td>
      <td className={resultsCellClass}>
        {line.isDisqualified || line.hasScoreBelowOne ? (
          <RowBadge color="red">Disqualified</RowBadge>
        ) : line.isIncomplete ? (
          <RowBadge color="gray">{line.statusLabel}</RowBadge>
        ) : null}
        {line.hasPendingReview && <RowBadge color="yellow">Pending review</RowBadge>}
        {line.tieBreakNote && <span className={classes.tieBreak}>{placeWithTieBreak(line)}</span>}
      </td>
    </tr>
  );
});
