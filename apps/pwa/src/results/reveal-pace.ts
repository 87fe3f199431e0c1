// How many results rows this device puts on screen in a page's first commit, learned from the
// last results page it showed and kept on the device (decisions 0205, 0216). A page's first
// commit shows as many rows as the last first commit's task, scaled to FIRST_COMMIT_TARGET_MS,
// says fit: on a laptop a state final's page in one commit, as the stack floor draws it; on a slow
// tablet the first rows and chunks after them (reveal-rows.ts). A device slower than it was
// measures a longer first commit, and its next one shows fewer rows. Nothing personal is kept: a
// row count and a duration.

/** The last first commit a results page made on this device. */
export interface RevealPace {
  /** The rows it showed. */
  rows: number;
  /**
   * Its task: the page's render and commit with those rows' DOM. Its layout falls in the frame
   * after, a task of its own that reaches only the sections near the screen (decision 0215).
   */
  ms: number;
}

/** The first commit's aim: within a long task's 50 ms with room to spare, as the chunks keep theirs. */
export const FIRST_COMMIT_TARGET_MS = 32;

/**
 * How many times the rows of the last first commit the next one may hold: a first commit of few
 * rows (a small event's page) measured quick is no promise for hundreds. The task is the page's
 * cost plus its rows', so scaling it by rows alone errs towards fewer rows, never more.
 */
const MAX_GROWTH = 8;

/** The rows that fit a first commit at this pace; undefined until a first commit is known. */
export function rowsWithinFirstCommit(pace: RevealPace | undefined): number | undefined {
  if (!pace) return undefined;
  return Math.floor(pace.rows * Math.min(MAX_GROWTH, FIRST_COMMIT_TARGET_MS / Math.max(pace.ms, 1)));
}

const STORAGE_KEY = 'judging.results-reveal-pace';

/** A stored pace, or undefined when none is stored or it is not one (a pace of another shape, say). */
export function parsePace(stored: string | null): RevealPace | undefined {
  if (!stored) return undefined;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return undefined;
    const rows: unknown = Reflect.get(value, 'rows');
    const ms: unknown = Reflect.get(value, 'ms');
    if (typeof rows !== 'number' || typeof ms !== 'number') return undefined;
    if (!Number.isSafeInteger(rows) || rows <= 0 || !(ms >= 0) || !Number.isFinite(ms)) return undefined;
    return { rows, ms };
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
