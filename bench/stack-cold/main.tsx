// The scoring page's cold-start floor on the fixed stack (issue 41, bench/stack-cold.ts): the
// smallest page built of React 19, TanStack Router, Mantine, Dexie and workbox-window that,
// installed and offline, reads what the app's scoring page reads before its first criteria row
// (the stored session, the downloaded event's record, the sheet's cells and queued edits from the
// device store, laid out as the app lays it out and holding the same rows) and renders the same
// sheet with Mantine: heading, running total, the criteria rows with their score choices (plain
// buttons with UnstyledButton's classes, as the app draws them), the penalties' and
// disqualifications' headings with their pickers, and Done. The reads run in the
// route's loader, in the route tree; the page renders once. No app code, no header or footer, no
// sync, no schema checks, no dialogs.
import '@mantine/core/styles.css';
import {
  Button,
  Container,
  Group,
  MantineProvider,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { RouterProvider, createRootRoute, createRoute, createRouter, Outlet } from '@tanstack/react-router';
import Dexie, { type EntityTable } from 'dexie';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';

interface Subsection {
  subsectionId: number;
  subsectionName: string;
  subsectionDescription: string | null;
  subsectionMaxScore: number;
}
interface Section {
  sectionId: number;
  sectionName: string;
  subsections: Subsection[];
  penalties: { penaltyId: number; penaltyName: string }[];
  disqualifications: { disqualificationId: number; disqualificationName: string }[];
}
interface Category {
  categoryId: number;
  schools: { schoolId: number; schoolName: string }[];
  sections: Section[];
}
interface EventData {
  judgeId: number;
  eventId: number;
  categories: Category[];
}
interface Cell {
  key: string;
  kind: string;
  itemId: number;
  value: number | null;
}
interface QueuedEdit {
  seq: number;
  cellKey: string | null;
}

// The device store's layout as the app's last version declares it (apps/pwa/src/offline/device-db.ts);
// the bench copies the installed app's rows into it.
const db = new Dexie('judging-device') as Dexie & {
  eventData: EntityTable<EventData, 'judgeId'>;
  cells: EntityTable<Cell, 'key'>;
  outbox: EntityTable<QueuedEdit, 'seq'>;
};
db.version(5).stores({
  cells: 'key, [judgeId+eventId], [judgeId+categoryId], [judgeId+categoryId+sectionId+schoolId]',
  eventData: '[judgeId+eventId], judgeId',
  outbox: '++seq, &id, [judgeId+status+seq], [cellKey+seq], [judgeId+kind]',
  outboxCounts: 'judgeId',
  photos: 'sha256, [judgeId+awaitingUpload]',
  judgeEvents: 'judgeId',
  meta: 'key',
});

if ('serviceWorker' in navigator) void new Workbox('/sw.js').register();

interface SheetSearch {
  judgeId: number;
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
}
const ID_FIELDS = ['judgeId', 'eventId', 'categoryId', 'sectionId', 'schoolId'] as const;

function validateSearch(raw: Record<string, unknown>): SheetSearch {
  const search = {} as SheetSearch;
  for (const field of ID_FIELDS) {
    const id = Number(raw[field]);
    if (!Number.isInteger(id) || id < 1) throw new Error(`${field} must be an id`);
    search[field] = id;
  }
  return search;
}

/** The judge logged in on this device: the stored session's user. */
function storedJudgeId(): number | null {
  const stored = localStorage.getItem('judging.session');
  if (!stored) return null;
  const session = JSON.parse(stored) as { user?: { userId?: number } };
  return session.user?.userId ?? null;
}

const SHEET_KINDS = ['subsection', 'penalty', 'disqualification'] as const;

/** The event's record, the sheet's cells and the queued edits of its cells, as the app reads them. */
async function readSheet(search: SheetSearch) {
  if (storedJudgeId() !== search.judgeId) throw new Error('Not this judge’s sheet');
  const { judgeId, eventId, categoryId, sectionId, schoolId } = search;
  const [eventData, cells, edits] = await Promise.all([
    db.eventData.get([judgeId, eventId]),
    db.cells
      .where('[judgeId+categoryId+sectionId+schoolId]')
      .equals([judgeId, categoryId, sectionId, schoolId])
      .toArray(),
    Promise.all(
      SHEET_KINDS.map((kind) => {
        const prefix = `${kind}:${judgeId}:${categoryId}:${sectionId}:${schoolId}:`;
        return db.outbox
          .where('[cellKey+seq]')
          .between([prefix, Dexie.minKey], [`${prefix}\uffff`, Dexie.maxKey])
          .toArray();
      }),
    ),
  ]);
  const category = eventData?.categories.find((item) => item.categoryId === categoryId);
  return {
    school: category?.schools.find((item) => item.schoolId === schoolId),
    section: category?.sections.find((item) => item.sectionId === sectionId),
    cells: new Map(cells.map((cell) => [`${cell.kind}:${cell.itemId}`, cell])),
    queued: new Set(edits.flat().map((edit) => edit.cellKey)),
  };
}

const score = (value: number) => value.toFixed(2);

// A choice as the app draws it: a plain button with Mantine's UnstyledButton classes.
const choiceClassName = UnstyledButton.classes.root;
const choiceStyle = { minWidth: 44, minHeight: 44 };

function Choices({ name, max, value }: { name: string; max: number; value: number | null }) {
  const wholes = Array.from({ length: Math.floor(max) }, (_, index) => index + 1);
  return (
    <Stack gap={6}>
      <Group gap={4} role="radiogroup" aria-label={`${name}: points`}>
        {wholes.map((whole) => (
          <button
            key={whole}
            type="button"
            role="radio"
            aria-checked={value !== null && Math.floor(value) === whole}
            className={choiceClassName}
            style={choiceStyle}
          >
            {whole}
          </button>
        ))}
      </Group>
      <Group gap="xs" role="radiogroup" aria-label={`${name}: quarter points`}>
        {[0, 0.25, 0.5, 0.75].map((quarter) => (
          <button
            key={quarter}
            type="button"
            role="radio"
            aria-checked={false}
            disabled={value === null}
            className={choiceClassName}
            style={choiceStyle}
          >
            +{quarter}
          </button>
        ))}
      </Group>
    </Stack>
  );
}

function Sheet({ sheet }: { sheet: Awaited<ReturnType<typeof readSheet>> }) {
  const { school, section, cells } = sheet;
  if (!school || !section) return <Text>This sheet is not one of yours.</Text>;
  const total = section.subsections.reduce(
    (sum, item) => sum + (cells.get(`subsection:${item.subsectionId}`)?.value ?? 0),
    0,
  );
  const applied = (heading: string, noun: string, items: { id: number; name: string }[]) => (
    <Stack gap="xs" component="section">
      <Group justify="space-between">
        <Title order={3}>{heading}</Title>
        <NativeSelect aria-label={`Add a ${noun}`} value="" onChange={() => undefined} size="md" w={280}>
          <option value="" disabled>
            {`Add a ${noun}`}
          </option>
          {items.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </NativeSelect>
      </Group>
      <Text c="dimmed" size="sm">
        No {heading.toLowerCase()} applied.
      </Text>
    </Stack>
  );
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>{school.schoolName}</Title>
        <Title order={2}>{section.sectionName}</Title>
        <Paper withBorder p="md" role="group" aria-label="Running total">
          <Text>
            Sheet total: <strong>{score(total)}</strong>
          </Text>
        </Paper>
        <Stack gap="xs" component="section">
          <Title order={3}>Criteria</Title>
          <Paper withBorder>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subsection: tap its score</Table.Th>
                  <Table.Th>Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.subsections.map((item) => {
                  const value = cells.get(`subsection:${item.subsectionId}`)?.value ?? null;
                  return (
                    <Table.Tr key={item.subsectionId} aria-label={item.subsectionName}>
                      <Table.Td>
                        <Text fw={600}>
                          {item.subsectionName}{' '}
                          <Text span size="xs">
                            max {score(item.subsectionMaxScore)}
                          </Text>
                        </Text>
                        {item.subsectionDescription && <Text size="sm">{item.subsectionDescription}</Text>}
                        <Choices name={item.subsectionName} max={item.subsectionMaxScore} value={value} />
                      </Table.Td>
                      <Table.Td>
                        <Text fz={28} fw={700}>
                          {value === null ? 'not scored' : score(value)}
                        </Text>
                        <Button size="sm" variant="default">
                          Comments &amp; photo
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
        </Stack>
        {applied(
          'Penalties',
          'penalty',
          section.penalties.map((item) => ({ id: item.penaltyId, name: item.penaltyName })),
        )}
        {applied(
          'Disqualifications',
          'disqualification',
          section.disqualifications.map((item) => ({ id: item.disqualificationId, name: item.disqualificationName })),
        )}
        <Group justify="flex-end">
          <Button size="lg">Done</Button>
        </Group>
      </Stack>
    </Container>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <MantineProvider>
      <Outlet />
    </MantineProvider>
  ),
});
const sheetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'school-scoring',
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => readSheet(deps),
  component: function SchoolScoring() {
    return <Sheet sheet={sheetRoute.useLoaderData()} />;
  },
});
const router = createRouter({ routeTree: rootRoute.addChildren([sheetRoute]) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
