import type { Locator, Page } from '@playwright/test';

/** /account-help-reset?token=…: choose a new password. */
export class PasswordResetPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly newPassword: Locator;
  readonly confirmPassword: Locator;
  readonly submitButton: Locator;

  constructor(page: Page) {
    this.page = page;
    const form = page.getByRole('form', { name: 'Choose a new password' });
    this.heading = page.getByRole('heading', { name: 'Reset your password', level: 1 });
    this.newPassword = form.getByRole('textbox', { name: 'New password', exact: true });
    this.confirmPassword = form.getByRole('textbox', { name: 'Confirm new password' });
    this.submitButton = form.getByRole('button', { name: 'Reset password' });
  }
}
