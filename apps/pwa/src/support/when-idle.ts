// Work a screen does not need for its first frame: run once the page is idle, so it never holds
// up that frame (docs/decisions/0098-offline-cold-start.md, 0189-first-frame-before-start-work.md).

/** The longest idle work waits for the page to be idle. */
export const IDLE_LIMIT_MS = 2000;

/**
 * Runs `work` once the page is idle (its first screen rendered), at the latest after `limitMs`;
 * answers a cancel for work not run yet.
 */
export function whenIdle(work: () => void, limitMs = IDLE_LIMIT_MS): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout: limitMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
