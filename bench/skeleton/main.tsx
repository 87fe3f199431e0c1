// The bare reference of the JS-size benchmark (bench/web.bench.ts): React 19, Mantine with the
// components a scoring screen is made of, a Dexie store, and a service worker registered
// through workbox-window, as the app does, and nothing of the app itself.
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <Skeleton />
    </MantineProvider>
  </StrictMode>,
);
