// The event loop comes first (issue 41): a judge's push waits behind any thread of the same
// priority that holds a core, and on a small machine the server's own background threads are
// most of them. The results worker runs at the lowest priority; V8's helper threads (collecting
// the garbage of the results worker's megabytes of reports, compiling in the background) run
// below the event loop and above that worker, so the work they do for the event loop still beats
// the reports. Linux gives each thread its own priority, set by its thread id; elsewhere, and
// where /proc is not readable, every thread keeps the server's priority.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of work nobody is waiting on a screen for (a results computation). */
export const BACKGROUND_NICE = 19;
/** The nice value of V8's helper threads: below the event loop, above the background work. */
export const HELPER_NICE = 10;
/** The name Node gives V8's platform worker threads (`/proc/<pid>/task/<tid>/comm`). */
export const V8_HELPER_THREAD_NAME = 'V8Worker';

/** Lowers the calling thread (a worker thread's own) to BACKGROUND_NICE; answers whether it could. */
export function lowerThisThreadsPriority(): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId)) return false;
    setPriority(threadId, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lowers every V8 helper thread of this process to HELPER_NICE, or to the server's own nice value
 * when the server already runs at a lower priority (never above the event loop); answers how many
 * it set.
 */
export function lowerV8HelperThreadsPriority(): number {
  const nice = Math.max(HELPER_NICE, getPriority());
  let lowered = 0;
  for (const threadId of threadIdsNamed(V8_HELPER_THREAD_NAME)) {
    try {
      setPriority(threadId, nice);
      lowered += 1;
    } catch {
      // The thread ended between the listing and the call.
    }
  }
  return lowered;
}

function threadIdsNamed(name: string): number[] {
  let threadIds: string[];
  try {
    threadIds = readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  return threadIds
    .filter((threadId) => {
      try {
        return readFileSync(`/proc/self/task/${threadId}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}
