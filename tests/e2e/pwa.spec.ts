import { expect, test } from '@playwright/test';
import { installApp } from './pages/installed-app.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { demoUsers } from './support/demo-users.ts';

test.describe('installed app', () => {
  test('boots offline from the service worker on any route and keeps the session', async ({ page, context }) => {
    const shell = new AppShell(page);
    await shell.logInAs(demoUsers.judge1);
    const dashboardPath = new URL(page.url()).pathname;

    // The first service worker precaches everything at install; a reload puts the page under it.
    await installApp(page);

    await context.setOffline(true);
    try {
      await page.goto('/terms-of-use');
      await expect(page.getByRole('heading', { name: 'Terms of Use', level: 1 })).toBeVisible();
      await page.goto(dashboardPath);
      await expect(page.getByRole('heading', { name: 'Judge dashboard', level: 1 })).toBeVisible();
      // No signal is not a reason to log a judge out.
      await expect(shell.greeting(demoUsers.judge1)).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
