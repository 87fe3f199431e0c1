// The judge's score sheet on a fresh load asks the server nothing before its first criteria row
// is drawn (issue 41: the offline cold start; decision 0189): the stored session's check and
// the footer's payment link wait until the page is idle, and still happen then. Its own code is
// asked for while the entry chunk still runs (decision 0190), before the entry chunk's libraries
// run (decision 0201), and its first screen decodes no image (decision 0190).
// The device store's opening starts while the entry chunk runs too (decision 0200). Nothing
// loads the browser's locale data (a collator, a formatter) before the first row (decision 0206).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { deviceStoreOpens, recordDeviceStoreOpens } from './pages/judge-device.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JudgeServer } from './pages/judge-server.ts';

const FIRST_ROW = 'section[aria-labelledby="criteria-heading"] tbody tr';

/**
 * A judge of a new scenario opens their first sheet, then the sheet is loaded afresh in a new
 * page of the same context (the session and the event stay on the device), with `initScript`
 * run before the page's own scripts; answers that page once its first criteria row shows.
 */
async function openSheetAfresh(page: Page, request: APIRequestContext, label: string, initScript?: string) {
  const scenario = await new JudgeServer(request).createScenario(label);
  const sheetAddress = await new JudgeScreens(page).openFirstSheet(scenario);
  const sheet = await page.context().newPage();
  if (initScript !== undefined) await sheet.addInitScript(initScript);
  await sheet.goto(sheetAddress);
  await expect(sheet.locator(FIRST_ROW).first()).toBeVisible();
  return sheet;
}

/** Every request the page's scripts make, and whether the sheet's first criteria row was in the document then. */
function recordRequests(rowSelector: string): string {
  return `(() => {
    const requests = [];
    window.benchRequests = requests;
    const original = window.fetch;
    window.fetch = function (input, init) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requests.push({ path: new URL(url, location.href).pathname, rowShown: document.querySelector(${JSON.stringify(rowSelector)}) !== null });
      return original.call(this, input, init);
    };
  })();`;
}

test("a fresh load of the judge's score sheet asks the server nothing before its first row", async ({
  page,
  request,
}) => {
  const sheet = await openSheetAfresh(page, request, 'first-frame', recordRequests(FIRST_ROW));
  const sent = () =>
    sheet.evaluate(() => (window as unknown as { benchRequests: { path: string; rowShown: boolean }[] }).benchRequests);

  // Once idle, the session is checked and the payment link asked for: after the row.
  await expect.poll(async () => (await sent()).map((sentRequest) => sentRequest.path)).toContain('/api/session');
  await expect.poll(async () => (await sent()).map((sentRequest) => sentRequest.path)).toContain('/api/config');
  expect((await sent()).filter((sentRequest) => !sentRequest.rowShown)).toEqual([]);
});

test("a fresh load asks for the sheet's code while the entry chunk runs, and for no image", async ({
  page,
  request,
}) => {
  const sheet = await openSheetAfresh(page, request, 'first-frame-code');
  const timings = await sheet.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      // Module scripts run before DOMContentLoaded; React's first render and the router's first load come after it.
      entryDone: navigation!.domContentLoadedEventStart,
      sheetCode: resources
        .filter((entry) => /\/assets\/judge\/school-scoring-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
      images: resources.filter((entry) => entry.initiatorType === 'img').map((entry) => entry.name),
    };
  });
  expect(timings.sheetCode.length).toBeGreaterThan(0);
  expect(Math.min(...timings.sheetCode)).toBeLessThan(timings.entryDone);
  expect(timings.images).toEqual([]);
});

/**
 * When the page first read session storage (ms since navigation). The router's library reads it as
 * its code runs (its scroll restoration), so the first read marks the entry chunk's libraries
 * running; nothing of the app's reads it before them.
 */
const recordFirstSessionStorageRead = `(() => {
  const own = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
  const descriptor = own ?? Object.getOwnPropertyDescriptor(Window.prototype, 'sessionStorage');
  Object.defineProperty(window, 'sessionStorage', {
    configurable: true,
    get() {
      window.firstSessionStorageReadAt ??= performance.now();
      return descriptor.get.call(window);
    },
  });
})();`;

test("a fresh load asks for the sheet's code before the entry chunk's libraries run", async ({ page, request }) => {
  const sheet = await openSheetAfresh(page, request, 'first-frame-code-first', recordFirstSessionStorageRead);
  const timings = await sheet.evaluate(() => ({
    librariesRunning: (window as unknown as { firstSessionStorageReadAt?: number }).firstSessionStorageReadAt,
    sheetCode: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\/assets\/judge\/school-scoring-[\w-]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(timings.librariesRunning).toBeDefined();
  expect(timings.sheetCode.length).toBeGreaterThan(0);
  expect(Math.min(...timings.sheetCode)).toBeLessThan(timings.librariesRunning!);
});

test('a fresh load starts opening the device store while the entry chunk runs', async ({ page, request }) => {
  const sheet = await openSheetAfresh(page, request, 'first-frame-store', `(${recordDeviceStoreOpens.toString()})();`);
  const opens = await deviceStoreOpens(sheet);
  const entryDone = await sheet.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation!.domContentLoadedEventStart;
  });
  // The first open is the early one, from the entry chunk; Dexie's own comes with the sheet's code, after it.
  expect(opens.length).toBeGreaterThan(1);
  expect(opens[0]).toBeLessThan(entryDone);
  expect(opens.at(-1)).toBeGreaterThan(entryDone);
});

/**
 * Every use of the browser's locale data (ICU) the page's scripts make, and whether the sheet's
 * first criteria row was in the document then: an Intl object made, or a method that makes one
 * (`localeCompare`, `toLocaleString` and the like). The first use in a tab loads that data. Each
 * use names the code it was called from, for the failure's message.
 */
function recordLocaleWork(rowSelector: string): string {
  return `(() => {
    const used = [];
    window.localeWork = used;
    const note = (kind) =>
      used.push({
        kind,
        calledFrom: new Error().stack.split('\\n').slice(2, 6).join(' / '),
        rowShown: document.querySelector(${JSON.stringify(rowSelector)}) !== null,
      });
    for (const kind of ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) {
      const Original = Intl[kind];
      if (typeof Original !== 'function') continue;
      Intl[kind] = new Proxy(Original, {
        construct(target, args) {
          note('Intl.' + kind);
          return Reflect.construct(target, args);
        },
      });
    }
    const methods = [
      [String.prototype, 'localeCompare'],
      [String.prototype, 'toLocaleUpperCase'],
      [String.prototype, 'toLocaleLowerCase'],
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [Array.prototype, 'toLocaleString'],
    ];
    for (const [prototype, name] of methods) {
      const original = prototype[name];
      prototype[name] = function (...args) {
        note(name);
        return original.apply(this, args);
      };
    }
  })();`;
}

test('a fresh load uses no locale data before its first row', async ({ page, request }) => {
  const sheet = await openSheetAfresh(page, request, 'first-frame-locale', recordLocaleWork(FIRST_ROW));
  const used = await sheet.evaluate(
    () => (window as unknown as { localeWork: { kind: string; rowShown: boolean }[] }).localeWork,
  );
  expect(used.filter((use) => !use.rowShown)).toEqual([]);
});

/** When the first criteria row entered the document (ms since navigation), from the first script on. */
function recordRowShown(rowSelector: string): string {
  return `(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(rowSelector)})) return;
      window.rowShownAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true });
  })();`;
}

// Each script file is one more fetch through the service worker before the sheet can draw
// (decision 0193): the entry, the judge's chunk, and the two chunks of what the sheet shares with
// the visitors' pages and with the others, where the bundler's own split asked for twenty-two.
const SCRIPTS_BEFORE_FIRST_ROW = 4;

/** The paths of the scripts a sheet opened with `recordRowShown` fetched before its first row. */
function scriptsBeforeFirstRow(sheet: Page): Promise<string[]> {
  return sheet.evaluate(() => {
    const rowShownAt = (window as unknown as { rowShownAt: number }).rowShownAt;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime < rowShownAt && /\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => new URL(entry.name).pathname);
  });
}

test("a fresh load fetches the sheet's code in a few files, not one per shared part", async ({ page, request }) => {
  const sheet = await openSheetAfresh(page, request, 'first-frame-files', recordRowShown(FIRST_ROW));
  const scripts = await scriptsBeforeFirstRow(sheet);
  expect(scripts.filter((script) => /\/assets\/judge\/school-scoring-[\w-]+\.js$/.test(script))).toHaveLength(1);
  expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(SCRIPTS_BEFORE_FIRST_ROW);
});

// Each of those files calls most of its functions before the first row: V8 compiles them as they
// stream in, off the main thread, when the file's first line is the compile hint (decision 0217).
test("a fresh load's scripts before the first row each carry V8's compile hint", async ({ page, request }) => {
  const sheet = await openSheetAfresh(page, request, 'first-frame-hints', recordRowShown(FIRST_ROW));
  const scripts = await scriptsBeforeFirstRow(sheet);
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  for (const script of scripts) {
    const code = await (await request.get(script)).text();
    expect(code.split('\n', 1)[0], script).toBe('//# allFunctionsCalledOnLoad');
  }
});
