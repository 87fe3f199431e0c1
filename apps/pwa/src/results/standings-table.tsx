import { formatScore, type ResultsCategory, type ResultsStanding } from '@judging/shared-types';
import { memo } from 'react';
import { Badge, Table, Text } from '@mantine/core';

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
  return (
    <Table striped aria-label={`Results of ${category.categoryName}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>Place</Table.Th>
          <Table.Th>Team</Table.Th>
          <Table.Th ta="right">Score</Table.Th>
          <Table.Th>Notes</Table.Th>
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
  );
});

/** One team's line; memoised, so a chunk of new rows leaves the rows above untouched. */
const StandingsRow = memo(function StandingsRow({ line }: { line: ResultsStanding }) {
  return (
    <Table.Tr data-school-id={line.schoolId}>
      <Table.Td fw={700}>{line.placeLabel}</Table.Td>
      <Table.Td>{line.schoolName}</Table.Td>
      <Table.Td ta="right" ff="monospace">
        {line.isScored || line.isDisqualified ? formatScore(line.score) : '—'}
      </Table.Td>
      <Table.Td>
        {line.isDisqualified || line.hasScoreBelowOne ? (
          <Badge color="red" variant="light">
            Disqualified
          </Badge>
        ) : line.isIncomplete ? (
          <Badge color="gray" variant="light">
            {line.statusLabel}
          </Badge>
        ) : null}
        {line.hasPendingReview && (
          <Badge color="yellow" variant="light" ml={4}>
            Pending review
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
});
