import { Alert, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { syncRunner } from '../offline/device.ts';
import { installApp, useInstallOffer } from '../pwa/install-prompt.ts';
import { repairPrecache, useOfflineCheck } from '../pwa/offline-check.ts';
import { WorkerState } from '../pwa/offline-readiness.ts';
import { useJudgeSession } from '../session/session-context.tsx';
import type { JudgeEventSnapshot } from './judge-event-source.ts';
import { formatBytes } from './judge-format.ts';
import { formatShortDateTime } from '../support/date-format.ts';

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

/** A check's mark: done, not (yet) done, unknown, or advice that does not stop offline judging. */
type Mark = boolean | null | 'advice';

function Check({ isOk, children }: { isOk: Mark; children: ReactNode }) {
  const [color, symbol] =
    isOk === 'advice' ? ['orange.8', 'i'] : isOk ? ['basil.7', '✓'] : isOk === null ? ['gray.6', '?'] : ['red.7', '!'];
  return (
    <List.Item
      icon={
        <ThemeIcon size={26} radius="xl" color={color} aria-hidden>
          {symbol}
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}

function workerLine(worker: WorkerState | null): string {
  if (worker === WorkerState.Active) return 'installed in this browser: it opens without a network';
  if (worker === WorkerState.Unsupported) {
    return 'this browser cannot keep the app for offline use: use Chrome, Edge or Safari, not a private window';
  }
  return 'still downloading for offline use: keep this page open and online';
}

/**
 * "Ready for offline": the app installed in the browser with all its files, the event and the
 * photos on this tablet; one line says when all hold (offline-readiness.ts). Storage, free space
 * and the login are advice beside it, with what the judge can do about each.
 */
export function ReadyForOfflinePanel({ snapshot }: { snapshot: JudgeEventSnapshot }) {
  const { session, isExpired } = useJudgeSession();
  const [storage, rereadStorage] = useStorageState();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const offline = useOfflineCheck(snapshot.cells, true);
  const install = useInstallOffer();
  const { eventData } = snapshot;
  const expiresAt = session?.expiresAt ?? null;
  const isTokenValid = expiresAt === null ? null : Date.parse(expiresAt) >= eventEndMs(eventData.event.eventEndDate);
  const precache = offline.precache;

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await syncRunner.requestSync('refresh');
      await syncRunner.downloadEvent(eventData.judgeId, eventData.eventId);
      const isAppComplete = await repairPrecache();
      showAlert(
        isAppComplete
          ? { type: AlertType.Success, message: 'Event data refreshed.' }
          : { type: AlertType.Warning, message: 'Event data refreshed; some app files could not be downloaded yet.' },
      );
    } catch {
      showAlert({ type: AlertType.Warning, message: 'No connection: the data on this tablet is kept as it is.' });
    } finally {
      setIsRefreshing(false);
      await Promise.all([offline.recheck(), rereadStorage()]);
    }
  };

  const askInstall = async () => {
    await installApp();
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
        <div role="status" aria-live="polite" data-testid="offline-verdict" data-ready={offline.isReady}>
          {offline.isReady ? (
            <Text fw={700} p="xs">
              ✓ This tablet is ready to judge offline
            </Text>
          ) : (
            <Alert color="orange" variant="light" p="xs">
              {/* The body's own colour: orange text on the orange alert reads 4.3:1, under AA. */}
              <Text fw={700}>Not ready for offline yet: stay online until the red items below are done</Text>
            </Alert>
          )}
        </div>
        <List spacing="xs" center>
          <Check isOk={offline.worker === null ? null : offline.worker === WorkerState.Active}>
            <Text span fw={600}>
              App
            </Text>{' '}
            <Text span data-testid="offline-worker">
              {offline.worker === null ? 'checking…' : workerLine(offline.worker)}
            </Text>
          </Check>
          <Check
            isOk={precache === null ? (offline.worker === WorkerState.Active ? null : false) : precache.missing === 0}
          >
            <Text span fw={600}>
              App files
            </Text>{' '}
            <Text span data-testid="offline-files">
              {precache === null
                ? offline.worker === WorkerState.Active
                  ? 'checking…'
                  : 'not on this tablet yet'
                : precache.missing === 0
                  ? `all ${precache.expected} on this tablet`
                  : `${precache.missing} of ${precache.expected} missing: press Refresh now while online`}
            </Text>
          </Check>
          <Check isOk>
            <Text span fw={600}>
              Data downloaded
            </Text>{' '}
            {formatShortDateTime(eventData.downloadedAt)}; last refreshed{' '}
            <Text span data-testid="last-refreshed">
              {formatShortDateTime(eventData.refreshedAt)}
            </Text>
          </Check>
          <Check isOk={offline.photos === null ? null : offline.photos.missingUnsent === 0}>
            <Text span fw={600}>
              Photos
            </Text>{' '}
            {offline.photos === null
              ? 'checking…'
              : offline.photos.missingUnsent > 0
                ? `${offline.photos.missingUnsent} photo(s) of unsent scores are missing from this tablet`
                : offline.photos.referenced === 0
                  ? 'none taken yet'
                  : offline.photos.onlineOnly > 0
                    ? `on this tablet, except ${offline.photos.onlineOnly} taken on another device (they open only online)`
                    : `all ${offline.photos.referenced} on this tablet`}
          </Check>
          <Check isOk={storage.isPersisted === false ? 'advice' : storage.isPersisted}>
            <Stack gap={6}>
              <Text span>
                <Text span fw={600}>
                  Storage
                </Text>{' '}
                {storage.isPersisted
                  ? 'kept: the browser will not clear this tablet’s scores'
                  : storage.isPersisted === null
                    ? 'unknown'
                    : install.isInstalled
                      ? 'the browser may clear unsent scores when space runs low: send them when you can'
                      : 'the browser may clear this tablet’s data when space runs low. Install the app on the home screen: an installed app keeps its data.'}
              </Text>
              {!install.isInstalled && install.canInstall && (
                <Group gap="xs">
                  <Button size="sm" onClick={() => void askInstall()}>
                    Install the app
                  </Button>
                  <Text size="sm" c="dimmed">
                    It then opens from its icon on the home screen, like any app.
                  </Text>
                </Group>
              )}
              {!install.isInstalled && !install.canInstall && storage.isPersisted === false && (
                <Text size="sm" c="dimmed">
                  Chrome or Edge: menu ⋮ → Install app (or Add to Home screen). iPad Safari: Share → Add to Home Screen.
                  Then open the app from its icon and log in there.
                </Text>
              )}
            </Stack>
          </Check>
          <Check isOk={storage.freeBytes === null ? null : storage.freeBytes > 50 * 1024 * 1024 ? true : 'advice'}>
            <Text span fw={600}>
              Free space
            </Text>{' '}
            {storage.freeBytes === null ? 'unknown' : formatBytes(storage.freeBytes)}
          </Check>
          <Check isOk={isTokenValid === false ? 'advice' : isTokenValid}>
            <Text span fw={600}>
              Login
            </Text>{' '}
            {expiresAt === null
              ? 'unknown'
              : isExpired
                ? `ended ${formatShortDateTime(expiresAt)}: keep scoring here, and log in again once online to send your scores`
                : isTokenValid
                  ? `valid through the event (until ${formatShortDateTime(expiresAt)})`
                  : `expires ${formatShortDateTime(expiresAt)}, before the event ends: log in again on the event day while online`}
          </Check>
        </List>
      </Stack>
    </Paper>
  );
}
