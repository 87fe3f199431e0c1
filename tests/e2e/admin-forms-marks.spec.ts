// Forms (issue 36, item 8): a field the shared rules require says so before any Save, a
// placeholder is never red, and a link in running text stands out without colour.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { JudgeServer } from './pages/judge-server.ts';
import { demoUsers } from './support/demo-users.ts';
import { waitForStillPage } from './support/still-page.ts';

/**
 * Opens a form with `open`, notes which of its fields show a required mark (an asterisk in their
 * label, or in the label of the group a label-less row belongs to), presses `save` with the
 * form as it opened (or as `prepare` leaves it), and returns the fields that then show an error
 * without having been marked. Nothing is saved: every form here refuses an empty Save.
 */
async function errorsWithoutMark(
  root: Locator,
  save: Locator,
  prepare: () => Promise<void> = async () => undefined,
): Promise<string[]> {
  await expect(root).toBeVisible();
  // Dialogs that load their choices (sections, judges, schools) are noted once those are in.
  await expect(root.getByText(/^Loading/)).toHaveCount(0);
  await waitForStillPage(root.page());
  await prepare();
  await root.evaluate((form) => {
    const isShown = (element: Element | null) => element instanceof HTMLElement && element.checkVisibility();
    const hasMark = (element: Element | null) =>
      element !== null && [...element.querySelectorAll('.mantine-InputWrapper-required')].some(isShown);
    for (const wrapper of form.querySelectorAll<HTMLElement>('.mantine-InputWrapper-root')) {
      const label = wrapper.querySelector(':scope > .mantine-InputWrapper-label');
      const group = wrapper.closest('[role="group"][aria-labelledby]');
      const groupLabel = group && document.getElementById(group.getAttribute('aria-labelledby') ?? '');
      if (hasMark(label) || (label === null && hasMark(groupLabel))) wrapper.dataset.markedBeforeSave = 'yes';
    }
  });
  await save.click();
  await expect(root.locator('.mantine-InputWrapper-error').first()).toBeVisible();
  return root.evaluate((form) =>
    [...form.querySelectorAll('.mantine-InputWrapper-error')]
      .map((error) => error.closest<HTMLElement>('.mantine-InputWrapper-root'))
      .filter((wrapper): wrapper is HTMLElement => wrapper !== null && wrapper.dataset.markedBeforeSave !== 'yes')
      .map((wrapper) => {
        const label = wrapper.querySelector('.mantine-InputWrapper-label')?.textContent;
        const input = wrapper.querySelector('input, textarea, select');
        return label ?? input?.getAttribute('aria-label') ?? wrapper.textContent ?? '?';
      }),
  );
}

function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

test.describe('admin forms', () => {
  test('Add judge marks its required fields before any Save, and its placeholder stays grey after one', async ({
    page,
  }) => {
    await new AppShell(page).logInAs(demoUsers.admin);
    await page.goto('/admin/manage-judges');
    await page.getByRole('button', { name: 'Add judge', exact: true }).click();
    const add = dialog(page, 'Add judge');
    await expect(add).toBeVisible();
    for (const label of ['First name', 'Last name', 'Email', 'Phone']) {
      const field = add.getByRole('textbox', { name: label, exact: true });
      await expect(field, label).toHaveAttribute('required', '');
      // The mark a sighted coordinator reads: an asterisk beside the label.
      await expect(
        add.locator('label').filter({ hasText: label }).locator('.mantine-InputWrapper-required'),
      ).toBeVisible();
    }
    const phone = add.getByRole('textbox', { name: 'Phone', exact: true });
    const placeholderColour = () => phone.evaluate((input) => getComputedStyle(input, '::placeholder').color);
    const grey = await placeholderColour();
    expect(await errorsWithoutMark(add, add.getByRole('button', { name: 'Save', exact: true }))).toEqual([]);
    await expect(add.getByText('Phone number is required', { exact: true })).toBeVisible();
    expect(await placeholderColour(), 'the placeholder after a refused Save').toBe(grey);
  });

  test('every admin form marks, before Save, each field its Save then says is required', async ({ page, request }) => {
    test.slow();
    const scenario = await new JudgeServer(request).createScenario('form-marks');
    await new AppShell(page).logInAs(demoUsers.admin);
    const save = (root: Locator, name = 'Save') => root.getByRole('button', { name, exact: true });
    const cancel = async (root: Locator) => {
      await root.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(root).toBeHidden();
    };

    // Add event, with a second category row left empty.
    await page.goto('/admin/manage-events');
    await page.getByRole('button', { name: 'Add event', exact: true }).click();
    const addEvent = dialog(page, 'Add event');
    expect(
      await errorsWithoutMark(addEvent, save(addEvent), () =>
        addEvent.getByRole('button', { name: '+ Add another category' }).click(),
      ),
      'Add event',
    ).toEqual([]);
    await cancel(addEvent);

    // Criteria: a section, a penalty and a disqualification.
    for (const [tab, button, title] of [
      ['', 'Add section', 'Add section'],
      ['?tab=penalty', 'Add penalty', 'Add penalty'],
      ['?tab=disqualification', 'Add disqualification', 'Add disqualification'],
    ] as const) {
      await page.goto(`/admin/manage-sections${tab}`);
      await page.getByRole('main').getByRole('button', { name: button, exact: true }).click();
      const form = dialog(page, title);
      expect(await errorsWithoutMark(form, save(form)), title).toEqual([]);
      await cancel(form);
    }

    // A section's new subsection.
    await page.goto(`/admin/section-detail/${scenario.sectionId}`);
    await page.getByRole('main').getByRole('button', { name: 'Add subsection', exact: true }).click();
    const subsection = dialog(page, 'Add subsection');
    expect(await errorsWithoutMark(subsection, save(subsection)), 'Add subsection').toEqual([]);
    await cancel(subsection);

    // The category page: sections, judges and schools to add.
    await page.goto(`/admin/category-detail/${scenario.eventId}/${scenario.categoryId}`);
    await page.getByRole('button', { name: 'Select sections', exact: true }).click();
    const sections = dialog(page, 'Select sections');
    expect(await errorsWithoutMark(sections, save(sections, 'Add sections')), 'Select sections').toEqual([]);
    await cancel(sections);
    await page
      .getByRole('button', { name: /^Add judges to / })
      .first()
      .click();
    const judges = dialog(page, /^Assign judges: /);
    expect(await errorsWithoutMark(judges, save(judges, 'Assign judges')), 'Assign judges').toEqual([]);
    await cancel(judges);
    await page.getByRole('button', { name: 'Add schools', exact: true }).click();
    const schools = dialog(page, /^Add schools: /);
    expect(
      await errorsWithoutMark(schools, save(schools, 'Add school'), () =>
        schools.getByRole('group', { name: 'Schools not in this category' }).getByRole('checkbox').first().check(),
      ),
      'Add schools',
    ).toEqual([]);
    await cancel(schools);

    // A school's details, emptied.
    await page.goto('/admin/manage-schools');
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const school = page.getByRole('dialog');
    expect(
      await errorsWithoutMark(school, save(school), async () => {
        for (const field of await school.getByRole('textbox').all()) await field.fill('');
      }),
      'Edit school',
    ).toEqual([]);
    await cancel(school);
  });
});

test('links in running text stand out without colour (axe link-in-text-block), on /school and the other pages with such links', async ({
  page,
}) => {
  test.slow();
  const linksInText = async () => {
    await waitForStillPage(page);
    return new AxeBuilder({ page }).withRules(['link-in-text-block']).analyze();
  };
  await page.goto('/school');
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  const school = await linksInText();
  expect(school.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual([]);
  // The rule did look at the link: a pass, not a rule that found nothing to check.
  expect(school.passes.flatMap((rule) => rule.nodes.map((node) => node.html)).join('\n')).toContain('Contact us');

  for (const [path, link] of [
    ['/judge', 'Contact us'],
    ['/help', 'Contact us'],
    ['/no-such-page', 'Contact Us form'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: link }).first(), path).toBeVisible();
    const { violations } = await linksInText();
    expect(
      violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
      path,
    ).toEqual([]);
  }
});
