import { Group, Stack, Text, Title } from '@mantine/core';
import type { ResultsCategory } from '@judging/shared-types';
import { createFileRoute } from '@tanstack/react-router';
import { memo, useMemo } from 'react';
import { PrintedSection, ResultsStatusBadge, ResultsToolbar } from '../../../../results/results-toolbar.tsx';
import { allotRows, useRevealedRows } from '../../../../results/reveal-rows.ts';
import { StandingsTable } from '../../../../results/standings-table.tsx';
import { keepStandings, useCategoryResults } from '../../../../results/use-category-results.ts';
import { idParams } from '../../../../routing/route-schemas.ts';
import { readResultsPageAhead, startResultsPageReads } from '../../../../results/start-page-reads.ts';
import { AdminPageTitle } from '../../-admin-page-title.tsx';

const eventIdParams = idParams('eid');

export const Route = createFileRoute('/admin/results-overall/$eid/$eComp')({
  params: {
    parse: (raw: { eid: string; eComp: string }) => ({ ...eventIdParams.parse(raw), eComp: raw.eComp }),
    stringify: (params: { eid: number; eComp: string }) => ({
      ...eventIdParams.stringify(params),
      eComp: params.eComp,
    }),
  },
  // The page's reads start with the navigation, before its chunks are asked for, and its loader
  // stays in the route tree, out of the page's chunk (start-page-reads.ts).
  beforeLoad: ({ params, cause }) => readResultsPageAhead(params.eid, 'all', cause),
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ params, cause }) => startResultsPageReads(params.eid, 'all', cause),
  component: OverallResultsPage,
});

// The results API recomputes an open event whenever anything changed since the last read, so the
// page always shows current numbers without a separate recompute call (seed §4). Every category
// is on the page (and on paper), each read as its own answer and shown as it arrives.
function OverallResultsPage() {
  const { eid } = Route.useParams();
  const { report, categories } = useCategoryResults(eid, 'all', keepStandings);
  const tableSizes = categories.map((category) => category.standings.length);
  const revealed = useRevealedRows(
    tableSizes.reduce((sum, size) => sum + size, 0),
    String(eid),
  );
  const rowLimits = allotRows(tableSizes, revealed);
  // The same element while the rows fill in: React skips re-rendering it on every chunk.
  const toolbar = useMemo(() => <ResultsToolbar eventId={eid} exportTarget={{ eventId: eid }} />, [eid]);
  return (
    <Stack gap="md">
      {toolbar}
      <Group justify="space-between">
        <AdminPageTitle>Overall results{report ? `: ${report.eventName}` : ''}</AdminPageTitle>
        {report && <ResultsStatusBadge report={report} />}
      </Group>
      {report &&
        categories.map((category, index) => (
          <CategorySection
            key={category.categoryId}
            category={category}
            isFinal={report.isFinal}
            rowLimit={rowLimits[index]}
          />
        ))}
    </Stack>
  );
}

/**
 * One category: its heading and standings. Memoised: a chunk of rows re-renders the one table it
 * fills, not the headings and tables above it.
 */
const CategorySection = memo(function CategorySection({
  category,
  isFinal,
  rowLimit,
}: {
  category: ResultsCategory;
  isFinal: boolean;
  rowLimit: number | undefined;
}) {
  return (
    <PrintedSection label={category.categoryName} rows={category.standings.length}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3">
          {category.categoryName}
        </Title>
        {!isFinal && category.isProvisional && (
          <Text size="sm" c="orange.9">
            Provisional: {category.pendingJudgeIds.length} judge(s) have not submitted.
          </Text>
        )}
      </Group>
      <StandingsTable category={category} rowLimit={rowLimit} />
    </PrintedSection>
  );
});
