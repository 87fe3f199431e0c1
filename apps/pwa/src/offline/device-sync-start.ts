// The device store (Dexie), the outbox and the sync runner are judge code: a visitor on the
// public pages (welcome, login, registration) never downloads them. They are loaded and started
// with the first session of any role, or at once when a judge whose token expired still has
// work on this tablet (the runner keeps that queue for their next login).
import type { SessionStore } from '../session/session-store.ts';

/** Someone is logged in, or a judge's work waits on this device for their next login. */
export function hasSomeoneToSyncFor(sessionStore: SessionStore): boolean {
  return sessionStore.get() !== null || sessionStore.getDeviceJudge() !== null;
}

/** Starts the device's sync as soon as there is someone to sync for; answers a stop for the wait. */
export function startDeviceSyncWhenNeeded(
  sessionStore: SessionStore,
  load: () => Promise<{ startDeviceSync(options?: { loggedInJustNow?: boolean }): void }> = () => import('./device.ts'),
): () => void {
  const start = (loggedInJustNow: boolean) =>
    void load()
      .then((device) => device.startDeviceSync({ loggedInJustNow }))
      .catch((error: unknown) => console.error('Starting the device sync failed', error));
  if (hasSomeoneToSyncFor(sessionStore)) {
    start(false);
    return () => undefined;
  }
  const unsubscribe = sessionStore.subscribe(() => {
    if (!hasSomeoneToSyncFor(sessionStore)) return;
    unsubscribe();
    start(true);
  });
  return unsubscribe;
}
