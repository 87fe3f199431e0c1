// Notices (issue 36, item 7): one at a time, never over a button a coordinator can press, and
// never on paper; an empty category takes no printed page.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { EventsSetup } from './pages/events-setup.ts';
import { JudgeServer } from './pages/judge-server.ts';
import { solveCaptcha } from './support/captcha.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';

const sizes = {
  laptop: { width: 1366, height: 768 },
  tablet: { width: 768, height: 1024 },
} as const;

/** The notices in the alerts area, shown or not (a role query would skip a hidden area, as in print). */
function notices(page: Page): Locator {
  return page.locator('[role="region"][aria-label="Alerts"] :is([role="alert"], [role="status"])');
}

/**
 * The one notice on screen and the buttons, links and fields under `scope` that overlap it:
 * those inside the viewport that show on top at some point of theirs (not behind a dialog's
 * overlay or wholly under the sticky header), named so a failure says which.
 */
async function actionsUnderNotice(page: Page, scope: 'page' | 'dialog'): Promise<string[]> {
  return page.evaluate((scopeName) => {
    const notice = document.querySelector(
      '[aria-label="Alerts"] [role="alert"], [aria-label="Alerts"] [role="status"]',
    );
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

/**
 * Within a moment (the notice is placed again on the next frame after the page changes, as when
 * a dialog closes), nothing the user can press under `scope` lies under the notice. The moment is
 * a few seconds: on a loaded CI machine a dialog's transition and the frame after it once took
 * longer than one second, while a notice left over a button fails however long the wait.
 */
async function expectNothingUnderNotice(page: Page, scope: 'page' | 'dialog', what: string): Promise<void> {
  await expect(async () => expect(await actionsUnderNotice(page, scope), what).toEqual([])).toPass({
    timeout: 5_000,
  });
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
      const [firstSchool] = scenario.schools;
      if (!firstSchool) throw new Error('The scenario has schools');
      await new AppShell(page).logInAs(demoUsers.admin);

      // A school's update notice stays until closed (seed), so it is still up when the next comes.
      await page.goto(`/admin/school-detail/${firstSchool.schoolId}`);
      await page.getByRole('main').getByRole('button', { name: 'Edit', exact: true }).click();
      const schoolForm = page.getByRole('dialog');
      await schoolForm.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(schoolForm).toBeHidden();
      await expect(notices(page)).toHaveCount(1);
      const schoolNotice = await notices(page).locator('.mantine-Alert-message').innerText();

      // On to the category page inside the app (the notice goes along).
      await page.getByRole('link', { name: 'Dashboard & Events' }).click();
      await page.getByRole('link', { name: `View ${scenario.eventName}`, exact: true }).click();
      await page.getByRole('link', { name: `View ${scenario.categoryName}`, exact: true }).click();
      const running = page.getByRole('table', { name: 'Schools in running order' });
      await expect(running).toBeVisible();
      await expect(notices(page)).toContainText(schoolNotice);

      const openAddSchools = async () => {
        await page.getByRole('button', { name: 'Add schools', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: /^Add schools: / });
        const boxes = dialog.getByRole('group', { name: 'Schools not in this category' }).getByRole('checkbox');
        const ticked: string[] = [];
        for (let index = 0; index < 3; index += 1) {
          await boxes.nth(index).check();
          ticked.push(await boxes.nth(index).evaluate((box: HTMLInputElement) => box.labels?.[0]?.textContent ?? ''));
          await dialog
            .getByRole('textbox', { name: /^Students of / })
            .nth(index)
            .fill(`Ann ${index}, Bo ${index}`);
        }
        return { dialog, ticked };
      };

      // Add 3 schools: the dialog closes and its notice replaces the school's.
      const first = await openAddSchools();
      await first.dialog.getByRole('button', { name: 'Add 3 schools', exact: true }).click();
      await expect(first.dialog).toBeHidden();
      await expect(notices(page)).toHaveCount(1);
      await expect(notices(page)).not.toContainText(schoolNotice);
      await expectNothingUnderNotice(page, 'page', 'actions under the notice on the category page');

      // The running order changed by keyboard: one notice still, the newest.
      // Each key waits for what a screen reader hears, as the running-order test does.
      const heard = (text: RegExp) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
      await running
        .getByRole('button', { name: /^Move / })
        .last()
        .focus();
      await page.keyboard.press('Space');
      await heard(/^Picked up /);
      await page.keyboard.press('ArrowUp');
      await heard(/ moved to position 4 of 5\.$/);
      await page.keyboard.press('Space');
      await expect(notices(page).filter({ hasText: 'Schools order updated' })).toBeVisible();
      await expect(notices(page)).toHaveCount(1);
      await expectNothingUnderNotice(page, 'page', 'actions under the second notice');

      // A notice while the Add schools dialog is open: one of the ticked schools was registered
      // meanwhile (the public form), so "Add 3 schools" is refused and the dialog stays.
      const second = await openAddSchools();
      const setup = await EventsSetup.as(request, demoUsers.admin);
      const names = (await (await request.get(`/api/state/${setup.stateId}/school/names`)).json()) as {
        schoolId: number;
        schoolName: string;
      }[];
      const taken = names.find((school) => school.schoolName === second.ticked[0]);
      if (!taken) throw new Error(`No school named ${second.ticked[0]}`);
      const registered = await request.post('/api/school/register', {
        data: {
          school: { schoolId: taken.schoolId },
          state: { stateId: setup.stateId },
          event: {
            eventId: scenario.eventId,
            categories: [{ categoryId: scenario.categoryId, students: 'Late A, Late B' }],
          },
          captcha: await solveCaptcha(request),
        },
      });
      expect(registered.ok(), await registered.text()).toBe(true);
      await second.dialog.getByRole('button', { name: 'Add 3 schools', exact: true }).click();
      await expect(notices(page).filter({ hasText: /already/i })).toBeVisible();
      await expect(second.dialog).toBeVisible();
      await expect(notices(page)).toHaveCount(1);
      await expectNothingUnderNotice(page, 'dialog', 'actions of the Add schools dialog under the notice');
    });
  }

  for (const [sizeName, viewport] of Object.entries(sizes)) {
    test(`on a section's page (${sizeName}), the notice of a removal covers none of the other "Remove from section" buttons`, async ({
      page,
      request,
    }) => {
      test.slow();
      await page.setViewportSize(viewport);
      // A section of its own with the state's penalties and disqualifications (the demo's
      // sections stay whole): rows of "Remove from section" buttons down the right-hand side.
      const setup = await EventsSetup.as(request, demoUsers.admin);
      const login = await new JudgeServer(request).logIn(demoUsers.admin.email, DEMO_PASSWORD);
      const headers = { Authorization: `Bearer ${login.token}` };
      const created = await request.post('/api/section', {
        headers,
        data: { sectionName: `Notices ${sizeName} ${Date.now().toString(36)}` },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const { section } = (await created.json()) as { section: { sectionId: number } };
      const read = async <T>(path: string) => (await (await request.get(path, { headers })).json()) as T;
      const penalties = await read<{ penaltyId: number }[]>(`/api/state/${setup.stateId}/penalty`);
      const disqualifications = await read<{ disqualificationId: number }[]>(
        `/api/state/${setup.stateId}/disqualification`,
      );
      for (const [kind, body] of [
        ['penalty', penalties.map(({ penaltyId }) => ({ penaltyId }))],
        ['disqualification', disqualifications.map(({ disqualificationId }) => ({ disqualificationId }))],
      ] as const) {
        const attached = await request.post(`/api/section/${section.sectionId}/${kind}`, { headers, data: body });
        expect(attached.ok(), await attached.text()).toBe(true);
      }
      const rows = penalties.length + disqualifications.length;

      await new AppShell(page).logInAs(demoUsers.admin);
      await page.goto(`/admin/section-detail/${section.sectionId}`);
      const removeButtons = page.getByRole('button', { name: /^Remove .+ from this section$/ });
      await expect(removeButtons).toHaveCount(rows);
      // The coordinator has scrolled so that the last rows sit at the bottom of the screen (where
      // toasts used to pile up), and removes the first of them still in view.
      await removeButtons.last().evaluate((button) => button.scrollIntoView({ block: 'end' }));
      const inView = await removeButtons.evaluateAll((buttons) =>
        buttons.findIndex((button) => button.getBoundingClientRect().top > 120),
      );
      await removeButtons.nth(inView).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(notices(page)).toHaveCount(1);
      await expect(removeButtons).toHaveCount(rows - 1);
      await expectNothingUnderNotice(page, 'page', 'actions under the notice on the section page');
    });
  }

  test('after the event ends, no notice prints and an empty category takes no page of the results', async ({
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
    // Printed at once, while the notice is up (it closes itself after 5 s): in the page, not on paper.
    // One look at the page, so a notice that closed meanwhile cannot pass for a hidden one.
    await page.emulateMedia({ media: 'print' });
    const endedOnPaper = await page.evaluate(() => {
      const notice = [...document.querySelectorAll('[aria-label="Alerts"] :is([role="alert"], [role="status"])')].find(
        (element) => element.textContent?.includes('Event ended'),
      );
      return notice === undefined ? 'closed already' : notice.checkVisibility() ? 'printed' : 'not printed';
    });
    expect(endedOnPaper).toBe('not printed');
    await page.emulateMedia({ media: 'screen' });

    // Straight on to the results inside the app (a notice still up goes along), and print.
    await page.getByRole('button', { name: 'Reports', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Overall results', exact: true }).click();
    const scored = page.getByRole('region', { name: scenario.categoryName, exact: true });
    const empty = page.getByRole('region', { name: emptyName, exact: true });
    await expect(scored.getByRole('table')).toBeVisible();
    await expect(empty).toContainText('No competing teams.');

    await page.emulateMedia({ media: 'print' });
    for (const notice of await notices(page).all()) await expect(notice).toBeHidden();
    await expect(empty).toBeHidden();
    await expect(scored).toBeVisible();
    // The paper itself: one category with teams, one page.
    const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length, 'printed pages').toBe(1);
    await page.emulateMedia({ media: 'screen' });
    await expect(empty).toBeVisible();
  });
});
