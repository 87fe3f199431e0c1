// The scoring page's cold-start floor on the fixed stack (issue 41, decision 0188):
// bench/stack-cold/, a React 19 + TanStack Router + Mantine + Dexie + workbox-window page that
// reads what the app's scoring page reads before its first criteria row and renders the same
// sheet. Built in the run with the app's Vite, React plugin and PWA plugin (as the skeleton is),
// installed on an origin of its own, given the installed app's stored session and device store
// (every row: the event's record, the sheet's cells, the 5,000 other scores), its server then
// stopped, and loaded offline by cold-start.bench.ts exactly as the app's page is.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BareChromium, BarePage } from './bare-chromium.ts';
import { putRowsInPage } from './page-store.ts';
import { buildBenchPage } from './pwa-build.ts';
import { serveFolder } from './web.bench.ts';

const pageDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stack-cold');
const DEVICE_DB = 'judging-device';
const SESSION_KEY = 'judging.session';

/** Builds the floor with the app's Vite and plugins; answers its dist folder. */
async function buildStackCold(): Promise<string> {
  return buildBenchPage(pageDir, 'stack-cold', {
    installable: { name: 'Stack floor', shortName: 'Floor', navigateFallback: 'index.html' },
  });
}

/** What the installed app holds on the device: its stored session and every row of its device store, by store. */
export interface DeviceCopy {
  session: string;
  stores: Record<string, unknown[]>;
}

/** Reads the installed app's session and device store from one of its pages. */
export async function copyDevice(page: Pick<BarePage, 'evaluate'>): Promise<DeviceCopy> {
  return page.evaluate(
    async ({ database, sessionKey }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const names = [...db.objectStoreNames];
      const transaction = db.transaction(names, 'readonly');
      const rows = await Promise.all(
        names.map(
          (name) =>
            new Promise<unknown[]>((resolve, reject) => {
              const request = transaction.objectStore(name).getAll();
              request.onsuccess = () => resolve(request.result as unknown[]);
              request.onerror = () => reject(request.error);
            }),
        ),
      );
      db.close();
      return {
        session: localStorage.getItem(sessionKey) ?? '',
        stores: Object.fromEntries(names.map((name, index) => [name, rows[index]!])),
      };
    },
    { database: DEVICE_DB, sessionKey: SESSION_KEY },
  );
}

/**
 * The floor installed in `bare` with the app's device copied in: its service worker controls
 * it, its server is stopped. Answers the sheet's address on the floor (`search`: the app's
 * sheet query), the first criteria row's selector, and the dist folder to remove.
 */
export async function installStackCold(
  bare: BareChromium,
  device: DeviceCopy,
  search: string,
  selector: string,
): Promise<{ url: string; selector: string; dist: string }> {
  const dist = await buildStackCold();
  const server = await serveFolder(dist);
  try {
    const url = `${server.baseUrl}/school-scoring?${search}`;
    const setup = await bare.newPage(`${server.baseUrl}/`);
    await setup.evaluate(
      async ({ key, value }) => {
        localStorage.setItem(key, value);
        await navigator.serviceWorker.ready;
      },
      { key: SESSION_KEY, value: device.session },
    );
    // The first load opens (creates) the floor's device store; the rows go in after.
    await setup.navigate(url);
    await setup.waitFor(() => document.querySelector('h1, p') !== null, undefined);
    if (!(await setup.evaluate(() => navigator.serviceWorker.controller !== null, undefined)))
      throw new Error('The stack floor’s service worker does not control the page');
    for (const [store, rows] of Object.entries(device.stores))
      if (rows.length > 0) await putRowsInPage(setup, DEVICE_DB, store, rows);
    await setup.navigate(url);
    await setup.waitFor((wanted) => document.querySelector(wanted) !== null, selector);
    await setup.close();
    return { url, selector, dist };
  } catch (error) {
    rmSync(dist, { recursive: true, force: true });
    throw error;
  } finally {
    await server.close();
  }
}
