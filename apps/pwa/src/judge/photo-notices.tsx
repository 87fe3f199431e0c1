// The judge's photos the server did not take as they were sent (offline/photo-upload.ts): one
// it will never take from this judge (its edits went without it: listed in "needs attention"
// until dismissed), and ones it said "not now" to (a line on the sync bar until they go).
import { Button, Paper, Stack, Text } from '@mantine/core';
import { deviceDb } from '../offline/device.ts';
import { dismissRefusedPhoto, listRefusedPhotoNotices, type RefusedPhotoNotice } from '../offline/photo-refusals.ts';
import { useLiveQuery } from '../offline/use-live-query.ts';
import { formatShortDateTime } from '../support/date-format.ts';

/** The judge's refused-photo notices, live. */
export function useRefusedPhotos(judgeId: number): RefusedPhotoNotice[] | undefined {
  return useLiveQuery(() => listRefusedPhotoNotices(deviceDb, judgeId), [judgeId]);
}

/** The judge's photos waiting for the server's "not now" to pass (no bytes: only what the line says). */
function useWaitingPhotos(judgeId: number): { retryAt: string; reason: string }[] | undefined {
  return useLiveQuery(async () => {
    const rows = await deviceDb.photos.where('[judgeId+awaitingUpload]').equals([judgeId, 1]).toArray();
    return rows.flatMap((row) =>
      row.retryAt ? [{ retryAt: row.retryAt, reason: row.waitReason ?? 'The server asked to send it later.' }] : [],
    );
  }, [judgeId]);
}

/** "2 photos wait: <the server's words> Next try after 3 Mar, 09:00." while any waits. */
export function WaitingPhotosLine({ judgeId }: { judgeId: number }) {
  const waiting = useWaitingPhotos(judgeId) ?? [];
  if (waiting.length === 0) return null;
  const first = waiting.reduce((soonest, photo) => (photo.retryAt < soonest.retryAt ? photo : soonest));
  return (
    <Text size="sm" c="orange.9" data-testid="waiting-photos">
      {waiting.length === 1 ? '1 photo waits' : `${waiting.length} photos wait`}: {first.reason} Next try after{' '}
      {formatShortDateTime(first.retryAt)}. The edit it belongs to waits with it; everything else is sent.
    </Text>
  );
}

/** The refused photos in "needs attention": what they were for, the server's reason, and a dismiss. */
export function RefusedPhotosList({ judgeId, notices }: { judgeId: number; notices: readonly RefusedPhotoNotice[] }) {
  return (
    <>
      {notices.map((notice) => (
        <Paper key={notice.sha256} withBorder p="sm" radius="md" role="group" aria-label="Photo not accepted">
          <Stack gap={4}>
            <Text fw={600}>Photo not accepted{notice.labels.length > 0 ? `: ${notice.labels.join(', ')}` : ''}</Text>
            <Text size="sm" c="red.8">
              {notice.reason}
            </Text>
            <Text size="sm">The edit was sent without the photo. The photo stays on this tablet.</Text>
            <Text size="xs" c="dimmed">
              Refused {formatShortDateTime(notice.refusedAt)} · photo_not_allowed
            </Text>
            <Button
              size="sm"
              variant="default"
              mt={4}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => void dismissRefusedPhoto(deviceDb, judgeId, notice.sha256)}
            >
              Dismiss
            </Button>
          </Stack>
        </Paper>
      ))}
    </>
  );
}
