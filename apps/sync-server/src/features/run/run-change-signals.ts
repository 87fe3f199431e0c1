// When an event-run stream should look at the database again (docs/decisions/0140). What the
// stream reports (the state's results version and its devices' latest syncs) is read by the
// stream itself; a signal only says "look now". On SQLite (one process) that is a steady tick.
// On PostgreSQL, where the change may come through another process, a trigger NOTIFYs the
// state (or, for a revoked login, the user) in the same transaction as the change (migration
// 0016), and this process's listener wakes the streams watching it at once; a slower tick
// remains, for what no trigger announces (a login's expiry) and as a backstop.
import type pg from 'pg';
import { listenOnChannel, type NotificationListener } from '../../db/postgres-notifications.ts';

/** The steady tick on SQLite: how soon a change shows on the run page. */
export const LOCAL_CHECK_EVERY_MS = 1000;
/** The tick beside notifications on PostgreSQL. */
export const NOTIFIED_CHECK_EVERY_MS = 5000;
/**
 * Notifications of one payload within this long wake its streams once, at its end: a venue's
 * judges pulling every few seconds would otherwise have every stream look several times a second.
 */
export const NOTIFICATION_GATHER_MS = 250;
/** The channel migration 0016's triggers notify (payload: `state:<id>` or `user:<id>`). */
export const RUN_CHANGES_CHANNEL = 'judging_run_changes';

/** What a stream shows: an event's state's run, to one user (whose login may be revoked). */
export interface WatchedRun {
  stateId: number;
  userId: number;
}

export interface RunChangeSignals {
  /** Calls `look` whenever the run or the user's login may have changed, until the answer is called. */
  watch(watched: WatchedRun, look: () => void): () => void;
  close(): Promise<void>;
}

/** Ticks only: every change is made through this process, and a tick reads it within a second. */
export function createTickingSignals(everyMs = LOCAL_CHECK_EVERY_MS): RunChangeSignals {
  return {
    watch(_watched, look) {
      const timer = setInterval(look, everyMs);
      return () => clearInterval(timer);
    },
    close: () => Promise.resolve(),
  };
}

/** Notifications from every process, and a slower tick; the listener connects at the first watch. */
export function createNotifiedSignals(pool: pg.Pool, everyMs = NOTIFIED_CHECK_EVERY_MS): RunChangeSignals {
  /** Looks by payload (`state:<id>`, `user:<id>`). */
  const watchers = new Map<string, Set<() => void>>();
  let listener: NotificationListener | undefined;
  const wake = (looks: Iterable<() => void>) => {
    for (const look of [...looks]) look();
  };
  const gathering = new Map<string, NodeJS.Timeout>();
  const notified = (payload: string) => {
    if (gathering.has(payload)) return;
    const timer = setTimeout(() => {
      gathering.delete(payload);
      wake(watchers.get(payload) ?? []);
    }, NOTIFICATION_GATHER_MS);
    timer.unref();
    gathering.set(payload, timer);
  };
  const add = (payload: string, look: () => void) => {
    let looks = watchers.get(payload);
    if (!looks) watchers.set(payload, (looks = new Set()));
    looks.add(look);
    return () => {
      looks.delete(look);
      if (looks.size === 0 && watchers.get(payload) === looks) watchers.delete(payload);
    };
  };
  return {
    watch({ stateId, userId }, look) {
      listener ??= listenOnChannel(pool, RUN_CHANGES_CHANNEL, {
        notified,
        listening: () => wake(new Set([...watchers.values()].flatMap((looks) => [...looks]))),
      });
      const removers = [add(`state:${stateId}`, look), add(`user:${userId}`, look)];
      const timer = setInterval(look, everyMs);
      return () => {
        clearInterval(timer);
        for (const remove of removers) remove();
      };
    },
    async close() {
      for (const timer of gathering.values()) clearTimeout(timer);
      gathering.clear();
      await listener?.close();
      listener = undefined;
    },
  };
}
