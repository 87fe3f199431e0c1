// Final means complete (decisions §7), on the judge's tablet: a school registered after the judge
// submitted reopens the submission; the tablet says so after its next sync, the coordinator sees
// it on the run page, and the judge scores the new school and submits again offline.
import { expect, test } from '@playwright/test';
import { openCoordinatorRunPage } from './pages/coordinator-run.ts';
import { installApp } from './pages/installed-app.ts';
import { readDevice } from './pages/judge-device.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

// The reason the server gives (SCHOOL_REGISTERED in shared-types).
const SCHOOL_REGISTERED = 'A school was registered in the category after the submission.';
const MENU_PRESENTATION = ['Menu Design and Balance', 'Costing Accuracy', 'Visual Presentation', 'Oral Presentation'];

test('a reopened submission shows on the tablet and the run page; the new school is scored offline', async ({
  page,
  context,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('reopen');
  const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await server.scoreAllElsewhere(scenario, token, 5);
  await server.submitElsewhere(scenario, token);

  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await expect(page.getByText('Your scores for this category are submitted.')).toBeVisible();
  await installApp(page);

  const late = await server.registerAnotherSchool(scenario);
  await screens.syncStatus.getByRole('button', { name: 'Sync now' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Submission reopened' });
  await expect(notice).toContainText(SCHOOL_REGISTERED);
  await expect(page.getByRole('link', { name: `Score ${late.schoolName}` })).toBeVisible();

  const coordinator = await openCoordinatorRunPage(browser, scenario, testInfo);
  const judgeRow = coordinator.locator(`tr[data-judge-id="${scenario.judge.judgeId}"]`);
  await expect(judgeRow.getByTestId('judge-reopened')).toContainText(SCHOOL_REGISTERED);
  await expect(judgeRow.getByTestId('judge-status')).not.toHaveText('Complete');
  await coordinator.context().close();

  await context.setOffline(true);
  await screens.openSchool(late.schoolName);
  await screens.openSection(scenario.sectionName);
  for (const subsection of MENU_PRESENTATION) await screens.scoreSubsection(subsection, '4.00');
  await screens.openDashboard(scenario.judge.judgeId, scenario.eventId, scenario.categoryId);
  await expect(screens.schoolScored(late.schoolName)).toBeVisible();
  await screens.submitCategory();
  await expect(page.getByText('Your submission is saved here')).toBeVisible();

  await context.setOffline(false);
  await expect(screens.pendingText(0)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Your scores for this category are submitted.')).toBeVisible();
  const cells = await server.readCells(scenario, token);
  expect(cells.isSubmitted).toBe(true);
  expect([...cells.subsections.entries()].filter(([key]) => key.startsWith(`${late.schoolId}:`)).length).toBe(
    MENU_PRESENTATION.length,
  );
  expect((await readDevice(page)).outbox).toHaveLength(0);
});
