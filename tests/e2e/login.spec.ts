import { expect, test } from '@playwright/test';
import { AdminShell } from './pages/admin-shell.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { DEMO_STATE, demoJudge, demoUsers } from './support/demo-users.ts';

const INVALID_CREDENTIALS = 'There was an issue with your username or password. Please try logging in again.';

test.describe('login through the header panel', () => {
  for (const key of ['ultra', 'super', 'admin', 'standard'] as const) {
    const user = demoUsers[key];
    test(`${user.role} lands on the admin dashboard`, async ({ page }) => {
      const shell = new AppShell(page);
      const admin = new AdminShell(page);
      await page.goto('/welcome');
      await shell.openLoginPanel();
      await shell.submitLogin(user);

      await expect(page).toHaveURL(/\/admin\/manage-events$/);
      await expect(admin.heading).toHaveText('Manage events');
      await expect(shell.greeting(user)).toBeVisible();
      await expect(shell.header.getByText(DEMO_STATE, { exact: true })).toBeVisible();
      await expect(shell.loginPanel).toBeHidden();
      await expect(admin.tab('Accounts')).toHaveAttribute(
        'href',
        key === 'ultra' || key === 'super' ? '/admin/manage-accounts' : /^\/admin\/account-detail\/\d+$/,
      );
    });
  }

  test('a judge lands on their own judge dashboard', async ({ page }) => {
    const shell = new AppShell(page);
    const judge = demoUsers.judge1;
    await page.goto('/welcome');
    await shell.openLoginPanel();
    await shell.submitLogin(judge);

    await expect(page).toHaveURL(/\/judge-dashboard\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Judge dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(`${judge.firstName} ${judge.lastName}`)).toBeVisible();
    await expect(shell.greeting(judge)).toBeVisible();
    await expect(shell.dashboardLink).toHaveAttribute('href', new URL(page.url()).pathname);
  });

  test('the Login button stays disabled while the form is invalid, and errors show only after a submit', async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await page.goto('/login');
    await expect(shell.loginPanel).toBeVisible();
    await expect(shell.submitLoginButton).toBeDisabled();

    await shell.emailInput.fill('not-an-email');
    await expect(shell.submitLoginButton).toBeDisabled();
    await expect(shell.loginPanel.getByText('Email format is invalid')).toHaveCount(0);
    await expect(shell.loginPanel.getByText('Password is required')).toHaveCount(0);

    // Enter is a submit attempt even while the button reads as disabled.
    await shell.emailInput.press('Enter');
    await expect(shell.loginPanel.getByText('Email format is invalid')).toBeVisible();
    await expect(shell.loginPanel.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await shell.fillLogin(demoUsers.admin.email, 'anything');
    await expect(shell.loginPanel.getByText('Email format is invalid')).toHaveCount(0);
    await expect(shell.submitLoginButton).toBeEnabled();
  });

  test("a wrong password shows the seed's message and nobody is logged out or redirected", async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto('/login');
    await shell.submitLogin(demoJudge(11), 'not-the-password');

    await expect(shell.loginPanel.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.loginPanel).toBeVisible();
    await expect(shell.loginToggle(true)).toBeVisible();
    await expect(shell.alert('Session timeout, please login again')).toHaveCount(0);

    // Typing again clears the message.
    await shell.passwordInput.fill('another try');
    await expect(shell.loginPanel.getByRole('alert')).toHaveCount(0);
  });

  test('the forgot-my-password link leads to account help', async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto('/welcome');
    await shell.openLoginPanel();
    await shell.forgotPasswordLink.click();
    await expect(page).toHaveURL(/\/account-help$/);
    await expect(page.getByRole('heading', { name: 'Account help', level: 1 })).toBeVisible();
  });
});
