// The judge's outbox counts (waiting, refused) as the status bar shows them: one live query per
// judge, shared by the few small components that show a number. Each re-renders only when its
// own number changes; the bar around them does not re-render as a long queue drains (one
// count change per synced batch).
import { liveQuery } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import { deviceDb } from '../offline/device.ts';
import { countOutbox } from '../offline/outbox-counts.ts';

export interface OutboxCounts {
  pending: number;
  rejected: number;
}

interface CountsStore {
  counts: OutboxCounts | undefined;
  listeners: Set<() => void>;
  stop: () => void;
}

const stores = new Map<number, CountsStore>();
/** After a failed read of the counts, the next try. */
const COUNTS_RETRY_MS = 500;

function subscribeToCounts(judgeId: number, listener: () => void): () => void {
  let store = stores.get(judgeId);
  if (!store) {
    const created: CountsStore = { counts: undefined, listeners: new Set(), stop: () => undefined };
    let retry: ReturnType<typeof setTimeout> | undefined;
    let subscription: { unsubscribe(): void } | undefined;
    // A live query ends at its first error (WebKit closing the connection under the app): the
    // numbers would then stay as they were, and "All sent" could show over waiting rows. It is
    // started again until it reads; the next save or sync reopens the database meanwhile.
    const follow = () => {
      subscription = liveQuery(() => countOutbox(deviceDb, judgeId)).subscribe({
        next: (counts) => {
          created.counts = counts;
          for (const notify of created.listeners) notify();
        },
        error: (error: unknown) => {
          console.error(error);
          retry = setTimeout(follow, COUNTS_RETRY_MS);
        },
      });
    };
    follow();
    created.stop = () => {
      clearTimeout(retry);
      subscription?.unsubscribe();
    };
    stores.set(judgeId, created);
    store = created;
  }
  const current = store;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0) {
      current.stop();
      stores.delete(judgeId);
    }
  };
}

/** One of the judge's live outbox counts; undefined until first read. */
export function useOutboxCount(judgeId: number, which: keyof OutboxCounts): number | undefined {
  const subscribe = useCallback((listener: () => void) => subscribeToCounts(judgeId, listener), [judgeId]);
  return useSyncExternalStore(subscribe, () => stores.get(judgeId)?.counts?.[which]);
}
