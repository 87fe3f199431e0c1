import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { CategoryDetailPage, EventDetailPage, ManageEventsPage } from './pages/events-admin.page.ts';
import { uniqueName } from './pages/events-dialogs.ts';
import { EventsSetup, isoDateFromToday } from './pages/events-setup.ts';
import { demoUsers } from './support/demo-users.ts';

test.describe('events and categories', () => {
  test('an ADMIN adds an event with two categories, attaches sections, assigns a judge and sets the running order by drag and drop', async ({
    page,
    request,
  }, testInfo) => {
    // A whole set-up journey: several screens, saves and reloads.
    test.slow();
    const shell = new AppShell(page);
    const events = new ManageEventsPage(page);
    const detail = new EventDetailPage(page);
    const category = new CategoryDetailPage(page);
    const eventName = uniqueName(testInfo.project.name, 'Spring Invitational');
    const [culinary, management] = ['Culinary Arts', 'Restaurant Management'];

    await shell.logInAs(demoUsers.admin);
    await events.goto();
    await events.addButton.click();
    const dialog = events.addDialog;

    // The shared rules, shown after the first save attempt.
    await dialog.button('Save').click();
    await expect(dialog.text('Event Name is required')).toBeVisible();
    await expect(dialog.text('Event Start Date is required')).toBeVisible();
    await expect(dialog.text('Event End Date is required')).toBeVisible();
    await events.fillNewEvent({
      name: eventName,
      start: isoDateFromToday(-1),
      end: isoDateFromToday(-2),
      categories: [culinary, ''],
    });
    await expect(dialog.text('Event Start Date cannot be before today')).toBeVisible();
    await expect(dialog.text('Event End Date cannot be before the Start Date')).toBeVisible();
    await expect(dialog.text('Category Name is required')).toBeVisible();

    await dialog.root.getByLabel('Start date').fill(isoDateFromToday(20));
    await dialog.root.getByLabel('End date').fill(isoDateFromToday(21));
    await events.categoryField(2).fill(management);
    await dialog.button('Save').click();
    await expect(shell.alert('Event added successfully.')).toBeVisible();
    await expect(detail.heading).toHaveText(eventName);
    await expect(detail.categories.getByRole('row')).toHaveCount(3);
    await expect(page.getByText('Not Started', { exact: true })).toBeVisible();

    await detail.openCategory(culinary);
    await category.selectSectionsButton.click();
    const sectionsDialog = category.selectSectionsDialog;
    await sectionsDialog.button('Add sections').click();
    await expect(sectionsDialog.text('Select at least one section')).toBeVisible();
    await sectionsDialog.root.getByRole('checkbox').nth(0).check();
    await sectionsDialog.root.getByRole('checkbox').nth(1).check();
    await sectionsDialog.button('Add sections').click();
    await expect(shell.alert('Sections added successfully.')).toBeVisible();
    await expect(category.sections.getByRole('button', { name: /^Add judges to / })).toHaveCount(2);

    const firstSection = category.sections.getByRole('row').nth(1);
    await firstSection.getByRole('button', { name: /^Add judges to / }).click();
    const judgesDialog = page.getByRole('dialog', { name: /^Assign judges: / });
    await judgesDialog.getByRole('checkbox').first().check();
    await judgesDialog.getByRole('button', { name: 'Assign judges', exact: true }).click();
    await expect(shell.alert('Judges assigned successfully.')).toBeVisible();
    await expect(firstSection.getByRole('listitem')).toHaveCount(1);
    await expect(firstSection.getByRole('button', { name: /^Remove .+ from / })).toBeVisible();

    // Three schools register (as the public form does); the newest runs last.
    const setup = await EventsSetup.as(request, demoUsers.admin);
    const [, eventId, categoryId] = /category-detail\/(\d+)\/(\d+)/.exec(new URL(page.url()).pathname) ?? [];
    const schools = await setup.registerSchools(Number(eventId), Number(categoryId), 3);
    await page.reload();
    await expect.poll(() => category.schoolOrder()).toEqual(schools);

    // Drag the last school onto the first: it runs first, the others move down.
    const [first = '', second = '', third = ''] = schools;
    await category.dragSchool(third, first);
    await expect(shell.alert('Schools order updated')).toBeVisible();
    await expect.poll(() => category.schoolOrder()).toEqual([third, first, second]);
    await page.reload();
    await expect.poll(() => category.schoolOrder()).toEqual([third, first, second]);

    // The keyboard moves a row too: Space picks it up, an arrow moves it, Space drops it.
    // Each step waits for what a screen reader hears.
    await category.handle(second).focus();
    await page.keyboard.press('Space');
    await expect(category.announcement(`Picked up ${second}, position 3 of 3.`)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(category.announcement(`${second} moved to position 2 of 3.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(() => category.schoolOrder()).toEqual([third, second, first]);
    await expect(shell.alert('Schools order updated')).toHaveCount(1);
    await page.reload();
    await expect.poll(() => category.schoolOrder()).toEqual([third, second, first]);
  });

  test('a STANDARD user reads an event without any edit control', async ({ page, request }, testInfo) => {
    test.slow();
    const setup = await EventsSetup.as(request, demoUsers.admin);
    const event = await setup.createEvent(uniqueName(testInfo.project.name, 'Read-only Invitational'), ['Baking']);
    const shell = new AppShell(page);
    const detail = new EventDetailPage(page);
    const category = new CategoryDetailPage(page);
    await shell.logInAs(demoUsers.standard);
    await page.goto(`/admin/event-detail/${event.eventId}`);
    await expect(detail.heading).toHaveText(event.eventName);
    await expect(detail.editButton).toHaveCount(0);
    await expect(detail.addCategoryButton).toHaveCount(0);
    await detail.openCategory('Baking');
    await expect(category.selectSectionsButton).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Register school' })).toHaveCount(0);
  });
});
