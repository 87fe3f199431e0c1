// The coordinator's competition day (issue 21, points 7 to 10): a penalty made without leaving
// the section, schools added to a category in one step, printed results that say what they
// are, and public pages that neither hide errors nor jump about.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SectionDetailPage } from './pages/admin-criteria.page.ts';
import { AdminDialog, ConfirmDialog, uniqueLabel } from './pages/admin-dialogs.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { createSectionHeldByStartedEvent } from './pages/criteria-setup.ts';
import { uniqueName } from './pages/events-dialogs.ts';
import { EventsSetup } from './pages/events-setup.ts';
import { SchoolRegistrationPage } from './pages/registration-forms.page.ts';
import { DEMO_STATE, demoUsers } from './support/demo-users.ts';
import { waitForStillPage } from './support/still-page.ts';
import { adminHeaders, runningEventCategories } from './pages/results-reads.ts';

test.describe('a section: create a penalty in place', () => {
  test('Add penalty offers "create new": made in the library and attached without leaving the section; removing it keeps it in the library', async ({
    page,
    request,
  }, testInfo) => {
    const { headers } = await adminHeaders(request);
    const sectionName = uniqueLabel(testInfo.project.name, 'Knife work');
    const created = await request.post('/api/section', { headers, data: { sectionName } });
    const { section } = (await created.json()) as { section: { sectionId: number } };
    const penaltyName = uniqueLabel(testInfo.project.name, 'Dull blade');
    const detail = new SectionDetailPage(page);
    const shell = new AppShell(page);

    await shell.logInAs(demoUsers.admin);
    await detail.goto(section.sectionId);
    await expect(detail.heading).toHaveText(sectionName);
    await detail.addButton('Add penalty').click();
    await detail.selectDialog('penalties').button('Create a new penalty').click();
    const create = new AdminDialog(page, 'New penalty');
    await create.whenOpen();
    await create.textbox('Penalty name').fill(penaltyName);
    await create.select('Deduction').selectOption('3');
    await create.button('Create and add').click();

    await expect(shell.alert("Penalty created in your state's penalties and added to this section.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/section-detail/${section.sectionId}$`));
    await expect(detail.row(detail.penaltiesTable, penaltyName)).toContainText('3');

    // "Delete" said too much: the row's button removes the penalty from this section only.
    const row = detail.row(detail.penaltiesTable, penaltyName);
    await expect(row.getByRole('button', { name: `Delete ${penaltyName}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Remove ${penaltyName} from this section` }).click();
    const confirm = new ConfirmDialog(page);
    await expect(confirm.root).toContainText('from this section');
    await expect(confirm.root).toContainText("It stays in your state's penalties");
    await confirm.confirm('Remove');
    await expect(detail.row(detail.penaltiesTable, penaltyName)).toHaveCount(0);
    const library = await request.get(`/api/state/${(await adminHeaders(request)).stateId}/penalty`, { headers });
    expect(((await library.json()) as { penaltyName: string }[]).map((item) => item.penaltyName)).toContain(
      penaltyName,
    );
  });

  test('on a section an event in progress holds, "create new" is refused with the reason and nothing is made', async ({
    page,
    request,
  }, testInfo) => {
    const held = await createSectionHeldByStartedEvent(request, uniqueLabel(testInfo.project.name, 'Held create'));
    const detail = new SectionDetailPage(page);
    const disqualificationName = uniqueLabel(testInfo.project.name, 'Raw chicken');
    await new AppShell(page).logInAs(demoUsers.admin);
    await detail.goto(held.sectionId);
    await detail.addButton('Add disqualification').click();
    await detail.selectDialog('disqualifications').button('Create a new disqualification').click();
    const create = new AdminDialog(page, 'New disqualification');
    await create.whenOpen();
    await create.textbox('Disqualification name').fill(disqualificationName);
    await create.button('Create and add').click();
    await expect(detail.lockedAlert).toContainText(`"${held.eventName}", which is in progress`);
    await expect(create.root).toBeHidden();
    const { headers, stateId } = await adminHeaders(request);
    const list = await request.get(`/api/state/${stateId}/disqualification`, { headers });
    expect(
      ((await list.json()) as { disqualificationName: string }[]).map((item) => item.disqualificationName),
    ).not.toContain(disqualificationName);
  });
});

test('a coordinator adds existing schools to a category in one step, students per school, and stays on the category', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const setup = await EventsSetup.as(request, demoUsers.admin);
  const event = await setup.createEvent(uniqueName(testInfo.project.name, 'Add Schools Cup'), ['Baking']);
  const baking = event.categories[0];
  if (!baking) throw new Error('the event has its category');
  const [alreadyIn = ''] = await setup.registerSchools(event.eventId, baking.categoryId, 1);
  const names = (await (await request.get(`/api/state/${setup.stateId}/school/names`)).json()) as {
    schoolName: string;
  }[];
  const [first, second] = names.map((school) => school.schoolName).filter((name) => name !== alreadyIn);
  if (!first || !second) throw new Error('the demo state has schools to add');

  await new AppShell(page).logInAs(demoUsers.admin);
  await page.goto(`/admin/category-detail/${event.eventId}/${baking.categoryId}`);
  await page.getByRole('button', { name: 'Add schools', exact: true }).click();
  const dialog = new AdminDialog(page, 'Add schools: Baking');
  await dialog.whenOpen();
  const offered = dialog.root.getByRole('group', { name: 'Schools not in this category' });
  await expect(offered.getByRole('checkbox', { name: alreadyIn, exact: true })).toHaveCount(0);
  await offered.getByRole('checkbox', { name: first, exact: true }).check();
  await offered.getByRole('checkbox', { name: second, exact: true }).check();
  await dialog.button('Add 2 schools').click();
  // Both schools' problems at once.
  await expect(dialog.root.getByText('Student Names are required')).toHaveCount(2);
  await dialog.textbox(`Students of ${first}`).fill('Ann Lee, Bo Chen');
  await dialog.textbox(`Students of ${second}`).fill('Cy Diaz');
  await dialog.button('Add 2 schools').click();

  await expect(new AppShell(page).alert('Schools added successfully.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/category-detail/${event.eventId}/${baking.categoryId}$`));
  const order = page.getByRole('main').getByRole('table', { name: 'Schools in running order' });
  await expect(order.getByRole('row').filter({ hasText: first })).toContainText('Ann Lee, Bo Chen');
  await expect(order.getByRole('row').filter({ hasText: second })).toContainText('Cy Diaz');
  const rows = await order.getByRole('row').allInnerTexts();
  const at = (name: string) => rows.findIndex((text) => text.includes(name));
  expect(at(alreadyIn)).toBeLessThan(at(first));
  expect(at(first)).toBeLessThan(at(second));
});

test.describe('the admin frame and printed results', () => {
  async function runningEvent(request: APIRequestContext) {
    const { headers, stateId } = await adminHeaders(request);
    const events = (await (await request.get(`/api/state/${stateId}/event`, { headers })).json()) as {
      eventId: number;
      eventName: string;
      eventStatus: string;
    }[];
    const running = events.filter((item) => item.eventStatus === 'STARTED').sort((a, b) => a.eventId - b.eventId)[0];
    if (!running) throw new Error('the demo data has an event under way');
    return running;
  }

  test('one greeting, one Settings and one Logout; the marketing footer is not in the tools', async ({ page }) => {
    await new AppShell(page).logInAs(demoUsers.admin);
    await expect(page).toHaveURL(/\/admin\/manage-events$/);
    // The admin shell has rendered (its tabs and the page's heading) before anything is counted.
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Manage events');
    await expect(page.getByText(/Hello, Karen/)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(1);
    await expect(page.getByText(/© 2022/)).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help', exact: true })).toBeVisible();
  });

  test('printed results carry the event, its date and the print time, not the admin bar', async ({ page, request }) => {
    const running = await runningEvent(request);
    await new AppShell(page).logInAs(demoUsers.admin);
    await page.goto(`/admin/results-overall/${running.eventId}/overall`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(running.eventName);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByText(/Hello, Karen/)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
    const heading = page.getByTestId('results-print-heading');
    await expect(heading).toBeVisible();
    await expect(heading).toContainText(running.eventName);
    await expect(heading).toContainText(/\d{2}\/\d{2}\/\d{2}/);
    await expect(heading).toContainText(/Printed \d{2}\/\d{2}\/\d{2} \d{1,2}:\d{2} (AM|PM)/);
  });

  // docs/decisions/0162: a section off screen is neither styled nor laid out while the rows fill
  // in; on paper every section is laid out.
  test('each results section skips layout off screen, and none does in print', async ({ page, request }) => {
    const running = await runningEvent(request);
    await new AppShell(page).logInAs(demoUsers.admin);
    await page.goto(`/admin/results-overall/${running.eventId}/overall`);
    await expect(page.getByRole('table').first()).toBeVisible();
    const contentVisibility = () =>
      page
        .locator('main section[aria-label]')
        .evaluateAll((sections) => sections.map((section) => getComputedStyle(section).contentVisibility));
    const onScreen = await contentVisibility();
    expect(onScreen.length).toBeGreaterThan(1);
    expect(new Set(onScreen)).toEqual(new Set(['auto']));
    await page.emulateMedia({ media: 'print' });
    expect(new Set(await contentVisibility())).toEqual(new Set(['visible']));
  });

  // docs/decisions/0215: off screen, a section keeps the room its rows will take, so the page's
  // first layout reaches only the sections that end up near the screen.
  test('a results section off screen is sized by its rows', async ({ page, request }) => {
    const running = await runningEvent(request);
    await new AppShell(page).logInAs(demoUsers.admin);
    for (const url of [
      `/admin/results-overall/${running.eventId}/overall`,
      `/admin/results-section/${running.eventId}`,
    ]) {
      await page.goto(url);
      await expect(page.getByRole('table').first()).toBeVisible();
      const sections = await page.locator('main section[aria-label]').evaluateAll(async (elements) => {
        const shown = [];
        for (const section of elements) {
          // Laid out once on screen: its height is its rows', the placeholder stays as declared.
          section.scrollIntoView();
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          shown.push({
            rows: section.querySelectorAll('tbody tr').length,
            height: section.getBoundingClientRect().height,
            placeholder: Number.parseFloat(getComputedStyle(section).containIntrinsicSize.split(' ').at(-1) ?? ''),
          });
        }
        return shown;
      });
      expect(sections.length).toBeGreaterThan(1);
      for (const { rows, height, placeholder } of sections) {
        expect(rows).toBeGreaterThan(0);
        expect(
          Math.abs(placeholder - height) / height,
          `${rows} rows: ${height} px laid out, ${placeholder} px off screen`,
        ).toBeLessThan(0.2);
      }
    }
  });

  // docs/decisions/0216: the device keeps its last first commit (rows and task) as its pace, in
  // place of one stored in the former shape (reveal-pace.test.ts: that shape is not read).
  test('a results page keeps its first commit as the device’s pace', async ({ page, request }) => {
    const running = await runningEvent(request);
    await new AppShell(page).logInAs(demoUsers.admin);
    await page.evaluate(() => localStorage.setItem('judging.results-reveal-pace', '{"msPerRow":0.05,"pageMs":12}'));
    await page.goto(`/admin/results-overall/${running.eventId}/overall`);
    await expect(page.getByRole('table').first()).toBeVisible();
    const storedPace = async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('judging.results-reveal-pace'))) ?? '{}') as {
        rows?: number;
        ms?: number;
      };
    await expect.poll(async () => (await storedPace()).rows).toBeDefined();
    const rows = await page.locator('main table tbody tr').count();
    const kept = await storedPace();
    expect(rows).toBeGreaterThan(0);
    expect(kept.rows).toBe(Math.min(rows, 20));
    expect(kept.ms).toBeGreaterThanOrEqual(0);
  });
});

test.describe('results pages read what they show', () => {
  test('overall reads every category as its own answer, section only the picked one; never the whole event; the detail once', async ({
    page,
    request,
  }) => {
    const { eventId, byName } = await runningEventCategories(request);
    const running = { eventId };
    const eventPath = `/api/run/coordinator/results/event/${running.eventId}`;
    const reads: string[] = [];
    // The page and its toolbar both need the event's detail: one request serves both.
    let detailReads = 0;
    // Without the judges' sheets, which neither page shows (decision 0172).
    page.on('request', (sent) => {
      const { pathname: path, search } = new URL(sent.url());
      if (path.startsWith(eventPath)) reads.push(`${path}${search}`);
      if (path === `/api/event/${running.eventId}`) detailReads += 1;
    });
    await new AppShell(page).logInAs(demoUsers.admin);

    await page.goto(`/admin/results-overall/${running.eventId}/overall`);
    for (const category of byName) {
      await expect(page.getByRole('table', { name: `Results of ${category.categoryName}` })).toBeVisible();
    }
    // The heads are plain elements drawn as Mantine's Table.Th (plain-rows.tsx): headings, widths, look.
    const standingsHead = page.getByRole('table', { name: `Results of ${byName[0]?.categoryName}` });
    await expectHeadings(standingsHead, ['Place', 'Team', 'Score', 'Notes'], ['12%', '', '18%', '28%']);
    expect(reads.toSorted()).toEqual(
      byName.map((category) => `${eventPath}/category/${category.categoryId}?sheets=omit`).toSorted(),
    );
    expect(detailReads).toBe(1);

    reads.length = 0;
    detailReads = 0;
    await page.goto(`/admin/results-section/${running.eventId}`);
    const [first, second] = byName;
    if (!first || !second) throw new Error('the demo event has two categories');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(first.categoryName);
    // The picker's list is made when opened (pickerComboboxProps): none of it in the page before.
    await expect(page.locator('[role="listbox"], [role="option"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: new RegExp(`^${first.categoryName}: `) }).first()).toBeVisible();
    await expectHeadings(page.getByRole('table').first(), ['Rank', 'Team', 'Score'], ['15%', '', '25%']);
    expect(reads).toEqual([`${eventPath}/category/${first.categoryId}?sheets=omit`]);
    expect(detailReads).toBe(1);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: second.categoryName, exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`^${second.categoryName}: `) }).first()).toBeVisible();
    expect(reads).toEqual([
      `${eventPath}/category/${first.categoryId}?sheets=omit`,
      `${eventPath}/category/${second.categoryId}?sheets=omit`,
    ]);

    // Opened inside the app (no reload): the reads the route's loader started are the page's,
    // none read twice (issue 41).
    for (const [path, expected] of [
      [
        `/admin/results-overall/${running.eventId}/overall`,
        byName.map((category) => `${eventPath}/category/${category.categoryId}?sheets=omit`).toSorted(),
      ],
      [`/admin/results-section/${running.eventId}`, [`${eventPath}/category/${first.categoryId}?sheets=omit`]],
    ] as const) {
      await page.goto('/admin/manage-events');
      await expect(page.getByRole('heading', { name: 'Manage events' })).toBeVisible();
      reads.length = 0;
      detailReads = 0;
      await page.evaluate((url) => {
        history.pushState(null, '', url);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, path);
      await expect(page.getByRole('heading', { name: new RegExp(`^${first.categoryName}`) }).first()).toBeVisible();
      await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(reads.toSorted()).toEqual(expected);
      expect(detailReads).toBe(1);
    }
  });

  test('answers arriving together show together, but a slow or failed one holds the others back only a moment', async ({
    page,
    request,
  }) => {
    const { eventId, byName } = await runningEventCategories(request);
    const [first, last] = [byName[0], byName.at(-1)];
    if (!first || !last || first === last) throw new Error('the demo event has two categories');
    const lastAnswer = `**/api/run/coordinator/results/event/${eventId}/category/${last.categoryId}?*`;
    await new AppShell(page).logInAs(demoUsers.admin);
    const firstTable = page.getByRole('table', { name: `Results of ${first.categoryName}` });
    const lastTable = page.getByRole('table', { name: `Results of ${last.categoryName}` });

    // The last category's answer held for 4 s: the ones above it show well before it is let go.
    let isReleased = false;
    await page.route(lastAnswer, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      isReleased = true;
      await route.continue();
    });
    await page.goto(`/admin/results-overall/${eventId}/overall`);
    await expect(firstTable.getByRole('row').nth(1)).toBeVisible({ timeout: 3_000 });
    expect(isReleased, 'shown while the last answer was still held').toBe(false);
    await expect(lastTable.getByRole('row').nth(1)).toBeVisible();
    expect(isReleased, 'the held answer is the one shown last').toBe(true);

    // The last category's answer failing: the others show, and the failure is told.
    await page.unroute(lastAnswer);
    await page.route(lastAnswer, (route) =>
      route.fulfill({ status: 404, json: { code: 'NOT_FOUND', message: 'No such category.' } }),
    );
    await page.goto(`/admin/results-overall/${eventId}/overall`);
    await expect(firstTable.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText('Issue: No such category.')).toBeVisible();
    await expect(lastTable).toHaveCount(0);
  });
});

test.describe('public pages', () => {
  test('school registration shows every missing field on the first submit', async ({ page, request }, testInfo) => {
    const setup = await EventsSetup.as(request, demoUsers.admin);
    const event = await setup.createEvent(uniqueName(testInfo.project.name, 'All Errors Cup'), ['Culinary']);
    const registration = new SchoolRegistrationPage(page);
    await registration.goto();
    await registration.chooseEvent(DEMO_STATE, event.eventId);
    await registration.school.selectOption({ label: '* My school is not listed *' });
    await registration.submitButton.click();
    for (const message of [
      'Please select at least one category',
      'School Name is required',
      'Please enter at least one (1) Educator',
      'Primary Contact is required',
      'Primary Contact Email is required',
      'Primary Contact Phone is required',
    ]) {
      await expect(registration.form.getByText(message, { exact: true })).toBeVisible();
    }
  });

  test('/login does not shift the page as its panel opens (CLS at most 0.1)', async ({ page }) => {
    await page.goto('/login');
    await expect(new AppShell(page).loginPanel).toBeVisible();
    // Once the panel has finished opening, read every shift since navigation.
    await waitForStillPage(page);
    const cls = await layoutShiftScore(page);
    expect(cls).toBeLessThanOrEqual(0.1);
  });
});

/**
 * A results table's column headings: their words in order, the widths set on them, the score's
 * aligned right, and the look of Mantine's Table.Th (bold, a row border beneath).
 */
async function expectHeadings(table: Locator, labels: readonly string[], widths: readonly string[]): Promise<void> {
  const headings = table.getByRole('columnheader');
  await expect(headings).toHaveText([...labels]);
  const drawn = await headings.evaluateAll((cells) =>
    cells.map((cell) => {
      const style = getComputedStyle(cell);
      return {
        width: (cell as HTMLElement).style.width,
        textAlign: style.textAlign,
        fontWeight: style.fontWeight,
        rowBorder: getComputedStyle(cell.parentElement!).borderBottomStyle,
      };
    }),
  );
  expect(drawn).toEqual(
    labels.map((label, index) => ({
      width: widths[index],
      textAlign: label === 'Score' ? 'right' : 'start',
      fontWeight: '700',
      rowBorder: 'solid',
    })),
  );
}

/** The page's cumulative layout shift so far (shifts right after input do not count, as in CLS). */
async function layoutShiftScore(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let score = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) score += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(score), 200);
      }),
  );
}
