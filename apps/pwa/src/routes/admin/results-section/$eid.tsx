import type { ResultsCategory } from '@judging/shared-types';
import { Group, Select, Stack, Table, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { memo, useMemo, useState } from 'react';
import {
  PrintedSection,
  pickerComboboxProps,
  printClasses,
  ResultsStatusBadge,
  ResultsToolbar,
} from '../../../results/results-toolbar.tsx';
import { allotRows, useRevealedRows } from '../../../results/reveal-rows.ts';
import { PlainRowsBody, plainTableHead, sectionRankingRow } from '../../../results/plain-rows.tsx';
import { keepSectionRankings, useCategoryResults } from '../../../results/use-category-results.ts';
import { idParams } from '../../../routing/route-schemas.ts';
import { readResultsPageAhead, startResultsPageReads } from '../../../results/start-page-reads.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/results-section/$eid')({
  params: idParams('eid'),
  // The page's reads start with the navigation, before its chunks are asked for, and its loader
  // stays in the route tree, out of the page's chunk (start-page-reads.ts).
  beforeLoad: ({ params, cause }) => readResultsPageAhead(params.eid, { categoryId: null }, cause),
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ params, cause }) => startResultsPageReads(params.eid, { categoryId: null }, cause),
  component: SectionResultsPage,
});

function SectionResultsPage() {
  const { eid } = Route.useParams();
  const [pickedId, setPickedId] = useState<string | null>(null);
  // Only the picked category's answer: the page shows (and prints) that one.
  const { choices, report, categories } = useCategoryResults(
    eid,
    { categoryId: pickedId === null ? null : Number(pickedId) },
    keepSectionRankings,
  );
  const picked = choices?.find((c) => String(c.categoryId) === pickedId) ?? choices?.[0];
  const category = categories[0];
  const tableSizes = category?.sectionRankings.map((ranking) => ranking.standings.length) ?? [];
  const revealed = useRevealedRows(
    tableSizes.reduce((sum, size) => sum + size, 0),
    `${eid}:${category?.categoryId ?? ''}`,
  );
  const rowLimits = allotRows(tableSizes, revealed);
  // The same elements while the rows fill in: React skips re-rendering them on every chunk (the
  // toolbar, and the category picker's combobox, the costlier of the two).
  const pickedCategoryId = picked?.categoryId;
  const toolbar = useMemo(
    () => (
      <ResultsToolbar eventId={eid} exportTarget={{ eventId: eid, categoryId: pickedCategoryId, report: 'section' }} />
    ),
    [eid, pickedCategoryId],
  );
  const categorySelect = useMemo(
    () =>
      choices && (
        <Select
          className={printClasses.noPrint}
          label="Category"
          w={320}
          data={choices.map((c) => ({ value: String(c.categoryId), label: c.categoryName }))}
          value={pickedCategoryId === undefined ? null : String(pickedCategoryId)}
          onChange={setPickedId}
          allowDeselect={false}
          comboboxProps={pickerComboboxProps}
        />
      ),
    [choices, pickedCategoryId],
  );
  return (
    <Stack gap="md">
      {toolbar}
      <Group justify="space-between">
        <AdminPageTitle>Section results{report ? `: ${report.eventName}` : ''}</AdminPageTitle>
        {report && <ResultsStatusBadge report={report} />}
      </Group>
      {categorySelect}
      {category?.sectionRankings.map((ranking, index) => (
        <SectionRanking
          key={ranking.sectionId}
          categoryName={category.categoryName}
          ranking={ranking}
          rowLimit={rowLimits[index]}
        />
      ))}
    </Stack>
  );
}

type SectionRankingData = ResultsCategory['sectionRankings'][number];

/** A ranking table's head: the same element on every render (rows fill in beneath). */
const rankingHead = plainTableHead([
  { label: 'Rank', style: { width: '15%' } },
  { label: 'Team' },
  { label: 'Score', style: { textAlign: 'right', width: '25%' } },
]);

/** One section's ranking; memoised, so a chunk of new rows re-renders only the table it fills. */
const SectionRanking = memo(function SectionRanking({
  categoryName,
  ranking,
  rowLimit,
}: {
  categoryName: string;
  ranking: SectionRankingData;
  rowLimit: number | undefined;
}) {
  return (
    <PrintedSection label={ranking.sectionName} rows={ranking.standings.length}>
      <Title order={2} size="h3" mb="xs">
        {categoryName}: {ranking.sectionName}
      </Title>
      <Table striped layout="fixed" aria-label={`Ranking of ${ranking.sectionName}`}>
        {rankingHead}
        <PlainRowsBody items={ranking.standings} limit={rowLimit} makeRow={sectionRankingRow} />
      </Table>
    </PrintedSection>
  );
});
