// Feedback packets on the laptop (issue 40): once the event is closed, the coordinator downloads a
// team's packet from the team results screen; the PDF is rendered with Debian's pdftoppm (the PNG
// kept with the test's output, to be looked at) and read with pdftotext: the team's own numbers,
// judges as "Judge A", no DRAFT mark, the judge's comment and JPEG photo. Then "Email packets to schools" says what was queued.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { JUDGE_PASSWORD, JudgeServer, type JudgingScenario } from './pages/judge-server.ts';
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
  await page.goto('/');
  await scoreWithPhoto(request, scenario, token, await canvasJpeg(page));
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

  // The picker's list is made when opened (pickerComboboxProps): none of it in the page before.
  await expect(page.locator('[role="listbox"], [role="option"]')).toHaveCount(0);
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
  expect(text.replace(/\s+/g, ' ')).toContain('Comments: Neat plating, sauce a little thin');
  expect(text).toContain('Photo');
  expect(text).not.toContain('not shown in the PDF');
  expect(text).not.toContain('could not be read');

  await panel.getByRole('button', { name: 'Email packets to schools' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send emails' }).click();
  const summary = page.getByTestId('packet-email-summary');
  await expect(summary).toContainText(/\d+ emails? queued/);
  await expect(summary).toContainText(schoolA.schoolName);
  await page.screenshot({ path: testInfo.outputPath('team-results.png'), fullPage: true });
});

/** A real JPEG, drawn on a canvas by the browser (what a tablet's camera photo becomes in the app). */
async function canvasJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2d canvas');
    const gradient = context.createLinearGradient(0, 0, 320, 240);
    gradient.addColorStop(0, '#b03a2e');
    gradient.addColorStop(1, '#f4d03f');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 320, 240);
    context.fillStyle = '#ffffff';
    context.font = 'bold 36px sans-serif';
    context.fillText('Plating', 100, 130);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** The judge scores every subsection of both schools with 5 (the seed's REST calls), a photo on the first. */
async function scoreWithPhoto(
  request: APIRequestContext,
  scenario: JudgingScenario,
  token: string,
  photo: Buffer,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const reference = await request.get(`/api/sync/judge/${scenario.judge.judgeId}/event/${scenario.eventId}`, {
    headers,
  });
  const data = (await reference.json()) as {
    categories: { sections: { subsections: { subsectionId: number }[] }[] }[];
  };
  const subsections = data.categories[0]?.sections[0]?.subsections ?? [];
  for (const [schoolIndex, school] of scenario.schools.entries()) {
    for (const [index, subsection] of subsections.entries()) {
      const withPhoto = schoolIndex === 0 && index === 0;
      const answer = await request.post(
        `/api/score/event/${scenario.eventId}/category/${scenario.categoryId}/section/${scenario.sectionId}/school/${school.schoolId}/judge/${scenario.judge.judgeId}/subsection`,
        {
          headers,
          multipart: {
            subsectionId: String(subsection.subsectionId),
            subsectionScore: '5',
            ...(withPhoto
              ? {
                  subsectionComments: 'Neat plating, sauce a little thin',
                  subsectionFile: { name: 'plate.jpg', mimeType: 'image/jpeg', buffer: photo },
                }
              : {}),
          },
        },
      );
      expect(answer.ok(), await answer.text()).toBe(true);
    }
  }
}
