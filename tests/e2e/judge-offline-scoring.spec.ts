// offline-sync.md "Proof that nothing is lost", scenarios 1 and 2, on the real server: a judge
// scores a whole category with no network, reloads and closes the app offline, and the server
// ends up with everything exactly once.
import { expect, test } from '@playwright/test';
import { installApp } from './pages/installed-app.ts';
import { readDevice, type DeviceState } from './pages/judge-device.ts';
import { JudgeScreens, testPhoto } from './pages/judge-screens.page.ts';
import {
  JUDGE_PASSWORD,
  JudgeServer,
  mutationsOnServer,
  type JudgingScenario,
  type ServerCells,
} from './pages/judge-server.ts';

const SUBSECTIONS = ['Menu Design and Balance', 'Costing Accuracy', 'Visual Presentation', 'Oral Presentation'];
const SCORES: Record<number, string[]> = { 0: ['12.50', '8.25', '9.00', '4.75'], 1: ['10.00', '7.00', '6.50', '3.25'] };

/** Device rows equal the server's rows for this judge, cell by cell. */
function expectDeviceMatchesServer(device: DeviceState, server: ServerCells, judgeId: number): void {
  const mine = device.cells.filter((cell) => cell.judgeId === judgeId);
  const byKind = (kind: string) => mine.filter((cell) => cell.kind === kind);
  expect(byKind('subsection').length).toBe(server.subsections.size);
  for (const cell of byKind('subsection')) {
    const stored = server.subsections.get(`${cell.schoolId}:${cell.itemId}`);
    expect(stored?.score).toBe(cell.value);
    expect(stored?.photoSha256 ?? null).toBe(cell.photoSha256);
  }
  expect(byKind('penalty').length).toBe(server.penalties.size);
  for (const cell of byKind('penalty')) {
    const stored = server.penalties.get(`${cell.schoolId}:${cell.itemId}`);
    expect(stored?.amount).toBe(cell.value);
    expect(stored?.comments).toBe(cell.comments);
    expect(stored?.photoSha256 ?? null).toBe(cell.photoSha256);
  }
  expect(byKind('disqualification').length).toBe(server.disqualifications.size);
  for (const cell of byKind('disqualification')) {
    const stored = server.disqualifications.get(`${cell.schoolId}:${cell.itemId}`);
    expect(stored?.comments).toBe(cell.comments);
    expect(stored?.photoSha256 ?? null).toBe(cell.photoSha256);
  }
  expect(mine.every((cell) => cell.pending === 0)).toBe(true);
}

async function scoreWholeCategory(screens: JudgeScreens, scenario: JudgingScenario): Promise<void> {
  for (const [index, school] of scenario.schools.entries()) {
    await screens.openSchool(school.schoolName);
    await screens.openSection(scenario.sectionName);
    await expect(screens.doneButton).toBeDisabled();
    await expect(screens.page.getByText('All criteria subsections must be scored.')).toBeVisible();
    for (const [position, name] of SUBSECTIONS.entries()) {
      await screens.scoreSubsection(name, SCORES[index]?.[position] ?? '1.00');
    }
    if (index === 0) {
      await screens.addPenalty('Overtime', {
        overtime: '1:24',
        comments: 'Plated 1:24 late',
        photo: testPhoto('overtime.png', 120),
      });
      await expect(screens.page.getByRole('row', { name: 'Overtime' })).toContainText('−1.50');
      await screens.addPenalty('Incomplete Uniform', { comments: 'No hat' });
      await expect(screens.page.getByRole('row', { name: 'Incomplete Uniform' })).toContainText('−2.00');
      await screens.addDisqualification('Outside Assistance During Competition', {
        comments: 'Coach plated the dessert',
        photo: testPhoto('coach.png', 30),
      });
      // 12.50 + 8.25 + 9.00 + 4.75 − 1.50 − 2.00
      await expect(screens.page.getByTestId('sheet-total')).toHaveText('31.00');
      // Every row's buttons (Edit, Photo) on screen on a small tablet held upright, no sideways scrolling.
      await screens.atWidth(600, async () => expect(await screens.sidewaysScrolling()).toEqual([]));
    }
    await screens.doneButton.click();
    await expect(screens.doneNote).toBeVisible();
    await expect(screens.page).toHaveURL(/\/school-sections\?/);
    await screens.atWidth(600, async () => expect(await screens.sidewaysScrolling()).toEqual([]));
    await screens.page.getByRole('link', { name: '← Back to the schools' }).click();
    await expect(screens.schoolScored(school.schoolName)).toBeVisible();
    // On a small tablet held upright (600 px) too, the mark reads "✓ Scored" whole, not "✓ SCOR…",
    // and the schools' list with its status bar needs no sideways scrolling.
    await screens.atWidth(600, async () => {
      expect(await screens.isShownWhole(screens.schoolScored(school.schoolName))).toBe(true);
      expect(await screens.sidewaysScrolling()).toEqual([]);
    });
  }
}

test.describe('judge scoring offline', () => {
  test('scenario 1: a whole category scored offline, reloaded offline, submitted offline, then sent once', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('s1');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await installApp(page);

    await context.setOffline(true);
    await expect(screens.onlineBadge(false)).toBeVisible();
    await scoreWholeCategory(screens, scenario);

    // Reload with no network: the service worker boots the app, the device store shows everything.
    await page.reload();
    await expect(screens.schoolScored(scenario.schools[0]!.schoolName)).toBeVisible();
    await expect(screens.schoolScored(scenario.schools[1]!.schoolName)).toBeVisible();
    await screens.openSchool(scenario.schools[0]!.schoolName);
    await screens.openSection(scenario.sectionName);
    await expect(page.getByRole('row', { name: 'Overtime' })).toContainText('Plated 1:24 late');
    await expect(page.getByRole('row', { name: 'Outside Assistance During Competition' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Costing Accuracy' })).toContainText('8.25');
    await page.getByRole('button', { name: 'View photo of Overtime' }).click();
    await expect(screens.dialog.getByRole('img', { name: 'Overtime' })).toBeVisible();
    await page.keyboard.press('Escape');

    await screens.openDashboard(scenario.judge.judgeId, scenario.eventId, scenario.categoryId);
    await screens.submitCategory();
    await expect(page.getByRole('alert').filter({ hasText: 'Submitted on this tablet' })).toContainText('not sent');
    await expect(screens.pendingText(12)).toBeVisible();
    const offlineDevice = await readDevice(page);
    expect(offlineDevice.outbox.filter((row) => row.status === 'pending')).toHaveLength(12);
    expect(offlineDevice.photos.filter((photo) => photo.uploadedAt === null)).toHaveLength(2);
    expect(mutationsOnServer(scenario.judge.judgeId).size).toBe(0);

    await context.setOffline(false);
    await expect(screens.pendingText(0)).toBeVisible();
    await expect(page.getByText('Your scores for this category are submitted.')).toBeVisible();

    // Convergence: the outbox is empty, the server has it all, once, and the device agrees.
    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    const serverCells = await server.readCells(scenario, token);
    expect(serverCells.isSubmitted).toBe(true);
    expect(serverCells.subsections.size).toBe(8);
    const [schoolA] = scenario.schools;
    const penalties = [...serverCells.penalties.values()].map((cell) => cell.amount).sort();
    expect(penalties).toEqual([1.5, 2]);
    expect(serverCells.disqualifications.size).toBe(1);
    expect([...serverCells.disqualifications.keys()][0]).toMatch(new RegExp(`^${schoolA!.schoolId}:`));
    const device = await readDevice(page);
    expect(device.outbox).toHaveLength(0);
    expect(device.photos.every((photo) => photo.uploadedAt !== null)).toBe(true);
    expectDeviceMatchesServer(device, serverCells, scenario.judge.judgeId);
    // Each queued mutation was applied exactly once: one applied record per id, one write per cell.
    const recorded = mutationsOnServer(scenario.judge.judgeId);
    expect([...recorded.keys()].sort()).toEqual(offlineDevice.outbox.map((row) => row.id).sort());
    expect([...recorded.values()].every((status) => status === 'applied')).toBe(true);
    expect(
      [...serverCells.subsections.values(), ...serverCells.penalties.values()].every((cell) => cell.rev === 1),
    ).toBe(true);
  });

  test('scenario 2: the app closed offline with a full queue drains when opened again online', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('s2');
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await installApp(page);

    await context.setOffline(true);
    await screens.openSchool(scenario.schools[0]!.schoolName);
    await screens.openSection(scenario.sectionName);
    await screens.scoreSubsection('Costing Accuracy', '6.75');
    await screens.scoreSubsection('Oral Presentation', '4.00');
    await screens.addPenalty('Incomplete Uniform', { comments: 'Apron missing' });
    await expect(screens.pendingText(3)).toBeVisible();
    const queued = await readDevice(page);
    await page.close();

    await context.setOffline(false);
    const later = await context.newPage();
    const reopened = new JudgeScreens(later);
    await later.goto('/');
    await reopened.openDashboard(scenario.judge.judgeId);
    await expect(reopened.pendingText(0)).toBeVisible();

    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    const serverCells = await server.readCells(scenario, token);
    const schoolId = scenario.schools[0]!.schoolId;
    expect([...serverCells.subsections.values()].map((cell) => cell.score).sort()).toEqual([4, 6.75]);
    expect(serverCells.penalties.size).toBe(1);
    expect([...serverCells.penalties.keys()][0]).toMatch(new RegExp(`^${schoolId}:`));
    const device = await readDevice(later);
    expect(device.outbox).toHaveLength(0);
    expectDeviceMatchesServer(device, serverCells, scenario.judge.judgeId);
    const recorded = mutationsOnServer(scenario.judge.judgeId);
    expect([...recorded.keys()].sort()).toEqual(queued.outbox.map((row) => row.id).sort());
    expect([...recorded.values()].every((status) => status === 'applied')).toBe(true);
  });
});
