// Public pages download only public code (issue 21 item 11): a visitor on /welcome, /login or a
// registration form never loads the coordinators' screens or the judge's screens and device
// store. The build files each chunk under the area whose code it holds (apps/pwa/scripts/
// chunk-areas.ts): assets/admin/ and assets/judge/.
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { deviceStoreOpens, recordDeviceStoreOpens } from './pages/judge-device.ts';
import { demoJudge } from './support/demo-users.ts';

const PUBLIC_PAGES = [
  { path: '/welcome', ready: (page: Page) => page.getByRole('button', { name: 'Login' }).first() },
  { path: '/login', ready: (page: Page) => page.getByRole('region', { name: 'Log in' }) },
  { path: '/school', ready: (page: Page) => page.getByRole('heading', { level: 1 }).first() },
  { path: '/judge', ready: (page: Page) => page.getByRole('heading', { level: 1 }).first() },
];

const AREA_CHUNK = /\/assets\/(admin|judge|admin-judge)\//;

/**
 * The judge's device store: its outbox's layout (offline/device-db.ts) and the name of Dexie's
 * error for a closed database. Not the database's name: the entry chunk holds it, to start
 * opening the store early when someone is logged in (decision 0200).
 */
const DEVICE_STORE_MARKS = ['++seq, &id', 'DatabaseClosedError'];

/** The captcha widget's custom element, named in its code (altcha, captcha/captcha-field.tsx). */
const CAPTCHA_WIDGET_MARK = 'altcha-widget';

async function scriptsLoadedOn(page: Page, path: string, ready: (page: Page) => ReturnType<Page['locator']>) {
  const scripts: { path: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ path: new URL(response.url()).pathname, body: response.text().catch(() => '') });
  });
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  // What the page fetches after it shows (idle preloads, the service worker's registration) counts too.
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts.map(async (script) => ({ path: script.path, body: await script.body })));
}

test.describe('public pages load no admin or judge code', () => {
  for (const { path, ready } of PUBLIC_PAGES) {
    test(`${path} loads only public chunks and never opens the device store`, async ({ page }) => {
      await page.addInitScript(recordDeviceStoreOpens);
      const scripts = await scriptsLoadedOn(page, path, ready);
      expect(await deviceStoreOpens(page)).toEqual([]);
      expect(scripts.length, 'the page loaded its scripts').toBeGreaterThan(0);
      expect(scripts.map((script) => script.path).filter((script) => AREA_CHUNK.test(script))).toEqual([]);
      // Whatever the file names, the device store (Dexie, the outbox, the sync runner) is not among them.
      const withDeviceStore = scripts.filter((script) => DEVICE_STORE_MARKS.some((mark) => script.body.includes(mark)));
      expect(withDeviceStore.map((script) => script.path)).toEqual([]);
    });
  }

  // The login form shows the captcha only once the server asks for it (decisions §9): the widget,
  // the largest library the landing pages held, comes with the field, never with the page.
  for (const { path, ready } of PUBLIC_PAGES.filter((page) => page.path === '/welcome' || page.path === '/login')) {
    test(`${path} loads no captcha widget until the login form shows one`, async ({ page }) => {
      const scripts = await scriptsLoadedOn(page, path, ready);
      expect(
        scripts.filter((script) => script.body.includes(CAPTCHA_WIDGET_MARK)).map((script) => script.path),
      ).toEqual([]);
    });
  }

  test('the check has teeth: after a login the same session does load judge chunks', async ({ page }) => {
    // Guards the check above against a build that files nothing under an area (it would pass vacuously).
    const shell = new AppShell(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await shell.logInAs(demoJudge(7));
    await expect(page).toHaveURL(/\/judge-dashboard\/\d+/);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => /\/assets\/judge\//.test(script)).length).toBeGreaterThan(0);
    // And the marks the check looks for are in the device store's code, as these scripts hold it.
    const bodies = await page.evaluate(
      (paths) => Promise.all(paths.map(async (path) => (await fetch(path)).text())),
      scripts,
    );
    for (const mark of DEVICE_STORE_MARKS)
      expect(
        bodies.some((body) => body.includes(mark)),
        mark,
      ).toBe(true);
  });
});
