import { formatScore, type ResultsCategory } from '@judging/shared-types';
import { Badge, Table, Text } from '@mantine/core';

/** A category's overall standings: ranked teams by place, then 'Not scored' (no place), then 'DQ'. */
export function StandingsTable({ category }: { category: ResultsCategory }) {
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
        {category.standings.map((line) => (
          <Table.Tr key={line.schoolId} data-school-id={line.schoolId}>
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
}
