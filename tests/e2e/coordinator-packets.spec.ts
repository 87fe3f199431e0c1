// Feedback packets on the laptop (issue 40): once the event is closed, the coordinator downloads a
// team's packet from the team results screen; the PDF is rendered with Debian's pdftoppm (the PNG
// kept with the test's output, to be looked at) and read with pdftotext: the team's own numbers,
// judges as "Judge A", no DRAFT mark. Then "Email packets to schools" says what was queued.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';
import { demoUsers } from './support/demo-users.ts';

test('a coordinator downloads a closed event’s team packet and emails the schools', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('packets');
  const [schoolA, schoolB] = scenario.schools;
  if (!schoolA || !schoolB) throw new Error('the scenario has two schools');
  const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await server.scoreAllElsewhere(scenario, token, 5);
  await server.runEvent(scenario, 'start');
  await server.submitElsewhere(scenario, token);
  await server.runEvent(scenario, 'complete');

  await new AppShell(page).logInAs(demoUsers.admin);
  await page.goto(`/admin/event-run/${scenario.eventId}`);
  await page.getByRole('button', { name: 'Reports' }).click();
  await expect(page.getByRole('menuitem', { name: "All teams' packets (PDF)" })).toBeVisible();
  await page.getByRole('menuitem', { name: "A team's packet, email to schools" }).click();
  await expect(page.getByText('Final', { exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Feedback packets' });
  await expect(panel.getByRole('switch', { name: /Show judge names/ })).not.toBeChecked();

  await page.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: schoolA.schoolName }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Feedback packet (PDF)' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_packet\.pdf$/);
  const pdf = testInfo.outputPath('packet.pdf');
  await download.saveAs(pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, testInfo.outputPath('packet')]);
  const png = testInfo.outputPath('packet-1.png');
  expect(existsSync(png)).toBe(true);
  await testInfo.attach('packet page 1', { path: png, contentType: 'image/png' });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString('utf8');
  expect(text).toContain('Feedback packet');
  expect(text).toContain(schoolA.schoolName);
  expect(text).not.toContain(schoolB.schoolName);
  expect(text).toContain(scenario.sectionName);
  expect(text).toContain('Judge A: sheet');
  expect(text).toContain('Final results, frozen');
  expect(text).not.toContain('DRAFT');

  await panel.getByRole('button', { name: 'Email packets to schools' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send emails' }).click();
  const summary = page.getByTestId('packet-email-summary');
  await expect(summary).toContainText(/\d+ emails? queued/);
  await expect(summary).toContainText(schoolA.schoolName);
  await page.screenshot({ path: testInfo.outputPath('team-results.png'), fullPage: true });
});
