import { Image, Modal, Stack, Text } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { linkTo } from '../api/link-api.ts';
import { deviceDb } from '../offline/device.ts';
import { readPhoto } from '../offline/photo-store.ts';
import { formatShortDateTime } from '../support/date-format.ts';

/**
 * Shows a score's photo: from this tablet when it was taken here (with the time it was taken),
 * else from the server (online), through a one-minute link ticket for the photo's path.
 */
export const ShowImageModal = memo(function ShowImageModal({
  opened,
  onClose,
  title,
  sha256,
  serverPath,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  sha256: string | null;
  serverPath: string | null;
}) {
  const [source, setSource] = useState<{
    sha256: string;
    url: string | null;
    capturedAt: string | null;
    hasFailed?: boolean;
  } | null>(null);
  useEffect(() => {
    if (!opened || !sha256) return;
    let objectUrl: string | null = null;
    let isCurrent = true;
    void (async () => {
      const photo = await readPhoto(deviceDb, sha256);
      if (!isCurrent) return;
      if (photo) {
        objectUrl = URL.createObjectURL(photo.blob);
        setSource({ sha256, url: objectUrl, capturedAt: photo.capturedAt });
        return;
      }
      if (!serverPath || !navigator.onLine) {
        setSource({ sha256, url: null, capturedAt: null });
        return;
      }
      const url = await linkTo(serverPath).catch(() => null);
      if (isCurrent) setSource({ sha256, url, capturedAt: null, hasFailed: url === null });
    })();
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [opened, sha256, serverPath]);
  const shown = source && source.sha256 === sha256 ? source : null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      {shown?.url ? (
        <Stack gap="xs">
          <Image src={shown.url} alt={title} radius="md" fit="contain" mah="70vh" />
          {shown.capturedAt && (
            <Text size="sm" c="dimmed">
              Taken {formatShortDateTime(shown.capturedAt)}
            </Text>
          )}
        </Stack>
      ) : (
        <Text>
          {shown?.hasFailed
            ? 'The photo could not be loaded from the server; try again in a moment.'
            : navigator.onLine
              ? 'Loading the photo…'
              : 'This photo is on the server; it shows when the tablet is online.'}
        </Text>
      )}
    </Modal>
  );
});
