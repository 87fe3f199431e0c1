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

  test('API calls go to the network past the installed service worker (static routing)', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.logInAs(demoUsers.judge1);
    await installApp(page);
    const timing = await page.evaluate(async () => {
      await (await fetch('/api/health')).text();
      const entry = performance
        .getEntriesByType('resource')
        .findLast((item) => item.name.endsWith('/api/health')) as PerformanceResourceTiming & {
        workerMatchedSourceType?: string;
      };
      return { isControlled: navigator.serviceWorker.controller !== null, source: entry.workerMatchedSourceType };
    });
    // "network": the browser matched the route registered at install and never woke the worker.
    expect(timing).toEqual({ isControlled: true, source: 'network' });
  });
});
