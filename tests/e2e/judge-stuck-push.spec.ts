// Issue 36, item 9: a push stuck on a connection that never answers must not hold the queue. The
// tablet reaches the real server through a link that can swallow requests (no answer, no
// refusal: an access point whose uplink dropped). Cut off, the judge saves; the push hangs, the
// probes go unanswered and the bar says so, without "Syncing…". The link comes back: the queue
// drains within 3 s (the hung push aborted on the first answered probe and sent again with the
// same mutation ids, each applied once), with no "Can't reach the server" after it. Then a
// reload with the link cut off shows "checking" until the truth, never "Online".
import { expect, test } from '@playwright/test';
import { installApp } from './pages/installed-app.ts';
import { readDevice } from './pages/judge-device.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer, mutationsOnServer } from './pages/judge-server.ts';
import { recordSyncBarInPage, syncBarSeenInPage, syncNotesKey, type SyncBarLook } from './pages/sync-notes-in-page.ts';
import { HangingLink } from './support/hanging-link.ts';

const describeLooks = (looks: SyncBarLook[], from: number) =>
  looks.map((look) => `${look.at - from} ms: ${look.badge} | ${look.line} | ${look.button}`).join('\n');

test('a push hung on a dead link is sent again as soon as the server answers: drained within 3 s', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const link = await HangingLink.start(baseURL ?? '');
  const api = new JudgeServer(request);
  const scenario = await api.createScenario('stuck');
  const context = await browser.newContext({
    baseURL: link.baseUrl,
    viewport: testInfo.project.use.viewport ?? null,
    hasTouch: testInfo.project.use.hasTouch ?? false,
  });
  try {
    const page = await context.newPage();
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await installApp(page);
    await screens.openSchool(scenario.schools[0]!.schoolName);
    await screens.openSection(scenario.sectionName);
    await expect(screens.onlineBadge(true)).toBeVisible();
    // The sync that opening the sheet started is over: the request caught by the cut is the push.
    await expect(screens.pendingText(0)).toHaveText('All sent');
    await expect(screens.syncStatus.getByRole('button', { name: 'Sync now' })).toBeEnabled();

    // The uplink drops: requests now hang, nothing is refused.
    link.cutOff();
    await screens.scoreSubsection('Costing Accuracy', '7.25');
    await screens.scoreSubsection('Visual Presentation', '9.00');
    await expect.poll(() => link.swallowedOf('/api/sync/push', 'POST').length, { timeout: 10_000 }).toBe(1);
    await expect(screens.pendingText(2)).toHaveText("Can't reach the server: 2 changes saved on this tablet");
    await expect(screens.onlineBadge(false)).toBeVisible();
    // Nothing moves: the bar does not say "Syncing…", and the judge may try again.
    await expect(screens.syncStatus.getByRole('button', { name: 'Sync now' })).toBeEnabled();
    const [hung] = link.swallowedOf('/api/sync/push', 'POST');
    expect(hung!.closedAt, 'the hung push still waits (its 60 s limit is far off)').toBeUndefined();
    const queued = (await readDevice(page)).outbox.map((row) => row.id).sort();
    expect(queued).toHaveLength(2);
    const looks = syncNotesKey();
    await page.evaluate(recordSyncBarInPage, looks);

    // The uplink is back: the next probe (2–2.5 s apart) is answered; the hung push goes at once.
    const backAt = link.restore();
    await expect(screens.pendingText(0)).toHaveText('All sent', { timeout: 15_000 });
    const seen = await page.evaluate(syncBarSeenInPage, looks);
    const drained = seen.find((look) => look.line === 'All sent');
    expect(drained, describeLooks(seen, backAt)).toBeDefined();
    const drainedAfter = drained!.at - backAt;
    testInfo.annotations.push({ type: 'drain', description: `drained ${drainedAfter} ms after the link came back` });
    expect(drainedAfter, describeLooks(seen, backAt)).toBeLessThanOrEqual(3000);
    expect(hung!.closedAt, 'the hung push was aborted by the tablet').toBeDefined();
    expect(hung!.closedAt! - backAt).toBeLessThanOrEqual(3000);
    // Once the server answered, the bar never goes back to "Can't reach the server".
    const afterBack = seen.filter((look) => look.at >= backAt);
    const firstOnline = afterBack.findIndex((look) => look.badge === 'Online');
    expect(firstOnline, describeLooks(seen, backAt)).toBeGreaterThanOrEqual(0);
    expect(
      afterBack.slice(firstOnline).filter((look) => look.badge !== 'Online' || look.line.startsWith("Can't reach")),
      describeLooks(seen, backAt),
    ).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('drained-after-hang.png') });

    // Exactly once: each queued id applied once, the tablet's queue empty, the scores on the server.
    const applied = mutationsOnServer(scenario.judge.judgeId);
    expect([...applied.keys()].sort()).toEqual(queued);
    expect([...applied.values()].every((status) => status === 'applied')).toBe(true);
    expect((await readDevice(page)).outbox).toHaveLength(0);
    const { token } = await api.logIn(scenario.judge.email, JUDGE_PASSWORD);
    const cells = await api.readCells(scenario, token);
    expect([...cells.subsections.values()].map((cell) => cell.score).sort()).toEqual([7.25, 9]);

    // A reload with the link cut off: "checking" from the first frame until the truth, never Online.
    await page.addInitScript(recordSyncBarInPage, looks);
    link.cutOff();
    const reloadAt = Date.now();
    await page.reload();
    // To look at: the bar while it checks (the first probe waits up to its 2 s limit).
    await page.screenshot({ path: testInfo.outputPath('reload-checking.png') });
    await expect(screens.onlineBadge(false)).toBeVisible({ timeout: 15_000 });
    const reloaded = await page.evaluate(syncBarSeenInPage, looks);
    const history = describeLooks(reloaded, reloadAt);
    testInfo.annotations.push({ type: 'reload', description: history });
    expect(reloaded[0], history).toMatchObject({ badge: 'Checking…' });
    expect(reloaded[0]!.line, history).toMatch(/^Checking the connection/);
    expect(
      reloaded.filter((look) => look.badge === 'Online'),
      history,
    ).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('reload-checking-then-offline.png') });
  } finally {
    await context.close();
    await link.close();
  }
});
