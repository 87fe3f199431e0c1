// The app's pages as the browser benches open them: a login through the header's panel, and a
// judge's category dashboard, as a user would reach them.
import type { Page } from 'playwright-core';
import { JUDGE_PASSWORD, type BenchScenario } from './bench-server.ts';

/** Logs in through the login panel (the page's base URL set) and waits for the Logout button. */
export async function logInThroughPanel(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const panel = page.getByRole('region', { name: 'Log in' });
  await panel.getByRole('textbox', { name: 'Email' }).fill(email);
  await panel.getByRole('textbox', { name: 'Password' }).fill(password);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

/** The scenario's judge logged in, on their category's dashboard with its schools shown. */
export async function openJudgeDashboard(page: Page, scenario: BenchScenario): Promise<void> {
  await logInThroughPanel(page, scenario.email, JUDGE_PASSWORD);
  await page.goto(`/judge-dashboard/${scenario.judgeId}/${scenario.eventId}/${scenario.categoryId}`);
  await page.getByRole('heading', { name: `${scenario.categoryName}: schools` }).waitFor();
}

/**
 * A full load of a start page, then its settling: the heading shown, and the page's start-up work
 * done (the app verifies its session, reads its config and starts its sync at the first idle
 * moment; a floor page has none) with no request for 500 ms. A timed in-app navigation starts from
 * here, as a user's would: nobody clicks within milliseconds of a page appearing, and start-up
 * work left running is timed against the page navigated to.
 */
export async function loadSettledStartPage(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
}
