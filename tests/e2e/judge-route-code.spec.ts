// The judge's score sheet downloads the judge's code and the shell, not the visitors' or the
// coordinators' (issue 41: the scoring route's JS weight). The login form is fetched with the
// header's login panel, which a logged-in judge's pages never render; the coordinators' screens
// are filed under assets/admin/ (apps/pwa/scripts/chunk-areas.ts). Nothing on the sheet positions
// a popover: floating-ui comes only with the components that do (scripts/mantine-merge-refs-plugin.ts,
// decisions 0186, 0187).
import { expect, test } from '@playwright/test';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JudgeServer } from './pages/judge-server.ts';

/** The login form's password field asks the browser for the saved password (auth/login-form.tsx). */
const LOGIN_FORM_MARK = 'current-password';
/** An attribute floating-ui's React part sets on what it positions (Mantine's popovers, menus, selects). */
const FLOATING_UI_MARK = 'data-floating-ui-focusable';

test("a fresh load of the judge's score sheet fetches no login form, no coordinator screen, no floating-ui", async ({
  page,
  request,
}) => {
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('route-code');
  const sheetAddress = await new JudgeScreens(page).openFirstSheet(scenario);

  // A new page of the same context: the session and the event stay on the device, the scripts are fetched again.
  const sheet = await page.context().newPage();
  const scripts: { path: string; body: Promise<string> }[] = [];
  sheet.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ path: new URL(response.url()).pathname, body: response.text().catch(() => '') });
  });
  await sheet.goto(sheetAddress);
  await expect(sheet.getByRole('heading', { name: scenario.sectionName, level: 2 })).toBeVisible();
  await sheet.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts.map(async (script) => ({ path: script.path, body: await script.body })));

  expect(
    loaded.filter((script) => /\/assets\/judge\//.test(script.path)).length,
    'the check has teeth',
  ).toBeGreaterThan(0);
  expect(loaded.map((script) => script.path).filter((path) => /\/assets\/(admin|admin-judge)\//.test(path))).toEqual(
    [],
  );
  expect(loaded.filter((script) => script.body.includes(LOGIN_FORM_MARK)).map((script) => script.path)).toEqual([]);
  expect(loaded.filter((script) => script.body.includes(FLOATING_UI_MARK)).map((script) => script.path)).toEqual([]);

  // The mark is floating-ui's: the build holds it, in the chunk the coordinators' selects and menus load.
  const manifest = await (await page.request.get('/sw-precache-manifest.js')).text();
  const built = [...manifest.matchAll(/"url":"([^"]+\.js)"/g)].map((match) => `/${match[1]}`);
  const withMark: string[] = [];
  for (const script of built)
    if ((await (await page.request.get(script)).text()).includes(FLOATING_UI_MARK)) withMark.push(script);
  expect(withMark.length, 'the check has teeth').toBeGreaterThan(0);
});
