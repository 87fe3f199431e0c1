// The coordinators' main screens against WCAG 2.1 A and AA (axe-core), with the demo data.
import { expect, test } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { demoUsers } from './support/demo-users.ts';

test('the welcome page and the coordinators’ lists meet WCAG 2.1 AA', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/welcome');
  await expect(page.getByRole('main')).toBeVisible();
  expect(await wcagViolations(page), 'welcome').toEqual([]);
  const shell = new AppShell(page);
  await shell.logInAs(demoUsers.admin);
  for (const [path, heading] of [
    ['/admin/manage-events', 'Manage events'],
    ['/admin/manage-judges', 'Manage judges'],
    ['/admin/manage-schools', 'Manage schools'],
    ['/admin/manage-sections', 'Criteria'],
    ['/admin/inbox', 'Inbox'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);
    expect(await wcagViolations(page), path).toEqual([]);
  }
});
