import type { Locator, Page } from '@playwright/test';

/** The /admin section tabs (the greeting, Settings and Logout are the app header's). */
export class AdminShell {
  readonly page: Page;
  readonly sections: Locator;
  readonly heading: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sections = page.getByRole('navigation', { name: 'Admin sections' });
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
  }

  tab(name: 'Dashboard & Events' | 'Judges' | 'Schools' | 'Criteria' | 'Accounts'): Locator {
    return this.sections.getByRole('link', { name, exact: true });
  }
}
