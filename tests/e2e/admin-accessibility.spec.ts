// The coordinators' main screens against WCAG 2.1 A and AA (axe-core), with the demo data.
import { expect, test, type Page } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { JudgeServer } from './pages/judge-server.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';

/** Axe on the page at `path` once its main heading (`heading`, when given) is shown and nothing is loading. */
async function scan(page: Page, path: string, heading?: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);
  return wcagViolations(page);
}

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
    expect(await scan(page, path, heading), path).toEqual([]);
  }
});

test('a running event’s detail, run pages (judges scoring and submitted), results, category pages (tie-break rules open and locked), and an account’s and a school’s detail meet WCAG 2.1 AA', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const server = new JudgeServer(request);
  const admin = await server.logIn(demoUsers.admin.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const events = (await (await request.get(`/api/state/${admin.stateId}/event`, { headers })).json()) as {
    eventId: number;
    eventStatus: string;
  }[];
  // The demo's event of the day (the first under way; other tests start events of their own)
  // has scores in: its run page and results are full. Its judges are all still scoring.
  const running = events.filter((event) => event.eventStatus === 'STARTED').sort((a, b) => a.eventId - b.eventId)[0];
  if (!running) throw new Error('the demo data has an event under way');
  // An event whose judge has submitted: the run page shows "Complete".
  const { scenario: submitted, token } = await server.createScoredScenario('a11y-run', 4);
  await server.submitElsewhere(submitted, token);
  // A category nobody has scored yet: its tie-break rules are still editable.
  const unscored = await server.createScenario('a11y-tie-break');
  const account = (await (await request.get(`/api/account/${admin.stateId}`, { headers })).json()) as {
    accountId: number;
  };
  const schools = (await (await request.get(`/api/event/${running.eventId}/school`, { headers })).json()) as {
    schoolId: number;
  }[];
  const school = schools[0];
  if (!school) throw new Error('the demo event has schools');

  await new AppShell(page).logInAs(demoUsers.admin);
  for (const path of [
    `/admin/event-detail/${running.eventId}`,
    `/admin/event-run/${running.eventId}`,
    `/admin/event-run/${submitted.eventId}`,
    `/admin/results-overall/${running.eventId}/overall`,
    `/admin/category-detail/${unscored.eventId}/${unscored.categoryId}`,
    `/admin/category-detail/${submitted.eventId}/${submitted.categoryId}`,
    `/admin/results-section/${running.eventId}`,
    `/admin/results-team/${running.eventId}`,
    `/admin/account-detail/${account.accountId}`,
    `/admin/school-detail/${school.schoolId}`,
    '/admin/manage-accounts',
  ]) {
    expect(await scan(page, path), path).toEqual([]);
  }
});
