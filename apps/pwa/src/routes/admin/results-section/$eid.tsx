import { formatScore } from '@judging/shared-types';
import { Group, Paper, Select, Stack, Table, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { getEventResults } from '../../../api/results-api.ts';
import { printClasses, ResultsStatusBadge, ResultsToolbar } from '../../../results/results-toolbar.tsx';
import { showRunIssue } from '../../../results/run-errors.ts';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/results-section/$eid')({
  params: idParams('eid'),
  component: SectionResultsPage,
});

function SectionResultsPage() {
  const { eid } = Route.useParams();
  const results = useApiQuery(`results-${eid}`, (signal) => getEventResults(eid, signal), showRunIssue);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const report = results.data;
  const category = report?.categories.find((c) => String(c.categoryId) === pickedId) ?? report?.categories[0];
  return (
    <Stack gap="md">
      <ResultsToolbar
        eventId={eid}
        exportTarget={{ eventId: eid, categoryId: category?.categoryId, report: 'section' }}
      />
      <Group justify="space-between">
        <AdminPageTitle>Section results{report ? `: ${report.eventName}` : ''}</AdminPageTitle>
        {report && <ResultsStatusBadge report={report} />}
      </Group>
      {report && (
        <Select
          className={printClasses.noPrint}
          label="Category"
          w={320}
          data={report.categories.map((c) => ({ value: String(c.categoryId), label: c.categoryName }))}
          value={category ? String(category.categoryId) : null}
          onChange={setPickedId}
          allowDeselect={false}
        />
      )}
      {category?.sectionRankings.map((ranking) => (
        <Paper
          key={ranking.sectionId}
          withBorder
          p="md"
          className={printClasses.category}
          component="section"
          aria-label={ranking.sectionName}
        >
          <Title order={2} size="h3" mb="xs">
            {category.categoryName}: {ranking.sectionName}
          </Title>
          <Table striped aria-label={`Ranking of ${ranking.sectionName}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Rank</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranking.standings.map((entry) => (
                <Table.Tr key={entry.schoolId}>
                  <Table.Td fw={700}>{entry.placeLabel}</Table.Td>
                  <Table.Td>{entry.schoolName}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {entry.placeLabel === '' ? '—' : formatScore(entry.score)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
