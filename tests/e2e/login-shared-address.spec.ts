// Decisions §9, in the browser: once strangers have used a venue address's free login
// failures, a judge's login from it is asked for the captcha (never made to wait); the form
// shows the widget, and after solving it the judge gets in. On a server of its own: the run's
// shared server must keep its address free of failures for every other test.
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { Captcha } from './pages/public-forms.page.ts';
import { demoUsers } from './support/demo-users.ts';
import { StoppableServer } from './support/stoppable-server.ts';

/** The server's per-address free failures (docs/decisions/0003-login-throttle.md). */
const FREE_FAILURES_PER_ADDRESS = 100;
const CAPTCHA_REQUIRED =
  'Too many failed logins from your network. Please confirm you are not a robot, then log in again.';

test.describe('login from an address past its free failures', () => {
  let server: StoppableServer;
  test.beforeEach(async () => {
    server = await StoppableServer.start();
  });
  test.afterEach(async () => {
    await server.dispose();
  });

  test('the form shows the captcha, and the judge logs in after solving it', async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    const failures = await Promise.all(
      Array.from({ length: FREE_FAILURES_PER_ADDRESS }, (_, index) =>
        request.post('/api/login/user', {
          data: { username: `made-up${index}@example.test`, password: 'not-the-password' },
        }),
      ),
    );
    expect(failures.map((response) => response.status())).toEqual(Array<number>(FREE_FAILURES_PER_ADDRESS).fill(401));
    await request.dispose();

    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const shell = new AppShell(page);
    const judge = demoUsers.judge1;
    await page.goto('/login');
    await expect(shell.loginPanel).toBeVisible();
    const captcha = new Captcha(shell.loginPanel);
    await expect(captcha.checkbox).toHaveCount(0);

    await shell.submitLogin(judge);
    await expect(shell.loginPanel.getByRole('alert')).toHaveText(CAPTCHA_REQUIRED);
    await expect(captcha.checkbox).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await captcha.solve();
    await shell.submitLoginButton.click();
    await expect(page).toHaveURL(/\/judge-dashboard\/\d+$/);
    await expect(shell.greeting(judge)).toBeVisible();
    await context.close();
  });
});
