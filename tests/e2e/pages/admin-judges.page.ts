import { expect, type Locator, type Page } from '@playwright/test';
import { AdminDialog } from './admin-dialogs.page.ts';

/** /admin/manage-judges: search, the last-name sort, the judge modals and the archived judges. */
export class JudgesPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly search: Locator;
  readonly table: Locator;
  readonly lastNameHeader: Locator;
  readonly lastNameSortButton: Locator;
  readonly addJudgeButton: Locator;
  readonly archivedJudgesButton: Locator;
  readonly archivedDialog: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Manage judges', level: 1 });
    this.search = main.getByRole('searchbox', { name: 'Search' });
    this.table = main.getByRole('table', { name: 'Judges' });
    this.lastNameHeader = this.table.getByRole('columnheader', { name: 'Last name' });
    this.lastNameSortButton = this.lastNameHeader.getByRole('button', { name: 'Last name' });
    this.addJudgeButton = main.getByRole('button', { name: 'Add judge', exact: true });
    this.archivedJudgesButton = main.getByRole('button', { name: 'Archived judges', exact: true });
    this.archivedDialog = page.getByRole('dialog', { name: 'Archived judges' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/manage-judges');
  }

  /** Resolves once the list has loaded (other tests rename demo judges, so no name is waited for). */
  async waitForJudges(): Promise<void> {
    await expect(this.table.getByRole('row').nth(2)).toBeVisible();
    await expect(this.table).not.toContainText('Loading judges');
  }

  /** The n-th judge row of the table as shown (0 = first). */
  bodyRow(index: number): Locator {
    return this.table.locator('tbody tr').nth(index);
  }

  row(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  /** The first cell of every body row: the last names in display order. */
  lastNameCells(): Locator {
    return this.table.locator('tbody tr td:first-child');
  }

  judgeDialog(mode: 'Add' | 'Edit'): AdminDialog {
    return new AdminDialog(this.page, `${mode} judge`);
  }

  async fillJudge(
    dialog: AdminDialog,
    judge: { firstName: string; lastName: string; email: string; phone: string },
  ): Promise<void> {
    await dialog.textbox('First name').fill(judge.firstName);
    await dialog.textbox('Last name').fill(judge.lastName);
    await dialog.textbox('Email').fill(judge.email);
    await dialog.textbox('Phone').fill(judge.phone);
  }
}
