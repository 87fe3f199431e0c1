// The line the status bar shows for a moment after the judge saves, removes or submits: where
// the change is ("Saved on this tablet, …"). It lives inside the status bar rather than in a
// toast, so it never covers a row's "not sent" mark or the bar itself.
import { ALERT_AUTO_CLOSE_MS } from '../alerts/alerts-store.ts';
import { realTimers, type Timers } from '../support/timers.ts';
import type { SyncLine } from './sync-wording.ts';

export interface SyncNote extends SyncLine {
  id: number;
}

export function createSyncNotes(timers: Timers = realTimers) {
  let note: SyncNote | null = null;
  let nextId = 1;
  let clearTimer: unknown;
  const listeners = new Set<() => void>();
  const set = (next: SyncNote | null) => {
    note = next;
    for (const listener of listeners) listener();
  };
  return {
    /** Shows the line (replacing any before it) for as long as an alert shows. */
    show(line: SyncLine): void {
      timers.clearTimeout(clearTimer);
      const shown = { ...line, id: nextId++ };
      set(shown);
      clearTimer = timers.setTimeout(() => {
        if (note?.id === shown.id) set(null);
      }, ALERT_AUTO_CLOSE_MS);
    },
    getNote: () => note,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const syncNotes = createSyncNotes();

export function showSyncNote(line: SyncLine): void {
  syncNotes.show(line);
}
