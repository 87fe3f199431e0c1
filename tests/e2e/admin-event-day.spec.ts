// The coordinator on competition day (issue 21): tab switches show their rows with no blocking
// spinner over the page, and Start event asks first, naming what is not ready.
import { expect, test, type Page } from '@playwright/test';
import { ConfirmDialog } from './pages/admin-dialogs.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { JudgeServer } from './pages/judge-server.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';

/** Records, from the first paint, every page where a Mantine overlay (the global spinner's) was put in the page. */
async function watchForOverlays(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { overlaysSeen: string[] }).overlaysSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches('.mantine-Overlay-root') || node.querySelector('.mantine-Overlay-root')) {
            seen.push(location.pathname);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

function overlaysSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { overlaysSeen: string[] }).overlaysSeen.splice(0));
}

test('switching admin tabs shows the rows at once, with no overlay ever over the page', async ({ page }) => {
  await watchForOverlays(page);
  await new AppShell(page).logInAs(demoUsers.admin);
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await overlaysSeen(page); // the login itself is a change: its spinner is allowed

  // Each tab's table by its name: during the switch the previous tab's table may still be in the page.
  const tabs = [
    ['Judges', 'Judges'],
    ['Schools', 'Schools'],
    ['Criteria', 'Sections'],
    ['Dashboard & Events', 'Events'],
    ['Judges', 'Judges'],
  ] as const;
  for (const [tab, table] of tabs) {
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: tab }).click();
    const firstRow = page.getByRole('main').getByRole('table', { name: table }).locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    await expect(firstRow).not.toHaveText(/^Loading/);
    // What a tap on the row would reach is the row, not a layer over it.
    const tap = await firstRow.evaluate((row) => {
      const box = row.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const what = hit === null ? 'nothing' : `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`;
      return { isRowOnTop: hit !== null && row.contains(hit), reached: `${what} at ${Math.round(box.top)}px` };
    });
    expect(tap.isRowOnTop, `${tab}: the first row takes the tap (it reached ${tap.reached})`).toBe(true);
    expect(await overlaysSeen(page), `${tab}: no overlay appeared`).toEqual([]);
  }
});

test('Start event asks first and names the categories that are not ready; Cancel leaves it not started', async ({
  page,
  request,
}) => {
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('start');
  const admin = await server.logIn(demoUsers.admin.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const emptyCategory = `Empty Baking ${Date.now().toString(36)}`;
  const added = await request.post(`/api/event/${scenario.eventId}/category`, {
    headers,
    data: { categoryName: emptyCategory },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const eventStatus = async () => {
    const response = await request.get(`/api/run/coordinator/event/${scenario.eventId}`, { headers });
    return ((await response.json()) as { eventStatus: string }).eventStatus;
  };

  await new AppShell(page).logInAs(demoUsers.admin);
  await page.goto(`/admin/event-run/${scenario.eventId}`);
  await expect(page.getByTestId('event-status')).toHaveText('Not Started');
  await page.getByRole('button', { name: 'Start event' }).click();

  const dialog = new ConfirmDialog(page);
  await expect(dialog.root).toBeVisible();
  const notReady = dialog.root.getByRole('list', { name: 'Not ready' });
  await expect(notReady.getByRole('listitem')).toHaveText([`${emptyCategory}: 0 schools, 0 judges`]);
  await expect(notReady).not.toContainText(scenario.categoryName);

  await dialog.root.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.root).toBeHidden();
  await expect(page.getByTestId('event-status')).toHaveText('Not Started');
  expect(await eventStatus()).toBe('NOT_STARTED');

  await page.getByRole('button', { name: 'Start event' }).click();
  await dialog.confirm('Start event');
  await expect(page.getByTestId('event-status')).toHaveText('In Progress');
  expect(await eventStatus()).toBe('STARTED');
});
