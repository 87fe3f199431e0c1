// The coordinator beside a judge's tablet: logged in in a browser context of their own, on the
// event's run page (live updates on), as a judge's test needs them.
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from './app-shell.page.ts';
import type { JudgingScenario } from './judge-server.ts';
import { demoUsers } from '../support/demo-users.ts';

/** The coordinator, logged in in a browser of their own, on the event's run page. */
export async function openCoordinatorRunPage(
  browser: Browser,
  scenario: JudgingScenario,
  testInfo: TestInfo,
): Promise<Page> {
  const context = await browser.newContext({ viewport: testInfo.project.use.viewport ?? undefined });
  const admin = await context.newPage();
  await new AppShell(admin).logInAs(demoUsers.admin);
  await admin.goto(`/admin/event-run/${scenario.eventId}`);
  await expect(admin.getByTestId('event-status')).toBeVisible();
  return admin;
}
