// offline-sync.md "Proof that nothing is lost", scenarios 6, 8 and 9 on the real server: a
// captive portal, edits the server refuses (after a submit, after the event closed), and a
// token ended while offline with another judge using the same tablet.
import { expect, test } from '@playwright/test';
import { installApp } from './pages/installed-app.ts';
import { openCoordinatorRunPage } from './pages/coordinator-run.ts';
import { readDevice } from './pages/judge-device.ts';
import { JudgeScreens, testPhoto } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer, type JudgingScenario } from './pages/judge-server.ts';

async function openFirstSheet(screens: JudgeScreens, scenario: JudgingScenario): Promise<void> {
  await screens.openDashboard(scenario.judge.judgeId, scenario.eventId, scenario.categoryId);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);
}

test.describe('judge sync when things go wrong', () => {
  test('scenario 6: a captive portal answering 200 HTML leaves the outbox exactly as it was', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('s6');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);

    await page.route('**/api/sync/push', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<html><body><h1>Gym Wi-Fi</h1><p>Accept the terms to continue.</p></body></html>',
      }),
    );
    await openFirstSheet(screens, scenario);
    const portalAnswered = page.waitForResponse('**/api/sync/push');
    await screens.scoreSubsection('Costing Accuracy', '7.25');
    await screens.addPenalty('Overtime', { overtime: '0:40', comments: 'Ran 40 s over' });
    await portalAnswered;
    const before = await readDevice(page);
    expect(before.outbox.map((row) => row.status)).toEqual(['pending', 'pending']);
    await screens.syncStatus.getByRole('button', { name: 'Sync now' }).click();
    await page.waitForResponse('**/api/sync/push');
    await expect(screens.pendingText(2)).toBeVisible();
    await expect.poll(async () => (await readDevice(page)).outbox.every((row) => row.lastError !== null)).toBe(true);
    const after = await readDevice(page);
    const shape = (rows: typeof before.outbox) =>
      rows.map(({ id, seq, status, kind, data }) => ({ id, seq, status, kind, data }));
    expect(shape(after.outbox)).toEqual(shape(before.outbox));
    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    expect((await server.readCells(scenario, token)).subsections.size).toBe(0);

    // The portal is gone: the same rows drain, once.
    await page.unroute('**/api/sync/push');
    await screens.syncStatus.getByRole('button', { name: 'Sync now' }).click();
    await expect(screens.pendingText(0)).toBeVisible();
    const serverCells = await server.readCells(scenario, token);
    expect([...serverCells.subsections.values()].map((cell) => cell.score)).toEqual([7.25]);
    expect([...serverCells.penalties.values()].map((cell) => cell.amount)).toEqual([0.75]);
    expect((await readDevice(page)).outbox).toHaveLength(0);
  });

  test('a slow uplink: while a push is out the button says Syncing… and nothing on the page animates; "Sync now" is back once sent', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('slow');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sync/push', async (route) => {
      await held;
      await route.continue();
    });
    await openFirstSheet(screens, scenario);
    await screens.scoreSubsection('Costing Accuracy', '7.25');
    // The push after the save is held on its way: the sync is under way.
    const busy = screens.syncStatus.getByRole('button', { name: 'Syncing…' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    // No spinner: a sync on a slow uplink does not keep the tablet drawing frames.
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
      .toBe(0);
    release();
    await expect(screens.pendingText(0)).toBeVisible();
    await expect(screens.syncStatus.getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  test('scenario 8a: an edit made offline after the category was submitted elsewhere is refused, shown to the judge and the coordinator, kept; retried after an unlock', async ({
    browser,
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const server = new JudgeServer(request);
    const { scenario, token } = await server.createScoredScenario('s8a', 5);
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await expect(screens.schoolScored(scenario.schools[0]!.schoolName)).toBeVisible();
    await installApp(page);

    await context.setOffline(true);
    await server.submitElsewhere(scenario, token);
    await openFirstSheet(screens, scenario);
    await screens.editSubsection('Costing Accuracy', '9.50');
    await expect(screens.pendingText(1)).toBeVisible();

    // The coordinator's run page is open while the tablet is offline: nothing refused yet.
    const coordinator = await openCoordinatorRunPage(browser, scenario, testInfo);
    const refusedTable = coordinator.getByRole('table', { name: 'Refused judge edits' });
    await expect(coordinator.getByTestId('refused-count')).toHaveText('0');

    await context.setOffline(false);
    await expect(screens.needsAttentionButton).toHaveText('1 needs attention');
    await expect(screens.pendingText(0)).toBeVisible();
    // The judge's value stays on the tablet, marked refused.
    const costing = page.getByRole('row', { name: 'Costing Accuracy' });
    await expect(costing).toContainText('9.50');
    await expect(costing).toContainText('refused');
    await screens.needsAttentionButton.click();
    const item = screens.dialog.getByRole('group', { name: /Costing Accuracy: 9\.50/ });
    await expect(item).toContainText('You submitted this category');
    await expect(item).toContainText('category_submitted');

    // Convergence: only the refused row is left; the server kept its value; the coordinators' list has it.
    const device = await readDevice(page);
    expect(device.outbox.map((row) => [row.status, row.rejectionCode])).toEqual([['rejected', 'category_submitted']]);
    const serverCells = await server.readCells(scenario, token);
    expect(serverCells.isSubmitted).toBe(true);
    expect([...serverCells.subsections.values()].every((cell) => cell.score === 5)).toBe(true);
    expect(await server.readRefusedEdits(scenario)).toEqual([
      { code: 'category_submitted', mutationId: device.outbox[0]!.id, judgeId: scenario.judge.judgeId },
    ]);

    // The coordinator's page shows it without a reload (the run page's live updates).
    const refusedRow = refusedTable.locator(`tr[data-mutation-id="${device.outbox[0]!.id}"]`);
    await expect(refusedRow).toBeVisible({ timeout: 20_000 });
    await expect(coordinator.getByTestId('refused-count')).toHaveText('1');
    for (const text of [
      `${scenario.judge.firstName} ${scenario.judge.lastName}`,
      scenario.categoryName,
      scenario.sectionName,
      scenario.schools[0]!.schoolName,
      'Score: Costing Accuracy 9.50',
      'category_submitted',
    ]) {
      await expect(refusedRow).toContainText(text);
    }
    await coordinator.context().close();
    expect(device.cells.filter((cell) => cell.value !== 5).map((cell) => cell.value)).toEqual([9.5]);

    // The coordinator unlocks the category; the judge retries the refused edit, which now applies.
    await server.runEvent(scenario, 'unlock');
    await item.getByRole('button', { name: 'Retry' }).click();
    await expect(item).toBeHidden();
    await page.keyboard.press('Escape');
    // The count read 0 before the tap too (a refused row is not waiting to send): the retried
    // edit is sent once the device's queue is empty, not once the count says 0.
    await expect.poll(async () => (await readDevice(page)).outbox.length, { timeout: 20_000 }).toBe(0);
    await expect(screens.pendingText(0)).toBeVisible();
    await expect(screens.needsAttentionButton).toBeHidden();
    await expect(costing).not.toContainText('refused');
    const after = await server.readCells(scenario, token);
    expect(after.isSubmitted).toBe(false);
    const changed = [...after.subsections.entries()].filter(([, cell]) => cell.score === 9.5).map(([key]) => key);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(new RegExp(`^${scenario.schools[0]!.schoolId}:`));
    const settled = await readDevice(page);
    expect(settled.outbox).toHaveLength(0);
    expect(settled.cells.map((cell) => cell.value).sort()).toEqual(
      [...after.subsections.values()].map((cell) => cell.score).sort(),
    );
  });

  test('scenario 8b: an edit made offline after the event closed is refused, shown and kept; discarded on purpose', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const server = new JudgeServer(request);
    const { scenario, token } = await server.createScoredScenario('s8b', 5);
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await installApp(page);

    // While the tablet is offline the judge submits elsewhere and the coordinator ends the event.
    await context.setOffline(true);
    await server.submitElsewhere(scenario, token);
    await server.runEvent(scenario, 'complete');
    await openFirstSheet(screens, scenario);
    await screens.editSubsection('Visual Presentation', '8.00');

    await context.setOffline(false);
    await expect(screens.needsAttentionButton).toHaveText('1 needs attention');
    const visual = page.getByRole('row', { name: 'Visual Presentation' });
    await expect(visual).toContainText('8.00');
    await screens.needsAttentionButton.click();
    const item = screens.dialog.getByRole('group', { name: /Visual Presentation: 8\.00/ });
    await expect(item).toContainText('event_closed');

    const serverCells = await server.readCells(scenario, token);
    expect([...serverCells.subsections.values()].every((cell) => cell.score === 5)).toBe(true);
    const device = await readDevice(page);
    expect(device.outbox.map((row) => [row.status, row.rejectionCode])).toEqual([['rejected', 'event_closed']]);
    expect(device.cells.filter((cell) => cell.value !== 5).map((cell) => cell.value)).toEqual([8]);
    expect((await server.readRefusedEdits(scenario)).map((row) => row.code)).toEqual(['event_closed']);

    // Discarding it (explicitly) brings the server's value back.
    await item.getByRole('button', { name: 'Discard' }).click();
    await item.getByRole('button', { name: 'Yes, discard this edit' }).click();
    await page.keyboard.press('Escape');
    await expect(screens.needsAttentionButton).toBeHidden();
    await expect(visual).toContainText('5.00');
    const settled = await readDevice(page);
    expect(settled.outbox).toHaveLength(0);
    expect(settled.cells.every((cell) => cell.value === 5)).toBe(true);
    expect(settled.cells).toHaveLength(serverCells.subsections.size);
  });

  test('scenario 9: a token ended offline pauses the queue; another judge on the tablet sends none of it; re-login drains', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('s9');
    const other = (await server.createScenario('s9-other')).judge;
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await installApp(page);

    await context.setOffline(true);
    await openFirstSheet(screens, scenario);
    await screens.scoreSubsection('Menu Design and Balance', '11.00');
    await screens.scoreSubsection('Oral Presentation', '3.50');
    await expect(screens.pendingText(2)).toBeVisible();

    // Logging out with unsent edits warns (in the app's dialog), and declining keeps the judge logged in.
    await screens.shell.logoutButton.click();
    await expect(screens.dialog).toContainText('2 edits are not sent yet');
    await screens.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(screens.shell.logoutButton).toBeVisible();

    await server.revokeTokens(scenario.judge.email, JUDGE_PASSWORD);
    await context.setOffline(false);
    await expect(page.getByText('Log in again to send your scores')).toBeVisible();
    await expect(screens.pendingText(2)).toBeVisible();
    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    expect((await server.readCells(scenario, token)).subsections.size).toBe(0);

    // Another judge on the same tablet: sees none of the first judge's queue and sends none of it.
    await page.getByRole('button', { name: 'Log in again' }).click();
    await screens.logIn(other.email, JUDGE_PASSWORD);
    await expect(screens.pendingText(0)).toBeVisible();
    await expect(screens.syncStatus.getByText(/Last sync: \d/)).toBeVisible();
    expect((await server.readCells(scenario, token)).subsections.size).toBe(0);
    const shared = await readDevice(page);
    expect(
      shared.outbox.filter((row) => row.judgeId === scenario.judge.judgeId && row.status === 'pending'),
    ).toHaveLength(2);
    await screens.shell.logoutButton.click();
    await expect(screens.shell.logoutButton).toBeHidden();

    // The first judge logs in again: the queue drains.
    await screens.logIn(scenario.judge.email, JUDGE_PASSWORD);
    // The count can read 0 before the judge's queue is counted: wait for the server to hold the scores.
    await expect
      .poll(async () =>
        [...(await server.readCells(scenario, token)).subsections.values()].map((cell) => cell.score).sort(),
      )
      .toEqual([11, 3.5].sort());
    await expect(screens.pendingText(0)).toBeVisible();
    await expect.poll(async () => (await readDevice(page)).outbox.length).toBe(0);
    const device = await readDevice(page);
    const mine = device.cells.filter((cell) => cell.judgeId === scenario.judge.judgeId);
    expect(mine.map((cell) => cell.value).sort()).toEqual([11, 3.5].sort());
    expect(mine.every((cell) => cell.pending === 0)).toBe(true);
  });

  test('scenario 9b: a login that expires offline keeps the judge scoring on the tablet; nothing is sent until the same judge logs in again', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('s9b');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await installApp(page);

    // Offline in the gym, the login's 72 hours run out; the app is opened again.
    await context.setOffline(true);
    await page.evaluate(() => {
      const key = 'judging.session';
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { expiresAt?: string };
      stored.expiresAt = new Date(Date.now() - 60_000).toISOString();
      localStorage.setItem(key, JSON.stringify(stored));
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue scoring offline' }).click();
    await expect(page.getByRole('heading', { name: 'Judge dashboard', level: 1 })).toBeVisible();
    await expect(screens.syncStatus.getByText('Log in again to send your scores')).toBeVisible();
    await openFirstSheet(screens, scenario);
    await screens.scoreSubsection('Costing Accuracy', '6.00');
    await expect(screens.pendingText(1)).toBeVisible();

    // Back online: the expired token is never sent; the edit waits.
    await context.setOffline(false);
    await screens.syncStatus.getByRole('button', { name: 'Sync now' }).click();
    await expect(screens.pendingText(1)).toBeVisible();
    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    expect((await server.readCells(scenario, token)).subsections.size).toBe(0);

    // The same judge logs in again: the queue drains.
    await screens.syncStatus.getByRole('button', { name: 'Log in again' }).click();
    await expect(page.getByRole('button', { name: 'Continue scoring offline' })).toBeVisible();
    await screens.logIn(scenario.judge.email, JUDGE_PASSWORD);
    await expect
      .poll(async () => [...(await server.readCells(scenario, token)).subsections.values()].map((cell) => cell.score))
      .toEqual([6]);
    await expect.poll(async () => (await readDevice(page)).outbox.length).toBe(0);
  });
  test("offline, a waiting photo is retried on the runner's backoff (not every second); it goes once the signal is back", async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('photo-backoff');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await openFirstSheet(screens, scenario);

    const uploadTries: number[] = [];
    context.on('request', (sent) => {
      if (sent.url().includes('/api/sync/photo')) uploadTries.push(Date.now());
    });
    await context.setOffline(true);
    await expect(screens.onlineBadge(false)).toBeVisible();
    await screens.addPenalty('Overtime', { overtime: '1:00', comments: 'A minute over', photo: testPhoto('wait.png') });
    const since = Date.now();
    await page.waitForTimeout(16_000);
    const tries = uploadTries.filter((at) => at >= since - 2_000);
    // Backoff doubles from 2 s (with jitter down to half): at most 6 tries in these 16 s; a
    // retry every second would be 16.
    expect(tries.length, `photo upload tries while offline: ${tries.length}`).toBeLessThanOrEqual(6);
    expect((await readDevice(page)).photos.filter((photo) => photo.uploadedAt === null)).toHaveLength(1);

    await context.setOffline(false);
    await expect(screens.pendingText(0)).toBeVisible({ timeout: 15_000 });
    const device = await readDevice(page);
    expect(device.photos.every((photo) => photo.uploadedAt !== null)).toBe(true);
    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    const cells = await server.readCells(scenario, token);
    expect([...cells.penalties.values()].map((cell) => cell.photoSha256 !== null)).toEqual([true]);
  });
});
