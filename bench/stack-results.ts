// The results pages' floor on the fixed stack (issue 41): bench/stack-results/, a React 19 +
// TanStack Router + Mantine page that reads the same answers as the app's results pages and puts
// the same rows in the DOM as the bare page (bare-results.ts), with no task over 50 ms. Built in
// the run with the app's Vite and React plugin, served on the server's origin under
// /bench-floor/ by a route of its own context (the answers need the coordinator's token, same
// origin; no service worker), and timed by results-page.bench.ts exactly as the app's pages are:
// loaded at /bench-floor/start, then an in-app navigation to the page. It says whether ≤ 2× the
// bare page is reachable on the stack at all.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { loadSettledStartPage } from './app-pages.ts';
import { buildBenchPage } from './pwa-build.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const pageDir = path.join(benchDir, 'stack-results');
export const STACK_FLOOR_BASE = '/bench-floor';

/** Builds the floor page with the app's Vite and React plugin; answers its dist folder. */
async function buildStackFloor(): Promise<string> {
  return buildBenchPage(pageDir, 'stack-results', { base: `${STACK_FLOOR_BASE}/` });
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

export interface StackFloorPage {
  page: Page;
  close(): Promise<void>;
}

/** Builds the floor and opens it at its start page, the coordinator's token in its session storage. */
export async function openStackFloorPage(browser: Browser, baseUrl: string, token: string): Promise<StackFloorPage> {
  const dist = await buildStackFloor();
  const context = await browser.newContext({
    baseURL: baseUrl,
    serviceWorkers: 'block',
    viewport: { width: 1366, height: 768 },
  });
  await context.route(`${baseUrl}${STACK_FLOOR_BASE}/**`, (route) => {
    const pathname = new URL(route.request().url()).pathname.slice(STACK_FLOOR_BASE.length);
    let file = path.join(dist, pathname);
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(dist, 'index.html');
    return route.fulfill({
      contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    });
  });
  await context.addInitScript((token) => sessionStorage.setItem('bench.token', token), token);
  const page = await context.newPage();
  await loadStackFloorStart(page);
  return {
    page,
    close: async () => {
      await context.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** A full load of the floor's start page, settled as the app's is: the state each timed navigation starts from. */
export async function loadStackFloorStart(page: Page): Promise<void> {
  await loadSettledStartPage(page, `${STACK_FLOOR_BASE}/start`, 'Start');
}

export const stackFloorUrl = (which: 'overall' | 'section', eventId: number) =>
  `${STACK_FLOOR_BASE}/${which}/${eventId}`;
