// The first load runs only checks compiled at build time (issue 41, decision 0169): TypeBox's
// interpreter and its builder's engine stay off the landing pages and the judge's routes, and
// come only where a form must word its errors.
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { demoJudge } from './support/demo-users.ts';

/** Words of TypeBox's interpreter's own error messages (typebox/error). */
const INTERPRETER_MARK = 'must be equal to one of the allowed values';
/** A kind only TypeBox's builder engine names (typebox/type/engine). */
const BUILDER_ENGINE_MARK = 'TemplateLiteral';

function collectScripts(page: Page) {
  const bodies: Promise<{ path: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    bodies.push(
      response.text().then(
        (body) => ({ path, body }),
        () => ({ path, body: '' }),
      ),
    );
  });
  return async (mark: string) =>
    (await Promise.all(bodies)).filter((script) => script.body.includes(mark)).map((script) => script.path);
}

test.describe('TypeBox stays off the first load', () => {
  for (const path of ['/welcome', '/login']) {
    test(`${path} loads neither TypeBox's interpreter nor its builder's engine`, async ({ page }) => {
      const scriptsWith = collectScripts(page);
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await scriptsWith(INTERPRETER_MARK)).toEqual([]);
      expect(await scriptsWith(BUILDER_ENGINE_MARK)).toEqual([]);
    });
  }

  test('a judge logs in and reaches the dashboard without them', async ({ page }) => {
    const scriptsWith = collectScripts(page);
    await new AppShell(page).logInAs(demoJudge(7));
    await expect(page).toHaveURL(/\/judge-dashboard\/\d+/);
    await page.waitForLoadState('networkidle');
    expect(await scriptsWith(INTERPRETER_MARK)).toEqual([]);
    expect(await scriptsWith(BUILDER_ENGINE_MARK)).toEqual([]);
  });

  test('the check has teeth: a wrong login shows its messages, worded by the interpreter fetched then', async ({
    page,
  }) => {
    const scriptsWith = collectScripts(page);
    await page.goto('/login');
    const panel = page.getByRole('region', { name: 'Log in' });
    await panel.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    // Enter is a submit attempt even while the button reads as disabled.
    await panel.getByRole('textbox', { name: 'Email' }).press('Enter');
    await expect(panel.getByText('Email format is invalid')).toBeVisible();
    await expect(panel.getByText('Password is required')).toBeVisible();
    expect((await scriptsWith(INTERPRETER_MARK)).length).toBeGreaterThan(0);
  });
});
