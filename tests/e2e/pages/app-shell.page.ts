import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoUser } from '../support/demo-users.ts';

/** The header (with its login panel), the alerts area and the footer present on every page. */
export class AppShell {
  readonly page: Page;
  readonly header: Locator;
  readonly loginPanel: Locator;
  readonly emailInput: Locator;
  readonly passwordInput: Locator;
  readonly submitLoginButton: Locator;
  readonly forgotPasswordLink: Locator;
  readonly logoutButton: Locator;
  readonly settingsLink: Locator;
  readonly dashboardLink: Locator;
  readonly footer: Locator;

  constructor(page: Page) {
    this.page = page;
    this.header = page.getByRole('banner');
    this.loginPanel = page.getByRole('region', { name: 'Log in' });
    this.emailInput = this.loginPanel.getByRole('textbox', { name: 'Email' });
    this.passwordInput = this.loginPanel.getByRole('textbox', { name: 'Password' });
    this.submitLoginButton = this.loginPanel.getByRole('button', { name: 'Login', exact: true });
    this.forgotPasswordLink = this.loginPanel.getByRole('link', { name: 'Forgot my password' });
    this.logoutButton = this.header.getByRole('button', { name: 'Logout' });
    this.settingsLink = this.header.getByRole('link', { name: 'Settings' });
    this.dashboardLink = this.header.getByRole('link', { name: 'Dashboard' });
    this.footer = page.getByRole('contentinfo');
  }

  /** The header's Login button while the panel is closed (it carries aria-expanded). */
  loginToggle(isExpanded: boolean): Locator {
    return this.header.getByRole('button', { name: 'Login', exact: true, expanded: isExpanded });
  }

  greeting(user: Pick<DemoUser, 'firstName'>): Locator {
    return this.header.getByText(`Hello, ${user.firstName}`, { exact: true });
  }

  alert(text: string): Locator {
    return this.page.getByRole('region', { name: 'Alerts' }).getByText(text, { exact: true });
  }

  async openLoginPanel(): Promise<void> {
    await this.loginToggle(false).click();
    await expect(this.loginPanel).toBeVisible();
  }

  async fillLogin(email: string, password: string): Promise<void> {
    await this.emailInput.fill(email);
    await this.passwordInput.fill(password);
  }

  /** Logs in through the panel, which must be open. */
  async submitLogin(user: Pick<DemoUser, 'email'>, password = DEMO_PASSWORD): Promise<void> {
    await this.fillLogin(user.email, password);
    await expect(this.submitLoginButton).toBeEnabled();
    await this.submitLoginButton.click();
  }

  /** Opens /login and logs in; resolves once the panel has closed behind the login. */
  async logInAs(user: Pick<DemoUser, 'email'>): Promise<void> {
    await this.page.goto('/login');
    await expect(this.loginPanel).toBeVisible();
    await this.submitLogin(user);
    await expect(this.logoutButton).toBeVisible();
  }
}
