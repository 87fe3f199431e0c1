// When an event-run stream should look at the database again (docs/decisions/0140). What the
// stream reports (the state's results version and its devices' latest syncs) is read by the
// stream itself; a signal only says "look now". On SQLite (one process) that is a steady tick.
// On PostgreSQL, where the change may come through another process, a trigger NOTIFYs the
// state's id in the same transaction as the change (migration 0016) and this process's listener
// wakes that state's streams at once; a slower tick remains, for what no trigger announces (a
// revoked login) and for a notification lost while the listener reconnected.
import type pg from 'pg';
import { listenOnChannel, type NotificationListener } from '../../db/postgres-notifications.ts';

/** The steady tick on SQLite: how soon a change shows on the run page. */
export const LOCAL_CHECK_EVERY_MS = 1000;
/** The tick beside notifications on PostgreSQL. */
export const NOTIFIED_CHECK_EVERY_MS = 5000;
/** The channel migration 0016's trigger notifies (payload: the state's id). */
export const RUN_CHANGES_CHANNEL = 'judging_run_changes';

export interface RunChangeSignals {
  /** Calls `look` whenever the state's run may have changed, until the answer is called. */
  watch(stateId: number, look: () => void): () => void;
  close(): Promise<void>;
}

/** Ticks only: every change is made through this process, and a tick reads it within a second. */
export function createTickingSignals(everyMs = LOCAL_CHECK_EVERY_MS): RunChangeSignals {
  return {
    watch(_stateId, look) {
      const timer = setInterval(look, everyMs);
      return () => clearInterval(timer);
    },
    close: () => Promise.resolve(),
  };
}

/** Notifications from every process, and a slower tick; the listener connects at the first watch. */
export function createNotifiedSignals(pool: pg.Pool, everyMs = NOTIFIED_CHECK_EVERY_MS): RunChangeSignals {
  const watchers = new Map<number, Set<() => void>>();
  let listener: NotificationListener | undefined;
  const wake = (looks: Iterable<() => void>) => {
    for (const look of [...looks]) look();
  };
  return {
    watch(stateId, look) {
      listener ??= listenOnChannel(pool, RUN_CHANGES_CHANNEL, {
        notified: (payload) => wake(watchers.get(Number(payload)) ?? []),
        listening: () => wake([...watchers.values()].flatMap((looks) => [...looks])),
      });
      let looks = watchers.get(stateId);
      if (!looks) watchers.set(stateId, (looks = new Set()));
      looks.add(look);
      const timer = setInterval(look, everyMs);
      return () => {
        clearInterval(timer);
        looks.delete(look);
        if (looks.size === 0 && watchers.get(stateId) === looks) watchers.delete(stateId);
      };
    },
    async close() {
      await listener?.close();
      listener = undefined;
    },
  };
}
