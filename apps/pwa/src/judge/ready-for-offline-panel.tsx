import { Alert, Button, Group, Paper, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { syncRunner } from '../offline/device.ts';
import { installApp, useInstallOffer } from '../pwa/install-prompt.ts';
import { repairPrecache, useOfflineCheck } from '../pwa/offline-check.ts';
import { readinessAdvice } from '../pwa/offline-readiness.ts';
import { useJudgeSession } from '../session/session-context.tsx';
import type { JudgeEventSnapshot } from './judge-event-source.ts';
import { ReadinessChecks, type StorageState } from './readiness-checks.tsx';
import classes from './ready-for-offline-panel.module.css';

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

/** The line the panel becomes once the tablet is ready: all it shows until tapped. */
export const READY_LINE = 'Ready to judge offline ✓';

/**
 * "Ready for offline": the app installed in the browser with all its files, the event and the
 * photos on this tablet (offline-readiness.ts). Until all hold, the panel lists each check with
 * what is missing; once they hold it is one line, with a count of the advice that applies
 * (storage, free space, the login) and the checks on tap, so it no longer fills the first screen.
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
  const [isOpen, setIsOpen] = useState(false);
  const lineId = useId();
  const detailsId = useId();

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

  const checks = (
    <ReadinessChecks
      offline={offline}
      eventData={eventData}
      storage={storage}
      install={install}
      onInstall={() => void askInstall()}
      login={{ expiresAt, isExpired, isTokenValid }}
    />
  );
  const refreshButton = (
    <Button variant="default" onClick={() => void refresh()} loading={isRefreshing}>
      Refresh now
    </Button>
  );

  // One live region across the panel's three shapes, so a screen reader hears the verdict change.
  const announced = (
    <VisuallyHidden role="status" aria-live="polite">
      {offline.worker === null
        ? 'Checking whether this tablet is ready to judge offline.'
        : offline.isReady
          ? 'This tablet is ready to judge offline.'
          : 'This tablet is not ready for offline yet.'}
    </VisuallyHidden>
  );

  // The first read takes a moment: a line of the ready line's height meanwhile, so the page below
  // does not jump up as a full panel of "checking…" folds away.
  if (offline.worker === null) {
    return (
      <>
        {announced}
        <Paper withBorder radius="md" component="section" aria-label="Ready for offline">
          <div data-testid="offline-verdict" data-ready="checking">
            <Text className={classes.readyLine} c="dimmed">
              Checking whether this tablet is ready to judge offline…
            </Text>
          </div>
        </Paper>
      </>
    );
  }

  if (offline.isReady) {
    const tips = readinessAdvice({
      isPersisted: storage.isPersisted,
      freeBytes: storage.freeBytes,
      isLoginValidThroughEvent: isTokenValid,
    }).length;
    return (
      <>
        {announced}
        <Paper withBorder radius="md" component="section" aria-labelledby={lineId}>
          <div data-testid="offline-verdict" data-ready>
            <UnstyledButton
              id={lineId}
              className={classes.readyLine}
              aria-expanded={isOpen}
              aria-controls={detailsId}
              onClick={() => setIsOpen((open) => !open)}
            >
              <Text span fw={700}>
                {READY_LINE}
              </Text>
              {tips > 0 && (
                <Text span size="sm" fw={600}>
                  · {tips === 1 ? '1 tip' : `${tips} tips`}
                </Text>
              )}
              <Text span size="sm" c="dimmed" ml="auto">
                {isOpen ? 'Hide details' : 'Details'}
              </Text>
            </UnstyledButton>
          </div>
          <div id={detailsId}>
            {isOpen && (
              <Stack gap="sm" px="md" pb="md">
                {checks}
                <Group justify="flex-end">{refreshButton}</Group>
              </Stack>
            )}
          </div>
        </Paper>
      </>
    );
  }

  return (
    <>
      {announced}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="offline-ready-heading">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3" id="offline-ready-heading">
              Ready for offline
            </Title>
            {refreshButton}
          </Group>
          <div data-testid="offline-verdict" data-ready={false}>
            <Alert color="orange" variant="light" p="xs">
              {/* The body's own colour: orange text on the orange alert reads 4.3:1, under AA. */}
              <Text fw={700}>Not ready for offline yet: stay online until the red items below are done</Text>
            </Alert>
          </div>
          {checks}
        </Stack>
      </Paper>
    </>
  );
}
