// Fair panels (issue 39): a coordinator assigning judges sees each judge's conflicts of interest
// and confirms a warning before assigning a conflicted judge; the category page then shows it.
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { uniqueName } from './pages/events-dialogs.ts';
import { EventsSetup } from './pages/events-setup.ts';
import { JudgeServer } from './pages/judge-server.ts';
import { solveCaptcha } from './support/captcha.ts';
import { DEMO_PASSWORD, demoUsers } from './support/demo-users.ts';

test('a coordinator sees the conflict warning while assigning a judge, and confirms it', async ({
  page,
  request,
}, testInfo) => {
  const setup = await EventsSetup.as(request, demoUsers.admin);
  const eventName = uniqueName(testInfo.project.name, 'Fair Panels');
  const { eventId, categories } = await setup.createEvent(eventName, ['Culinary Arts']);
  const categoryId = categories[0]?.categoryId ?? 0;
  const [tied = ''] = await setup.registerSchools(eventId, categoryId, 2);
  const section = await setup.attachFirstSection(eventId, categoryId);
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const judgeId = await setup.addJudge('Tess', `Tied ${tag}`, `tess.${tag}@conflicts.test`);
  await setup.declareConflict(judgeId, tied);
  const names = (await (await request.get(`/api/state/${setup.stateId}/school/names`)).json()) as {
    schoolName: string;
  }[];
  const elsewhere = names.at(-1)?.schoolName ?? '';
  await setup.declareConflict(judgeId, elsewhere);

  const shell = new AppShell(page);
  await shell.logInAs(demoUsers.admin);
  await page.goto(`/admin/category-detail/${eventId}/${categoryId}`);
  await page.getByRole('button', { name: `Add judges to ${section.sectionName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Assign judges: ${section.sectionName}` });
  const choice = dialog.getByRole('checkbox', { name: new RegExp(`Tied ${tag}`) });
  // Only the category's schools are named: the judge's conflict with another school is not.
  await expect(choice).toHaveAccessibleDescription(`tess.${tag}@conflicts.test Conflict of interest: ${tied}`);
  await choice.check();
  await dialog.getByRole('button', { name: 'Assign judges', exact: true }).click();

  // A warning, not a refusal: nothing is assigned until the coordinator confirms.
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText(`Tess Tied ${tag} declared a conflict with ${tied}`);
  await expect(warning).toContainText('the other judges of the section must');
  const assigned = await request.get(`/api/event/${eventId}/category/${categoryId}`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  const detail = (await assigned.json()) as { categorySections: { sectionJudges: unknown[] }[] };
  expect(detail.categorySections[0]?.sectionJudges).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Assign judges anyway' }).click();
  await expect(shell.alert('Judges assigned successfully.')).toBeVisible();
  const judges = page.getByRole('list', { name: `Judges of ${section.sectionName}` });
  await expect(judges.getByRole('listitem')).toHaveText([`Tess Tied ${tag} · Conflict of interest: ${tied}`]);
});

async function adminToken(request: Parameters<typeof EventsSetup.as>[0]): Promise<string> {
  const login = await request.post('/api/login/user', {
    data: { username: demoUsers.admin.email, password: DEMO_PASSWORD },
  });
  return ((await login.json()) as { token: string }).token;
}

test('a judge declares their conflicts in settings; the coordinator sees them on the judge list', async ({
  page,
  request,
}, testInfo) => {
  const setup = await EventsSetup.as(request, demoUsers.admin);
  const email = `self.${testInfo.project.name}.${Date.now()}@conflicts.test`;
  const registered = await request.post('/api/judge', {
    data: {
      judgeState: { stateId: setup.stateId },
      judgeFirstName: 'Sam',
      judgeLastName: 'Selfdeclared',
      judgeEmail: email,
      judgePhone: '(302) 555-0142',
      judgePassword: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      captcha: await solveCaptcha(request),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const schools = (await (await request.get(`/api/state/${setup.stateId}/school/names`)).json()) as {
    schoolName: string;
  }[];
  const school = schools[1]?.schoolName ?? '';

  const shell = new AppShell(page);
  await shell.logInAs({ email });
  await page.goto('/user-settings');
  const panel = page.getByRole('region', { name: 'Conflicts of interest' });
  await panel.getByRole('combobox', { name: /Schools you are tied to/ }).click();
  await page.getByRole('option', { name: school, exact: true }).click();
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Save conflicts' }).click();
  await expect(shell.alert('Conflicts saved.')).toBeVisible();

  const judges = (await (
    await request.get(`/api/state/${setup.stateId}/judge`, {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
    })
  ).json()) as { judgeEmail: string; conflicts?: { schoolName: string }[] }[];
  const me = judges.find((judge) => judge.judgeEmail.toLowerCase() === email.toLowerCase());
  expect(me?.conflicts?.map((conflict) => conflict.schoolName)).toEqual([school]);
});

test('Replace on the run page shows each judge’s conflicts and warns before a conflicted replacement', async ({
  page,
  request,
}) => {
  const server = new JudgeServer(request);
  const scenario = await server.createScenario('conflict-replace');
  const noShow = await server.addJudgeToSection(scenario, 'Absent');
  await server.runEvent(scenario, 'start');
  const tied = scenario.schools[0]?.schoolName ?? '';
  const setup = await EventsSetup.as(request, demoUsers.admin);
  const tag = `replace-${Date.now()}`;
  const standIn = await setup.addJudge('Rita', `Standin ${tag}`, `rita.${tag}@conflicts.test`);
  await setup.declareConflict(standIn, tied);
  await setup.declareConflict(noShow.judgeId, tied);

  await new AppShell(page).logInAs(demoUsers.admin);
  await page.goto(`/admin/event-run/${scenario.eventId}`);
  const row = page.getByRole('row', { name: new RegExp(`Absent ${noShow.lastName}`) });
  await expect(row.getByTestId('judge-conflicts')).toHaveText(`Conflict of interest: ${tied}`);
  await row.getByRole('button', { name: 'Replace' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Judge who takes over' }).click();
  await page.getByRole('option', { name: `Rita Standin ${tag} (Conflict of interest: ${tied})` }).click();
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Did not come');
  await dialog.getByRole('button', { name: 'Replace judge' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Conflict of interest' })).toContainText(
    `Rita Standin ${tag} declared a conflict with ${tied}`,
  );
  await dialog.getByRole('button', { name: 'Replace judge anyway' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Rita Standin ${tag}`) })).toBeVisible();
});

test('a coordinator adds a judge’s conflict on the Judges page', async ({ page, request }) => {
  const setup = await EventsSetup.as(request, demoUsers.admin);
  const tag = `judges-page-${Date.now()}`;
  await setup.addJudge('Nell', `Listed ${tag}`, `nell.${tag}@conflicts.test`);
  const names = (await (await request.get(`/api/state/${setup.stateId}/school/names`)).json()) as {
    schoolName: string;
  }[];
  const school = names[2]?.schoolName ?? '';

  await new AppShell(page).logInAs(demoUsers.admin);
  await page.goto('/admin/manage-judges');
  await page.getByRole('button', { name: `Conflicts of Nell Listed ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: `Conflicts of interest: Nell Listed ${tag}` });
  await dialog.getByRole('combobox', { name: /Schools you are tied to/ }).click();
  await page.getByRole('option', { name: school, exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save conflicts' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Listed ${tag}`) })).toContainText(school);
});
