// Opening a results page waits for its answers, not for its code (issue 41). The admin area loads
// the results pages' code while idle (decision 0203); a navigation from elsewhere sends the
// page's reads before its code is in (decision 0198); the page is drawn once its answers are asked
// for, or a moment later when the event's detail is slow (decision 0204).
import { expect, test, type Page, type Request } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { runningEventCategories } from './pages/results-reads.ts';
import { demoUsers } from './support/demo-users.ts';

/** How long a results navigation waits for the event's detail before drawing anyway (start-page-reads.ts). */
const DETAIL_WAIT_MS = 300;

/** An in-app navigation, as a link's: the router moves without loading the page again. */
async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/**
 * The results pages' own chunks, named after their routes' last parameters:
 * routes/admin/results-overall/$eid/$eComp.tsx, and results-section/$eid.tsx with results-team/$eid.tsx.
 */
const OVERALL_PAGE_CHUNK = /\/assets\/admin\/_eComp-[\w-]+\.js$/;
const SECTION_AND_TEAM_PAGE_CHUNKS = /\/assets\/admin\/_eid-[\w-]+\.js$/;

/**
 * The events page loaded, and settled: the admin area's idle work asked for all three results
 * pages' code, then no request for 500 ms. A quiet network alone does not say the work ran: on a
 * loaded machine the idle moment can come more than 500 ms after the page's last request, and a
 * link's preload on hover can ask for one page's code before it.
 */
async function openSettledEventsPage(page: Page): Promise<void> {
  const asked = new Set<string>();
  const noteResultsCode = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (OVERALL_PAGE_CHUNK.test(path) || SECTION_AND_TEAM_PAGE_CHUNKS.test(path)) asked.add(path);
  };
  page.on('request', noteResultsCode);
  try {
    await page.goto('/admin/manage-events');
    await expect(page.getByRole('heading', { name: 'Manage events' })).toBeVisible();
    await expect
      .poll(() => asked.size, { message: 'the three results pages’ code asked for while idle', timeout: 15_000 })
      .toBe(3);
  } finally {
    page.off('request', noteResultsCode);
  }
  await page.waitForLoadState('networkidle');
}

/** The overall page shows a table for every category. */
async function expectEveryCategoryTable(page: Page, byName: readonly { categoryName: string }[]): Promise<void> {
  for (const category of byName) {
    await expect(page.getByRole('table', { name: `Results of ${category.categoryName}` })).toBeVisible();
  }
}

test('the admin area loads the results pages’ code while idle: opening them then asks for no script', async ({
  page,
  request,
}) => {
  const { eventId, byName } = await runningEventCategories(request);
  await new AppShell(page).logInAs(demoUsers.admin);
  // Out of the admin area first: the page the login lands on loads the results code while idle
  // too, and a load of it still on its way would be counted as the events page's.
  await page.goto('/help');
  await page.waitForLoadState('networkidle');
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await openSettledEventsPage(page);
  expect(
    scripts.filter((path) => OVERALL_PAGE_CHUNK.test(path)),
    'the overall page’s code, loaded on the events page',
  ).toHaveLength(1);

  scripts.length = 0;
  await navigateInApp(page, `/admin/results-overall/${eventId}/overall`);
  await expectEveryCategoryTable(page, byName);
  await navigateInApp(page, `/admin/results-section/${eventId}`);
  await expect(page.getByRole('heading', { name: /^Section results/ })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  expect(scripts, 'scripts asked for while opening the results pages').toEqual([]);
});

/** When the page's h1 first read `heading` (page clock, ms), recorded from now on. */
async function watchHeading(page: Page, heading: string): Promise<void> {
  await page.evaluate((heading) => {
    const record = () => {
      const title = document.querySelector('main h1')?.textContent ?? '';
      if (title.startsWith(heading)) {
        Reflect.set(window, '__headingAt', performance.now());
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(record);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, heading);
}

test('a results page is drawn once its answers are asked for; a slow detail holds the open screen only a moment (decision 0204)', async ({
  page,
  request,
}) => {
  const { eventId, byName } = await runningEventCategories(request);
  // When the app asks for each answer (its fetch call): the resource timing's start is later, by
  // the service worker's turn, which on a loaded machine is longer than the page's first draw.
  await page.addInitScript(() => {
    const calls: { url: string; at: number }[] = [];
    Reflect.set(window, '__fetchCalls', calls);
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({ url, at: performance.now() });
      return original(input, init);
    };
  });
  await new AppShell(page).logInAs(demoUsers.admin);
  await openSettledEventsPage(page);

  // The event's detail a little slow: the page waits for it, and for the answers it names to leave.
  const detail = `**/api/event/${eventId}`;
  await page.route(detail, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    await route.continue();
  });
  await watchHeading(page, 'Overall results');
  const startedAt = await page.evaluate(() => performance.now());
  await navigateInApp(page, `/admin/results-overall/${eventId}/overall`);
  await expectEveryCategoryTable(page, byName);
  const order = await page.evaluate(
    ({ eventId, startedAt }) => {
      const calls = Reflect.get(window, '__fetchCalls') as { url: string; at: number }[];
      const answers = calls.filter(
        (call) => call.url.includes(`/results/event/${eventId}/category/`) && call.at >= startedAt,
      );
      return {
        firstAnswerAskedAt: Math.min(...answers.map((call) => call.at)),
        headingAt: Reflect.get(window, '__headingAt') as number | undefined,
      };
    },
    { eventId, startedAt },
  );
  expect(order.headingAt, 'the page was drawn').toBeDefined();
  // Drawn once the answers were asked for, or, when the detail is later than DETAIL_WAIT_MS
  // (300 ms, start-page-reads.ts: a loaded machine's server), once that wait is over.
  expect(order.headingAt).toBeGreaterThanOrEqual(Math.min(order.firstAnswerAskedAt, startedAt + DETAIL_WAIT_MS));

  // A detail that takes seconds: the page is drawn, with its loading state, well before it comes.
  await page.unroute(detail);
  let isDetailReleased = false;
  await page.route(detail, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    isDetailReleased = true;
    await route.continue();
  });
  await navigateInApp(page, '/admin/manage-events');
  await expect(page.getByRole('heading', { name: 'Manage events' })).toBeVisible();
  await navigateInApp(page, `/admin/results-section/${eventId}`);
  await expect(page.getByRole('heading', { name: /^Section results/ })).toBeVisible({ timeout: 2_000 });
  expect(isDetailReleased, 'drawn while the detail was still held').toBe(false);
  await expect(page.getByRole('table').first()).toBeVisible();
});

test.describe('with the page’s code slow to arrive', () => {
  // Without the service worker, whose cache would answer the page's code before the route below.
  test.use({ serviceWorkers: 'block' });

  test('a navigation from outside the admin area sends the detail and then every answer the page shows before the page’s code is in (decision 0198)', async ({
    page,
    request,
  }) => {
    const { eventId, byName } = await runningEventCategories(request);
    await new AppShell(page).logInAs(demoUsers.admin);
    // A page outside the admin area, which loads no results code ahead.
    await page.goto('/user-settings');
    await page.waitForLoadState('networkidle');
    const detailPath = `/api/event/${eventId}`;
    const answerPaths = byName.map(
      (category) => `/api/run/coordinator/results/event/${eventId}/category/${category.categoryId}`,
    );
    const sent: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === detailPath || answerPaths.includes(path)) sent.push(path);
    });
    // The module that starts the pages' reads, held back: what is sent meanwhile was read ahead.
    let sentBeforeTheCode: string[] | undefined;
    await page.route('**/assets/category-reads-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      sentBeforeTheCode = [...sent];
      await route.continue();
    });
    await navigateInApp(page, `/admin/results-overall/${eventId}/overall`);
    await expectEveryCategoryTable(page, byName);
    expect(sentBeforeTheCode, 'the page asked for its code').toBeDefined();
    expect(sentBeforeTheCode).toEqual([detailPath, ...answerPaths]);
    expect(sent, 'none asked twice').toEqual([detailPath, ...answerPaths]);
  });
});
