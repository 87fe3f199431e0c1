// The day-of details of issue 21 item 4 on the judge's tablet: a 20-point picker whose Save is in
// view held landscape, the overtime field read like a microwave (decisions §8), no minus on a
// zero penalty total, and the logout warning in the app's own dialog.
import { expect, test } from '@playwright/test';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

test('a 20-point subsection held landscape (1024×768): every value to pick, and Save in view', async ({
  page,
  request,
}) => {
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('picker', 'Culinary Technique');
  const screens = new JudgeScreens(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);
  await page.getByRole('button', { name: 'Comments & photo: Cooking Methods' }).click();
  await expect(screens.dialog.getByRole('heading', { name: 'Score: Cooking Methods' })).toBeVisible();
  await expect(screens.dialog.getByRole('radio')).toHaveCount(77);
  await screens.dialog.getByRole('radio', { name: '20.00', exact: true }).click();
  await expect(screens.dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
  await screens.saveDialog();
  await expect(page.getByRole('row', { name: 'Cooking Methods' })).toContainText('20.00');
});

test('the overtime field reads digits like a microwave and shows its reading as the judge types; a zero penalty total has no minus', async ({
  page,
  request,
}) => {
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('microwave');
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);

  const total = page.getByRole('group', { name: 'Running total' });
  await expect(total).toContainText('Penalties: 0.00');
  await expect(total).not.toContainText('−0.00');

  await screens.addPicker('penalty').selectOption({ label: 'Overtime' });
  const time = screens.dialog.getByLabel('Time over (mm:ss)');
  await time.pressSequentially('1');
  await expect(screens.dialog.getByText('0:01 over time → 0.25')).toBeVisible();
  await time.pressSequentially('50');
  await expect(screens.dialog.getByText('1:50 over time → 2.00')).toBeVisible();
  await time.fill('45');
  await expect(screens.dialog.getByText('0:45 over time → 0.75')).toBeVisible();
  await time.fill('175');
  await expect(screens.dialog.getByText('175 reads as 1:75: seconds go up to 59.')).toBeVisible();
  await time.fill('150');
  await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('Plated late');
  await screens.saveDialog();
  await expect(page.getByTestId('penalty-deduction')).toHaveText(/1:50 over, −2\.00/);
  await expect(total).toContainText('Penalties: −2.00');
});

test('logging out with unsent work asks in the app’s dialog; Cancel keeps the judge logged in', async ({
  page,
  context,
  request,
}) => {
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('logout-dialog');
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);
  await context.setOffline(true);
  await screens.scoreSubsection('Oral Presentation', '3.50');
  await expect(screens.pendingText(1)).toBeVisible();

  let browserDialogs = 0;
  page.on('dialog', (dialog) => {
    browserDialogs += 1;
    void dialog.dismiss();
  });
  await screens.shell.logoutButton.click();
  await expect(screens.dialog).toContainText('1 edit is not sent yet');
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(screens.dialog).toBeHidden();
  await expect(screens.shell.logoutButton).toBeVisible();
  expect(browserDialogs).toBe(0);

  await screens.shell.logoutButton.click();
  await screens.dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(screens.shell.logoutButton).toBeHidden();
});
