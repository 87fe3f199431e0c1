// The judge's score sheet downloads the judge's code and the shell, not the visitors' or the
// coordinators' (issue 41: the scoring route's JS weight). The login form is fetched with the
// header's login panel, which a logged-in judge's pages never render; the coordinators' screens
// are filed under assets/admin/ (apps/pwa/scripts/chunk-areas.ts).
import { expect, test } from '@playwright/test';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

/** The login form's password field asks the browser for the saved password (auth/login-form.tsx). */
const LOGIN_FORM_MARK = 'current-password';

test("a fresh load of the judge's score sheet fetches no login form and no coordinator screen", async ({
  page,
  request,
}) => {
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('route-code');
  const school = scenario.schools[0]!;
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await screens.openSchool(school.schoolName);
  await screens.openSection(scenario.sectionName);
  const sheetAddress = page.url();

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
});
