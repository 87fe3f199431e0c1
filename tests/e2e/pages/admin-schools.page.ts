import type { Locator, Page } from '@playwright/test';
import { AdminDialog } from './admin-dialogs.page.ts';

/** /admin/manage-schools: search, sorts, the staff modal and the modify-school modal. */
export class SchoolsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly search: Locator;
  readonly table: Locator;
  readonly registerSchoolLink: Locator;
  readonly modifyDialog: AdminDialog;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Manage schools', level: 1 });
    this.search = main.getByRole('searchbox', { name: 'Search' });
    this.table = main.getByRole('table', { name: 'Schools' });
    this.registerSchoolLink = main.getByRole('link', { name: 'Register school' });
    this.modifyDialog = new AdminDialog(page, 'Modify school');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/manage-schools');
  }

  row(schoolName: string): Locator {
    return this.table.getByRole('row').filter({ hasText: schoolName });
  }

  sortButton(header: 'School' | 'Primary contact'): Locator {
    return this.table.getByRole('columnheader', { name: header }).getByRole('button');
  }

  staffDialog(schoolName: string): Locator {
    return this.page.getByRole('dialog', { name: `${schoolName}: staff` });
  }
}
