import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import classes from './update-banner.module.css';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Offers a new app version; it is applied only when the user taps, never under a judge
 * in the middle of a score sheet. Checks on start, on return to the foreground and hourly.
 */
export function UpdateBanner() {
  const registrationRef = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_scriptUrl, registration) {
      registrationRef.current = registration;
    },
  });

  useEffect(() => {
    const checkForUpdate = () => {
      if (navigator.onLine) registrationRef.current?.update().catch(() => undefined);
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') checkForUpdate();
    };
    const timer = setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);

  if (!needRefresh) return null;
  return (
    <Paper
      className={classes.banner}
      role="region"
      aria-label="App update"
      shadow="lg"
      p="md"
      withBorder
      pos="fixed"
      bottom="calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))"
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 350, width: 'min(34rem, calc(100vw - 2rem))' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text fw={500}>A new version of the app is ready.</Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
          <Button onClick={() => void updateServiceWorker(true)}>Update now</Button>
        </Group>
      </Group>
    </Paper>
  );
}
