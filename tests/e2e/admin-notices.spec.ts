// Notices (issue 36, item 7): one at a time, never over a button a coordinator can press, and
// never on paper; an empty category takes no printed page.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { JudgeServer } from './pages/judge-server.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';

const sizes = {
  laptop: { width: 1366, height: 768 },
  tablet: { width: 768, height: 1024 },
} as const;

function notices(page: Page): Locator {
  return page.getByRole('region', { name: 'Alerts' }).locator('[role="alert"], [role="status"]');
}

/**
 * The one notice on screen and the buttons, links and fields under `scope` that overlap it:
 * those inside the viewport that show on top at some point of theirs (not behind a dialog's
 * overlay or wholly under the sticky header), named so a failure says which.
 */
async function actionsUnderNotice(page: Page, scope: 'page' | 'dialog'): Promise<string[]> {
  return page.evaluate((scopeName) => {
    const notice = document.querySelector('[aria-label="Alerts"] [role="alert"], [aria-label="Alerts"] [role="status"]');
    if (!notice) throw new Error('No notice is shown');
    const box = notice.getBoundingClientRect();
    const dialogs = [...document.querySelectorAll('[role="dialog"]')];
    const root = scopeName === 'dialog' ? dialogs[dialogs.length - 1] : document.body;
    if (!root) throw new Error('No dialog is open');
    const shows = (element: Element, rect: DOMRect) =>
      [0.5, 0.1, 0.9].some((fx) =>
        [0.5, 0.1, 0.9].some((fy) => {
          const x = rect.left + rect.width * fx;
          const y = rect.top + rect.height * fy;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
          const hit = document.elementsFromPoint(x, y).find((candidate) => !notice.contains(candidate));
          return hit !== undefined && (element.contains(hit) || hit.contains(element));
        }),
      );
    return [...root.querySelectorAll('button, a[href], input, select, textarea, [role="button"], [role="checkbox"]')]
      .filter((element) => !notice.contains(element))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        const overlaps =
          rect.left < box.right && box.left < rect.right && rect.top < box.bottom && box.top < rect.bottom;
        return overlaps && shows(element, rect);
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName);
  }, scope);
}

test.describe('notices', () => {
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    test(`on the category page (${sizeName}), one notice at a time and never over a button, in the page or in the Add schools dialog`, async ({
      page,
      request,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      // A category with a section, a judge on it (the chip's remove button) and two schools.
      const scenario = await new JudgeServer(request).createScenario(`notices-${sizeName}`);
      await new AppShell(page).logInAs(demoUsers.admin);
      await page.goto(`/admin/category-detail/${scenario.eventId}/${scenario.categoryId}`);
      await expect(page.getByRole('table', { name: 'Schools in running order' })).toBeVisible();

      // Add 3 schools: the dialog closes and says so.
      const addSchools = async (ticks: number) => {
        await page.getByRole('button', { name: 'Add schools', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: /^Add schools: / });
        const boxes = dialog.getByRole('group', { name: 'Schools not in this category' }).getByRole('checkbox');
        for (let index = 0; index < ticks; index += 1) {
          await boxes.nth(index).check();
          await dialog.getByRole('textbox', { name: /^Students of / }).nth(index).fill(`Ann ${index}, Bo ${index}`);
        }
        return dialog;
      };
      const first = await addSchools(3);
      await first.getByRole('button', { name: 'Add 3 schools', exact: true }).click();
      await expect(first).toBeHidden();
      await expect(notices(page)).toHaveCount(1);
      expect(await actionsUnderNotice(page, 'page'), 'actions under the notice on the category page').toEqual([]);

      // A second notice at once (the running order changes by keyboard): it replaces the first.
      const handles = page.getByRole('table', { name: 'Schools in running order' }).getByRole('button', { name: /^Move / });
      await handles.last().focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Space');
      await expect(notices(page).filter({ hasText: 'Schools order updated' })).toBeVisible();
      await expect(notices(page)).toHaveCount(1);
      expect(await actionsUnderNotice(page, 'page'), 'actions under the second notice').toEqual([]);

      // The Add schools dialog opened while the notice shows: its actions stay uncovered.
      const second = await addSchools(3);
      await expect(second.getByRole('button', { name: 'Add 3 schools', exact: true })).toBeVisible();
      await expect(notices(page)).toHaveCount(1);
      expect(await actionsUnderNotice(page, 'dialog'), 'actions of the Add schools dialog under the notice').toEqual(
        [],
      );
    });
  }

  test('after the event ends, its results print without the notice and without a page for an empty category', async ({
    page,
    request,
  }) => {
    test.slow();
    const server = new JudgeServer(request);
    const { scenario, token } = await server.createScoredScenario('notices-print', 4);
    // A category with nobody in it, added after Start: it is on the screen, not on paper.
    const admin = await server.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const emptyName = `Empty ${scenario.eventName}`.slice(0, 60);
    const added = await request.post(`/api/event/${scenario.eventId}/category`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { categoryName: emptyName },
    });
    expect(added.ok(), await added.text()).toBe(true);
    await server.submitElsewhere(scenario, token);

    await new AppShell(page).logInAs(demoUsers.admin);
    await page.goto(`/admin/event-run/${scenario.eventId}`);
    await page.getByRole('button', { name: 'End event', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End event', exact: true }).click();
    const ended = notices(page).filter({ hasText: 'Event ended' });
    await expect(ended).toBeVisible();

    // Straight on to the results (in the app, so the notice is still up), and print.
    await page.getByRole('button', { name: /Reports/ }).click();
    await page.getByRole('menuitem', { name: 'Overall results', exact: true }).click();
    const scored = page.getByRole('region', { name: scenario.categoryName, exact: true });
    const empty = page.getByRole('region', { name: emptyName, exact: true });
    await expect(scored.getByRole('table')).toBeVisible();
    await expect(empty).toContainText('No competing teams.');
    await expect(ended).toBeVisible();

    // Printed at once, while the notice is still up (it closes itself after 5 s): in the page, not on paper.
    await page.emulateMedia({ media: 'print' });
    await expect(ended).toHaveCount(1);
    await expect(ended).toBeHidden();
    await expect(empty).toBeHidden();
    await expect(scored).toBeVisible();
    // The paper itself: one category with teams, one page.
    const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length, 'printed pages').toBe(1);
    await page.emulateMedia({ media: 'screen' });
    await expect(empty).toBeVisible();
  });
});
