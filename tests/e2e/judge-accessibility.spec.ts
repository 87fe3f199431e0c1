// The judge's screens against WCAG 2.1 A and AA (axe-core), on a laptop and on a tablet: judges
// read dimmed notes in bright gyms and some use a screen reader or speech input.
import { expect, test } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

test('the login page, dashboard, school sections, score sheet and scoring modals meet WCAG 2.1 AA', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const scenario = await new JudgeServer(request).createScenario('a11y');
  const school = scenario.schools[0]!;
  const screens = new JudgeScreens(page);

  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  expect(await wcagViolations(page), 'login').toEqual([]);

  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  expect(await wcagViolations(page), 'judge dashboard with a category open').toEqual([]);

  await screens.openSchool(school.schoolName);
  expect(await wcagViolations(page), 'school sections').toEqual([]);

  await screens.openSection(scenario.sectionName);
  await screens.scoreSubsection('Oral Presentation', '4.00');
  expect(await wcagViolations(page), 'score sheet').toEqual([]);

  await page.getByRole('button', { name: 'Edit Oral Presentation' }).click();
  await expect(screens.dialog).toBeVisible();
  expect(await wcagViolations(page), 'score modal').toEqual([]);
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('combobox', { name: 'Add a penalty' }).click();
  await page.getByRole('option', { name: 'Overtime' }).click();
  await expect(screens.dialog.getByRole('heading', { name: 'Add penalty: Overtime' })).toBeVisible();
  expect(await wcagViolations(page), 'add penalty modal').toEqual([]);
});
