// The judge's competition day (issue 21): a "Ready for offline" that waits for the installed app
// and all its files, a sync status bar that no header or alert covers at any scroll position,
// and "Back to the schools" that returns to the school the judge left.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { wcagViolations } from './support/axe.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

const READY_LINE = 'Ready to judge offline ✓';

test('Ready for offline is not ready until the service worker is installed with every app file', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const scenario = await new JudgeServer(request).createScenario('ready');
  // The service worker's script is held back, as on a slow venue network: the app is not
  // installed, although the event's data downloads.
  let releaseWorker = () => {};
  const workerHeld = new Promise<void>((resolve) => (releaseWorker = resolve));
  await context.route('**/sw.js', async (route) => {
    await workerHeld;
    await route.continue();
  });

  const screens = new JudgeScreens(page);
  await screens.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await screens.chooseEvent(scenario.eventName);
  const verdict = page.getByTestId('offline-verdict');
  await expect(page.getByText('Data downloaded')).toBeVisible();
  await expect(page.getByTestId('offline-worker')).toHaveText(/still downloading for offline use/);
  await expect(verdict).toHaveText(/Not ready for offline yet/);
  await expect(verdict).toHaveAttribute('data-ready', 'false');
  await expect(page.getByText(READY_LINE)).toHaveCount(0);

  // The worker installs (precaching every file): the panel sees it on its own.
  releaseWorker();
  await expect(verdict).toContainText(READY_LINE, { timeout: 60_000 });
  // The verdict is readable in a bright gym: the ready panel meets WCAG 2.1 AA.
  expect(await wcagViolations(page), 'the ready panel').toEqual([]);
  await screens.openOfflineDetails();
  await expect(page.getByTestId('offline-worker')).toHaveText(/installed in this browser/);
  await expect(page.getByTestId('offline-files')).toHaveText(/^all \d+ on this tablet$/);

  // A file lost from Cache Storage makes it not ready again (the panel opened anew); Refresh now
  // downloads it back.
  const removed = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.includes('precache'));
    if (!name) return null;
    const cache = await caches.open(name);
    const key = (await cache.keys()).find((request) => request.url.includes('/assets/'));
    if (!key) return null;
    await cache.delete(key);
    return key.url;
  });
  expect(removed).not.toBeNull();
  await page.reload();
  await expect(page.getByTestId('offline-files')).toHaveText(/^1 of \d+ missing: press Refresh now while online$/);
  await expect(verdict).toHaveText(/Not ready for offline yet/);
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(verdict).toContainText(READY_LINE);

  // Installing to the home screen: the browser's offer becomes the panel's Install button.
  await screens.openOfflineDetails();
  await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: 'Install the app' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted))
    .toBe(true);
});

/** The bar is on screen, below the header, and what is at its centre and at Sync now's is the bar itself. */
async function expectStatusBarUncovered(page: Page, syncStatus: Locator, where: string): Promise<void> {
  await expect(syncStatus, where).toBeInViewport();
  const seen = await syncStatus.evaluate((bar) => {
    const hitsBar = (element: Element | null) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && bar.contains(hit);
    };
    const syncNow = Array.from(bar.querySelectorAll('button')).find((button) =>
      /^(Sync now|Syncing…)$/.test(button.textContent ?? ''),
    );
    const header = document.querySelector('header')?.getBoundingClientRect();
    return {
      bar: hitsBar(bar),
      queue: hitsBar(bar.querySelector('[data-testid="pending-count"]')),
      syncNow: hitsBar(syncNow ?? null),
      belowHeader: header === undefined || bar.getBoundingClientRect().top >= header.bottom - 1,
    };
  });
  expect(seen, where).toEqual({ bar: true, queue: true, syncNow: true, belowHeader: true });
}

/** Scrolls to the top, the middle and the bottom of the page, checking the bar at each. */
async function expectBarAtEveryScroll(page: Page, syncStatus: Locator, screen: string): Promise<void> {
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable, `${screen} scrolls`).toBeGreaterThan(100);
  for (const fraction of [0, 0.5, 1]) {
    await page.evaluate((to) => window.scrollTo(0, to), Math.round(scrollable * fraction));
    await expectStatusBarUncovered(page, syncStatus, `${screen} scrolled to ${fraction * 100}%`);
  }
}

test('the sync status bar stays in view and uncovered at every scroll position, alerts included', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const scenario = await new JudgeServer(request).createScenario('bar', 'Menu Presentation', 6);
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await expectBarAtEveryScroll(page, screens.syncStatus, 'the dashboard');

  // A success alert (here Refresh now's) does not cover the bar or Sync now. Refresh now says
  // "refreshed" without a warning only once the service worker holds every app file.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('offline-verdict')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await screens.openOfflineDetails();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(screens.shell.alert('Event data refreshed.')).toBeVisible();
  await expectBarAtEveryScroll(page, screens.syncStatus, 'the dashboard with an alert');

  const [school] = scenario.schools;
  if (!school) throw new Error('the scenario has schools');
  await screens.openSchool(school.schoolName);
  await screens.openSection(scenario.sectionName);
  await screens.scoreSubsection('Menu Design and Balance', '3.00');
  await expectBarAtEveryScroll(page, screens.syncStatus, 'the scoring page after a save');
});

test.describe('at tablet size', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('Back to the schools returns to the school the judge left, not the top of the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const scenario = await new JudgeServer(request).createScenario('back', 'Menu Presentation', 12);
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    const school = scenario.schools.at(-2);
    if (!school) throw new Error('the scenario has schools');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Score ${school.schoolName}` }) });
    // The judge scrolls to the top with the wheel: a scroll of their own ends the list's settling
    // into view (schools-in-view.ts), which a script's scrollTo would not, and a late resize on a
    // slow machine would bring the list back.
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, -20_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(row, 'the school starts below the fold').not.toBeInViewport();

    // From the school's sections straight back.
    await screens.openSchool(school.schoolName);
    await page.getByRole('link', { name: '← Back to the schools' }).click();
    await expect(page.getByRole('heading', { name: `${scenario.categoryName}: schools` })).toBeVisible();
    await expect(row).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // And after a score on the sheet: back to the sections, then back to the schools.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screens.openSchool(school.schoolName);
    await screens.openSection(scenario.sectionName);
    await screens.scoreSubsection('Menu Design and Balance', '3.00');
    await page.getByRole('link', { name: '← Back to the criteria sections' }).click();
    await expect(page.getByRole('heading', { name: school.schoolName, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: '← Back to the schools' }).click();
    await expect(page.getByRole('heading', { name: `${scenario.categoryName}: schools` })).toBeVisible();
    await expect(row).toBeInViewport();
  });
});
