// How fast this device puts results rows on screen, learned from each results page it shows and
// kept on the device (decision 0205). A page's first commit shows as many rows as the device is
// known to render and lay out within FIRST_COMMIT_TARGET_MS besides the page itself: on a laptop
// a state final's overall page in one commit, as the stack floor draws it; on a slow tablet the
// first rows of a first opening and chunks after them (reveal-rows.ts). A device slower than it
// was measures a longer first commit, and its next one shows fewer rows. Nothing personal is
// kept: two durations.

export interface RevealPace {
  /** A row's cost from the last chunk measured: its render, DOM and layout. */
  msPerRow: number;
  /**
   * The last first commit's own task: the page's render and commit, its rows' DOM included. Its
   * layout falls in the frame after, a task of its own, within the rows' cost above.
   */
  pageMs: number;
}

/** The first commit's aim: within a long task's 50 ms with room to spare, as the chunks keep theirs. */
export const FIRST_COMMIT_TARGET_MS = 32;

/** Chunks smaller than this say little of a row's cost (timer granularity, a stray task). */
const MIN_ROWS_MEASURED = 20;

/** The rows that fit a first commit at this pace (none when the page alone fills it); undefined until it is known. */
export function rowsWithinFirstCommit(pace: RevealPace | undefined): number | undefined {
  if (!pace) return undefined;
  return Math.max(0, Math.floor((FIRST_COMMIT_TARGET_MS - pace.pageMs) / pace.msPerRow));
}

/** A row's cost from a chunk of `rows` that took `chunkMs` (render, DOM and layout); undefined when too small to say. */
export function rowCostOfChunk(chunkMs: number, rows: number): number | undefined {
  if (rows < MIN_ROWS_MEASURED || !(chunkMs >= 0)) return undefined;
  return Math.max(chunkMs, 1) / rows;
}

const STORAGE_KEY = 'judging.results-reveal-pace';

/** A stored pace, or undefined when none is stored or it is not one. */
export function parsePace(stored: string | null): RevealPace | undefined {
  if (!stored) return undefined;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return undefined;
    const msPerRow: unknown = Reflect.get(value, 'msPerRow');
    const pageMs: unknown = Reflect.get(value, 'pageMs');
    if (typeof msPerRow !== 'number' || typeof pageMs !== 'number') return undefined;
    if (!(msPerRow > 0) || !Number.isFinite(msPerRow) || !(pageMs >= 0) || !Number.isFinite(pageMs)) return undefined;
    return { msPerRow, pageMs };
  } catch {
    return undefined;
  }
}

/** This device's pace, from its storage; undefined where storage is refused. */
export function readPace(): RevealPace | undefined {
  try {
    return parsePace(localStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

export function keepPace(pace: RevealPace | undefined): void {
  if (!pace) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(pace));
  } catch {
    // A browser refusing storage reveals from FIRST_ROWS, as on a first opening.
  }
}
