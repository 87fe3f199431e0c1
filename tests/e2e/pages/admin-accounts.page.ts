import type { Locator, Page } from '@playwright/test';
import { AdminDialog } from './admin-dialogs.page.ts';

/** /admin/manage-accounts (ULTRA/SUPER): every state's account and the add-account modal. */
export class AccountsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly table: Locator;
  readonly addAccountButton: Locator;
  readonly addDialog: AdminDialog;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Manage accounts', level: 1 });
    this.table = main.getByRole('table', { name: 'Accounts' });
    this.addAccountButton = main.getByRole('button', { name: 'Add account', exact: true });
    this.addDialog = new AdminDialog(page, 'Add account');
  }

  row(stateName: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByText(stateName, { exact: true }) });
  }
}

/** /admin/account-detail/{stateId}: dates, renewal, user cards and the audit log. */
export class AccountDetailPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly backButton: Locator;
  readonly renewYears: Locator;
  readonly renewButton: Locator;
  readonly addUserButton: Locator;
  readonly auditTab: Locator;
  readonly auditTable: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.backButton = main.getByRole('link', { name: 'Back to accounts' });
    this.renewYears = main.getByRole('combobox', { name: 'Renew for' });
    this.renewButton = main.getByRole('button', { name: 'Renew', exact: true });
    this.addUserButton = main.getByRole('button', { name: 'Add user', exact: true });
    this.auditTab = main.getByRole('tab', { name: 'Audit log' });
    this.auditTable = main.getByRole('table', { name: 'Audit log' });
  }

  /** A fact of the summary card ('Status', 'Start date', 'Expiration date'…) by its label. */
  fact(label: 'State' | 'Status' | 'Start date' | 'Expiration date'): Locator {
    return this.page.getByRole('main').getByRole('group', { name: label, exact: true });
  }

  userCard(fullName: string): Locator {
    return this.page.getByRole('main').getByRole('article', { name: fullName });
  }

  userDialog(mode: 'Add' | 'Edit'): AdminDialog {
    return new AdminDialog(this.page, `${mode} user`);
  }
}
