// The one module that owns sync (offline-sync.md "Sync runner"): one runner per device (Web
// Locks), triggered at start, after a write (1 s debounce), when the browser comes online,
// on return to the foreground and every 30 s while edits wait, with exponential backoff and
// jitter after a failure (capped at the 30 s period: a judge in a gym waits at most that long
// once the signal is back; coming online and returning to the foreground try at once). Each run: upload photos (one at a time), push the outbox in seq
// order (≤ 50 per batch), then pull. Only the logged-in judge's own rows are ever read or sent.
//
// The browser's `online` says only that the tablet has a network, not that the server answers
// (a gym's access point with no uplink, the coordinator's laptop asleep). So the runner asks
// the server itself, cheaply (`HEAD /api/health`): every 2–2.5 s while edits wait, every 20 s
// when nothing does. The status says "can't reach the server" as soon as a request or a probe
// fails to reach it, and the queue drains as soon as a probe is answered again. What the
// connection is follows from these events alone (`connection-state.ts`, a pure reducer the
// runner feeds): a page starts from "checking", and a request stuck on a connection that never
// answers is aborted and sent again (same mutation ids) once a probe is answered.
import { ErrorCode, Role, hasRole } from '@judging/shared-types';
import { isApiError } from '../api/api-error.ts';
import {
  Connection,
  InFlight,
  nextConnectionState,
  startingConnection,
  type ConnectionEvent,
  type ConnectionState,
} from './connection-state.ts';
import { isConnectionLost, probeDeviceDb, readDeviceId, reopenDeviceDb, withReopen } from './device-db.ts';
import { readLastSync, recordSyncSuccess, storeReferenceData } from './device-store.ts';
import { createDeviceLock } from './device-lock.ts';
import { countOutbox, recountOutbox } from './outbox-counts.ts';
import { realTimers } from '../support/timers.ts';
import { pushOutbox } from './outbox-push.ts';
import { pullEvents } from './pull-events.ts';
import { PERIODIC_SYNC_MS, RETRY_AFTER_MAX_MS, WRITE_DEBOUNCE_MS, backoffDelay, probeDelay } from './sync-schedule.ts';
import { uploadPhotos } from './photo-upload.ts';
import { describeSyncError as describe, isUnreachable } from './sync-errors.ts';
import { StuckRequestError, trackRequests } from './tracked-sync-api.ts';
import type { SyncRunnerDependencies, SyncSession, SyncStatus } from './sync-runner-types.ts';

export { Connection } from './connection-state.ts';
export type { SyncRunnerDependencies, SyncSession, SyncStatus } from './sync-runner-types.ts';

type Listener = () => void;

export function createSyncRunner(dependencies: SyncRunnerDependencies) {
  const { db, api } = dependencies;
  const now = dependencies.now ?? (() => new Date());
  const random = dependencies.random ?? Math.random;
  const isBrowserOnline = dependencies.isBrowserOnline ?? (() => navigator.onLine);
  const timers = dependencies.timers ?? realTimers;
  const listeners = new Set<Listener>();
  let connectionState: ConnectionState = startingConnection(isBrowserOnline());
  let status: SyncStatus = {
    isOnline: false,
    connection: connectionState.connection,
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
  /** A run reopens a lost device database once; a second loss in the same run is a failure. */
  let hasReopenedThisRun = false;
  let debounceTimer: unknown;
  let retryTimer: unknown;
  let periodicTimer: unknown;
  let probeTimer: unknown;
  let probeDueAt = Number.POSITIVE_INFINITY;
  let isProbing = false;
  let isStarted = false;
  /** The run under way's abort: a request stuck on a dead connection is aborted through it. */
  let runAbort: AbortController | null = null;
  let isRunStuck = false;
  const cleanups: (() => void)[] = [];

  const setStatus = (patch: Partial<SyncStatus>) => {
    const next = { ...status, ...patch };
    next.isOnline = next.connection === Connection.Connected;
    status = next;
    for (const listener of listeners) listener();
  };

  /**
   * Feeds the connection's reducer an event (after the browser's network, should it have changed
   * without an event reaching the page) and shows the result. A request found stuck is aborted:
   * its run ends at once and the next one sends the same rows again.
   */
  const feed = (event: ConnectionEvent) => {
    const isOnlineNow = isBrowserOnline();
    let next = connectionState;
    if (isOnlineNow !== next.isBrowserOnline) {
      next = nextConnectionState(next, { type: isOnlineNow ? 'browserOnline' : 'browserOffline' });
    }
    connectionState = nextConnectionState(next, event);
    if (status.connection !== connectionState.connection) setStatus({ connection: connectionState.connection });
    if (connectionState.isRequestStuck) abortStuckRun();
  };

  function abortStuckRun() {
    if (!runAbort || isRunStuck) return;
    isRunStuck = true;
    runAbort.abort();
  }

  const withDeviceLock = createDeviceLock(dependencies.locks);

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

  /** The run's calls, each reported to the reducer as it leaves and ends (its answer heard before it is stored). */
  const runApi = (signal: AbortSignal) => trackRequests(api, { signal, now, feed, isAbortedAsStuck: () => isRunStuck });
  // Every answer is heard as it arrives (`runApi`), before the caller stores it.
  const heardByRunApi = () => undefined;

  function scheduleRetry(delay: number) {
    timers.clearTimeout(retryTimer);
    nextAttemptAt = now().getTime() + delay;
    retryTimer = timers.setTimeout(() => void requestSync('retry'), delay);
    setStatus({ nextRetryAt: new Date(nextAttemptAt).toISOString() });
  }

  function forgetBackoff() {
    failures = 0;
    nextAttemptAt = 0;
    timers.clearTimeout(retryTimer);
    if (status.nextRetryAt !== null) setStatus({ nextRetryAt: null });
  }

  /** The network is back (or the judge is): forget the backoff and try now. */
  function retryNow(reason: string) {
    forgetBackoff();
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
    const abort = new AbortController();
    runAbort = abort;
    isRunStuck = false;
    const cycleApi = runApi(abort.signal);
    const uploadJudgePhotos = (judgeId: number) =>
      uploadPhotos({ db, api: cycleApi, now, onHeard: heardByRunApi }, judgeId);
    try {
      await withDeviceLock(async () => {
        const deviceId = await readDeviceId(db);
        const photoWait = await uploadJudgePhotos(session.userId);
        await pushOutbox(
          { db, api: cycleApi, now, onHeard: heardByRunApi, uploadPhotos: uploadJudgePhotos },
          session.userId,
          deviceId,
        );
        await pullEvents({ db, api: cycleApi, now }, session.userId, deviceId);
        // Everything else went; a photo the server said "not now" to is tried again when it asked.
        if (photoWait) throw photoWait;
      });
      failures = 0;
      nextAttemptAt = 0;
      timers.clearTimeout(retryTimer);
      const at = now().toISOString();
      await recordSyncSuccess(db, session.userId, at);
      setStatus({ isSyncing: false, lastSyncAt: at, lastError: null, nextRetryAt: null });
    } catch (error) {
      if (isRunStuck || error instanceof StuckRequestError) {
        // A request hung on a dead connection while the server answers again: no failure, no
        // backoff; the next run sends the same rows (same ids) at once.
        if (connectionState.connection === Connection.Connected) forgetBackoff();
        rerun = true;
        return;
      }
      if (isConnectionLost(error) && !hasReopenedThisRun) {
        // The tablet's own database closed under the run (WebKit does): nothing is wrong with
        // the server, so no backoff and no error on the bar; reopen and run again at once.
        hasReopenedThisRun = true;
        try {
          await reopenDeviceDb(db);
          rerun = true;
          return;
        } catch (reopenError) {
          handleFailure(reopenError, session);
          return;
        }
      }
      handleFailure(error, session);
    } finally {
      if (runAbort === abort) runAbort = null;
    }
  }

  function handleFailure(error: unknown, session: SyncSession) {
    if (isApiError(error) && (error.status === 401 || error.code === ErrorCode.TokenInvalid)) {
      pausedToken = session.token;
      setStatus({
        isSyncing: false,
        needsLogin: true,
        lastError: 'Your session has ended: log in again to send your scores.',
      });
      return;
    }
    if (isApiError(error) && error.status === 426) {
      setStatus({ isSyncing: false, needsUpdate: true, lastError: error.message });
      return;
    }
    failures += 1;
    // The connection was told by the request itself (runApi); the tablet's own failures (its
    // database) say nothing about the server.
    const isCutOff = isUnreachable(error);
    setStatus({ isSyncing: false, lastError: describe(error) });
    // A "not now" (429) waits what the server asked, within reason; it is never a final refusal.
    const askedMs = isApiError(error) ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
    scheduleRetry(Math.max(backoffDelay(failures, random), Math.min(askedMs, RETRY_AFTER_MAX_MS)));
    // Edits wait and the server did not answer: look for it within 2–2.5 s.
    if (isCutOff) probeSoon();
  }

  /** Only a judge whose sending is not paused (login, app update) needs the server. */
  const canSend = (session: SyncSession | null): session is SyncSession =>
    session !== null && !session.isExpired && pausedToken === null && !status.needsUpdate;

  /**
   * One step of the probe loop: asks the server whether it is there, unless it was heard from
   * lately, and schedules the next step (2–2.5 s while edits wait, 20 s when nothing does). An
   * answer after a failure starts the drain at once; no answer says "can't reach the server".
   */
  async function probeStep(): Promise<void> {
    probeTimer = undefined;
    probeDueAt = Number.POSITIVE_INFINITY;
    let isWaiting = false;
    // Heard from lately: the next look is due that long after it, not a whole period from now.
    let dueIn: number | null = null;
    // The next probe is due a period after this one left, however long it waited for its answer
    // (a probe on a dead connection waits its whole 2 s limit).
    let sentAt: number | null = null;
    try {
      // A judge whose sending is paused (login, app update) still sees whether the server
      // answers, at the idle pace: nothing of theirs drains until the pause ends.
      const session = activeJudge();
      if (!session) return;
      isWaiting = canSend(session) && (await pendingCount()) > 0;
      if (!isBrowserOnline()) {
        feed({ type: 'browserOffline' });
        return;
      }
      // Nothing waits and nobody is looking: the next look at the screen syncs anyway.
      if (!isWaiting && typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      if (isProbing) return;
      const quiet = now().getTime() - connectionState.lastHeardAt;
      const period = probeDelay(isWaiting, () => 0);
      if (quiet < period && status.connection !== Connection.Checking) {
        dueIn = period - quiet;
        return;
      }
      isProbing = true;
      let isAnswered = false;
      sentAt = now().getTime();
      try {
        isAnswered = await api.probe();
      } finally {
        isProbing = false;
      }
      if (!isStarted) return;
      if (!isAnswered) {
        feed({ type: 'probeFailed' });
        return;
      }
      const wasCutOff = status.connection !== Connection.Connected || failures > 0 || status.nextRetryAt !== null;
      // Answered: a request stuck on a dead connection is aborted here and its run starts again.
      feed({ type: 'probeAnswered', at: now().getTime() });
      // Back: drain now rather than at the next backoff step (edits saved meanwhile go too).
      if (isWaiting && wasCutOff && !running) void retryNow('reachable');
    } catch (error) {
      console.error('Probing the server failed', error);
    } finally {
      const delay = dueIn ?? probeDelay(isWaiting, random);
      if (isStarted) scheduleProbe(sentAt === null ? delay : Math.max(0, delay - (now().getTime() - sentAt)));
    }
  }

  /** A probe within 2–2.5 s (edits wait): one already due sooner stays as it is. */
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

  /**
   * A sync for a trigger that can wait (a write, a screen opened): not before the backoff's next
   * try after a failure, which sends what was saved meanwhile too.
   */
  function syncWhenDue(reason: string): Promise<void> {
    return now().getTime() < nextAttemptAt ? Promise.resolve() : requestSync(reason);
  }

  /** Runs a sync now (or right after the one under way). */
  function requestSync(_reason: string): Promise<void> {
    if (running) {
      rerun = true;
      return running;
    }
    running = (async () => {
      hasReopenedThisRun = false;
      try {
        do {
          rerun = false;
          await runCycle();
        } while (rerun);
      } finally {
        running = null;
        if (status.isSyncing) setStatus({ isSyncing: false });
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
    syncWhenDue,
    /**
     * "Sync now": at once, whatever the backoff; a request in flight since the server went out of
     * reach is given up and sent again (it may be on a connection that never answers).
     */
    syncNow() {
      if (connectionState.request === InFlight.InDoubt) abortStuckRun();
      return requestSync('button');
    },
    /** A local write was committed: sync a second later (several quick edits share one push). */
    notifyWrite() {
      timers.clearTimeout(debounceTimer);
      debounceTimer = timers.setTimeout(() => void syncWhenDue('write'), WRITE_DEBOUNCE_MS);
      // An edit now waits: the probe looks every 2–2.5 s from here on, not in up to 20 s.
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
      const onOnline = () => {
        feed({ type: 'browserOnline' });
        // "Checking…" until the server answers: a look at once, whether or not the sync sends anything.
        if (!isProbing) scheduleProbe(0);
        void retryNow('online');
      };
      const onOffline = () => feed({ type: 'browserOffline' });
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
      // The page starts from "checking": a first look at once, whether or not the start sync sends anything.
      scheduleProbe(0);
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
