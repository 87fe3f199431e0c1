// A judge who does not come (decisions §9), on the laptop: one judge scores and submits, the other
// never shows. The run page names what keeps the event from ending; the coordinator excuses the
// no-show from the run page, reading what happens first and giving a reason; the day ends, and
// the team results say whose sheets counted.
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { ConfirmDialog } from './pages/admin-dialogs.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';
import { demoUsers } from './support/demo-users.ts';

test('a no-show judge is excused from the run page and the day ends', async ({ page, request }) => {
  test.setTimeout(120_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('no-show');
  const noShow = await server.addJudgeToSection(scenario, 'Absent');
  const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await server.scoreAllElsewhere(scenario, token, 5);
  await server.runEvent(scenario, 'start');
  await server.submitElsewhere(scenario, token);

  await new AppShell(page).logInAs(demoUsers.admin);
  await page.goto(`/admin/event-run/${scenario.eventId}`);
  const blockers = page.getByRole('region', { name: 'What keeps the event from ending' });
  await expect(blockers).toContainText(`Absent ${noShow.lastName} (${scenario.categoryName}): has not submitted.`);

  // End names what blocks it instead of refusing without a word.
  await page.getByRole('button', { name: 'End event' }).click();
  await expect(page.getByRole('dialog')).toContainText('Not ready to end');
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();

  const row = page.getByRole('row', { name: new RegExp(`Absent ${noShow.lastName}`) });
  await row.getByRole('button', { name: 'Excuse' }).click();
  const dialog = page.getByRole('dialog');
  const happens = dialog.getByRole('list', { name: 'What happens' });
  await expect(happens).toContainText(`Absent ${noShow.lastName} stops judging ${scenario.sectionName}`);
  await expect(happens).toContainText('no longer count');
  await dialog.getByRole('button', { name: 'Excuse judge' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Did not come: flu');
  await dialog.getByRole('button', { name: 'Excuse judge' }).click();
  await expect(row.getByTestId('judge-status')).toHaveText('Excused');
  await expect(row).toContainText(`${scenario.sectionName} (excused)`);
  await expect(blockers).toHaveCount(0);

  await page.getByRole('button', { name: 'End event' }).click();
  await new ConfirmDialog(page).confirm('End event');
  await expect(page.getByTestId('event-status')).toHaveText('Closed');

  await page.goto(`/admin/results-team/${scenario.eventId}`);
  await expect(page.getByText('Final', { exact: true })).toBeVisible();
  await expect(page.getByText('1 of 2 judges; 1 excused').first()).toBeVisible();
  await expect(page.getByText(`Absent ${noShow.lastName}: excused, not counted`).first()).toBeVisible();
});
