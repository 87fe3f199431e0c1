// The judge's outbox counts (waiting, refused) as the status bar shows them: one live query per
// judge (of the kept counts, offline/outbox-counts.ts), shared by the few small components that
// show a number. Each re-renders only when its
// own number changes; the bar around them does not re-render as a long queue drains (one
// count change per synced batch).
import { useCallback, useSyncExternalStore } from 'react';
import { deviceDb } from '../offline/device.ts';
import { followOutboxCounts } from '../offline/outbox-counts.ts';

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

function subscribeToCounts(judgeId: number, listener: () => void): () => void {
  let store = stores.get(judgeId);
  if (!store) {
    const created: CountsStore = { counts: undefined, listeners: new Set(), stop: () => undefined };
    created.stop = followOutboxCounts(deviceDb, judgeId, (counts) => {
      created.counts = counts;
      for (const notify of created.listeners) notify();
    });
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

/** One of the judge's live outbox counts; undefined until read, and while it cannot be read. */
export function useOutboxCount(judgeId: number, which: keyof OutboxCounts): number | undefined {
  const subscribe = useCallback((listener: () => void) => subscribeToCounts(judgeId, listener), [judgeId]);
  return useSyncExternalStore(subscribe, () => stores.get(judgeId)?.counts?.[which]);
}
