// Competition day, end to end on the real server: an ADMIN starts an event, one judge scores
// offline on a tablet and syncs later, a second judge scores from another device, the event-run
// page shows both Complete without a refresh, the ADMIN unlocks the second judge (who changes a
// score and resubmits), rejects a penalty in review (its photo opened from the server through a
// link ticket), ends the event, and the overall results and the CSV carry the hand-worked numbers.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { JudgeScreens, testPhoto } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';
import { installApp } from './pages/installed-app.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { ConfirmDialog } from './pages/admin-dialogs.page.ts';
import { demoUsers } from './support/demo-users.ts';

const SUBSECTIONS = ['Menu Design and Balance', 'Costing Accuracy', 'Visual Presentation', 'Oral Presentation'];
// Judge one, on the tablet: school A 34.50 (−2.00 uniform penalty, later rejected), school B 26.75.
const TABLET_SCORES = [
  ['12.50', '8.25', '9.00', '4.75'],
  ['10.00', '7.00', '6.50', '3.25'],
];

test('competition day: start, score (one tablet offline), unlock, review, end, results and CSV', async ({
  browser,
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('day');
  const second = await server.addJudgeToSection(scenario, 'Second');
  const [schoolA, schoolB] = scenario.schools;
  if (!schoolA || !schoolB) throw new Error('the scenario has two schools');

  // The coordinator, in a browser of their own.
  const adminContext = await browser.newContext({ viewport: testInfo.project.use.viewport ?? undefined });
  const admin = await adminContext.newPage();
  await new AppShell(admin).logInAs(demoUsers.admin);
  await admin.goto(`/admin/event-run/${scenario.eventId}`);
  const judgeRow = (lastName: string) => admin.getByRole('row', { name: new RegExp(lastName) });
  await expect(judgeRow(scenario.judge.lastName).getByTestId('judge-status')).toHaveText('-');
  await admin.getByRole('button', { name: 'Start event' }).click();
  await new ConfirmDialog(admin).confirm('Start event');
  await expect(admin.getByTestId('event-status')).toHaveText('In Progress');
  await expect(judgeRow(scenario.judge.lastName).getByTestId('judge-status')).toHaveText('In Progress');

  // Judge one scores on a tablet with no network, submits, and syncs once back online.
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await installApp(page);
  await context.setOffline(true);
  for (const [index, school] of scenario.schools.entries()) {
    await screens.openSchool(school.schoolName);
    await screens.openSection(scenario.sectionName);
    for (const [position, name] of SUBSECTIONS.entries()) {
      await screens.scoreSubsection(name, TABLET_SCORES[index]?.[position] ?? '1.00');
    }
    if (index === 0) {
      await screens.addPenalty('Incomplete Uniform', { comments: 'No hat', photo: testPhoto('no-hat.png') });
    }
    await screens.doneButton.click();
    await expect(screens.doneNote).toBeVisible();
    await page.getByRole('link', { name: '← Back to the schools' }).click();
  }
  await screens.openDashboard(scenario.judge.judgeId, scenario.eventId, scenario.categoryId);
  await screens.submitCategory();

  // Judge two scores everything 4.00 on a second tablet (online) and submits.
  const secondContext = await browser.newContext({
    viewport: testInfo.project.use.viewport ?? undefined,
    hasTouch: testInfo.project.use.hasTouch ?? false,
  });
  const secondScreens = new JudgeScreens(await secondContext.newPage());
  await secondScreens.openCategoryAs(second.email, JUDGE_PASSWORD, scenario);
  for (const school of scenario.schools) {
    await secondScreens.openSchool(school.schoolName);
    await secondScreens.openSection(scenario.sectionName);
    for (const name of SUBSECTIONS) await secondScreens.scoreSubsection(name, '4.00');
    await secondScreens.doneButton.click();
    await expect(secondScreens.doneNote).toBeVisible();
    await secondScreens.page.getByRole('link', { name: '← Back to the schools' }).click();
  }
  await secondScreens.openDashboard(second.judgeId, scenario.eventId, scenario.categoryId);
  await secondScreens.submitCategory();
  await expect(secondScreens.pendingText(0)).toBeVisible({ timeout: 30_000 });
  await expect(judgeRow(second.lastName).getByTestId('judge-status')).toHaveText('Complete');
  await expect(judgeRow(scenario.judge.lastName).getByTestId('judge-status')).toHaveText('In Progress');

  await context.setOffline(false);
  await expect(screens.pendingText(0)).toBeVisible({ timeout: 30_000 });
  // No refresh pressed: the stream brings the tablet's submission in.
  await expect(judgeRow(scenario.judge.lastName).getByTestId('judge-status')).toHaveText('Complete', {
    timeout: 20_000,
  });
  await expect(judgeRow(scenario.judge.lastName)).toContainText('8 / 8');
  // Last sync as every time on screen: h:mm AM/PM (the date too when the run crosses midnight).
  await expect(judgeRow(scenario.judge.lastName).getByRole('cell').nth(4)).toHaveText(
    /^(\d\d\/\d\d\/\d\d )?\d{1,2}:\d\d [AP]M$/,
  );

  // Unlock judge two, who raises school B's first subsection to 5.00 on the tablet and submits again.
  await judgeRow(second.lastName).getByRole('button', { name: 'Unlock' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
  await expect(judgeRow(second.lastName).getByTestId('judge-status')).toHaveText('In Progress');
  // The tablet learns of the unlock at its next pull (here: the app opened again).
  await secondScreens.page.reload();
  await secondScreens.openDashboard(second.judgeId, scenario.eventId, scenario.categoryId);
  await expect(secondScreens.submitButton).toBeEnabled({ timeout: 30_000 });
  await secondScreens.openSchool(schoolB.schoolName);
  await secondScreens.openSection(scenario.sectionName);
  await secondScreens.editSubsection(SUBSECTIONS[0]!, '5.00');
  await secondScreens.openDashboard(second.judgeId, scenario.eventId, scenario.categoryId);
  await secondScreens.submitCategory();
  await expect(secondScreens.pendingText(0)).toBeVisible({ timeout: 30_000 });
  await expect(judgeRow(second.lastName).getByTestId('judge-status')).toHaveText('Complete');
  await secondContext.close();
  // The judge's history from the run page: the unlock, and the tablet's edit with its tablet and server times.
  await judgeRow(second.lastName).getByRole('button', { name: 'History' }).click();
  const changes = admin.getByRole('dialog').getByTestId('history-row');
  await expect(changes.filter({ hasText: 'Submission unlocked' })).toContainText(/ · by /);
  await expect(changes.filter({ hasText: '4.00 → 5.00' })).toContainText(
    /changed on tablet (\d\d\/\d\d\/\d\d )?\d{1,2}:\d\d [AP]M · received (\d\d\/\d\d\/\d\d )?\d{1,2}:\d\d [AP]M/,
  );
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('dialog')).toHaveCount(0);

  // Review: reject the uniform penalty.
  await admin
    .getByRole('region', { name: scenario.categoryName })
    .getByRole('link', { name: 'Penalty review' })
    .click();
  await admin
    .getByRole('row', { name: new RegExp(schoolA.schoolName) })
    .getByRole('link', { name: 'Review' })
    .click();
  await expect(admin.getByText('No hat')).toBeVisible();
  // The photo opens in a new tab through a one-minute link ticket; the login token is in no URL.
  const photoLoaded = adminContext.waitForEvent('response', (response) => response.url().includes('/api/files/score/'));
  const [photoTab] = await Promise.all([
    adminContext.waitForEvent('page'),
    admin.getByRole('link', { name: 'View photo' }).click(),
  ]);
  const photoAnswer = await photoLoaded;
  expect(photoAnswer.status()).toBe(200);
  expect(photoAnswer.headers()['content-type']).toMatch(/^image\//);
  expect(photoAnswer.url()).toMatch(/\?ticket=/);
  expect(photoAnswer.url()).not.toContain('token=');
  await expect(photoTab).toHaveURL(/\?ticket=/);
  await photoTab.close();
  // Each decision is saved as it is chosen (decisions §9): no Save to miss.
  await admin.getByText('Reject', { exact: true }).click();
  await expect(admin.getByText('Decision saved.')).toBeVisible();
  await admin.getByRole('link', { name: '← Back to school penalties' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(schoolA.schoolName) })).toContainText('Complete');

  // End the event.
  await admin.goto(`/admin/event-run/${scenario.eventId}`);
  await admin.getByRole('button', { name: 'End event' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'End event' }).click();
  await expect(admin.getByTestId('event-status')).toHaveText('Closed');

  // A: (34.50 + 16.00) / 2 = 25.25; B: (26.75 + 17.00) / 2 = 21.875 → 21.88.
  await admin.getByRole('button', { name: 'Reports' }).click();
  await admin.getByRole('menuitem', { name: 'Overall results', exact: true }).click();
  await expect(admin.getByText('Final', { exact: true })).toBeVisible();
  const results = admin.getByRole('table', { name: `Results of ${scenario.categoryName}` });
  await expect(results.getByRole('row', { name: new RegExp(schoolA.schoolName) })).toContainText(/^1.*25\.25/);
  await expect(results.getByRole('row', { name: new RegExp(schoolB.schoolName) })).toContainText(/^2.*21\.88/);

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_export\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(`"${scenario.categoryName}","1","${schoolA.schoolName}","25.25"`);
  expect(csv).toContain(`"${scenario.categoryName}","2","${schoolB.schoolName}","21.88"`);
  await adminContext.close();
});
