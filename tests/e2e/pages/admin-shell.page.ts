import type { Locator, Page } from '@playwright/test';

/** The /admin top bar and section tabs. */
export class AdminShell {
  readonly page: Page;
  readonly sections: Locator;
  readonly heading: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sections = page.getByRole('navigation', { name: 'Admin sections' });
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
  }

  topBarGreeting(stateName: string, firstName: string): Locator {
    return this.page.getByRole('main').getByText(`${stateName}: Hello, ${firstName}`, { exact: true });
  }

  tab(name: 'Dashboard & Events' | 'Judges' | 'Schools' | 'Criteria' | 'Accounts'): Locator {
    return this.sections.getByRole('link', { name, exact: true });
  }
}
