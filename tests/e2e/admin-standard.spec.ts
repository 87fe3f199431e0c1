import { expect, test } from '@playwright/test';
import { AccountDetailPage } from './pages/admin-accounts.page.ts';
import { CriteriaPage, SectionDetailPage } from './pages/admin-criteria.page.ts';
import { JudgesPage } from './pages/admin-judges.page.ts';
import { SchoolsPage } from './pages/admin-schools.page.ts';
import { AdminShell } from './pages/admin-shell.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { DEMO_STATE, demoUsers } from './support/demo-users.ts';

test('a STANDARD user reads the judges, criteria, schools and account pages without edit controls', async ({
  page,
}) => {
  // Five screens in one walk: more than the default budget.
  test.setTimeout(90_000);
  const shell = new AppShell(page);
  const main = page.getByRole('main');
  const editControls = main.getByRole('button', { name: /^(Edit|Archive|Update|Delete|Remove|Add)\b/ });
  await shell.logInAs(demoUsers.standard);

  const judges = new JudgesPage(page);
  await judges.goto();
  await judges.waitForJudges();
  await expect(judges.addJudgeButton).toHaveCount(0);
  await expect(judges.table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(editControls).toHaveCount(0);
  await judges.archivedJudgesButton.click();
  await expect(judges.archivedDialog).toBeVisible();
  await expect(judges.archivedDialog.getByRole('button', { name: /^Reactivate/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const criteria = new CriteriaPage(page);
  await criteria.goto();
  await expect(criteria.row(criteria.sectionsTable, 'Knife Skills')).toBeVisible();
  await expect(editControls).toHaveCount(0);
  await criteria.tab('Penalty').click();
  await expect(criteria.row(criteria.penaltiesTable, 'Overtime')).toContainText('Yes');
  await expect(editControls).toHaveCount(0);
  await criteria.tab('Disqualification').click();
  await expect(criteria.disqualificationsTable.getByRole('row').nth(1)).toBeVisible();
  await expect(editControls).toHaveCount(0);

  await criteria.tab('Section').click();
  await criteria.row(criteria.sectionsTable, 'Knife Skills').getByRole('link', { name: 'View Knife Skills' }).click();
  const detail = new SectionDetailPage(page);
  await expect(detail.heading).toHaveText('Knife Skills');
  await expect(detail.subsectionsTable.getByRole('row').nth(1)).toContainText(/1 - \d+/);
  await expect(detail.editSectionButton).toHaveCount(0);
  await expect(detail.copySectionButton).toHaveCount(0);
  await expect(editControls).toHaveCount(0);
  await detail.backButton.click();
  await expect(criteria.heading).toBeVisible();

  const schools = new SchoolsPage(page);
  await schools.goto();
  await expect(schools.row('Dover High School')).toBeVisible();
  await expect(editControls).toHaveCount(0);

  await new AdminShell(page).tab('Accounts').click();
  const account = new AccountDetailPage(page);
  await expect(account.heading).toHaveText(DEMO_STATE);
  await expect(account.userCard(`${demoUsers.standard.firstName} ${demoUsers.standard.lastName}`)).toBeVisible();
  await expect(account.addUserButton).toHaveCount(0);
  await expect(account.renewButton).toHaveCount(0);
  await expect(editControls).toHaveCount(0);
});
