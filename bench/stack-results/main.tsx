// The results pages' floor on the fixed stack (issue 41, bench/stack-results.ts): the smallest
// page built of React 19, TanStack Router and Mantine that, on an in-app navigation, reads what
// the app's results pages read (the event's detail, then the categories' answers without the
// judges' sheets, decision 0172) and puts the same rows in the DOM as bench/bare-results.ts does,
// with no task over 50 ms. The reads start in the route's loader (in the route tree, no lazy
// chunk); the page renders once, with Mantine's Table and its heads; the rows are plain DOM, put
// in the table bodies in one layout effect, with the app's columns and the bare page's words (a
// standings row's notes as text; decision 0207). No schema checks, no toolbar, no print heading.
import '@mantine/core/styles.css';
import { MantineProvider, Paper, Stack, Table, Title } from '@mantine/core';
import {
  Outlet,
  RouterProvider,
  createRootRoute,
  createRoute,
  createRouter,
  useLoaderData,
} from '@tanstack/react-router';
import { StrictMode, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { Line, Standing } from './results-lines.ts';

interface Category {
  categoryId: number;
  categoryName: string;
  standings: Standing[];
  sectionRankings: { sectionId: number; sectionName: string; standings: Line[] }[];
}
/** A table's column headings and each row's cells. */
interface Columns {
  headings: readonly string[];
  cellsOf(line: Line): readonly string[];
}
interface Table {
  key: string;
  caption: string;
  columns: Columns;
  lines: Line[];
}

const lineCells = (line: Line) => [line.placeLabel, line.schoolName, line.score.toFixed(2)];
/** A category's standings: the bare page's words for a row's notes (bench/bare-results.ts). */
const standingsColumns: Columns = {
  headings: ['Place', 'Team', 'Score', 'Notes'],
  cellsOf: (line) => {
    const standing = line as Standing;
    const notes = [
      standing.isDisqualified || standing.hasScoreBelowOne
        ? 'Disqualified'
        : standing.isIncomplete
          ? standing.statusLabel
          : '',
      standing.hasPendingReview ? 'Pending review' : '',
      standing.tieBreakNote ? `${standing.placeLabel} – ${standing.tieBreakNote}` : '',
    ];
    return [...lineCells(line), notes.filter(Boolean).join(' ')];
  },
};
/** A section's ranking: no notes. */
const rankingColumns: Columns = { headings: ['Rank', 'Team', 'Score'], cellsOf: lineCells };

/** The coordinator's token, put in the page's session storage by the bench. */
const token = () => sessionStorage.getItem('bench.token') ?? '';

async function read<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token()}` }, signal });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The event's categories by name, then the picked ones' answers at once: the page's tables. */
async function readTables(eventId: number, which: 'overall' | 'section', signal: AbortSignal): Promise<Table[]> {
  const detail = await read<{ categories: { categoryId: number; categoryName: string }[] }>(
    `/api/event/${eventId}`,
    signal,
  );
  const byName = [...detail.categories].sort(
    (a, b) => a.categoryName.localeCompare(b.categoryName) || a.categoryId - b.categoryId,
  );
  const picked = which === 'overall' ? byName : byName.slice(0, 1);
  const answers = await Promise.all(
    picked.map((category) =>
      read<{ categories: Category[] }>(
        `/api/run/coordinator/results/event/${eventId}/category/${category.categoryId}?sheets=omit`,
        signal,
      ),
    ),
  );
  return answers.flatMap((answer) =>
    answer.categories.flatMap((category) =>
      which === 'overall'
        ? [
            {
              key: String(category.categoryId),
              caption: category.categoryName,
              columns: standingsColumns,
              lines: category.standings,
            },
          ]
        : category.sectionRankings.map((ranking) => ({
            key: `${category.categoryId}:${ranking.sectionId}`,
            caption: ranking.sectionName,
            columns: rankingColumns,
            lines: ranking.standings,
          })),
    ),
  );
}

function Rows({ lines, columns }: { lines: Line[]; columns: Columns }) {
  const body = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    const rows = document.createDocumentFragment();
    for (const line of lines) {
      const row = document.createElement('tr');
      for (const text of columns.cellsOf(line)) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      rows.append(row);
    }
    body.current?.replaceChildren(rows);
  }, [lines, columns]);
  return <Table.Tbody ref={body} />;
}

function ResultsTables({ tables }: { tables: Table[] }) {
  return (
    <Stack gap="md">
      <Title>Results</Title>
      {tables.map((table) => (
        <Paper key={table.key} withBorder p="md" component="section">
          <Title order={2} size="h3" mb="xs">
            {table.caption}
          </Title>
          <Table striped layout="fixed">
            <Table.Thead>
              <Table.Tr>
                {table.columns.headings.map((heading) => (
                  <Table.Th key={heading}>{heading}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Rows lines={table.lines} columns={table.columns} />
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <MantineProvider>
      <main>
        <Outlet />
      </main>
    </MantineProvider>
  ),
});
const startRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'start',
  component: () => <Title>Start</Title>,
});
const eventId = (params: { eid: string }) => ({ eid: Number(params.eid) });
const overallRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'overall/$eid',
  params: { parse: eventId, stringify: (params: { eid: number }) => ({ eid: String(params.eid) }) },
  loader: ({ params, abortController }) => readTables(params.eid, 'overall', abortController.signal),
  component: function Overall() {
    return <ResultsTables tables={useLoaderData({ from: '/overall/$eid' })} />;
  },
});
const sectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'section/$eid',
  params: { parse: eventId, stringify: (params: { eid: number }) => ({ eid: String(params.eid) }) },
  loader: ({ params, abortController }) => readTables(params.eid, 'section', abortController.signal),
  component: function Section() {
    return <ResultsTables tables={useLoaderData({ from: '/section/$eid' })} />;
  },
});

const router = createRouter({
  basepath: '/bench-floor',
  routeTree: rootRoute.addChildren([startRoute, overallRoute, sectionRoute]),
  // Every navigation reads afresh, as the app's results pages do.
  defaultStaleTime: 0,
  defaultGcTime: 0,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
