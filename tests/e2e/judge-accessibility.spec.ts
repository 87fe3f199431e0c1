// The judge's screens against WCAG 2.1 A and AA (axe-core), on a laptop and on a tablet: judges
// read dimmed notes in bright gyms and some use a screen reader or speech input.
import { expect, test } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { JudgeScreens, testPhoto } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

test('the login page, dashboard, school sections, score sheet and every scoring modal meet WCAG 2.1 AA', async ({
  page,
  request,
}) => {
  // A dozen full-page scans; each modal's scan covers the sheet behind it, whose quick-score
  // pickers hold some sixty buttons.
  test.setTimeout(150_000);
  const scenario = await new JudgeServer(request).createScenario('a11y');
  const school = scenario.schools[0]!;
  const screens = new JudgeScreens(page);

  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  expect(await wcagViolations(page), 'login').toEqual([]);

  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  // The "not ready" verdict has its own scan (below); this one is of the ready tablet.
  await expect(page.getByTestId('offline-verdict')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  expect(await wcagViolations(page), 'judge dashboard with a category open').toEqual([]);

  await screens.openSchool(school.schoolName);
  expect(await wcagViolations(page), 'school sections').toEqual([]);

  await screens.openSection(scenario.sectionName);
  await screens.scoreSubsection('Oral Presentation', '4.00');
  expect(await wcagViolations(page), 'score sheet').toEqual([]);

  await page.getByRole('button', { name: 'Comments & photo: Oral Presentation' }).click();
  await expect(screens.dialog).toBeVisible();
  expect(await wcagViolations(page), 'score modal').toEqual([]);
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();

  await screens.addPicker('penalty').selectOption({ label: 'Overtime' });
  await expect(screens.dialog.getByRole('heading', { name: 'Add penalty: Overtime' })).toBeVisible();
  expect(await wcagViolations(page), 'add penalty modal').toEqual([]);
  await screens.dialog.getByLabel('Time over (mm:ss)').fill('1:24');
  await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('Plated late');
  await screens.choosePhoto(testPhoto('late-plate.png'));
  await screens.saveDialog();

  await page.getByRole('button', { name: 'Edit Overtime' }).click();
  await expect(screens.dialog.getByRole('heading', { name: 'Update: Overtime' })).toBeVisible();
  expect(await wcagViolations(page), 'edit penalty modal').toEqual([]);
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(screens.dialog).toBeHidden();

  await page.getByRole('button', { name: 'View photo of Overtime' }).click();
  await expect(screens.dialog.getByRole('img', { name: 'Overtime' })).toBeVisible();
  expect(await wcagViolations(page), 'photo modal').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(screens.dialog).toBeHidden();

  const disqualification = 'Outside Assistance During Competition';
  await screens.addPicker('disqualification').selectOption({ label: disqualification });
  await expect(
    screens.dialog.getByRole('heading', { name: `Add disqualification: ${disqualification}` }),
  ).toBeVisible();
  expect(await wcagViolations(page), 'add disqualification modal').toEqual([]);
  await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('Coach helped');
  await screens.saveDialog();
  expect(await wcagViolations(page), 'score sheet with a penalty and a disqualification').toEqual([]);

  await page.getByRole('button', { name: `Edit ${disqualification}` }).click();
  await expect(screens.dialog.getByRole('heading', { name: `Update: ${disqualification}` })).toBeVisible();
  expect(await wcagViolations(page), 'edit disqualification modal').toEqual([]);
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(screens.dialog).toBeHidden();

  await page.getByRole('button', { name: `Delete ${disqualification}` }).click();
  await expect(screens.dialog.getByText(`Are you sure you want to remove ${disqualification}?`)).toBeVisible();
  expect(await wcagViolations(page), 'remove confirmation').toEqual([]);
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(screens.dialog).toBeHidden();
});

test('the submit confirmation and the needs-attention list meet WCAG 2.1 AA', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const server = new JudgeServer(request);
  const { scenario, token } = await server.createScoredScenario('a11y-submit', 5);
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await expect(screens.schoolScored(scenario.schools[0]!.schoolName)).toBeVisible();

  await screens.submitButton.click();
  await expect(screens.dialog.getByRole('button', { name: 'Yes, submit' })).toBeVisible();
  expect(await wcagViolations(page), 'submit confirmation').toEqual([]);
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(screens.dialog).toBeHidden();

  // An edit made offline after the category was submitted elsewhere comes back refused.
  await context.setOffline(true);
  await server.submitElsewhere(scenario, token);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);
  await screens.editSubsection('Costing Accuracy', '9.50');
  await context.setOffline(false);
  await expect(screens.needsAttentionButton).toHaveText('1 needs attention');
  expect(await wcagViolations(page), 'score sheet with an edit refused').toEqual([]);
  await screens.needsAttentionButton.click();
  await expect(screens.dialog.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  expect(await wcagViolations(page), 'needs-attention list').toEqual([]);
});

test.describe('a tablet not ready for offline', () => {
  // No service worker: the app is not installed, so the verdict stays "not ready" for the scan.
  test.use({ serviceWorkers: 'block' });

  test('the dashboard with its "not ready for offline" verdict meets WCAG 2.1 AA', async ({ page, request }) => {
    const scenario = await new JudgeServer(request).createScenario('a11y-not-ready');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    const verdict = page.getByTestId('offline-verdict');
    await expect(verdict).toHaveAttribute('data-ready', 'false');
    await expect(verdict).toContainText('Not ready for offline yet');
    expect(await wcagViolations(page), 'judge dashboard, not ready for offline').toEqual([]);
  });
});
