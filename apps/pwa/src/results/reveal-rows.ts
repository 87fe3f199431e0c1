// Large results (a state final: six categories of sixty teams, eight section tables each) are
// put on screen in chunks, top to bottom, as many chunks a task as fit its time target, so that the
// page never freezes for a long task while it fills in (issue 20 item 4; decisions §8: chunks, not
// virtualised). Printing shows every row: `beforeprint` reveals the rest at once.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { whenIdle } from '../support/when-idle.ts';
import { keepPace, readPace, rowsWithinFirstCommit, type RevealPace } from './reveal-pace.ts';

/**
 * Rows in the first commit while the device's pace is unknown, and never fewer: the top of the
 * page, at once. A device whose pace is known shows as many as fit (reveal-pace.ts).
 */
export const FIRST_ROWS = 20;
/**
 * Work aimed at per chunk, half the 50 ms of a long task: each chunk also re-renders its table's
 * head and lays the whole page out, so small chunks cost more than their rows (issue 41: a lower
 * target kept a state final's chunks at a few dozen rows, a dozen tasks and layouts).
 */
export const CHUNK_TARGET_MS = 24;
/**
 * Never fewer rows a chunk than the first commit: a chunk's time is measured on the wall clock,
 * and on a busy machine (or a tablet doing other work) a small chunk measured slow shrank the
 * next ones to a handful of rows, each paying a frame's style and layout of the whole page:
 * hundreds of chunks for a state final (issue 20).
 */
const MIN_STEP = FIRST_ROWS;
const MAX_STEP = 400;
/**
 * The first chunk after the first commit. The rows are plain DOM (plain-rows.tsx): a row costs a
 * few elements and its share of the page's layout, so a chunk of this size stays well inside the
 * target where the page's rows were once React elements; starting from FIRST_ROWS, a state final's
 * page took five chunks, each waiting for a frame of its own, before its last row showed (issue 41).
 * A slower device shrinks the next chunks (nextStep).
 */
export const FIRST_STEP = 160;

/**
 * Runs `callback` in a task of its own, right after the browser's pending work (a paint, input):
 * a message to ourselves, as React's scheduler does; `setTimeout(0)` waits 4 ms once nested.
 * Answers a cancel.
 */
function inNextTask(callback: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => callback();
  channel.port2.postMessage(null);
  return () => {
    channel.port1.onmessage = null;
    channel.port1.close();
  };
}

/** Splits the rows revealed so far over a page's tables, in order: each table gets its share. */
export function allotRows(tableSizes: readonly number[], revealed: number): number[] {
  let left = Math.max(0, revealed);
  return tableSizes.map((size) => {
    const shown = Math.min(size, left);
    left -= shown;
    return shown;
  });
}

/**
 * Whether another chunk fits in the task: its time foreseen from the last chunk's (per row, as
 * many rows as the next chunk has) added to the task's so far stays within CHUNK_TARGET_MS.
 */
export function nextChunkFits(taskMs: number, lastChunkMs: number, lastRows: number, nextRows: number): boolean {
  return taskMs + (lastChunkMs * nextRows) / Math.max(lastRows, 1) <= CHUNK_TARGET_MS;
}

/** The tasks after the first commit that reveal `total` rows, each task's rows, at `msPerRow`. */
export function revealTasks(total: number, msPerRow: number): number[] {
  const tasks: number[] = [];
  let revealed = Math.min(total, FIRST_ROWS);
  let step = FIRST_STEP;
  while (revealed < total) {
    let taskMs = 0;
    let taskRows = 0;
    for (;;) {
      const rows = Math.min(step, total - revealed);
      const chunkMs = rows * msPerRow;
      revealed += rows;
      taskRows += rows;
      taskMs += chunkMs;
      step = nextStep(step, chunkMs);
      if (revealed >= total || !nextChunkFits(taskMs, chunkMs, rows, Math.min(step, total - revealed))) break;
    }
    tasks.push(taskRows);
  }
  return tasks;
}

/** The rows a page's first commit shows of `total` at this device's pace: at least FIRST_ROWS. */
export function firstCommitRows(total: number, pace: RevealPace | undefined): number {
  return Math.min(total, Math.max(FIRST_ROWS, rowsWithinFirstCommit(pace) ?? FIRST_ROWS));
}

/** The next chunk's size, scaled so that its work takes about CHUNK_TARGET_MS. */
export function nextStep(step: number, lastChunkMs: number): number {
  const scaled = Math.round((step * CHUNK_TARGET_MS) / Math.max(lastChunkMs, 1));
  // Grows at most twofold a chunk: one fast chunk (rows already laid out, say) is no promise.
  return Math.min(MAX_STEP, Math.max(MIN_STEP, Math.min(scaled, step * 2)));
}

/**
 * How many of a page's `total` rows to show: those of a first commit at this device's pace
 * (FIRST_ROWS while it is unknown) at once, then chunks, in as few tasks as keep each within
 * CHUNK_TARGET_MS, until all are shown; everything at once for printing. `key` names the data (a
 * new answer, another category): a new key starts over. Each page's first commit is measured, and
 * the device's pace kept for the next page.
 */
export function useRevealedRows(total: number, key: string): number {
  // The pace as the page opened: its first commit's size does not move while the page fills in.
  const [openingPace] = useState(readPace);
  const firstRows = firstCommitRows(total, openingPace);
  const [state, setState] = useState({ key, revealed: firstRows });
  const step = useRef(FIRST_STEP);
  const current = state.key === key ? state : { key, revealed: firstRows };
  if (current !== state) setState(current);
  // The first rows at once even when the data came after the first render.
  const revealed = Math.min(Math.max(current.revealed, firstRows), total);
  // What the last commit showed, read between the chunks of one task.
  const shown = useRef(revealed);
  // When this render began: a first commit's cost is measured from here.
  const renderedAt = useRef(0);
  renderedAt.current = performance.now();
  const measuredKey = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    shown.current = revealed;
    if (revealed === 0 || measuredKey.current === key) return;
    // The data's first commit with rows: its task so far, render to the rows' DOM (layout effects
    // run child first). Its layout is left to the frame, a task of its own.
    measuredKey.current = key;
    keepLearnedPace({ rows: revealed, ms: performance.now() - renderedAt.current });
  }, [key, revealed]);

  useEffect(() => {
    if (revealed >= total) return;
    return inNextTask(() => {
      const taskStartedAt = performance.now();
      for (;;) {
        const chunkStartedAt = performance.now();
        const before = shown.current;
        // Rendered and laid out in this task (a read of the layout), and counted: left to React's
        // scheduler, each chunk waited for a task of its own, and left to the next frame, the
        // layout went unmeasured (on a state final one frame laid out a doubled chunk in 57 ms).
        flushSync(() =>
          setState((previous) =>
            previous.key === key
              ? { key, revealed: Math.min(total, Math.max(previous.revealed, firstRows) + step.current) }
              : previous,
          ),
        );
        void document.body.offsetHeight;
        const chunkMs = performance.now() - chunkStartedAt;
        const rows = shown.current - before;
        step.current = nextStep(step.current, chunkMs);
        // The next chunk in this same task when it fits: no frame waited between chunks.
        const left = total - shown.current;
        if (rows <= 0 || left <= 0) break;
        if (!nextChunkFits(performance.now() - taskStartedAt, chunkMs, rows, Math.min(step.current, left))) break;
      }
    });
  }, [key, revealed, total, firstRows]);

  useEffect(() => {
    // Synchronously, before the browser lays the page out for the printer.
    const showAll = () => flushSync(() => setState({ key, revealed: total }));
    window.addEventListener('beforeprint', showAll);
    return () => window.removeEventListener('beforeprint', showAll);
  }, [key, total]);

  return revealed;
}

/**
 * Keeps a page's first commit as the device's pace once the page is idle, not in the layout effect
 * that measures it (a storage write on the main thread, before the rows' frame).
 */
function keepLearnedPace(pace: RevealPace): void {
  whenIdle(() => keepPace(pace));
}
