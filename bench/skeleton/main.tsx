// The bare reference of the first-visit benchmarks (bench/web.bench.ts, bench/cold-start.bench.ts):
// React 19, Mantine with the components a scoring screen is made of, a Dexie store, a service
// worker registered through workbox-window, and TanStack Router, as the app does (the fixed stack
// requires the router: issue 41 measures against the skeleton with it), and nothing of the app.
import '@mantine/core/styles.css';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  MantineProvider,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Outlet, RouterProvider, createRootRoute, createRoute, createRouter, useSearch } from '@tanstack/react-router';
import Dexie, { type EntityTable } from 'dexie';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';

interface Score {
  key: string;
  value: number;
}

const db = new Dexie('skeleton') as Dexie & { scores: EntityTable<Score, 'key'> };
db.version(1).stores({ scores: 'key' });

function Skeleton() {
  const { key } = useSearch({ strict: false });
  const [scores, setScores] = useState<Score[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    void db.scores.toArray().then(setScores);
  }, []);
  const save = async (value: number) => {
    await db.scores.put({ key: 'one', value });
    setScores(await db.scores.toArray());
  };
  return (
    <Container>
      <Stack>
        <Title>Skeleton</Title>
        {key && <Text>{key}</Text>}
        <Alert title="Offline">Ready.</Alert>
        <Paper withBorder p="md">
          <Group>
            <TextInput label="Name" />
            <NumberInput label="Score" onChange={(value) => void save(Number(value))} />
            <Select label="Pick" data={['a', 'b']} />
            <Textarea label="Comments" />
            <Badge>{scores.length}</Badge>
            <Button onClick={() => setIsOpen(true)}>Open</Button>
          </Group>
        </Paper>
        <Table>
          <Table.Tbody>
            {scores.map((score) => (
              <Table.Tr key={score.key}>
                <Table.Td>{score.key}</Table.Td>
                <Table.Td>{score.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Modal opened={isOpen} onClose={() => setIsOpen(false)} title="Modal">
          <Text>Hello</Text>
        </Modal>
      </Stack>
    </Container>
  );
}

if ('serviceWorker' in navigator) void new Workbox('/sw.js').register();

// A root, the page and every other path (the server answers index.html for any), each with a
// search check as the app's routes have.
const rootRoute = createRootRoute({
  component: () => (
    <MantineProvider>
      <Outlet />
    </MantineProvider>
  ),
});
const validateSearch = (raw: Record<string, unknown>): { key?: string } =>
  typeof raw.key === 'string' ? { key: raw.key } : {};
const router = createRouter({
  routeTree: rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: Skeleton, validateSearch }),
    createRoute({ getParentRoute: () => rootRoute, path: '$', component: Skeleton, validateSearch }),
  ]),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
