import { expect, test, type Locator, type Response } from '@playwright/test';
import { AdminShell } from './pages/admin-shell.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { DEMO_STATE, demoJudge, demoUsers } from './support/demo-users.ts';

const INVALID_CREDENTIALS = 'There was an issue with your username or password. Please try logging in again.';

/** Starts recording, in the page, each change of the login panel's button label and message. */
async function recordPanelStates(panel: Locator): Promise<void> {
  await panel.evaluate((element) => {
    const state = () =>
      `${element.querySelector('button[type="submit"]')?.textContent ?? ''} | ${element.querySelector('[role="alert"]')?.textContent ?? ''}`.trim();
    const states = [state()];
    const holder = element as unknown as { recordedStates: string[]; observer?: MutationObserver };
    holder.observer?.disconnect();
    holder.recordedStates = states;
    holder.observer = new MutationObserver(() => {
      const now = state();
      if (now !== states.at(-1)) states.push(now);
    });
    holder.observer.observe(element, { subtree: true, childList: true, characterData: true });
  });
}

async function recordedPanelStates(panel: Locator): Promise<string[]> {
  return panel.evaluate((element) => (element as unknown as { recordedStates: string[] }).recordedStates);
}

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

  test('repeated wrong passwords: short waits are waited out while "Logging in…", then the panel says how long', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const shell = new AppShell(page);
    const alert = shell.loginPanel.getByRole('alert');
    // One account per run (project, repeat, retry): the server's counters outlive a test.
    const email = `nobody-${testInfo.project.name}-${testInfo.repeatEachIndex}-${testInfo.retry}@example.test`;
    await page.goto('/login');
    // Five failures from one address are free (docs/decisions/0003-login-throttle.md).
    for (let attempt = 1; attempt <= 5; attempt++) {
      await shell.fillLogin(email, `wrong-password-${attempt}`);
      await shell.submitLoginButton.click();
      await expect(alert).toHaveText(INVALID_CREDENTIALS);
    }
    // The next ones must wait 2, 4 and 8 s after the one before: an attempt inside its wait is
    // answered 429, and the app waits that out by itself, "Logging in…", then is heard. When the
    // attempt reaches the server depends on this test's own speed (on a busy machine a fill and a
    // click can take seconds, and an attempt past its wait is heard at once, "Logging in…" for a
    // moment no poll sees), so the page records its own states and each attempt's answers.
    const isLogin = (response: Response) => response.url().endsWith('/api/login/user');
    let waitedOut = 0;
    for (let attempt = 6; attempt <= 8; attempt++) {
      await shell.passwordInput.fill(`wrong-password-${attempt}`);
      await recordPanelStates(shell.loginPanel);
      const statuses: number[] = [];
      const collect = (response: Response) => void (isLogin(response) && statuses.push(response.status()));
      page.on('response', collect);
      await shell.submitLoginButton.click();
      await expect(alert).toHaveText(INVALID_CREDENTIALS, { timeout: 20_000 });
      page.off('response', collect);
      // From the click to the answer: "Logging in…" throughout, no message until the last answer.
      expect(await recordedPanelStates(shell.loginPanel)).toEqual([
        'Login |',
        'Logging in… |',
        `Login | ${INVALID_CREDENTIALS}`,
      ]);
      expect(statuses.at(-1)).toBe(401);
      if (statuses[0] === 429) waitedOut += 1;
    }
    expect(waitedOut, 'at least one attempt was inside its wait and waited out').toBeGreaterThan(0);
    // 16 s is longer than the app waits out by itself: the panel says how long.
    await shell.passwordInput.fill('wrong-password-9');
    await shell.submitLoginButton.click();
    await expect(alert).toHaveText(/^Too many login attempts\. Please try again in \d+ seconds?\.$/);
    await expect(page).toHaveURL(/\/login$/);
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
