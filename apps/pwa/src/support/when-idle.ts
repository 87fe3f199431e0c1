// Work a screen does not need for its first frame: run once the page is idle, and on an app's
// start not before its first screen is drawn, so it never holds up that frame
// (docs/decisions/0098-offline-cold-start.md, 0189-first-frame-before-start-work.md).

/** The longest idle work waits for the page to be idle. */
export const IDLE_LIMIT_MS = 2000;
/** The longest start work waits for the first screen (a first load that never settles). */
export const FIRST_SCREEN_LIMIT_MS = 10_000;

/**
 * Runs `work` once the page is idle, at the latest after `limitMs`; answers a cancel for work
 * not run yet. An idle moment can come while a screen still waits for its data: start work
 * uses `afterFirstScreen`.
 */
export function whenIdle(work: () => void, limitMs = IDLE_LIMIT_MS): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout: limitMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

let isFirstScreenShown = false;
const waiting = new Set<() => void>();

/** The app's first screen is rendered (the router's first load settled): start work may run. */
export function markFirstScreenShown(): void {
  if (isFirstScreenShown) return;
  isFirstScreenShown = true;
  for (const start of [...waiting]) start();
  waiting.clear();
}

/**
 * Runs `work` once the app's first screen is rendered and then the page is idle (at the latest
 * `limitMs` after that screen, or `FIRST_SCREEN_LIMIT_MS` after this call if no screen settles);
 * answers a cancel for work not run yet.
 */
export function afterFirstScreen(work: () => void, limitMs = IDLE_LIMIT_MS): () => void {
  if (isFirstScreenShown) return whenIdle(work, limitMs);
  let cancelIdle: (() => void) | undefined;
  const start = () => {
    waiting.delete(start);
    clearTimeout(fallback);
    cancelIdle ??= whenIdle(work, limitMs);
  };
  const fallback = setTimeout(start, FIRST_SCREEN_LIMIT_MS);
  waiting.add(start);
  return () => {
    waiting.delete(start);
    clearTimeout(fallback);
    cancelIdle?.();
  };
}
