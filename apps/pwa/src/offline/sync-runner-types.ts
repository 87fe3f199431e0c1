// The sync runner's shapes: the session it sends for, the status it shows, what it is built from.
import type { Connection } from './connection-state.ts';
import type { DeviceDb } from './device-db.ts';
import type { SyncApi } from './sync-api.ts';
import type { Timers } from '../support/timers.ts';

export interface SyncSession {
  userId: number;
  role: string;
  token: string;
  /** The token expired on the device: nothing is sent until the judge logs in again (a new token). */
  isExpired?: boolean;
}

export interface SyncStatus {
  /** The browser has a network and the last request or probe reached the server (`connection` is connected). */
  isOnline: boolean;
  connection: Connection;
  isSyncing: boolean;
  /** The logged-in judge's last successful sync. */
  lastSyncAt: string | null;
  /** The server refused the token: nothing is sent until the judge logs in again. */
  needsLogin: boolean;
  /** The server does not speak this app's protocol (426): update the app; the outbox is kept. */
  needsUpdate: boolean;
  lastError: string | null;
  /** After a failure: when the next automatic attempt is due (ISO); null when none is waiting. */
  nextRetryAt: string | null;
}

export interface SyncRunnerDependencies {
  db: DeviceDb;
  api: SyncApi;
  getSession(): SyncSession | null;
  now?: () => Date;
  random?: () => number;
  /** Web Locks when the browser has them; the runner falls back to an in-page lock. */
  locks?: Pick<LockManager, 'request'> | undefined;
  isBrowserOnline?: () => boolean;
  /** The probe's and triggers' timers (tests pass a fake clock). */
  timers?: Timers;
}
