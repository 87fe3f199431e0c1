// Puts a page under the service worker, as a judge's tablet is after its first online visit.
import { expect, type Page } from '@playwright/test';

type WorkerState = 'controlled' | 'active' | 'installing' | 'none';

function readWorkerState(page: Page): Promise<WorkerState> {
  return page.evaluate(async () => {
    if (navigator.serviceWorker.controller) return 'controlled';
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'none';
    return registration.active ? 'active' : 'installing';
  });
}

/**
 * Waits for the service worker to finish precaching, then reloads so the page is controlled by it.
 * An install that failed (a precache fetch lost on a busy machine) leaves no registration, and
 * `navigator.serviceWorker.ready` would then wait forever: a reload registers the worker again.
 */
export async function installApp(page: Page): Promise<void> {
  let checksWithoutWorker = 0;
  await expect
    .poll(
      async () => {
        const state = await readWorkerState(page);
        if (state === 'active') await page.reload();
        if (state === 'none' && ++checksWithoutWorker % 10 === 0) await page.reload();
        return state;
      },
      { timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toBe('controlled');
}
