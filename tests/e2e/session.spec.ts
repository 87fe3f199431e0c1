import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { UserSettingsPage } from './pages/user-settings.page.ts';
import { E2E_PAYMENT_URL } from './support/e2e-env.ts';
import { judgeForProject } from './support/demo-users.ts';

test.describe('user settings', () => {
  test('a judge saves their settings and sees "Update successful"', async ({ page }, testInfo) => {
    const shell = new AppShell(page);
    const settings = new UserSettingsPage(page);
    await shell.logInAs(judgeForProject(testInfo.project.name, 'settings'));
    const landingPath = new URL(page.url()).pathname;

    await shell.settingsLink.click();
    await expect(settings.heading).toBeVisible();
    await expect(settings.email).not.toHaveValue('');
    await expect(settings.phone).toHaveValue(/^\(\d{3}\) \d{3}-\d{4}$/);

    // A rule broken shows inline after Save, without an alert or a logout.
    await settings.lastName.fill('');
    await settings.saveButton.click();
    await expect(settings.errorText('Last Name is required')).toBeVisible();
    await expect(shell.alert('Update successful')).toHaveCount(0);

    const firstName = `Jo${testInfo.project.name}`;
    await settings.firstName.fill(firstName);
    await settings.lastName.fill('Settings-Test');
    await settings.phone.fill('302 555 0199');
    await settings.saveButton.click();
    await expect(shell.alert('Update successful')).toBeVisible();
    await expect(shell.greeting({ firstName })).toBeVisible();

    await page.reload();
    await expect(settings.firstName).toHaveValue(firstName);
    await expect(settings.phone).toHaveValue('(302) 555-0199');

    await settings.cancelButton.click();
    await expect(page).toHaveURL(new RegExp(`${landingPath}$`));
  });

  test('a visitor opening user settings is sent to login', async ({ page }) => {
    await page.goto('/user-settings');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('session', () => {
  test('logout returns to the welcome page and closes the guarded pages', async ({ page }, testInfo) => {
    const shell = new AppShell(page);
    await shell.logInAs(judgeForProject(testInfo.project.name, 'logout'));
    await shell.logoutButton.click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(shell.loginToggle(false)).toBeVisible();
    await page.goto('/user-settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a revoked token shows "Session timeout, please login again" and ends on login', async ({ page }, testInfo) => {
    const shell = new AppShell(page);
    const settings = new UserSettingsPage(page);
    await shell.logInAs(judgeForProject(testInfo.project.name, 'revoked'));
    await shell.settingsLink.click();
    await expect(settings.heading).toBeVisible();

    // Another device logs the user out: every token of theirs is revoked.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('judging.session') ?? '{}').token);
    const logout = await page.request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(logout.ok()).toBe(true);

    await settings.saveButton.click();
    await expect(shell.alert('Session timeout, please login again')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.loginPanel).toBeVisible();
  });
});

test.describe('footer', () => {
  test('links to every public page and the configured payment page', async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto('/welcome');
    const footerNav = shell.footer.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['Home', '/welcome'],
      ['Learn More', '/overview'],
      ['Contact', '/contact'],
      ['Help', '/help'],
      ['Terms of Use', '/terms-of-use'],
    ] as const) {
      await expect(footerNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const payment = footerNav.getByRole('link', { name: 'Make a Payment' });
    await expect(payment).toHaveAttribute('href', E2E_PAYMENT_URL);
    await expect(payment).toHaveAttribute('target', '_blank');
    await expect(payment).toHaveAttribute('rel', /noopener/);
    await expect(shell.footer.getByText(/© 2022/)).toBeVisible();
  });
});
