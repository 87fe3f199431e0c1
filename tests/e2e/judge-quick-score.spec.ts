// Quick-score (issue 36): a subsection's value chosen in place on the sheet, saved on the tap
// through the same save as the score form, with Undo; "Next school" moves on in one tap. The
// judge's day in taps: 3 schools × 5 subsections within 24, counted from the school list.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';

const SECTION = 'Culinary Technique';
/** The section's five subsections (maxima 20, 15, 10, 10, 5) and the fixed values given each school. */
const SUBSECTIONS = [
  'Cooking Methods',
  'Flavor and Seasoning',
  'Doneness and Texture',
  'Sauce Work',
  'Timing and Organization',
];
const VALUES = [
  [18, 12.5, 8, 7, 4],
  [15, 11, 9.25, 6, 5],
  [20, 14, 7, 8.75, 3],
];
const TAP_BUDGET = 24;

/** Counts, in the page, every click that reaches it (a tap fires one too) from now on. */
async function countPageClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { clicksSeen: number };
    counted.clicksSeen = 0;
    document.addEventListener('click', () => (counted.clicksSeen += 1), { capture: true });
  });
  return () => page.evaluate(() => (window as unknown as { clicksSeen: number }).clicksSeen);
}

test('3 schools × 5 subsections in at most 24 taps from the school list, every value on the server after sync', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('quick', SECTION, 3);
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);

  let taps = 0;
  const tap = async (target: Locator) => {
    await target.click();
    taps += 1;
  };
  const clicksSeen = await countPageClicks(page);
  const [first] = scenario.schools;
  if (!first) throw new Error('the scenario has schools');
  await tap(page.getByRole('link', { name: `Score ${first.schoolName}` }));
  await tap(page.getByRole('link', { name: `Open ${scenario.sectionName}` }));
  for (const [index, school] of scenario.schools.entries()) {
    await expect(page.getByRole('heading', { name: school.schoolName, level: 1 })).toBeVisible();
    for (const [column, name] of SUBSECTIONS.entries()) {
      const value = VALUES[index]![column]!;
      taps += await screens.quickScore(name, value);
      await expect(page.getByRole('row', { name }).getByTestId('quick-value')).toHaveText(value.toFixed(2));
    }
    const next = scenario.schools[index + 1];
    if (next) await tap(page.getByRole('link', { name: `Next school: ${next.schoolName}` }));
  }
  // The row's parts are plain elements drawn as Mantine's (decision 0210): the look pinned here.
  await expectQuickRowLook(page.getByRole('row', { name: SUBSECTIONS[0] }));
  const seen = await clicksSeen();
  test.info().annotations.push({ type: 'taps', description: `${taps} taps (${seen} clicks seen by the page)` });
  expect(seen, 'the clicks the page received are the taps counted').toBe(taps);
  expect(taps).toBeLessThanOrEqual(TAP_BUDGET);

  // Online, the runner sends them: the server holds each of the 15 values.
  await expect(screens.pendingText(0)).toBeVisible({ timeout: 20_000 });
  const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
  const cells = await server.readCells(scenario, token);
  const subsectionIds = await subsectionIdsByName(request, scenario, token);
  const received = scenario.schools.map((school) =>
    SUBSECTIONS.map((name) => cells.subsections.get(`${school.schoolId}:${subsectionIds.get(name)}`)?.score),
  );
  expect(received).toEqual(VALUES);
});

/** A scored quick row as Mantine's Stack, Group and Text draw it: gaps, alignment, type. */
async function expectQuickRowLook(row: Locator): Promise<void> {
  const look = await row.evaluate((element) => {
    const style = (selector: string) => getComputedStyle(element.querySelector(selector)!);
    const [nameCell, valueCell] = [...element.querySelectorAll(':scope > td')].map((cell) => getComputedStyle(cell));
    const nameStack = style(':scope > td > div');
    const name = style(':scope > td > div > div > p');
    const maxNote = style(':scope > td > div > div > p > span');
    const value = style('[data-testid="quick-value"]');
    return {
      nameStack: [nameStack.display, nameStack.flexDirection, nameStack.rowGap],
      name: name.fontWeight,
      maxNote: [maxNote.fontWeight, maxNote.fontSize],
      valueCell: [valueCell?.textAlign, valueCell?.verticalAlign, nameCell?.verticalAlign],
      value: [value.fontSize, value.fontWeight, value.lineHeight],
    };
  });
  expect(look).toEqual({
    nameStack: ['flex', 'column', '6px'],
    name: '600',
    maxNote: ['400', '12px'],
    valueCell: ['right', 'top', 'middle'],
    value: ['28px', '700', '30.8px'],
  });
}

/** The subsections' ids by name, from the event as the judge's device downloads it. */
async function subsectionIdsByName(
  request: APIRequestContext,
  scenario: { judge: { judgeId: number }; eventId: number },
  token: string,
): Promise<Map<string, number>> {
  const response = await request.get(`/api/sync/judge/${scenario.judge.judgeId}/event/${scenario.eventId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as {
    categories: { sections: { subsections: { subsectionId: number; subsectionName: string }[] }[] }[];
  };
  return new Map(
    body.categories.flatMap((category) =>
      category.sections.flatMap((section) =>
        section.subsections.map((item): [string, number] => [item.subsectionName, item.subsectionId]),
      ),
    ),
  );
}

test('a quick score is saved on the tap, marked not sent until the server has it, and Undo puts back the value it replaced', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('quick-undo', SECTION, 1);
  const screens = new JudgeScreens(page);
  await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
  await screens.openSchool(scenario.schools[0]!.schoolName);
  await screens.openSection(scenario.sectionName);
  const name = 'Timing and Organization';
  const row = page.getByRole('row', { name });
  const shown = row.getByTestId('quick-value');
  const undo = row.getByRole('button', { name: /^Undo / });
  const quarters = row.getByRole('radiogroup', { name: `${name}: quarter points` });

  // Nothing scored: the quarters wait for a whole number; 1 to the maximum (5) are offered.
  await expect(row.getByRole('radiogroup', { name: `${name}: points` }).getByRole('radio')).toHaveText([
    '1',
    '2',
    '3',
    '4',
    '5',
  ]);
  await expect(quarters.getByRole('radio', { name: '+0.25' })).toBeDisabled();

  // Offline: the tap saves on this tablet, and the row says "not sent".
  await context.setOffline(true);
  await expect(screens.onlineBadge(false)).toBeVisible();
  await screens.quickScore(name, 3);
  await expect(shown).toHaveText('3.00');
  await expect(row.getByText('not sent')).toBeVisible();
  await expect(screens.syncNote('Saved on this tablet, will send when connected')).toBeVisible();
  // A first score has nothing to go back to (a score can be changed, never removed).
  await expect(undo).toHaveCount(0);

  // A second tap replaces it; Undo puts back what it replaced, through the same save.
  await screens.quickScore(name, 4.5);
  await expect(shown).toHaveText('4.50');
  await expect(row.getByRole('radio', { name: '4', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(quarters.getByRole('radio', { name: '+0.50' })).toHaveAttribute('aria-checked', 'true');
  await expect(undo).toHaveAccessibleName('Undo Timing and Organization: back to 4.00');
  await undo.click();
  await expect(shown).toHaveText('4.00');
  await expect(undo).toHaveCount(0);
  // At the maximum no quarter goes past it.
  await screens.quickScore(name, 5);
  await expect(quarters.getByRole('radio', { name: '+0.25' })).toBeDisabled();
  await expect(quarters.getByRole('radio', { name: '+0', exact: true })).toHaveAttribute('aria-checked', 'true');

  // The form stays for comments and photos, and keeps the quick value; a later tap keeps the comment.
  await screens.formButton(name).click();
  await expect(screens.dialog.getByRole('heading', { name: `Update: ${name}` })).toBeVisible();
  await expect(screens.dialog.getByText('Current score: 5.00')).toBeVisible();
  await screens.dialog.getByRole('button', { name: 'Change comments' }).click();
  await screens.dialog.getByRole('textbox', { name: 'Comments' }).fill('Plated on time');
  await screens.saveDialog();
  await expect(row).toContainText('Comments: Plated on time');
  await screens.quickScore(name, 2.75);
  await expect(shown).toHaveText('2.75');
  expect(await wcagViolations(page), 'the sheet with quick-score and Undo').toEqual([]);

  // Back online: the queue drains, the mark goes, and the server holds the last value and the comment.
  await context.setOffline(false);
  await expect(screens.pendingText(0)).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('not sent')).toHaveCount(0);
  const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
  const ids = await subsectionIdsByName(request, scenario, token);
  const cell = (await server.readCells(scenario, token)).subsections.get(
    `${scenario.schools[0]!.schoolId}:${ids.get(name)}`,
  );
  expect(cell).toMatchObject({ score: 2.75, comments: 'Plated on time' });
});
