// decisions §9 and the sync contract on the real server: no photo stops the queue. A photo over
// the judge's daily byte cap (429, a server of the test's own started with a small cap) waits as
// the server asked while every other edit is sent and on the server; later it goes too. A photo
// the judge may not upload (403 PHOTO_NOT_ALLOWED: here the coordinator unassigned the judge
// while the tablet was offline) is marked refused and kept on the tablet, listed with the
// server's reason, and its edit is sent without it.
import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { readDevice } from './pages/judge-device.ts';
import { JudgeScreens, noisyTestPhoto, testPhoto } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer, type JudgingScenario } from './pages/judge-server.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';
import { StoppableServer } from './support/stoppable-server.ts';

/** Small enough that the noisy photo's JPEG does not fit, large enough for the small one. */
const BYTE_CAP = 60_000;

async function openSheet(screens: JudgeScreens, scenario: JudgingScenario): Promise<void> {
  await screens.openDashboard(scenario.judge.judgeId, scenario.eventId, scenario.categoryId);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);
}

/** A tablet (or laptop, as the project says) on the test's own server, its clock one the test can move. */
async function openDevice(browser: Browser, server: StoppableServer, testInfo: TestInfo): Promise<JudgeScreens> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: testInfo.project.use.viewport ?? null,
    hasTouch: testInfo.project.use.hasTouch ?? false,
  });
  await context.clock.install();
  return new JudgeScreens(await context.newPage());
}

/** The coordinator takes the judge off the scenario's section, or puts them back. */
async function setAssigned(server: JudgeServer, scenario: JudgingScenario, isAssigned: boolean): Promise<void> {
  const admin = await server.logIn(demoUsers.admin.email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const section = `/api/event/${scenario.eventId}/category/${scenario.categoryId}/section/${scenario.sectionId}`;
  const request = server.request;
  const response = isAssigned
    ? await request.post(section, { headers, data: [{ judgeId: scenario.judge.judgeId }] })
    : await request.delete!(`${section}/judge/${scenario.judge.judgeId}`, { headers });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('photos the server refuses never stop the other edits', () => {
  test('a photo over the daily byte cap waits; every other edit is on the server; once the window has moved it goes too', async ({
    browser,
    playwright,
  }, testInfo) => {
    test.setTimeout(180_000);
    const server = await StoppableServer.start({ PHOTO_BYTES_PER_DAY: String(BYTE_CAP) });
    try {
      const api = new JudgeServer(await playwright.request.newContext({ baseURL: server.baseUrl }));
      const scenario = await api.createScenario('cap');
      const screens = await openDevice(browser, server, testInfo);
      const { page } = screens;
      await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
      await openSheet(screens, scenario);

      await screens.addPenalty('Overtime', {
        overtime: '0:40',
        comments: 'Ran 40 s over',
        photo: testPhoto('clock.png'),
      });
      await expect(screens.pendingText(0)).toBeVisible();
      await screens.addDisqualification('Outside Assistance During Competition', {
        comments: 'Coach plated the dessert',
        photo: noisyTestPhoto('coach.png'),
      });
      // Edits made after the waiting one still go.
      await screens.scoreSubsection('Costing Accuracy', '7.25');
      await screens.addPenalty('Incomplete Uniform', { comments: 'No hat' });

      const waiting = screens.syncStatus.getByTestId('waiting-photos');
      await expect(waiting).toContainText('1 photo waits: Your photos have reached the limit of 58.6 KB in 24 hours');
      await expect(screens.pendingText(1)).toBeVisible();
      await expect(screens.needsAttentionButton).toHaveCount(0);

      const device = await readDevice(page);
      const [small, big] = [...device.photos].sort((a, b) => a.size - b.size);
      expect(big!.size, 'the noisy photo is over the cap on its own').toBeGreaterThan(BYTE_CAP);
      expect(device.outbox.map((row) => [row.kind, row.status, row.data.photoSha256])).toEqual([
        ['disqualificationScore.put', 'pending', big!.sha256],
      ]);
      const { token } = await api.logIn(scenario.judge.email, JUDGE_PASSWORD);
      const onServer = await api.readCells(scenario, token);
      expect([...onServer.subsections.values()].map((cell) => cell.score)).toEqual([7.25]);
      expect([...onServer.penalties.values()].map((cell) => [cell.amount, cell.photoSha256]).sort()).toEqual(
        [
          [0.75, small!.sha256],
          [2, null],
        ].sort(),
      );
      expect(onServer.disqualifications.size).toBe(0);
      expect(server.query('select count(*) as n from stored_file')).toEqual([{ n: 1 }]);

      // A day later (the tablet's clock; the server restarted with room to spare): the photo goes, then its edit.
      await server.kill();
      server.env = {};
      await server.start();
      await page.clock.fastForward('24:00:30');
      await screens.syncStatus.getByRole('button', { name: 'Sync now' }).click();
      await expect(screens.pendingText(0)).toBeVisible({ timeout: 20_000 });
      await expect(waiting).toHaveCount(0);
      const later = await api.readCells(scenario, token);
      expect([...later.disqualifications.values()].map((cell) => cell.photoSha256)).toEqual([big!.sha256]);
      expect((await readDevice(page)).outbox).toEqual([]);
    } finally {
      await server.dispose();
    }
  });

  test('a photo the judge may not upload is kept, marked refused with the reason; its edit goes without it', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('refused');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await openSheet(screens, scenario);

    await context.setOffline(true);
    await screens.scoreSubsection('Costing Accuracy', '7.25');
    await screens.addPenalty('Incomplete Uniform', { comments: 'No hat', photo: testPhoto('hat.png', 60) });
    await expect(screens.pendingText(2)).toBeVisible();
    // Meanwhile the coordinator takes the judge off their only section: no photo of theirs is taken now.
    await setAssigned(server, scenario, false);
    await context.setOffline(false);

    // Nothing waits: the photo is refused for good, both edits were sent (and refused for what they are).
    await expect(screens.needsAttentionButton).toHaveText('3 need attention');
    await expect(screens.pendingText(0)).toBeVisible();
    const device = await readDevice(page);
    expect(device.outbox.map((row) => [row.kind, row.rejectionCode, row.data.photoSha256 ?? null])).toEqual([
      ['subsectionScore.put', 'not_assigned', null],
      ['penaltyScore.put', 'not_assigned', null],
    ]);
    expect(device.photos.map((photo) => photo.uploadedAt)).toEqual([null]);
    expect((await server.readRefusedEdits(scenario)).map((edit) => edit.code)).toEqual([
      'not_assigned',
      'not_assigned',
    ]);

    await screens.needsAttentionButton.click();
    const photoNotice = screens.dialog.getByRole('group', { name: 'Photo not accepted' });
    await expect(photoNotice).toContainText(
      'Photos can be uploaded only by a judge assigned to a section of an event that is not closed.',
    );
    await expect(photoNotice).toContainText('The edit was sent without the photo. The photo stays on this tablet.');
    await expect(photoNotice).toContainText('Incomplete Uniform');

    // Put back on the section, the judge retries the edits: the score and the penalty reach the server.
    await setAssigned(server, scenario, true);
    for (const name of [/Costing Accuracy/, /Incomplete Uniform/]) {
      await screens.dialog.getByRole('group', { name }).getByRole('button', { name: 'Retry' }).click();
    }
    await expect(screens.dialog.getByRole('group', { name: /Costing Accuracy/ })).toHaveCount(0);
    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    await expect.poll(async () => (await server.readCells(scenario, token)).penalties.size).toBe(1);
    const onServer = await server.readCells(scenario, token);
    expect([...onServer.subsections.values()].map((cell) => cell.score)).toEqual([7.25]);
    expect([...onServer.penalties.values()].map((cell) => [cell.amount, cell.photoSha256])).toEqual([[2, null]]);

    // The notice goes on the judge's word; the photo stays on the tablet.
    await photoNotice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(photoNotice).toHaveCount(0);
    await expect(screens.dialog.getByText('Nothing needs attention.')).toBeVisible();
    expect((await readDevice(page)).photos).toHaveLength(1);
  });
});
