// Issue 40 in the browser, on the laptop: the coordinator sets a tie-break rule on the category
// page before judging, two judges leave two teams tied, the coordinator publishes the results and
// ends the event; the results say why one team is ahead, and the public page opens at phone
// size without a login (screenshot kept under test-results/e2e/ for a look).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { ConfirmDialog } from './pages/admin-dialogs.page.ts';
import { JUDGE_PASSWORD, JudgeServer, type JudgingScenario, type ScenarioJudge } from './pages/judge-server.ts';
import { demoUsers } from './support/demo-users.ts';

/** One judge scores every subsection of a school with `score`, and later submits (the REST calls a second device makes). */
async function scoreSchool(
  request: APIRequestContext,
  scenario: JudgingScenario,
  judge: { judgeId: number; token: string },
  schoolId: number,
  score: number,
): Promise<void> {
  const headers = { Authorization: `Bearer ${judge.token}` };
  const reference = await request.get(`/api/sync/judge/${judge.judgeId}/event/${scenario.eventId}`, { headers });
  expect(reference.ok()).toBe(true);
  const body = (await reference.json()) as {
    categories: { sections: { subsections: { subsectionId: number }[] }[] }[];
  };
  for (const subsection of body.categories[0]?.sections[0]?.subsections ?? []) {
    const saved = await request.post(
      `/api/score/event/${scenario.eventId}/category/${scenario.categoryId}/section/${scenario.sectionId}/school/${schoolId}/judge/${judge.judgeId}/subsection`,
      { headers, multipart: { subsectionId: String(subsection.subsectionId), subsectionScore: String(score) } },
    );
    expect(saved.ok(), await saved.text()).toBe(true);
  }
}

async function submit(
  request: APIRequestContext,
  scenario: JudgingScenario,
  judge: { judgeId: number; token: string },
) {
  const submitted = await request.post(
    `/api/score/submitScores/event/${scenario.eventId}/category/${scenario.categoryId}/judge/${judge.judgeId}`,
    { headers: { Authorization: `Bearer ${judge.token}` } },
  );
  expect(submitted.ok(), await submitted.text()).toBe(true);
}

test('a tie-break set before judging orders a tie; the public page opens on a phone', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('tie-break');
  const second: ScenarioJudge = await server.addJudgeToSection(scenario, 'Second');
  const [first, other] = scenario.schools;
  if (!first || !other) throw new Error('The scenario needs two schools');

  // The coordinator chooses the rule on the category page before anyone scores.
  await new AppShell(page).logInAs(demoUsers.admin);
  await page.goto(`/admin/category-detail/${scenario.eventId}/${scenario.categoryId}`);
  await expect(page.getByText('No tie-break: tied teams share the place.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Add a rule' }).click();
  await page.getByRole('option', { name: "Higher lowest judge sheet (share of the section's maximum)" }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Tie-break rules saved.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tie-break rules' })).toContainText('Higher lowest judge sheet');
  await page
    .getByRole('heading', { name: 'Tie-break rules' })
    .locator('xpath=../..')
    .screenshot({ path: test.info().outputPath('tie-break-panel.png') });

  // Both teams end on 16.00 of 40: the first school's sheets are 20 and 12, the other's 16 and 16.
  const judgeOne = {
    judgeId: scenario.judge.judgeId,
    token: (await server.logIn(scenario.judge.email, JUDGE_PASSWORD)).token,
  };
  const judgeTwo = { judgeId: second.judgeId, token: (await server.logIn(second.email, JUDGE_PASSWORD)).token };
  await scoreSchool(request, scenario, judgeOne, first.schoolId, 5);
  await scoreSchool(request, scenario, judgeOne, other.schoolId, 4);
  await scoreSchool(request, scenario, judgeTwo, first.schoolId, 3);
  await scoreSchool(request, scenario, judgeTwo, other.schoolId, 4);

  await page.reload();
  await expect(
    page.getByText('Judges have entered scores in this category, so these rules can no longer change.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save rules' })).toHaveCount(0);

  await server.runEvent(scenario, 'start');
  await submit(request, scenario, judgeOne);
  await submit(request, scenario, judgeTwo);

  // The run page: publish the results, then end the event.
  await page.goto(`/admin/event-run/${scenario.eventId}`);
  const publicPanel = page.getByRole('region', { name: 'Public results' });
  await publicPanel.getByRole('switch', { name: /Publish the final results on a public page/ }).click();
  await expect(page.getByText('Public results setting saved.')).toBeVisible();
  await expect(publicPanel.getByRole('switch')).toBeChecked();
  await expect(publicPanel).toContainText('once the event is closed');
  await page.getByRole('button', { name: 'End event' }).click();
  await new ConfirmDialog(page).confirm('End event');
  await expect(page.getByTestId('event-status')).toHaveText('Closed');
  await page.reload();
  const link = publicPanel.getByRole('link', { name: /\/public\/results\// });
  await expect(link).toBeVisible();
  const publicUrl = `/public/results/${scenario.eventId}`;
  await expect(link).toHaveAttribute('href', new RegExp(`${publicUrl}$`));

  const why = `ahead of ${first.schoolName} on lowest judge sheet: 40.00% vs 30.00%`;
  await page.goto(`/admin/results-overall/${scenario.eventId}/overall`);
  const results = page.getByRole('table', { name: `Results of ${scenario.categoryName}` });
  await expect(results.getByRole('row').nth(1)).toContainText(other.schoolName);
  await expect(results.getByRole('row').nth(1)).toContainText(`1 – ${why}`);
  await expect(results.getByRole('row').nth(2)).toContainText(`2 – behind ${other.schoolName}`);
  await expect(
    page.getByText("Tie-breaks, in order: Higher lowest judge sheet (share of the section's maximum)."),
  ).toBeVisible();

  await results.screenshot({ path: test.info().outputPath('results-overall.png') });

  // A phone in the crowd: no login, no app, the same words.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  const scripts: string[] = [];
  visitor.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  const answer = await visitor.goto(publicUrl);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['cache-control']).toContain('immutable');
  await expect(visitor.getByRole('heading', { name: scenario.eventName })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: scenario.categoryName })).toBeVisible();
  const rows = visitor.getByRole('row');
  await expect(rows.nth(1)).toContainText(other.schoolName);
  await expect(rows.nth(1)).toContainText('16.00');
  await expect(rows.nth(1)).toContainText(why);
  await expect(visitor.locator('svg')).toBeVisible();
  await expect(visitor.getByText(second.lastName)).toHaveCount(0);
  expect(scripts, 'the public page loads no script').toEqual([]);
  const width = await visitor.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(390);
  await visitor.screenshot({ path: test.info().outputPath('public-results-phone.png'), fullPage: true });
  await phone.close();
});
