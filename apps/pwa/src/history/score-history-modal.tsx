// The score history of a judge's work, as a coordinator opens it from the run page (a judge's
// row) or from the view-as-judge sheet (a cell's row, or the sheet): newest first, a page at a
// time, each change with its tablet and server times (history-format.ts).
import type { HistoryEntry, HistoryQuery } from '@judging/shared-types';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getScoreHistory } from '../api/history-api.ts';
import { formatTimeOnDay } from '../support/date-format.ts';
import { describeHistoryEntry } from './history-format.ts';

/** Which changes to show: the event's, narrowed to a judge, a sheet or one cell. */
export interface HistoryTarget {
  eventId: number;
  title: string;
  filter: Omit<HistoryQuery, 'limit' | 'before'>;
}

const PAGE_SIZE = 50;

interface Loaded {
  items: HistoryEntry[];
  nextBefore: number | null;
  error: string | null;
  isLoading: boolean;
}

const initial: Loaded = { items: [], nextBefore: null, error: null, isLoading: true };

/** The modal, open while `target` is set. */
export function ScoreHistoryModal({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.title ?? 'History'} size="lg" centered>
      {target && (
        <HistoryList
          key={`${target.eventId}:${JSON.stringify(target.filter)}`}
          eventId={target.eventId}
          filterKey={JSON.stringify(target.filter)}
          showPlace={target.filter.itemId === undefined}
        />
      )}
    </Modal>
  );
}

/** The filter arrives as its JSON text: a new object with the same filter must not load again. */
function HistoryList({ eventId, filterKey, showPlace }: { eventId: number; filterKey: string; showPlace: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>(initial);
  const [before, setBefore] = useState<number | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    const filter = JSON.parse(filterKey) as HistoryTarget['filter'];
    getScoreHistory(
      eventId,
      { ...filter, limit: PAGE_SIZE, ...(before === undefined ? {} : { before }) },
      controller.signal,
    ).then(
      (page) =>
        setLoaded((previous) => ({
          items: before === undefined ? page.items : [...previous.items, ...page.items],
          nextBefore: page.nextBefore,
          error: null,
          isLoading: false,
        })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setLoaded((previous) => ({ ...previous, error: message, isLoading: false }));
      },
    );
    return () => controller.abort();
  }, [eventId, filterKey, before]);

  return (
    <Stack gap="sm">
      {loaded.error && (
        <Alert color="red" title="The history could not be loaded">
          {loaded.error}
        </Alert>
      )}
      {!loaded.isLoading && loaded.items.length === 0 && !loaded.error && <Text c="dimmed">No changes recorded.</Text>}
      <Stack gap="xs" component="ol" aria-label="Changes, newest first" style={{ listStyle: 'none', padding: 0 }}>
        {loaded.items.map((entry) => (
          <HistoryRow key={entry.historyId} entry={entry} showPlace={showPlace} />
        ))}
      </Stack>
      {loaded.isLoading && <Text size="sm">Loading…</Text>}
      {loaded.nextBefore !== null && !loaded.isLoading && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => {
              setLoaded((previous) => ({ ...previous, isLoading: true }));
              setBefore(loaded.nextBefore ?? undefined);
            }}
          >
            Show older changes
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function HistoryRow({ entry, showPlace }: { entry: HistoryEntry; showPlace: boolean }) {
  const line = describeHistoryEntry(entry, (iso) => formatTimeOnDay(iso));
  const place = [entry.schoolName, entry.sectionName].filter(Boolean).join(' · ');
  return (
    <Paper component="li" withBorder p="xs" radius="sm" data-testid="history-row">
      <Text fw={600}>{line.what}</Text>
      {showPlace && place && (
        <Text size="sm" c="dimmed">
          {place}
        </Text>
      )}
      <Text size="sm">
        {line.when}
        {line.who ? ` · ${line.who}` : ''}
      </Text>
      {line.flags.length > 0 && (
        <Group gap="xs" mt={2}>
          {line.flags.map((flag) => (
            <Text key={flag} size="sm" fw={600} c={flag.startsWith('device clock') ? 'orange.9' : 'gray.7'}>
              {flag}
            </Text>
          ))}
        </Group>
      )}
    </Paper>
  );
}
