// The app's one device store and one sync runner, wired to the stored session.
// First: the device's checks, compiled when the app is built (compiled-checks.ts).
import '../compiled-checks.ts';
import { Role, hasRole } from '@judging/shared-types';
import Dexie from 'dexie';
import { api } from '../api/api.ts';
import { sessionStore } from '../session/app-session.ts';
import { createDeviceDb } from './device-db.ts';
import { createSyncApi } from './sync-api.ts';
import { createSyncRunner } from './sync-runner.ts';
import { afterFirstScreen } from '../support/when-idle.ts';

// Dexie turns its debug mode on by itself when the page is on localhost or 127.0.0.1 (a
// coordinator's laptop running the server, the benchmarks): an async stack tag around every
// database call and every callback, for DevTools. A built app has no use for it.
if (import.meta.env.PROD) Dexie.debug = false;

export const deviceDb = createDeviceDb();

export const syncApi = createSyncApi(api, {
  fetch: (input, init) => globalThis.fetch(input, init),
});

export const syncRunner = createSyncRunner({
  db: deviceDb,
  api: syncApi,
  getSession: () => {
    const session = sessionStore.get();
    if (session) return { userId: session.user.userId, role: session.user.role, token: session.token };
    // A judge whose token expired keeps scoring on the device; the runner sends nothing for them.
    const expired = sessionStore.getDeviceJudge();
    return expired
      ? { userId: expired.user.userId, role: expired.user.role, token: expired.token, isExpired: true }
      : null;
  },
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
});

let isStarted = false;

/**
 * Starts syncing for the app's lifetime: at start, on login (a new token resumes a paused queue),
 * and the runner's own triggers. `loggedInJustNow`: started by a login (device-sync-start.ts),
 * which is then handled as a login.
 */
export function startDeviceSync({ loggedInJustNow = false }: { loggedInJustNow?: boolean } = {}): void {
  if (isStarted) return;
  isStarted = true;
  // After a login the judge waits for their events: start now. On an app start, once the page is idle.
  if (loggedInJustNow) syncRunner.start();
  // Why: the runner's start recounts the queue and tries a first sync, each a read-write
  // transaction on the store the screen is reading; done at once they held up the scoring page's
  // first sheet on an offline cold start (docs/decisions/0098-offline-cold-start.md).
  else afterFirstScreen(() => syncRunner.start());
  let lastToken = loggedInJustNow ? null : (sessionStore.get()?.token ?? null);
  const onSessionChange = () => {
    const session = sessionStore.get();
    const token = session?.token ?? null;
    if (token === lastToken) return;
    lastToken = token;
    if (session && hasRole(session.user.role, [Role.Judge])) {
      void requestPersistentStorage();
      void syncRunner.requestSync('login');
    }
  };
  sessionStore.subscribe(onSessionChange);
  if (loggedInJustNow) onSessionChange();
}

/** Asks the browser not to evict the judge's data under storage pressure; true when granted. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
