import { expect, test, type Page } from '@playwright/test';
import { AccountDetailPage, AccountsPage } from './pages/admin-accounts.page.ts';
import { ConfirmDialog, uniqueLabel } from './pages/admin-dialogs.page.ts';
import { AdminShell } from './pages/admin-shell.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { DEMO_STATE, demoUsers } from './support/demo-users.ts';

/** Today (local, as the server counts account dates) plus whole years, as MM/dd/yy; 29 Feb → 28 Feb. */
function shortDateInYears(years: number): string {
  const today = new Date();
  const year = today.getFullYear() + years;
  const month = today.getMonth();
  const lastDay = new Date(year, month + 1, 0).getDate();
  const date = new Date(year, month, Math.min(today.getDate(), lastDay));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${pad(date.getFullYear() % 100)}`;
}

/** The stored session's token, to ask the API directly what the screen does not offer. */
async function sessionToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => window.localStorage.getItem('judging.session'));
  const session: unknown = JSON.parse(stored ?? 'null');
  if (typeof session !== 'object' || session === null || !('token' in session) || typeof session.token !== 'string') {
    throw new Error('No stored session');
  }
  return session.token;
}

test.describe('accounts', () => {
  test('an ADMIN adds a user to the account and cannot remove the primary user', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const shell = new AppShell(page);
    const account = new AccountDetailPage(page);
    const lastName = uniqueLabel(testInfo.project.name, 'Nakamura');
    const email = `${lastName.replace(/\W+/g, '.').toLowerCase()}@e2e.test`;
    await shell.logInAs(demoUsers.admin);
    await new AdminShell(page).tab('Accounts').click();
    await expect(page).toHaveURL(/\/admin\/account-detail\/\d+$/);
    const stateId = Number(new URL(page.url()).pathname.split('/').pop());

    await expect(account.heading).toHaveText(DEMO_STATE);
    await expect(account.fact('Status')).toContainText('Active');
    await expect(account.fact('Start date')).toHaveText(/Start date\s*\d{2}\/\d{2}\/\d{2}$/);
    await expect(account.fact('Expiration date')).toHaveText(/\d{2}\/\d{2}\/\d{2}$/);
    // Renewal and the way back to every account are ULTRA/SUPER controls.
    await expect(account.renewButton).toHaveCount(0);
    await expect(account.backButton).toHaveCount(0);
    await expect(account.auditTab).toHaveCount(0);

    // The primary user has no remove control, and the server refuses it anyway.
    const primary = account.userCard(`${demoUsers.admin.firstName} ${demoUsers.admin.lastName}`);
    await expect(primary).toContainText('Primary user');
    await expect(primary.getByRole('button', { name: /^Edit / })).toBeVisible();
    await expect(primary.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    const token = await sessionToken(page);
    const headers = { Authorization: `Bearer ${token}` };
    const current = await (await page.request.get(`/api/account/${stateId}`, { headers })).json();
    const primaryUserId: unknown = current.primaryContact.userId;
    const refused = await page.request.delete(`/api/account/${stateId}/user/${String(primaryUserId)}`, { headers });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe('The primary user of an account cannot be removed.');
    await expect(primary).toBeVisible();

    // Add a user: role Admin or Standard, 'Select a user type' until chosen.
    await account.addUserButton.click();
    const add = account.userDialog('Add');
    await expect(add.select('Role')).toHaveValue('');
    await expect(add.select('Role').getByRole('option', { name: 'Select a user type' })).toBeAttached();
    await add.saveButton.click();
    await expect(add.text('Role is required')).toBeVisible();
    await expect(add.text('Phone number is required')).toBeVisible();
    await add.textbox('First name').fill('Aiko');
    await add.textbox('Last name').fill(lastName);
    await add.textbox('Email').fill(email);
    await add.textbox('Phone').fill('(302) 555-0177');
    await add.select('Role').selectOption('Standard');
    await add.saveButton.click();
    await expect(shell.alert('User added successfully.')).toBeVisible();
    const card = account.userCard(`Aiko ${lastName}`);
    await expect(card).toContainText('Standard');
    await expect(card).toContainText('(302) 555-0177');

    await card.getByRole('button', { name: `Edit Aiko ${lastName}` }).click();
    const edit = account.userDialog('Edit');
    await expect(edit.select('Role')).toHaveValue('Standard');
    await edit.select('Role').selectOption('Admin');
    await edit.saveButton.click();
    await expect(shell.alert('User updated successfully.')).toBeVisible();
    await expect(card).toContainText('Admin');

    await card.getByRole('button', { name: `Remove Aiko ${lastName}` }).click();
    const confirm = new ConfirmDialog(page);
    await expect(confirm.message(`Are you sure you want to remove Aiko ${lastName}?`)).toBeVisible();
    await confirm.confirm('Remove');
    await expect(shell.alert('User removed successfully.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('a SUPER opens an account for a state without one and renews it for 2 years', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const shell = new AppShell(page);
    const accounts = new AccountsPage(page);
    const account = new AccountDetailPage(page);
    // Each project takes states of its own; a retry takes the next one still free.
    const candidates =
      testInfo.project.name === 'tablet'
        ? ['Wyoming', 'Vermont', 'Montana', 'Idaho', 'Nebraska', 'Maine']
        : ['Oregon', 'Nevada', 'Kansas', 'Iowa', 'Utah', 'Alaska'];
    const lastName = uniqueLabel(testInfo.project.name, 'Okonkwo');
    await shell.logInAs(demoUsers.super);
    await new AdminShell(page).tab('Accounts').click();
    await expect(accounts.heading).toBeVisible();
    await expect(accounts.row(DEMO_STATE)).toBeVisible();

    await accounts.addAccountButton.click();
    const add = accounts.addDialog;
    const stateSelect = add.select('State');
    // States that already have an account are not offered.
    await expect(stateSelect.getByRole('option', { name: 'Wisconsin', exact: true })).toBeAttached();
    await expect(stateSelect.getByRole('option', { name: DEMO_STATE, exact: true })).toHaveCount(0);
    let stateName: string | undefined;
    for (const candidate of candidates) {
      if ((await stateSelect.getByRole('option', { name: candidate, exact: true }).count()) > 0) {
        stateName = candidate;
        break;
      }
    }
    if (!stateName) throw new Error('Every candidate state already has an account');
    await stateSelect.selectOption(stateName);
    await add.textbox('First name').fill('Chidi');
    await add.textbox('Last name').fill(lastName);
    await add.textbox('Email').fill(`${lastName.replace(/\W+/g, '.').toLowerCase()}@e2e.test`);
    await add.textbox('Phone').fill('3025550123');
    await add.saveButton.click();
    await expect(shell.alert('Account added successfully.')).toBeVisible();

    const row = accounts.row(stateName);
    await expect(row).toContainText(`Chidi ${lastName}`);
    await expect(row).toContainText('(302) 555-0123');
    await expect(row).toContainText('Active');
    await row.getByRole('link', { name: `View ${stateName}` }).click();

    await expect(account.heading).toHaveText(stateName);
    await expect(account.backButton).toBeVisible();
    await expect(account.fact('Start date')).toContainText(shortDateInYears(0));
    await expect(account.fact('Expiration date')).toContainText(shortDateInYears(1));
    await expect(account.renewYears).toHaveValue('1');
    await expect(account.userCard(`Chidi ${lastName}`)).toContainText('Primary user');

    await account.renewYears.selectOption('2');
    await account.renewButton.click();
    const confirm = new ConfirmDialog(page);
    await expect(confirm.message('Are you sure you want to renew?')).toBeVisible();
    await confirm.confirm('Renew');
    await expect(shell.alert('Account renewed for 2 year(s).')).toBeVisible();
    // Renewing extends from the later of today and the expiration: one year now, plus two.
    await expect(account.fact('Expiration date')).toContainText(shortDateInYears(3));

    // The audit log lists the state's changes newest first, with who made them.
    await account.auditTab.click();
    const newest = account.auditTable.getByRole('row').nth(1);
    await expect(newest).toContainText(/Renew account #\d+/);
    await expect(newest).toContainText(`${demoUsers.super.firstName} ${demoUsers.super.lastName}`);
    await expect(account.auditTable).toContainText(/Create account #\d+/);

    await account.backButton.click();
    await expect(accounts.heading).toBeVisible();
  });
});
