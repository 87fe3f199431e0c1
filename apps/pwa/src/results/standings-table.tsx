import { describeTieBreakRule, type ResultsCategory } from '@judging/shared-types';
import { memo } from 'react';
import { Table, Text } from '@mantine/core';
import { PlainRowsBody, plainTableHead, standingsRow } from './plain-rows.tsx';

/** The head of a category's standings table: the same element on every render (rows fill in beneath). */
const standingsHead = plainTableHead([
  { label: 'Place', style: { width: '12%' } },
  { label: 'Team' },
  { label: 'Score', style: { textAlign: 'right', width: '18%' } },
  { label: 'Notes', style: { width: '28%' } },
]);

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
        {standingsHead}
        {category.standings.length === 0 ? (
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed">No competing teams.</Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        ) : (
          <PlainRowsBody items={category.standings} limit={rowLimit} makeRow={standingsRow} />
        )}
      </Table>
      {tieBreaks.length > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          Tie-breaks, in order: {tieBreaks.join('; ')}.
        </Text>
      )}
    </>
  );
});
