// Issue 28: the tablet tells the truth when the server process dies while the network stays up
// (the gym's access point without uplink, the coordinator's laptop asleep), not only when the
// browser is set offline. A server of the test's own is killed and started again; the tablet
// (768 × 1024) must say within 5 s that it cannot reach the server, mark every kind of unsent
// row "not sent" (and count them per school and section), show nothing in success green while
// anything is unsent, and drain as soon as the server is back, not at the 30 s period.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { installApp } from './pages/installed-app.ts';
import { readDevice } from './pages/judge-device.ts';
import { JudgeScreens, testPhoto } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer, type JudgingScenario } from './pages/judge-server.ts';
import { StoppableServer } from './support/stoppable-server.ts';

const TABLET = { width: 768, height: 1024 };

/**
 * Visible elements drawn in the success colour (the theme's basil, Mantine's green): text or
 * background. The judge screens keep it for what the server has received.
 */
async function successColoured(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const greens = new Set<string>();
    for (const palette of ['basil', 'green']) {
      for (let shade = 0; shade <= 9; shade += 1) {
        probe.style.color = `var(--mantine-color-${palette}-${shade})`;
        greens.add(getComputedStyle(probe).color);
      }
    }
    probe.remove();
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('[aria-hidden="true"]') || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const hasOwnText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if ((hasOwnText && greens.has(style.color)) || greens.has(style.backgroundColor)) {
        found.push(`${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60) ?? ''}`);
      }
    }
    return found;
  });
}

/** The whole page from its top (a full-page shot of a scrolled page draws the sticky header mid-page). */
async function screenshot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

async function openTablet(browser: Browser, server: StoppableServer): Promise<JudgeScreens> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: TABLET, hasTouch: true });
  return new JudgeScreens(await context.newPage());
}

async function openSheet(screens: JudgeScreens, scenario: JudgingScenario, schoolIndex: number): Promise<void> {
  await screens.openDashboard(scenario.judge.judgeId, scenario.eventId, scenario.categoryId);
  await screens.openSchool(scenario.schools[schoolIndex]!.schoolName);
  await screens.openSection(scenario.sectionName);
}

test.describe('the server process stopped while the network stays up', () => {
  let server: StoppableServer;
  test.beforeEach(async () => {
    server = await StoppableServer.start();
  });
  test.afterEach(async () => {
    await server.dispose();
  });

  test('every unsent row says so, the status within 5 s, nothing green; all drains right after the restart', async ({
    browser,
    playwright,
  }, testInfo) => {
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    const api = new JudgeServer(request);
    const scenario = await api.createScenario('stopped');
    const { token } = await api.logIn(scenario.judge.email, JUDGE_PASSWORD);
    // Every subsection is on the server already: the category can be submitted offline later.
    await api.scoreAllElsewhere(scenario, token, 5);
    const screens = await openTablet(browser, server);
    const { page } = screens;
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await installApp(page);
    // Applied while the server answers, removed while it does not.
    await openSheet(screens, scenario, 1);
    await screens.addDisqualification('Outside Assistance During Competition', { comments: 'Coach helped' });
    await expect(screens.pendingText(0)).toHaveText('All sent');
    await expect(page.locator('[data-mark="not-sent"]')).toHaveCount(0);
    await openSheet(screens, scenario, 0);
    await expect(screens.onlineBadge(true)).toBeVisible();

    // The server dies; the browser still has its network. The judge's first save after it:
    const killedAt = await server.kill();
    await screens.editSubsection('Costing Accuracy', '7.25');
    await expect(screens.pendingText(1)).toHaveText("Can't reach the server: 1 change saved on this tablet", {
      timeout: Math.max(1, 5000 - (Date.now() - killedAt)),
    });
    const saidAfter = Date.now() - killedAt;
    expect(saidAfter, 'the status says so within 5 s of the server going away').toBeLessThanOrEqual(5000);
    await expect(screens.onlineBadge(false)).toBeVisible();
    testInfo.annotations.push({
      type: 'status',
      description: `"Can't reach the server" ${saidAfter} ms after the kill`,
    });

    // Every kind of row: a score, a comment-only edit, a fixed penalty, a timed penalty with a photo, a DQ.
    await page.getByRole('button', { name: 'Comments & photo: Menu Design and Balance' }).click();
    await screens.dialog.getByRole('button', { name: 'Change comments' }).click();
    await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('Balanced, seasonal menu');
    const saveNotes = await screens.watchSyncNotes();
    await screens.saveDialog();
    await expect.poll(saveNotes.seen).toContain('Saved on this tablet, will send when connected');
    await screens.addPenalty('Incomplete Uniform', { comments: 'No hat' });
    await screens.addPenalty('Overtime', {
      overtime: '1:24',
      comments: 'Plated 1:24 late',
      photo: testPhoto('late.png', 90),
    });
    await screens.addDisqualification('Outside Assistance During Competition', {
      comments: 'Coach plated the dessert',
      photo: testPhoto('coach.png', 30),
    });
    const unsentRows = [
      'Costing Accuracy',
      'Menu Design and Balance',
      'Incomplete Uniform',
      'Overtime',
      'Outside Assistance During Competition',
    ];
    for (const name of unsentRows) {
      await expect(page.getByRole('row', { name }), `${name} is marked`).toContainText('not sent');
    }
    await expect(page.getByRole('row', { name: 'Visual Presentation' })).not.toContainText('not sent');
    await expect(screens.pendingText(5)).toHaveText("Can't reach the server: 5 changes saved on this tablet");
    expect(await successColoured(page)).toEqual([]);
    await expect(screens.shell.alert('Success')).toHaveCount(0);
    // Looked at: the scoring page at tablet size with unsent penalty, DQ and photo rows.
    await screenshot(page, testInfo.outputPath('scoring-offline-unsent.png'));
    await page.getByRole('button', { name: 'View photo of Overtime' }).click();
    await expect(screens.dialog.getByText(/^Taken /)).toBeVisible();
    await page.keyboard.press('Escape');

    // The sections page and the schools list count what is not sent.
    await page.getByRole('link', { name: '← Back to the criteria sections' }).click();
    await expect(page.getByRole('row', { name: new RegExp(scenario.sectionName) })).toContainText('5 not sent');
    expect(await successColoured(page)).toEqual([]);
    await screenshot(page, testInfo.outputPath('sections-offline-unsent.png'));
    // The DQ applied on the other school while the server answered, removed now.
    await openSheet(screens, scenario, 1);
    await page.getByRole('button', { name: 'Delete Outside Assistance During Competition' }).click();
    const removalNotes = await screens.watchSyncNotes();
    await screens.dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(screens.dialog).toBeHidden();
    await expect.poll(removalNotes.seen).toContain('Removed on this tablet, will send when connected');
    const removed = page.getByRole('row', { name: 'Outside Assistance During Competition' });
    await expect(removed).toContainText('removed on this tablet');
    await expect(removed).toContainText('not sent');
    await screenshot(page, testInfo.outputPath('scoring-offline-removed.png'));
    await screens.openDashboard(scenario.judge.judgeId, scenario.eventId, scenario.categoryId);
    const schoolRow = (index: number) =>
      page.getByRole('row', { name: new RegExp(scenario.schools[index]!.schoolName) });
    await expect(schoolRow(0)).toContainText('5 not sent');
    await expect(schoolRow(1)).toContainText('1 not sent');
    // The submission, on this tablet only.
    await screens.submitCategory();
    const submitted = page.getByRole('alert').filter({ hasText: 'Submitted on this tablet: sent when connected' });
    await expect(submitted).toContainText('not sent');
    await expect(screens.pendingText(7)).toHaveText("Can't reach the server: 7 changes saved on this tablet");
    expect(await successColoured(page)).toEqual([]);
    await screenshot(page, testInfo.outputPath('dashboard-offline-unsent.png'));
    expect((await readDevice(page)).outbox).toHaveLength(7);

    // The server is back on the same port: the tablet probes it and drains at once.
    const backAt = await server.start();
    await expect(screens.pendingText(0)).toHaveText('All sent', { timeout: 15_000 });
    const drainedAfter = Date.now() - backAt;
    testInfo.annotations.push({ type: 'drain', description: `outbox drained ${drainedAfter} ms after the restart` });
    expect(drainedAfter, 'drained well before the 30 s period').toBeLessThan(10_000);
    await expect(screens.onlineBadge(true)).toBeVisible();
    await expect(page.locator('[data-mark="not-sent"], [data-mark="not-sent-count"]')).toHaveCount(0);
    await expect(screens.syncStatus.getByText(/when connected/)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'Submitted' })).toContainText('Received by the server at');
    expect((await readDevice(page)).outbox).toHaveLength(0);
    await screenshot(page, testInfo.outputPath('dashboard-after-restart.png'));

    // The server holds every change once, the photos with their capture time.
    const cells = await api.readCells(scenario, (await api.logIn(scenario.judge.email, JUDGE_PASSWORD)).token);
    const school = scenario.schools[0]!.schoolId;
    expect(cells.isSubmitted).toBe(true);
    expect([...cells.penalties.values()].map((cell) => cell.amount).sort()).toEqual([1.5, 2]);
    expect(cells.disqualifications.size).toBe(1);
    expect([...cells.disqualifications.keys()]).toEqual([expect.stringMatching(new RegExp(`^${school}:`))]);
    const photos = server.query<{ captured_at: string | null }>(
      "SELECT captured_at FROM stored_file WHERE kind = 'photo'",
    );
    expect(photos).toHaveLength(2);
    expect(photos.every((photo) => photo.captured_at !== null)).toBe(true);

    // The sheet's marks are gone too.
    await openSheet(screens, scenario, 0);
    await expect(page.getByText('not sent')).toHaveCount(0);
    await request.dispose();
  });

  test('with nothing waiting, the status turns within 30 s of the server going away, and back when it returns', async ({
    browser,
    playwright,
  }, testInfo) => {
    test.setTimeout(150_000);
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    const api = new JudgeServer(request);
    const scenario = await api.createScenario('idle');
    const screens = await openTablet(browser, server);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await expect(screens.pendingText(0)).toHaveText('All sent');
    await expect(screens.onlineBadge(true)).toBeVisible();

    const killedAt = await server.kill();
    await expect(screens.pendingText(0)).toHaveText("Can't reach the server: nothing waiting to send", {
      timeout: 30_000,
    });
    const saidAfter = Date.now() - killedAt;
    testInfo.annotations.push({ type: 'status', description: `noticed ${saidAfter} ms after the kill` });
    expect(saidAfter).toBeLessThanOrEqual(30_000);
    await expect(screens.onlineBadge(false)).toBeVisible();

    await server.start();
    await expect(screens.onlineBadge(true)).toBeVisible({ timeout: 30_000 });
    await expect(screens.pendingText(0)).toHaveText('All sent');
    await request.dispose();
  });
});
