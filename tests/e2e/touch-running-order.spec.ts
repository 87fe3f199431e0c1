// Runs in the tablet project only (tests/playwright.config.ts): a finger needs a touch screen.
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { CategoryDetailPage } from './pages/events-admin.page.ts';
import { uniqueName } from './pages/events-dialogs.ts';
import { EventsSetup } from './pages/events-setup.ts';
import { demoUsers } from './support/demo-users.ts';

test('on a touch tablet a finger drags a school to another place in the running order', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const setup = await EventsSetup.as(request, demoUsers.admin);
  const event = await setup.createEvent(uniqueName(testInfo.project.name, 'Touch Invitational'), ['Pastry']);
  const [pastry] = event.categories;
  if (!pastry) throw new Error('The event has no category');
  const schools = await setup.registerSchools(event.eventId, pastry.categoryId, 3);
  const [first = '', second = '', third = ''] = schools;
  const shell = new AppShell(page);
  const category = new CategoryDetailPage(page);
  await shell.logInAs(demoUsers.admin);
  await page.goto(`/admin/category-detail/${event.eventId}/${pastry.categoryId}`);
  await expect.poll(() => category.schoolOrder()).toEqual(schools);

  await category.touchDragSchool(first, third);
  await expect(shell.alert('Schools order updated')).toBeVisible();
  await page.reload();
  await expect.poll(() => category.schoolOrder()).toEqual([second, third, first]);
});
