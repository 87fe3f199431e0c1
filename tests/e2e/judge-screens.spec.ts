// The judge's score sheet as the seed describes it ("Judge area", "Modals"): buttons per state,
// update modals with fields hidden until tapped and reset on cancel, the unsaved-changes prompt,
// warning and danger headers, the penalties dropdown of unapplied items, Done, the read-only
// coordinator view, and search params that must be ids.
import { expect, test, type Locator } from '@playwright/test';
import { demoUsers } from './support/demo-users.ts';
import { DEMO_PASSWORD } from './support/demo-users.ts';
import { readDevice, readStoredEvents } from './pages/judge-device.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

/** The background colour behind a section's heading (its header bar). */
async function headerBackground(heading: Locator): Promise<string> {
  return heading.locator('..').evaluate((element) => getComputedStyle(element).backgroundColor);
}

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

test('the score sheet follows the seed: modals, headers, dropdowns, Done, prompt, read-only view', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('screens');
  const school = scenario.schools[0]!;
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  // The judge's screens are tools: one quiet footer line, not the marketing band.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help', exact: true })).toBeVisible();
  await expect(page.getByText(/© 2022/)).toHaveCount(0);
  await screens.openSchool(school.schoolName);
  await screens.openSection(scenario.sectionName);
  await expect(page.getByText(/© 2022/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: '← Back to the criteria sections' })).toHaveAttribute(
    'href',
    new RegExp(`schoolId=${school.schoolId}.*judgeId=${scenario.judge.judgeId}`),
  );

  // The score form stays for comments and photos: "Score: {name}" while unscored, then "Update: {name}".
  const oral = page.getByRole('row', { name: 'Oral Presentation' });
  await expect(oral).toContainText('not scored');
  await screens.scoreSubsection('Oral Presentation', '4.00');
  await oral.getByRole('button', { name: 'Comments & photo: Oral Presentation' }).click();
  await expect(screens.dialog.getByRole('heading', { name: 'Update: Oral Presentation' })).toBeVisible();
  await expect(screens.dialog.getByRole('radiogroup')).toBeHidden();
  await screens.dialog.getByRole('button', { name: 'Change score' }).click();
  await screens.dialog.getByRole('radio', { name: '2.00', exact: true }).click();

  // Unsaved edits in a modal: the browser asks before the page goes away.
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const beforeUnload = await prompt;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.dismiss();

  // Cancel resets the fields: reopened, the score is shown as saved and the choices are hidden again.
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
  await oral.getByRole('button', { name: 'Comments & photo: Oral Presentation' }).click();
  await expect(screens.dialog.getByText('Score: 4.00', { exact: true })).toBeVisible();
  await expect(screens.dialog.getByRole('radiogroup')).toBeHidden();
  await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(oral).toContainText('4.00');

  // Penalties: a warning-coloured header while any is applied; the dropdown lists only unapplied ones.
  const penaltiesHeading = page.getByRole('heading', { name: 'Penalties' });
  expect(await headerBackground(penaltiesHeading)).toBe(TRANSPARENT);
  await screens.addPicker('penalty').selectOption({ label: 'Overtime' });
  await screens.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(screens.dialog.getByText('Amount is required')).toBeVisible();
  await expect(screens.dialog.getByText('Comments are required')).toBeVisible();
  await screens.dialog.getByLabel('Time over (mm:ss)').fill('1:24');
  await expect(screens.dialog.getByText('1:24 over time → 1.50')).toBeVisible();
  await expect(screens.dialog.getByRole('radio', { name: '1.50', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('Plated late');
  await screens.saveDialog();
  expect(await headerBackground(penaltiesHeading)).not.toBe(TRANSPARENT);
  // A timed penalty keeps its time: the row says it, and reopened the dialog shows it as m:ss.
  const overtimeRow = page.getByRole('row', { name: 'Overtime' });
  await expect(overtimeRow).toContainText('1:24 over, −1.50');
  await page.getByRole('button', { name: 'Edit Overtime' }).click();
  await expect(screens.dialog.getByText('Deduction: 1.50 (1:24 over)', { exact: true })).toBeVisible();
  await screens.dialog.getByRole('button', { name: 'Change deduction' }).click();
  await expect(screens.dialog.getByLabel('Time over (mm:ss)')).toHaveValue('1:24');
  await screens.dialog.getByLabel('Time over (mm:ss)').fill('2:30');
  await expect(screens.dialog.getByText('2:30 over time → 2.50')).toBeVisible();
  await screens.saveDialog();
  await expect(overtimeRow).toContainText('2:30 over, −2.50');
  await expect(screens.addPicker('penalty').getByRole('option', { name: 'Overtime' })).toHaveCount(0);
  await screens.addPicker('penalty').selectOption({ label: 'Incomplete Uniform' });
  await expect(screens.dialog.getByText('Deduction: 2.00', { exact: true })).toBeVisible();
  await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('No hat');
  await screens.saveDialog();
  // Edit only for a time-based penalty; delete for both.
  await expect(page.getByRole('button', { name: 'Edit Overtime' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Incomplete Uniform' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: 'Incomplete Uniform' })).toContainText('−2.00');

  // Disqualifications: a danger-coloured header while one is applied; removing it asks first.
  const dqHeading = page.getByRole('heading', { name: 'Disqualifications' });
  await screens.addDisqualification('Outside Assistance During Competition', { comments: 'Coach helped' });
  const dangerBackground = await headerBackground(dqHeading);
  expect(dangerBackground).not.toBe(TRANSPARENT);
  await page.getByRole('button', { name: 'Delete Outside Assistance During Competition' }).click();
  await expect(
    screens.dialog.getByText('Are you sure you want to remove Outside Assistance During Competition?'),
  ).toBeVisible();
  const notes = await screens.watchSyncNotes();
  await screens.dialog.getByRole('button', { name: 'Remove' }).click();
  await expect.poll(notes.seen).toContainEqual(expect.stringMatching(/^Removed on this tablet/));
  await expect.poll(() => headerBackground(dqHeading)).toBe(TRANSPARENT);

  // Done waits for every subsection.
  await expect(screens.doneButton).toBeDisabled();
  await expect(page.getByText('All criteria subsections must be scored.')).toBeVisible();
  for (const name of ['Menu Design and Balance', 'Costing Accuracy', 'Visual Presentation']) {
    await screens.scoreSubsection(name, '5.00');
  }
  await expect(page.getByTestId('sheet-total')).toHaveText('14.50');
  await expect(page.getByText('All criteria subsections must be scored.')).toBeHidden();
  await screens.doneButton.click();
  await expect(screens.doneNote).toBeVisible();
  await expect(page).toHaveURL(/\/school-sections\?/);
  await expect(screens.pendingText(0)).toBeVisible();

  // Search params must be ids.
  await page.goto(`/school-scoring?judgeId=${scenario.judge.judgeId}&eventId=x&schoolId=1&categoryId=1&sectionId=1`);
  await expect(page.getByText('404: Dish Not Found')).toBeVisible();
});

test('an event that is not the judge’s, or does not exist, says so online and returns to the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const server = new JudgeServer(request);
  const own = await server.createScenario('own-event');
  const another = await server.createScenario('another-event');
  const screens = new JudgeScreens(page);
  await screens.logIn(own.judge.email, JUDGE_PASSWORD);
  await expect(page.getByRole('link', { name: new RegExp(own.eventName) })).toBeVisible();

  for (const eventId of [another.eventId, 2_000_000_000]) {
    await screens.openEventByAddress(own.judge.judgeId, eventId);
    await expect(screens.eventRefusedNotice).toBeVisible();
    await expect(page.getByText('Not downloaded')).toHaveCount(0);
    await expect(page.getByText(/Connect to the internet/)).toHaveCount(0);
    // Back on the judge's own dashboard after the seed's 5 seconds, their event still there to choose.
    await expect(page).toHaveURL(new RegExp(`/judge-dashboard/${own.judge.judgeId}$`), { timeout: 15_000 });
    await expect(screens.eventRefusedNotice).toHaveCount(0);
    await expect(page.getByRole('link', { name: new RegExp(own.eventName) })).toBeVisible();
  }
  // Nothing of the other judge's event came onto this tablet.
  expect((await readStoredEvents(page)).map(([, eventId]) => eventId)).not.toContain(another.eventId);
});

test('a coordinator sees a judge’s sheet read only', async ({ page, request }) => {
  test.setTimeout(90_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('view');
  const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await server.scoreAllElsewhere(scenario, token, 4);
  const screens = new JudgeScreens(page);
  await screens.logIn(demoUsers.admin.email, DEMO_PASSWORD);
  const school = scenario.schools[0]!;
  await page.goto(
    `/school-scoring?judgeId=${scenario.judge.judgeId}&eventId=${scenario.eventId}&schoolId=${school.schoolId}&categoryId=${scenario.categoryId}&sectionId=${scenario.sectionId}`,
  );
  await expect(page.getByRole('heading', { name: school.schoolName, level: 1 })).toBeVisible();
  await expect(page.getByText('You are viewing this judge’s sheet. Only the judge can change it.')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Costing Accuracy' })).toContainText('4.00');
  await expect(page.getByRole('button', { name: /^(Score|Edit) / })).toHaveCount(0);
  await expect(screens.addPicker('penalty')).toHaveCount(0);
  await expect(screens.syncStatus).toHaveCount(0);
  // Each scored cell's history: scored from another device through the REST calls, so on the server.
  await page.getByRole('button', { name: 'History of Costing Accuracy' }).click();
  await expect(screens.dialog.getByRole('heading', { name: 'History: Costing Accuracy' })).toBeVisible();
  const change = screens.dialog.getByTestId('history-row');
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Costing Accuracy: scored 4.00');
  // h:mm AM/PM as every screen (seed §9); the date too when the run crosses midnight.
  await expect(change).toContainText(/on the server (\d\d\/\d\d\/\d\d )?\d{1,2}:\d\d [AP]M/);
});

test('a photo that cannot be read shows the error alert; the score and comments are saved without it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('badphoto');
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);

  // A camera file that is not a readable picture (a truncated JPEG).
  const broken = { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) };
  await page.getByRole('button', { name: 'Comments & photo: Costing Accuracy' }).click();
  await screens.dialog.getByRole('radio', { name: '7.25', exact: true }).click();
  await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('Clear costing sheet');
  const chooser = page.waitForEvent('filechooser');
  await screens.dialog.getByRole('button', { name: 'Add/Replace Photo' }).click();
  await (await chooser).setFiles(broken);
  await screens.saveDialog();
  await expect(
    screens.shell.alert(
      'The photo was not saved: The photo could not be read. Take it again, or choose another picture. The score and comments are saved; add the photo again.',
    ),
  ).toBeVisible();
  const row = page.getByRole('row', { name: 'Costing Accuracy' });
  await expect(row).toContainText('7.25');
  await expect(row).toContainText('Clear costing sheet');
  await expect(row.getByRole('button', { name: /^View photo/ })).toHaveCount(0);
  const device = await readDevice(page);
  expect(device.cells.map((cell) => [cell.value, cell.comments, cell.photoSha256])).toEqual([
    [7.25, 'Clear costing sheet', null],
  ]);
  expect(device.photos).toHaveLength(0);
  await expect(screens.pendingText(0)).toBeVisible();
});
