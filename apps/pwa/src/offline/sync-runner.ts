// The one module that owns sync (offline-sync.md "Sync runner"): one runner per device (Web
// Locks), triggered at start, after a write (1 s debounce), when the browser comes online,
// on return to the foreground and every 30 s while edits wait, with exponential backoff and
// jitter after a failure (capped at the 30 s period: a judge in a gym waits at most that long
// once the signal is back; coming online and returning to the foreground try at once). Each run: upload photos (one at a time), push the outbox in seq
// order (≤ 50 per batch), then pull. Only the logged-in judge's own rows are ever read or sent.
//
// The browser's `online` says only that the tablet has a network, not that the server answers
// (a gym's access point with no uplink, the coordinator's laptop asleep). So the runner asks
// the server itself, cheaply (`HEAD /api/health`): every 2–3 s while edits wait, every 20 s
// when nothing does. The status says "can't reach the server" as soon as a request or a probe
// fails to reach it, and the queue drains as soon as a probe is answered again.
import {
  ErrorCode,
  MAX_PUSH_BATCH,
  PUSHES_IN_FLIGHT,
  RejectionCode,
  Role,
  hasRole,
  type PushResponse,
} from '@judging/shared-types';
import { ClientErrorCode, isApiError } from '../api/api-error.ts';
import { probeDeviceDb, readDeviceId, withReopen, type DeviceDb, type OutboxRow } from './device-db.ts';
import { applyPulledChanges, readLastSync, recordSyncSuccess, storeReferenceData } from './device-store.ts';
import {
  applyAnsweredBatches,
  countOutbox,
  isWholeBatchAnswered,
  lastSeqOf,
  listPendingBatch,
  noteFailedAttempt,
  recountOutbox,
  refusePhotoEdits,
  toPushMutation,
  type AnsweredBatch,
} from './outbox.ts';
import { realTimers, type Timers } from '../support/timers.ts';
import { listPhotosToUpload, markPhotoMissing, markPhotoUploaded } from './photo-store.ts';
import type { SyncApi } from './sync-api.ts';

export const WRITE_DEBOUNCE_MS = 1000;
/** While a long queue drains, answers are stored at most this often (see `pushOutbox`)… */
export const STORE_ANSWERS_EVERY_MS = 250;
/** …or once this many pushes wait for theirs (at most 1,000 rows to send again after a stop). */
export const MAX_UNSTORED_BATCHES = 20;
/** Pending rows read at a time while a queue drains (five pushes' worth). */
const READ_AHEAD_ROWS = 5 * MAX_PUSH_BATCH;
export const PERIODIC_SYNC_MS = 30_000;
/** While edits wait and nothing was heard from the server lately: a probe every 2–3 s (jittered, so tablets spread out). */
export const PROBE_WAITING_MS = 2000;
export const PROBE_JITTER_MS = 1000;
/**
 * When nothing waits: a probe every 20 s, so the status turns to "can't reach the server"
 * within 30 s of the server going away (20 s, plus the probe's own time limit).
 */
export const PROBE_IDLE_MS = 20_000;
const BACKOFF_BASE_MS = 2000;
/** The longest wait after failures: the periodic interval, so no trigger waits longer than it. */
export const BACKOFF_MAX_MS = PERIODIC_SYNC_MS;
/**
 * The longest a server's Retry-After holds the next automatic try back (a photo past its quota
 * may be told days): the judge's edits are never held longer than this by the runner itself.
 */
export const RETRY_AFTER_MAX_MS = 10 * 60 * 1000;

export interface SyncSession {
  userId: number;
  role: string;
  token: string;
  /** The token expired on the device: nothing is sent until the judge logs in again (a new token). */
  isExpired?: boolean;
}

/**
 * Where the server stands as far as the tablet knows: `connected` (it answered last time),
 * `unreachable` (the browser has a network but the server did not answer: refused, timed out,
 * or something else answered in its place), `offline` (the browser has no network).
 */
export const Connection = { Connected: 'connected', Unreachable: 'unreachable', Offline: 'offline' } as const;
export type Connection = (typeof Connection)[keyof typeof Connection];

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

type Listener = () => void;

/** Delay before retry number `failures` (1-based): doubling from 2 s up to 30 s, with 50–100 % jitter. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.5 + random() * 0.5));
}

/** The wait before the next probe: 2–3 s while edits wait, 20 s otherwise. */
export function probeDelay(isWaiting: boolean, random: () => number = Math.random): number {
  return isWaiting ? PROBE_WAITING_MS + Math.round(random() * PROBE_JITTER_MS) : PROBE_IDLE_MS;
}

/**
 * True when a failure says the server was not reached: no answer (refused, timed out, no
 * network), or an answer that is not our API's (a portal's page, a proxy's 502). Our API's own
 * errors (a 503 ordering refusal, a 500) mean the server is there.
 */
export function isUnreachable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.code === ClientErrorCode.InvalidResponse || error.code === ClientErrorCode.Http;
}

export function createSyncRunner(dependencies: SyncRunnerDependencies) {
  const { db, api } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const random = dependencies.random ?? Math.random;
  const isBrowserOnline = dependencies.isBrowserOnline ?? (() => navigator.onLine);
  const timers = dependencies.timers ?? realTimers;
  const listeners = new Set<Listener>();
  let status: SyncStatus = {
    isOnline: isBrowserOnline(),
    connection: isBrowserOnline() ? Connection.Connected : Connection.Offline,
    isSyncing: false,
    lastSyncAt: null,
    needsLogin: false,
    needsUpdate: false,
    lastError: null,
    nextRetryAt: null,
  };
  let failures = 0;
  let nextAttemptAt = 0;
  let pausedToken: string | null = null;
  let statusJudgeId: number | null = null;
  let running: Promise<void> | null = null;
  let rerun = false;
  let debounceTimer: unknown;
  let retryTimer: unknown;
  let periodicTimer: unknown;
  let probeTimer: unknown;
  let probeDueAt = Number.POSITIVE_INFINITY;
  let isProbing = false;
  let isStarted = false;
  /** When the server last answered anything (a probe, a push, a pull): no probe is needed soon after. */
  let lastHeardAt = Number.NEGATIVE_INFINITY;
  let localLock: Promise<unknown> = Promise.resolve();
  const cleanups: (() => void)[] = [];

  const setStatus = (patch: Partial<SyncStatus>) => {
    const next = { ...status, ...patch };
    next.isOnline = next.connection === Connection.Connected;
    status = next;
    for (const listener of listeners) listener();
  };

  /** Connected when the server was reached, else offline or unreachable as the browser's network says. */
  const connectionOf = (isReached: boolean): Connection => {
    if (!isBrowserOnline()) return Connection.Offline;
    return isReached ? Connection.Connected : Connection.Unreachable;
  };

  /** The server answered: it is reachable (before the answer is stored, so "sent" never shows beside "offline"). */
  const noteHeard = () => {
    lastHeardAt = now().getTime();
    const connection = connectionOf(true);
    if (status.connection !== connection) setStatus({ connection });
  };

  const withDeviceLock = async (work: () => Promise<void>) => {
    if (dependencies.locks) {
      await dependencies.locks.request('sync', work);
      return;
    }
    const previous = localLock;
    let release: () => void = () => undefined;
    localLock = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      await work();
    } finally {
      release();
    }
  };

  const activeJudge = (): SyncSession | null => {
    const session = dependencies.getSession();
    if (!session || !hasRole(session.role, [Role.Judge])) return null;
    return session;
  };

  /** The status shown belongs to the logged-in judge: a new judge starts from their own last sync. */
  const followSession = async (session: SyncSession | null) => {
    const judgeId = session?.userId ?? null;
    if (judgeId === statusJudgeId) return;
    statusJudgeId = judgeId;
    setStatus({ lastSyncAt: judgeId === null ? null : await readLastSync(db, judgeId), lastError: null });
  };

  async function uploadPhotos(judgeId: number): Promise<void> {
    for (const photo of await listPhotosToUpload(db, judgeId)) {
      try {
        await api.uploadPhoto(photo);
        noteHeard();
      } catch (error) {
        if (!isPhotoRefused(error)) throw error;
        noteHeard();
        // Refused for good: the edits that need it go to "needs attention"; the queue goes on.
        await refusePhotoEdits(db, judgeId, photo.sha256, describe(error), now().toISOString());
        continue;
      }
      await markPhotoUploaded(db, photo.sha256, now().toISOString());
    }
  }

  /**
   * Sends the pending rows in seq order, in batches, with up to PUSHES_IN_FLIGHT pushes out at
   * once: the next batch leaves while the server still works on the one before, naming that
   * one's last row (`after`). The server applies it only once that row is recorded, so the
   * judge's edits keep their order whichever push arrives first; if the earlier push stops
   * short, the later one is refused whole (push-order.ts on the server). The rows behind are
   * read ahead (several batches' worth at a time: while the runner drains, pending rows only
   * ever leave by its own hand or arrive behind, with higher seqs). A long queue drains at
   * the pace of the slower side rather than of both added up.
   *
   * While it drains, answers are stored a few batches at a time (every STORE_ANSWERS_EVERY_MS
   * or MAX_UNSTORED_BATCHES, in one transaction): each store re-runs every screen's live
   * queries, which cost the tablet more than the push itself. An answered row waits meanwhile
   * as it was, still counted as waiting: should the tablet stop before its answer is stored,
   * it is sent again and the server answers `duplicate`. Every answer is stored before this
   * returns or fails. After a batch that stops early (a transient answer such as
   * photo_missing, or fewer answers than rows), the pushes still out are awaited (the server
   * refuses them) and every answer is stored before the queue is sent again from its head.
   */
  async function pushOutbox(judgeId: number, deviceId: string): Promise<void> {
    let photoRetries = 0;
    // Pending rows read ahead, in seq order, not sent yet.
    let ahead: OutboxRow[] = [];
    /** The next batch after `afterSeq` (0: the head of the queue), from the rows read ahead when it can. */
    const takeBatch = async (afterSeq: number): Promise<OutboxRow[]> => {
      if (ahead.length < MAX_PUSH_BATCH) {
        const from = ahead.length > 0 ? lastSeqOf(ahead) : afterSeq;
        ahead = [...ahead, ...(await listPendingBatch(db, judgeId, READ_AHEAD_ROWS, from))];
      }
      return ahead.splice(0, MAX_PUSH_BATCH);
    };
    // Pushes sent and not answered yet, oldest first.
    let inFlight: { rows: OutboxRow[]; answer: Promise<PushResponse> }[] = [];
    // The last seq sent in this pass over the queue (0: the next batch comes from its head).
    let sentUpTo = 0;
    /** Up to PUSHES_IN_FLIGHT pushes out, each naming the one still out before it. */
    const fillWindow = async () => {
      while (inFlight.length < PUSHES_IN_FLIGHT) {
        const rows = await takeBatch(sentUpTo);
        if (rows.length === 0) return;
        const before = inFlight.at(-1)?.rows.at(-1);
        inFlight.push({ rows, answer: quiet(api.push(deviceId, rows.map(toPushMutation), before?.id)) });
        sentUpTo = lastSeqOf(rows);
      }
    };
    /** Starts again from the head of the queue: only once every answer received is stored. */
    const fromHead = () => {
      ahead = [];
      sentUpTo = 0;
    };
    /**
     * What is still out once a push before it stopped short: the server refuses it (it names
     * the push that stopped), so its answer is not needed; it is awaited so nothing of this
     * pass is still out when the queue is sent again.
     */
    const dropInFlight = async () => {
      const dropped = inFlight;
      inFlight = [];
      await Promise.allSettled(dropped.map((push) => push.answer));
    };
    // Answered pushes whose answers are not stored yet, in the order they were sent.
    let unstored: AnsweredBatch[] = [];
    let storedAt = now().getTime();
    /** Stores every answer received; `extra`: one more push's, stored with them. */
    const storeUnstored = (extra: AnsweredBatch[] = []) => {
      const answered = [...unstored, ...extra];
      unstored = [];
      storedAt = now().getTime();
      // The rows still out or read ahead are queued behind: their cells keep an edit waiting.
      return applyAnsweredBatches(db, answered, [...inFlight.flatMap((push) => push.rows), ...ahead]);
    };
    await fillWindow();
    for (;;) {
      const head = inFlight.shift();
      if (!head) {
        // Nothing out and nothing behind: store every answer, then look from the head of the
        // queue again (edits saved meanwhile, or rows put back to send, go too).
        if (unstored.length > 0) await storeUnstored();
        fromHead();
        await fillWindow();
        if (inFlight.length === 0) return;
        continue;
      }
      let response;
      try {
        response = await head.answer;
        noteHeard();
      } catch (error) {
        inFlight = [];
        if (unstored.length > 0) await storeUnstored();
        await noteFailedAttempt(db, head.rows, describe(error));
        throw error;
      }
      if (isWholeBatchAnswered(head.rows, response.results)) {
        unstored.push({ sent: head.rows, results: response.results });
        await fillWindow();
        if (now().getTime() - storedAt >= STORE_ANSWERS_EVERY_MS || unstored.length >= MAX_UNSTORED_BATCHES) {
          await storeUnstored();
        }
        continue;
      }
      await dropInFlight();
      const { transient } = await storeUnstored([{ sent: head.rows, results: response.results }]);
      if (transient) {
        if (transient.code !== RejectionCode.PhotoMissing || photoRetries >= 1) {
          throw new Error(transient.message ?? 'The server asked to retry later.');
        }
        // The server lacks a photo this edit refers to: upload it, then push again.
        photoRetries += 1;
        const sha256 = photoOf(head.rows.find((item) => item.id === transient.id));
        if (sha256) await markPhotoMissing(db, sha256);
        await uploadPhotos(judgeId);
      } else {
        // Fewer answers than rows, without a transient stop: stop rather than loop.
        return;
      }
      fromHead();
      await fillWindow();
    }
  }

  async function pullEvents(judgeId: number, deviceId: string): Promise<void> {
    const events = await withReopen(db, () => db.eventData.where('judgeId').equals(judgeId).toArray());
    for (const stored of events) {
      if (stored.needsRefresh) {
        await storeReferenceData(
          db,
          await api.fetchReferenceData(judgeId, stored.eventId, deviceId),
          now().toISOString(),
        );
        continue;
      }
      let cursor = stored.cursor;
      for (let page = 0; page < 100; page += 1) {
        const answer = await api.pull(stored.eventId, cursor, deviceId);
        await applyPulledChanges(db, judgeId, stored.eventId, answer.changes, answer.cursor, now().toISOString());
        cursor = answer.cursor;
        if (!answer.hasMore) break;
      }
      const after = await db.eventData.get([judgeId, stored.eventId]);
      if (after?.needsRefresh) {
        await storeReferenceData(
          db,
          await api.fetchReferenceData(judgeId, stored.eventId, deviceId),
          now().toISOString(),
        );
      }
    }
  }

  function scheduleRetry(delay: number) {
    timers.clearTimeout(retryTimer);
    nextAttemptAt = now().getTime() + delay;
    retryTimer = timers.setTimeout(() => void requestSync('retry'), delay);
    setStatus({ nextRetryAt: new Date(nextAttemptAt).toISOString() });
  }

  /** The network is back (or the judge is): forget the backoff and try now. */
  function retryNow(reason: string) {
    failures = 0;
    nextAttemptAt = 0;
    timers.clearTimeout(retryTimer);
    if (status.nextRetryAt !== null) setStatus({ nextRetryAt: null });
    return requestSync(reason);
  }

  async function runCycle(): Promise<void> {
    const session = activeJudge();
    await followSession(dependencies.getSession());
    if (!session) return;
    if (session.isExpired) {
      // Expired while offline (or since): keep everything, ask for a login, send nothing.
      pausedToken = session.token;
      if (!status.needsLogin) {
        setStatus({
          needsLogin: true,
          lastError: 'Your login has ended: log in again to send your scores.',
        });
      }
      return;
    }
    if (pausedToken !== null) {
      // Paused by a refused token: only a new login (a new token) resumes.
      if (session.token === pausedToken) return;
      pausedToken = null;
      setStatus({ needsLogin: false });
    }
    if (status.needsUpdate) return;
    setStatus({ isSyncing: true });
    try {
      await withDeviceLock(async () => {
        const deviceId = await readDeviceId(db);
        await uploadPhotos(session.userId);
        await pushOutbox(session.userId, deviceId);
        await pullEvents(session.userId, deviceId);
      });
      failures = 0;
      nextAttemptAt = 0;
      timers.clearTimeout(retryTimer);
      const at = now().toISOString();
      lastHeardAt = now().getTime();
      await recordSyncSuccess(db, session.userId, at);
      // The browser may have gone offline while this run's last answer was arriving.
      setStatus({
        isSyncing: false,
        connection: connectionOf(true),
        lastSyncAt: at,
        lastError: null,
        nextRetryAt: null,
      });
    } catch (error) {
      handleFailure(error, session);
    }
  }

  function handleFailure(error: unknown, session: SyncSession) {
    if (isApiError(error) && (error.status === 401 || error.code === ErrorCode.TokenInvalid)) {
      pausedToken = session.token;
      setStatus({
        isSyncing: false,
        connection: connectionOf(true),
        needsLogin: true,
        lastError: 'Your session has ended: log in again to send your scores.',
      });
      return;
    }
    if (isApiError(error) && error.status === 426) {
      setStatus({ isSyncing: false, connection: connectionOf(true), needsUpdate: true, lastError: error.message });
      return;
    }
    failures += 1;
    const isCutOff = isUnreachable(error);
    setStatus({ isSyncing: false, connection: connectionOf(!isCutOff), lastError: describe(error) });
    // A "not now" (429) waits what the server asked, within reason; it is never a final refusal.
    const askedMs = isApiError(error) ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
    scheduleRetry(Math.max(backoffDelay(failures, random), Math.min(askedMs, RETRY_AFTER_MAX_MS)));
    // Edits wait and the server did not answer: look for it within 2–3 s.
    if (isCutOff) probeSoon();
  }

  /** Only a judge whose sending is not paused (login, app update) needs the server. */
  const canSend = (session: SyncSession | null): session is SyncSession =>
    session !== null && !session.isExpired && pausedToken === null && !status.needsUpdate;

  /**
   * One step of the probe loop: asks the server whether it is there, unless it was heard from
   * lately, and schedules the next step (2–3 s while edits wait, 20 s when nothing does). An
   * answer after a failure starts the drain at once; no answer says "can't reach the server".
   */
  async function probeStep(): Promise<void> {
    probeTimer = undefined;
    probeDueAt = Number.POSITIVE_INFINITY;
    let isWaiting = false;
    // Heard from lately: the next look is due that long after it, not a whole period from now.
    let dueIn: number | null = null;
    try {
      const session = activeJudge();
      if (!canSend(session)) return;
      isWaiting = (await pendingCount()) > 0;
      if (!isBrowserOnline()) {
        if (status.connection !== Connection.Offline) setStatus({ connection: Connection.Offline });
        return;
      }
      // Nothing waits and nobody is looking: the next look at the screen syncs anyway.
      if (!isWaiting && typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      if (isProbing) return;
      const quiet = now().getTime() - lastHeardAt;
      const period = probeDelay(isWaiting, () => 0);
      if (quiet < period) {
        dueIn = period - quiet;
        return;
      }
      isProbing = true;
      let isAnswered = false;
      try {
        isAnswered = await api.probe();
      } finally {
        isProbing = false;
      }
      if (!isStarted) return;
      if (!isAnswered) {
        if (status.connection !== connectionOf(false)) setStatus({ connection: connectionOf(false) });
        return;
      }
      const wasCutOff = status.connection !== Connection.Connected || failures > 0 || status.nextRetryAt !== null;
      noteHeard();
      // Back: drain now rather than at the next backoff step (edits saved meanwhile go too).
      if (isWaiting && wasCutOff && !running) void retryNow('reachable');
    } catch (error) {
      console.error('Probing the server failed', error);
    } finally {
      if (isStarted) scheduleProbe(dueIn ?? probeDelay(isWaiting, random));
    }
  }

  /** A probe within 2–3 s (edits wait): one already due sooner stays as it is. */
  function probeSoon() {
    if (!isStarted || isProbing) return;
    const delay = probeDelay(true, random);
    if (probeDueAt > now().getTime() + delay) scheduleProbe(delay);
  }

  function scheduleProbe(delay: number) {
    timers.clearTimeout(probeTimer);
    probeDueAt = now().getTime() + delay;
    probeTimer = timers.setTimeout(() => void probeStep(), delay);
  }

  /** Runs a sync now (or right after the one under way). */
  function requestSync(_reason: string): Promise<void> {
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          rerun = false;
          await runCycle();
        } while (rerun);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  async function pendingCount(): Promise<number> {
    const session = activeJudge();
    if (!session) return 0;
    return withReopen(db, () => countOutbox(db, session.userId).then((counts) => counts.pending));
  }

  return {
    getStatus: () => status,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    requestSync,
    /** A local write was committed: sync a second later (several quick edits share one push). */
    notifyWrite() {
      timers.clearTimeout(debounceTimer);
      debounceTimer = timers.setTimeout(() => void requestSync('write'), WRITE_DEBOUNCE_MS);
      // An edit now waits: the probe looks every 2–3 s from here on, not in up to 20 s.
      probeSoon();
    },
    /** Downloads an event's reference data for the logged-in judge (online only). */
    async downloadEvent(judgeId: number, eventId: number): Promise<void> {
      const deviceId = await readDeviceId(db);
      const data = await api.fetchReferenceData(judgeId, eventId, deviceId);
      await storeReferenceData(db, data, now().toISOString());
    },
    start() {
      isStarted = true;
      // The network is back: whether the server is there too, the sync (or its failure) says.
      const onOnline = () => void retryNow('online');
      const onOffline = () => setStatus({ connection: Connection.Offline });
      const onVisible = () => {
        if (document.visibilityState !== 'visible') return;
        void probeDeviceDb(db)
          .catch(() => undefined)
          .then(() => retryNow('foreground'));
      };
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisible);
      const periodic = () => {
        periodicTimer = timers.setTimeout(periodic, PERIODIC_SYNC_MS);
        if (now().getTime() < nextAttemptAt) return;
        void pendingCount().then((count) => {
          if (count > 0) void requestSync('periodic');
        });
      };
      periodicTimer = timers.setTimeout(periodic, PERIODIC_SYNC_MS);
      cleanups.push(
        () => window.removeEventListener('online', onOnline),
        () => window.removeEventListener('offline', onOffline),
        () => document.removeEventListener('visibilitychange', onVisible),
        () => timers.clearTimeout(periodicTimer),
      );
      // The counts are put right before the first sync, so the status bar starts from the rows.
      void recountOutbox(db)
        .catch((error: unknown) => console.error('Recounting the outbox failed', error))
        .then(() => requestSync('start'));
      scheduleProbe(probeDelay(true, random));
    },
    stop() {
      isStarted = false;
      for (const cleanup of cleanups.splice(0)) cleanup();
      timers.clearTimeout(debounceTimer);
      timers.clearTimeout(retryTimer);
      timers.clearTimeout(probeTimer);
    },
  };
}
export type SyncRunner = ReturnType<typeof createSyncRunner>;

/** 4xx statuses that say "not now" rather than "never". */
const RETRYABLE_CLIENT_STATUSES: readonly number[] = [401, 408, 425, 426, 429];

/**
 * The server refused a photo for good: a 4xx from our API (its JSON error), or a 413/415 from
 * anything on the way. Any other 4xx without our JSON (a portal or proxy in the way), 401
 * (log in again), timeouts, rate limits, 5xx and network failures are retried later.
 */
export function isPhotoRefused(error: unknown): boolean {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return false;
  if (RETRYABLE_CLIENT_STATUSES.includes(error.status)) return false;
  if (error.code === ErrorCode.TokenInvalid) return false;
  return error.code !== ClientErrorCode.Http || error.status === 413 || error.status === 415;
}

/** The promise itself, marked as handled: it may settle with an error before it is awaited. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function photoOf(row: OutboxRow | undefined): string | undefined {
  const value = row?.data.photoSha256;
  return typeof value === 'string' ? value : undefined;
}

function describe(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return 'No connection to the server.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Sync failed.';
}
