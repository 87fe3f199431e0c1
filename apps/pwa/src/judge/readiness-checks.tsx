// The checks behind "Ready to judge offline": what must hold (the app, its files, the event,
// the photos) and the advice beside it (storage, free space, the login), each with what the
// judge can do about it. The panel shows them while not ready, and on tap once ready.
import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OfflineCheck } from '../pwa/offline-check.ts';
import { LOW_FREE_BYTES, WorkerState } from '../pwa/offline-readiness.ts';
import { formatShortDateTime } from '../support/date-format.ts';
import type { JudgeEventSnapshot } from './judge-event-source.ts';
import { formatBytes } from './judge-format.ts';

export interface StorageState {
  isPersisted: boolean | null;
  freeBytes: number | null;
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

export function ReadinessChecks({
  offline,
  eventData,
  storage,
  install,
  onInstall,
  login,
}: {
  offline: OfflineCheck;
  eventData: JudgeEventSnapshot['eventData'];
  storage: StorageState;
  install: { canInstall: boolean; isInstalled: boolean };
  onInstall: () => void;
  login: { expiresAt: string | null; isExpired: boolean; isTokenValid: boolean | null };
}) {
  const precache = offline.precache;
  const { expiresAt, isExpired, isTokenValid } = login;
  return (
    <List spacing="xs" center>
      <Check isOk={offline.worker === null ? null : offline.worker === WorkerState.Active}>
        <Text span fw={600}>
          App
        </Text>{' '}
        <Text span data-testid="offline-worker">
          {offline.worker === null ? 'checking…' : workerLine(offline.worker)}
        </Text>
      </Check>
      <Check isOk={precache === null ? (offline.worker === WorkerState.Active ? null : false) : precache.missing === 0}>
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
              <Button size="sm" onClick={onInstall}>
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
      <Check isOk={storage.freeBytes === null ? null : storage.freeBytes > LOW_FREE_BYTES ? true : 'advice'}>
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
  );
}
