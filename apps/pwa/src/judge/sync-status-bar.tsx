import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, type MantineColor } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { memo, useEffect, useState, useSyncExternalStore } from 'react';
import { DeviceRejectionCode } from '../offline/device-db.ts';
import { deviceDb, syncRunner } from '../offline/device.ts';
import type { SyncStatus } from '../offline/sync-runner.ts';
import { discardRejected, retryRejected } from '../offline/outbox-acks.ts';
import { useJudgeSession, useSession } from '../session/session-context.tsx';
import { useRejectedRows } from './judge-event-source.ts';
import { formatShortDateTime } from '../support/date-format.ts';
import { useOutboxCount } from './use-outbox-count.ts';
import { RefusedPhotosList, WaitingPhotosLine, useRefusedPhotos } from './photo-notices.tsx';
import { syncNotes } from './sync-note.ts';
import { SyncTone, connectionLabel, lastSyncLine, queueLine, syncButtonLabel, type SyncLine } from './sync-wording.ts';

/** Success green only for what the server has; the warning in a dark orange that reads on white. */
const TONE_COLOR: Record<SyncTone, MantineColor | undefined> = {
  [SyncTone.Sent]: 'basil.8',
  [SyncTone.Neutral]: undefined,
  [SyncTone.Warning]: 'orange.9',
};

/**
 * Always on the judge screens: whether the server answers (not only whether there is a
 * network), the changes still on this tablet, edits that need attention, and the last
 * successful sync; for a moment after a save, where that change is. A refused token pauses
 * sending until the judge logs in again; nothing is lost meanwhile.
 */
export const SyncStatusBar = memo(function SyncStatusBar({ judgeId }: { judgeId: number }) {
  const status = useSyncExternalStore(syncRunner.subscribe, syncRunner.getStatus);
  const stickyTop = useStickyHeaderHeight();
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  const navigate = useNavigate();
  const { signOut } = useSession();
  const { isExpired } = useJudgeSession();
  const syncButton = syncButtonLabel(status.isSyncing, status.connection);

  const logInAgain = () => {
    // The queue stays on the tablet under this judge; it drains after they log in again. An
    // expired login is kept until then, so the judge can still go back to scoring offline.
    if (!isExpired) signOut();
    void navigate({ to: '/login' });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="region"
      aria-label="Sync status"
      data-sync-bar
      // Sticks just below the app's sticky header (never under it) and above the page, so
      // online/offline and what waits to be sent stay in view at every scroll position.
      style={{ position: 'sticky', top: stickyTop, zIndex: 150, boxShadow: 'var(--mantine-shadow-xs)' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Badge
              size="lg"
              color={status.isOnline ? 'blue.8' : 'gray.7'}
              variant="filled"
              data-testid="connection-badge"
            >
              {connectionLabel(status.connection)}
            </Badge>
            <QueueLine judgeId={judgeId} connection={status.connection} />
          </Group>
          <Group gap="xs">
            <NeedsAttentionButton judgeId={judgeId} onOpen={() => setIsDetailsOpen(true)} />
            {/* No spinner while syncing: the count going down shows the progress, and a spinner
                keeps the tablet drawing frames for as long as a sync lasts (on a slow uplink,
                minutes): it cost a tenth of the tablet's work in the drain benchmark. */}
            <Button
              variant="default"
              size="sm"
              disabled={syncButton.isBusy}
              aria-busy={syncButton.isBusy}
              data-testid="sync-button"
              onClick={() => void syncRunner.syncNow()}
            >
              {syncButton.text}
            </Button>
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {lastSyncLine(status.lastSyncAt ? formatShortDateTime(status.lastSyncAt) : null)}
          </Text>
          <SyncNoteLine judgeId={judgeId} />
        </Group>
        <WaitingPhotosLine judgeId={judgeId} />
        {status.needsLogin && (
          <Alert color="yellow" variant="light" title="Log in again to send your scores">
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                Your session has ended. <StaysOnTablet judgeId={judgeId} /> and are sent once you log in again
                {isExpired ? '; until then you can keep scoring here' : ''}.
              </Text>
              <Button size="sm" onClick={logInAgain}>
                Log in again
              </Button>
            </Group>
          </Alert>
        )}
        {status.needsUpdate && (
          <Alert color="yellow" variant="light" title="Update the app">
            {status.lastError}
          </Alert>
        )}
      </Stack>
      {isDetailsOpen && <NeedsAttentionModal judgeId={judgeId} onClose={() => setIsDetailsOpen(false)} />}
    </Paper>
  );
});

/**
 * The height of the app's sticky header (the page's `header` element), followed as it changes
 * (a safe-area inset, a wrapped line): the bar's sticky offset. The observer reports it once the
 * page is laid out, so the page's first render forces no layout of its own; until then the offset
 * is 0, which at the top of the page, where a screen opens, changes nothing.
 */
function useStickyHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector('body header');
    if (!header) return;
    const measure = () => setHeight(header.getBoundingClientRect().height);
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

// The counts are shown by these small components alone (see use-outbox-count.ts): a synced batch
// re-renders a number, not the bar.

function QueueLine({ judgeId, connection }: { judgeId: number; connection: SyncStatus['connection'] }) {
  const pending = useOutboxCount(judgeId, 'pending');
  const rejected = useOutboxCount(judgeId, 'rejected');
  return <ToneText line={queueLine(connection, pending, rejected)} testId="pending-count" />;
}

function ToneText({ line, testId }: { line: SyncLine; testId?: string }) {
  return (
    <Text size="sm" fw={600} c={TONE_COLOR[line.tone]} data-testid={testId} data-tone={line.tone}>
      {line.text}
    </Text>
  );
}

/**
 * Where the judge's last change is, for a moment after it (sync-note.ts). A note that the
 * change is only on this tablet goes once the queue it joined is empty again: the line beside
 * it then says "All sent", and the note would no longer be true.
 */
function SyncNoteLine({ judgeId }: { judgeId: number }) {
  const note = useSyncExternalStore(syncNotes.subscribe, syncNotes.getNote);
  const pending = useOutboxCount(judgeId, 'pending');
  // The note whose change was seen waiting (the count read after the save may come a moment later).
  const [seenWaiting, setSeenWaiting] = useState<number | null>(null);
  if (note && pending !== undefined && pending > 0 && seenWaiting !== note.id) setSeenWaiting(note.id);
  const isOutdated = note !== null && note.tone !== SyncTone.Sent && seenWaiting === note.id && pending === 0;
  return (
    <div role="status" aria-live="polite" aria-label="Last change">
      {note && !isOutdated && <ToneText key={note.id} line={note} testId="sync-note" />}
    </div>
  );
}

function NeedsAttentionButton({ judgeId, onOpen }: { judgeId: number; onOpen: () => void }) {
  const rejected = (useOutboxCount(judgeId, 'rejected') ?? 0) + (useRefusedPhotos(judgeId)?.length ?? 0);
  if (rejected === 0) return null;
  return (
    <Button color="red" variant="filled" size="sm" onClick={onOpen}>
      {rejected} need{rejected === 1 ? 's' : ''} attention
    </Button>
  );
}

function StaysOnTablet({ judgeId }: { judgeId: number }) {
  const pending = useOutboxCount(judgeId, 'pending') ?? 0;
  return <>{pending > 0 ? `${pending} saved edits stay on this tablet` : 'Your scores stay on this tablet'}</>;
}

/** The refused edits, read only while the list is open (saving a score need not re-read them). */
function NeedsAttentionModal({ judgeId, onClose }: { judgeId: number; onClose: () => void }) {
  const rows = useRejectedRows(judgeId) ?? [];
  const refusedPhotos = useRefusedPhotos(judgeId) ?? [];
  const [confirmingSeq, setConfirmingSeq] = useState<number | null>(null);

  const retry = async (seq: number, withoutPhoto = false) => {
    await retryRejected(deviceDb, judgeId, seq, new Date().toISOString(), { withoutPhoto });
    syncRunner.notifyWrite();
  };
  const discard = async (seq: number) => {
    await discardRejected(deviceDb, judgeId, seq);
    setConfirmingSeq(null);
    void syncRunner.requestSync('discard');
  };

  return (
    <Modal opened onClose={onClose} title="Needs attention" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          The server refused these edits. They stay on this tablet until you decide. Ask the coordinator to unlock the
          category, then retry; or discard an edit to go back to the server’s value.
        </Text>
        {rows.length === 0 && refusedPhotos.length === 0 && <Text>Nothing needs attention.</Text>}
        <RefusedPhotosList judgeId={judgeId} notices={refusedPhotos} />
        {rows.map((row) => (
          <Paper key={row.seq} withBorder p="sm" radius="md" role="group" aria-label={row.label}>
            <Stack gap={4}>
              <Text fw={600}>{row.label}</Text>
              <Text size="sm" c="red.8">
                {row.lastError ?? 'Refused'}
              </Text>
              <Text size="xs" c="dimmed">
                Saved {formatShortDateTime(row.createdAt)}
                {row.rejectionCode ? ` · ${row.rejectionCode}` : ''}
              </Text>
              <Group gap="xs" mt={4}>
                <Button size="sm" variant="default" onClick={() => row.seq !== undefined && void retry(row.seq)}>
                  Retry
                </Button>
                {row.rejectionCode === DeviceRejectionCode.PhotoRefused && (
                  <Button
                    size="sm"
                    variant="default"
                    onClick={() => row.seq !== undefined && void retry(row.seq, true)}
                  >
                    Send without the photo
                  </Button>
                )}
                {confirmingSeq === row.seq ? (
                  <>
                    <Button size="sm" color="red" onClick={() => row.seq !== undefined && void discard(row.seq)}>
                      Yes, discard this edit
                    </Button>
                    <Button size="sm" variant="subtle" onClick={() => setConfirmingSeq(null)}>
                      Keep it
                    </Button>
                  </>
                ) : (
                  <Button size="sm" color="red" variant="light" onClick={() => setConfirmingSeq(row.seq ?? null)}>
                    Discard
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
