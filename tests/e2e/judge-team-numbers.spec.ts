// Judging by team number (issue 39 item 4) on the real server: a judge whose event is judged by
// team number scores offline and never sees a school's name, on any judge screen (its whole
// markup, labels included) or in anything the tablet stores (every IndexedDB database, every
// store, dumped in the page). The coordinator's event page shows both.
import { expect, test, type Page } from '@playwright/test';
import { installApp } from './pages/installed-app.ts';
import { JudgeScreens } from './pages/judge-screens.page.ts';
import { JUDGE_PASSWORD, JudgeServer } from './pages/judge-server.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';

const SUBSECTIONS = ['Menu Design and Balance', 'Costing Accuracy', 'Visual Presentation', 'Oral Presentation'];

/** Every record of every IndexedDB database of the page, as one JSON text. */
async function dumpIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const stores: Record<string, unknown[]> = {};
      for (const name of [...db.objectStoreNames]) {
        stores[name] = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
      dump[info.name] = stores;
    }
    return JSON.stringify(dump, (_key, value: unknown) => (value instanceof Blob ? `[blob ${value.size}]` : value));
  });
}

test.describe('judging by team number', () => {
  test('a judge scores offline by team number and never sees a school name, on screen or in the tablet', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('teams');
    const numbers = await server.judgeByTeamNumber(scenario);
    const schoolNames = scenario.schools.map((school) => school.schoolName);
    const teams = scenario.schools.map((school) => `Team ${numbers.get(school.schoolId)}`);
    expect(teams).toEqual(['Team 1', 'Team 2']);

    const screens = new JudgeScreens(page);
    const seen: string[] = [];
    /** The screen as it stands: its whole markup (text, labels, titles) holds no school name. */
    const expectNoSchoolName = async (where: string) => {
      const markup = await page.content();
      seen.push(where);
      for (const name of schoolNames) expect(markup, `${where} names ${name}`).not.toContain(name);
    };

    await screens.logIn(scenario.judge.email, JUDGE_PASSWORD);
    await expectNoSchoolName('the events list');
    await screens.chooseEvent(scenario.eventName);
    await expectNoSchoolName('the event and its readiness panel');
    await screens.openOfflineDetails();
    await expectNoSchoolName('the readiness details');
    await screens.chooseCategory(scenario.categoryName);
    await expect(page.getByRole('link', { name: `Score ${teams[0]}` })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Team', exact: true })).toBeVisible();
    await expectNoSchoolName('the schools of the category');
    await installApp(page);

    await context.setOffline(true);
    await expect(screens.onlineBadge(false)).toBeVisible();
    for (const team of teams) {
      await screens.openSchool(team);
      await expectNoSchoolName(`${team}'s sections`);
      await screens.openSection(scenario.sectionName);
      await expectNoSchoolName(`${team}'s score sheet`);
      for (const [position, name] of SUBSECTIONS.entries()) {
        await screens.formButton(name).click();
        await expect(screens.dialog.getByRole('heading', { name: `Score: ${name}` })).toBeVisible();
        if (position === 0) await expectNoSchoolName(`${team}'s score dialog`);
        await screens.dialog.getByRole('radio', { name: '3.00', exact: true }).click();
        await screens.saveDialog();
      }
      // The penalty list's options are in the sheet's markup (the device's own picker).
      await expect(screens.addPicker('penalty').getByRole('option', { name: 'Overtime' })).toBeAttached();
      await expectNoSchoolName(`${team}'s penalty list`);
      await screens.doneButton.click();
      await expect(screens.doneNote).toBeVisible();
      await expectNoSchoolName(`${team}'s sections after Done`);
      await page.getByRole('link', { name: '← Back to the schools' }).click();
      await expect(screens.schoolScored(team)).toBeVisible();
    }
    await page.reload();
    await expect(screens.schoolScored(teams[1]!)).toBeVisible();
    await expectNoSchoolName('the schools, reloaded offline');
    await screens.submitButton.click();
    await expectNoSchoolName('the submit dialog');
    await screens.dialog.getByRole('button', { name: 'Yes, submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Submitted on this tablet' })).toBeVisible();
    await expectNoSchoolName('the category submitted offline');
    const offlineStore = await dumpIndexedDb(page);
    expect(offlineStore).toContain('Team 1');
    for (const name of schoolNames) expect(offlineStore, `the offline store names ${name}`).not.toContain(name);

    await context.setOffline(false);
    await expect(screens.pendingText(0)).toBeVisible();
    await expect(page.getByText('Your scores for this category are submitted.')).toBeVisible();
    await expectNoSchoolName('the category, sent');
    const syncedStore = await dumpIndexedDb(page);
    for (const name of schoolNames) expect(syncedStore, `the synced store names ${name}`).not.toContain(name);
    const { token } = await server.logIn(scenario.judge.email, JUDGE_PASSWORD);
    const cells = await server.readCells(scenario, token);
    expect(cells.isSubmitted).toBe(true);
    expect(cells.subsections.size).toBe(8);
    expect(seen.length).toBeGreaterThan(15);
  });

  test('a tablet that downloaded school names before the setting was turned on drops them on its next sync', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('teams-late');
    const schoolNames = scenario.schools.map((school) => school.schoolName);
    const screens = new JudgeScreens(page);
    await screens.openCategoryAs(scenario.judge.email, JUDGE_PASSWORD, scenario);
    await expect(page.getByRole('link', { name: `Score ${schoolNames[0]}` })).toBeVisible();
    expect(await dumpIndexedDb(page)).toContain(schoolNames[0]);

    await server.judgeByTeamNumber(scenario);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Score Team 1' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Score Team 2' })).toBeVisible();
    const markup = await page.content();
    const store = await dumpIndexedDb(page);
    for (const name of schoolNames) {
      expect(markup, `the schools' screen names ${name}`).not.toContain(name);
      expect(store, `the tablet still stores ${name}`).not.toContain(name);
    }
  });

  test("the coordinator's event page turns it on and shows each team beside its school", async ({ page, request }) => {
    const server = new JudgeServer(request);
    const scenario = await server.createScenario('teams-admin');
    const screens = new JudgeScreens(page);
    await screens.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    await page.goto(`/admin/event-detail/${scenario.eventId}`);
    const toggle = page.getByRole('switch', { name: 'Judge by team number' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    const table = page.getByRole('table', { name: `Team numbers of ${scenario.categoryName}` });
    for (const [index, school] of scenario.schools.entries()) {
      const row = table.getByRole('row', { name: new RegExp(school.schoolName) });
      await expect(row.getByRole('textbox', { name: `Team number of ${school.schoolName}` })).toHaveValue(
        String(index + 1),
      );
    }
    const first = table.getByRole('textbox', { name: `Team number of ${scenario.schools[0]!.schoolName}` });
    await first.fill('2');
    await page.getByRole('button', { name: 'Save team numbers' }).click();
    await expect(page.getByText('Each team number can be used once in a category.')).toBeVisible();
    await first.fill('7');
    await page.getByRole('button', { name: 'Save team numbers' }).click();
    await expect(page.getByText('Team numbers updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: `Team number of ${scenario.schools[0]!.schoolName}` })).toHaveValue(
      '7',
    );

    await server.runEvent(scenario, 'start');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Judge by team number' })).toBeDisabled();
    await expect(page.getByText('Team 7')).toBeVisible();
  });
});
