// Rows a route's loader read for the screen it opens, taken once by that screen's first render:
// the scoring page draws its sheet in its first render instead of after two more reads and
// renders (about a fifth of its offline cold start at 4× CPU throttle; docs/decisions/
// 0098-offline-cold-start.md). Taken once, so a screen shown again from the router's cache reads afresh; the screen's
// live queries still start as usual and replace the rows should they differ, and saves
// committed after the read show over them (committed-saves.ts).
import type { EventDataRow } from '../offline/device-db.ts';
import type { LiveRows } from './committed-saves.ts';

/** The rows one screen shows: its judge and event, and its sheet when it has one. */
export interface PrimedScope {
  judgeId: number;
  eventId: number;
  sheet?: { categoryId: number; sectionId: number; schoolId: number } | undefined;
}

export interface PrimedRows {
  eventData: EventDataRow;
  rows: LiveRows;
}

function keyOf({ judgeId, eventId, sheet }: PrimedScope): string {
  return sheet
    ? `${judgeId}:${eventId}:${sheet.categoryId}:${sheet.sectionId}:${sheet.schoolId}`
    : `${judgeId}:${eventId}`;
}

export function createPrimedRows() {
  const primed = new Map<string, PrimedRows>();
  return {
    /** Keeps what the loader read for the screen of `scope` (replacing an earlier read). */
    put(scope: PrimedScope, rows: PrimedRows): void {
      primed.set(keyOf(scope), rows);
    },
    /** What the loader read for this screen, once; undefined after that, or for another screen. */
    take(scope: PrimedScope): PrimedRows | undefined {
      const key = keyOf(scope);
      const rows = primed.get(key);
      primed.delete(key);
      return rows;
    },
  };
}
