// The judge dashboard's first screen on a tablet held upright (issue 36): choosing a category
// brings its schools into view, and the readiness panel, once ready, is one line with its
// checks on tap.
import { expect, test, type Page } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer, type JudgingScenario } from './pages/judge-server.ts';

test.use({ viewport: { width: 768, height: 1024 } });

/** Logs in, opens the event and taps the category, as on the morning of the event. */
async function chooseCategory(page: Page, scenario: JudgingScenario): Promise<JudgeScreens> {
  const screens = new JudgeScreens(page);
  await screens.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await screens.chooseEvent(scenario.eventName);
  await page.getByRole('link', { name: scenario.categoryName, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${scenario.categoryName}: schools` })).toBeVisible();
  return screens;
}

/** The first school's button is on screen and not under the sticky header or the sync status bar. */
async function expectFirstSchoolInView(page: Page, scenario: JudgingScenario): Promise<void> {
  const first = page.getByRole('link', { name: `Score ${scenario.schools[0]!.schoolName}` });
  await expect(first).toBeInViewport({ ratio: 1 });
  const isUncovered = await first.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && button.contains(hit);
  });
  expect(isUncovered, 'a tap on the first school reaches its button').toBe(true);
}

test('after choosing a category its first school is in view, ready or not', async ({ page, request }) => {
  const scenario = await new JudgeServer(request).createScenario('fold', 'Menu Presentation', 6);
  const screens = await chooseCategory(page, scenario);
  await expectFirstSchoolInView(page, scenario);
  // The heading of the list takes the focus: a screen reader hears where the tap led.
  await expect(page.getByRole('heading', { name: `${scenario.categoryName}: schools` })).toBeFocused();
  await expect(screens.offlineVerdict).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expectFirstSchoolInView(page, scenario);
});

test.describe('a tablet not ready for offline (the full panel of checks)', () => {
  test.use({ serviceWorkers: 'block' });

  test('after choosing a category its first school is still in view', async ({ page, request }) => {
    const scenario = await new JudgeServer(request).createScenario('fold-not-ready', 'Menu Presentation', 6);
    const screens = await chooseCategory(page, scenario);
    await expect(screens.offlineVerdict).toHaveAttribute('data-ready', 'false');
    await expectFirstSchoolInView(page, scenario);
  });
});

test('once ready, the readiness panel is one line, and its checks open on a tap', async ({ page, request }) => {
  test.setTimeout(60_000);
  const scenario = await new JudgeServer(request).createScenario('ready-line');
  const screens = new JudgeScreens(page);
  await screens.logIn(scenario.judge.email, JUDGE_PASSWORD);
  await screens.chooseEvent(scenario.eventName);
  await expect(screens.offlineVerdict).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const line = page.getByRole('button', { name: /^Ready to judge offline ✓/ });
  const panel = page.getByRole('region', { name: /^Ready to judge offline ✓/ });
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  const height = (await panel.boundingBox())?.height ?? Infinity;
  expect(height, 'the ready panel is one line').toBeLessThan(60);
  await expect(page.getByText('Data downloaded')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeHidden();
  expect(await wcagViolations(page), 'the ready line').toEqual([]);

  await line.click();
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Data downloaded')).toBeVisible();
  await expect(page.getByTestId('offline-worker')).toHaveText(/installed in this browser/);
  await expect(page.getByRole('button', { name: 'Refresh now' })).toBeVisible();
  expect(await wcagViolations(page), 'the ready panel with its checks open').toEqual([]);

  await line.click();
  await expect(page.getByText('Data downloaded')).toBeHidden();
});
