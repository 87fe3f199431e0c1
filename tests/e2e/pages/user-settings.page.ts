import type { Locator, Page } from '@playwright/test';

/** /user-settings: the user's own name, email and phone. */
export class UserSettingsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly phone: Locator;
  readonly saveButton: Locator;
  readonly cancelButton: Locator;
  readonly resetPasswordLink: Locator;

  constructor(page: Page) {
    this.page = page;
    const form = page.getByRole('form', { name: 'User settings' });
    this.heading = page.getByRole('heading', { name: 'User settings', level: 1 });
    this.firstName = form.getByRole('textbox', { name: 'First name' });
    this.lastName = form.getByRole('textbox', { name: 'Last name' });
    this.email = form.getByRole('textbox', { name: 'Email' });
    this.phone = form.getByRole('textbox', { name: 'Phone' });
    this.saveButton = form.getByRole('button', { name: 'Save' });
    this.cancelButton = form.getByRole('button', { name: 'Cancel' });
    this.resetPasswordLink = form.getByRole('link', { name: 'Reset your password' });
  }

  errorText(message: string): Locator {
    return this.page.getByRole('form', { name: 'User settings' }).getByText(message, { exact: true });
  }
}
