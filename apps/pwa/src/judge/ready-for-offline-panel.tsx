import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { requestPersistentStorage, syncRunner } from '../offline/device.ts';
import { useJudgeSession } from '../session/session-context.tsx';
import type { JudgeEventSnapshot } from './judge-event-source.ts';
import { formatBytes, formatDateTime } from './judge-format.ts';

interface StorageState {
  isPersisted: boolean | null;
  freeBytes: number | null;
}

async function readStorageState(): Promise<StorageState> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const isPersisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  const freeBytes =
    estimate?.quota !== undefined && estimate.usage !== undefined ? Math.max(0, estimate.quota - estimate.usage) : null;
  return { isPersisted, freeBytes };
}

function useStorageState(): [StorageState, () => Promise<void>] {
  const [state, setState] = useState<StorageState>({ isPersisted: null, freeBytes: null });
  useEffect(() => {
    let isCurrent = true;
    void readStorageState().then((next) => {
      if (isCurrent) setState(next);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return [state, async () => setState(await readStorageState())];
}

/** The end of the event's last day, in the tablet's time zone. */
function eventEndMs(endDate: string): number {
  const end = new Date(`${endDate}T23:59:59`);
  return end.getTime();
}

function Check({ isOk, children }: { isOk: boolean | null; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={26} radius="xl" color={isOk ? 'basil.7' : isOk === null ? 'gray.6' : 'red.7'} aria-hidden>
          {isOk ? '✓' : isOk === null ? '?' : '!'}
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}

/** "Ready for offline": the event downloaded (and when), storage persisted, free space, and a login that lasts the event. */
export function ReadyForOfflinePanel({ snapshot }: { snapshot: JudgeEventSnapshot }) {
  const { session, isExpired } = useJudgeSession();
  const [storage, rereadStorage] = useStorageState();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const { eventData } = snapshot;
  const expiresAt = session?.expiresAt ?? null;
  const isTokenValid = expiresAt === null ? null : Date.parse(expiresAt) >= eventEndMs(eventData.event.eventEndDate);

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await syncRunner.requestSync('refresh');
      await syncRunner.downloadEvent(eventData.judgeId, eventData.eventId);
      showAlert({ type: AlertType.Success, message: 'Event data refreshed.' });
    } catch {
      showAlert({ type: AlertType.Warning, message: 'No connection: the data on this tablet is kept as it is.' });
    } finally {
      setIsRefreshing(false);
    }
  };

  const askPersist = async () => {
    await requestPersistentStorage();
    await rereadStorage();
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="offline-ready-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="offline-ready-heading">
            Ready for offline
          </Title>
          <Button variant="default" onClick={() => void refresh()} loading={isRefreshing}>
            Refresh now
          </Button>
        </Group>
        <List spacing="xs" center>
          <Check isOk>
            <Text span fw={600}>
              Data downloaded
            </Text>{' '}
            {formatDateTime(eventData.downloadedAt)}; last refreshed{' '}
            <Text span data-testid="last-refreshed">
              {formatDateTime(eventData.refreshedAt)}
            </Text>
          </Check>
          <Check isOk={storage.isPersisted}>
            <Group gap="xs">
              <Text span>
                <Text span fw={600}>
                  Storage
                </Text>{' '}
                {storage.isPersisted
                  ? 'persisted (the browser will not clear it)'
                  : storage.isPersisted === null
                    ? 'unknown'
                    : 'not persisted yet'}
              </Text>
              {storage.isPersisted === false && (
                <Button size="xs" variant="light" onClick={() => void askPersist()}>
                  Ask again
                </Button>
              )}
            </Group>
          </Check>
          <Check isOk={storage.freeBytes === null ? null : storage.freeBytes > 50 * 1024 * 1024}>
            <Text span fw={600}>
              Free space
            </Text>{' '}
            {storage.freeBytes === null ? 'unknown' : formatBytes(storage.freeBytes)}
          </Check>
          <Check isOk={isTokenValid}>
            <Text span fw={600}>
              Login
            </Text>{' '}
            {expiresAt === null
              ? 'unknown'
              : isExpired
                ? `ended ${formatDateTime(expiresAt)}: keep scoring here, and log in again once online to send your scores`
                : isTokenValid
                  ? `valid through the event (until ${formatDateTime(expiresAt)})`
                  : `expires ${formatDateTime(expiresAt)}, before the event ends: log in again on the event day while online`}
          </Check>
        </List>
      </Stack>
    </Paper>
  );
}
