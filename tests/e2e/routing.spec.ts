import { expect, test } from '@playwright/test';
import { AdminShell } from './pages/admin-shell.page.ts';
import { AppShell } from './pages/app-shell.page.ts';
import { demoStateId } from './pages/events-setup.ts';
import { openRunDatabase } from './pages/judge-server.ts';
import { PasswordResetPage } from './pages/password-reset.page.ts';
import { Captcha } from './pages/public-forms.page.ts';
import { solveCaptcha } from './support/captcha.ts';
import { demoUsers } from './support/demo-users.ts';

test.describe('public routes', () => {
  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404: Dish Not Found', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us form' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Are you a school or a judge?' })).toBeVisible();
  });

  test('the empty path is the welcome page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Register a school' })).toHaveAttribute('href', '/school');
    await expect(main.getByRole('link', { name: 'Register as a judge' })).toHaveAttribute('href', '/judge');
    await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Learn more about the Scorecard' })).toHaveAttribute(
      'href',
      '/overview',
    );
  });

  test('a reset link to the root lands on the reset form with its token', async ({ page }) => {
    await page.goto('/?token=abc');
    await expect(page).toHaveURL(/\/account-help-reset\?token=abc$/);
    await expect(new PasswordResetPage(page).heading).toBeVisible();
  });

  test('the reset form without a token goes to the welcome page', async ({ page }) => {
    await page.goto('/account-help-reset');
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('the reset form checks the password rules and reports a bad link', async ({ page }) => {
    const reset = new PasswordResetPage(page);
    await page.goto('/account-help-reset?token=not-a-real-token');
    await expect(page.getByText('8 to 64 characters')).toBeVisible();

    await reset.newPassword.fill('short');
    await reset.confirmPassword.fill('short');
    await reset.submitButton.click();
    await expect(page.getByText('Password must be between 8 and 64 characters long')).toBeVisible();

    await reset.newPassword.fill('long enough 1');
    await reset.confirmPassword.fill('long enough 2');
    await expect(page.getByText('Password must match')).toBeVisible();

    await reset.confirmPassword.fill('long enough 1');
    await reset.submitButton.click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Request a new link');
  });

  test('account help asks for an email and the captcha, then says to check it', async ({ page }) => {
    await page.goto('/account-help');
    const form = page.getByRole('form', { name: 'Request a password reset' });
    const email = form.getByRole('textbox', { name: 'Email' });
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Please confirm you are not a robot')).toBeVisible();
    await email.fill('nobody@demo.test');
    await new Captcha(form).solve();
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
  });

  test('a judge who forgot their password gets one email for two requests within 5 minutes, and the link works', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const email = `forgetful.${testInfo.project.name}.${Date.now().toString(36)}@judges.e2e.test`;
    const stateId = await demoStateId(request);
    const registered = await request.post('/api/judge', {
      data: {
        judgeState: { stateId },
        judgeFirstName: 'Forgetful',
        judgeLastName: 'Judge',
        judgeEmail: email,
        judgePhone: '3025550177',
        judgePassword: 'Forgotten-2026',
        confirmPassword: 'Forgotten-2026',
        captcha: await solveCaptcha(request),
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const resetEmails = () => {
      const db = openRunDatabase();
      try {
        return db
          .prepare("SELECT body_text FROM email_outbox WHERE to_address = ? AND subject = 'Reset your password'")
          .all(email) as { body_text: string }[];
      } finally {
        db.close();
      }
    };

    const form = page.getByRole('form', { name: 'Request a password reset' });
    for (const attempt of [1, 2]) {
      await page.goto('/account-help');
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await new Captcha(form).solve();
      await form.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Check your email'), `request ${attempt}`).toBeVisible();
    }
    const sent = resetEmails();
    expect(sent).toHaveLength(1);

    const token = /account-help-reset\?token=([\w-]+)/.exec(sent[0]?.body_text ?? '')?.[1];
    const reset = new PasswordResetPage(page);
    await page.goto(`/account-help-reset?token=${token}`);
    await reset.newPassword.fill('Remembered-2026');
    await reset.confirmPassword.fill('Remembered-2026');
    await reset.submitButton.click();
    await expect(page.getByRole('main').getByText('Your password has been reset.').first()).toBeVisible();
    const login = await request.post('/api/login/user', { data: { username: email, password: 'Remembered-2026' } });
    expect(login.ok()).toBe(true);
  });

  test('the terms of use carry the 2022 version date', async ({ page }) => {
    await page.goto('/terms-of-use');
    await expect(page.getByRole('heading', { name: 'Terms of Use', level: 1 })).toBeVisible();
    await expect(page.getByText('Version date: August 01, 2022')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Limitation of liability/ })).toBeVisible();
  });
});

test.describe('route guards', () => {
  test('a visitor opening an admin page is sent to the login panel', async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto('/admin/manage-judges');
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.loginPanel).toBeVisible();
  });

  test('a bare judge dashboard goes to login', async ({ page }) => {
    await page.goto('/judge-dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a STANDARD user cannot open manage-accounts and lands on the admin dashboard', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.logInAs(demoUsers.standard);
    await page.goto('/admin/manage-accounts');
    await expect(page).toHaveURL(/\/admin\/manage-events$/);
    await expect(new AdminShell(page).heading).toHaveText('Manage events');
  });

  test('a judge cannot open the admin area and lands on their dashboard', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.logInAs(demoUsers.judge1);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/judge-dashboard\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Judge dashboard' })).toBeVisible();
  });

  test('a judge opening another judge’s dashboard is sent to their own', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.logInAs(demoUsers.judge1);
    const ownPath = new URL(page.url()).pathname;
    await page.goto('/judge-dashboard/999999');
    await expect(page).toHaveURL(new RegExp(`${ownPath}$`));
  });

  test('admin child routes: bare detail paths go to their lists, tabs mark the section', async ({ page }) => {
    const shell = new AppShell(page);
    const admin = new AdminShell(page);
    await shell.logInAs(demoUsers.ultra);

    await page.goto('/admin/school-detail');
    await expect(page).toHaveURL(/\/admin\/manage-schools$/);
    await expect(admin.tab('Schools')).toHaveAttribute('aria-current', 'page');

    await page.goto('/admin/section-detail');
    await expect(page).toHaveURL(/\/admin\/manage-sections$/);
    await expect(admin.heading).toHaveText('Criteria');

    await page.goto('/admin/event-run');
    await expect(page).toHaveURL(/\/admin\/manage-events$/);

    // The demo invitational (event 1) opens with its 'Culinary' category (id 1).
    await page.goto('/admin/category-detail/1/1');
    await expect(admin.heading).toHaveText('Culinary');
    await expect(admin.tab('Dashboard & Events')).toHaveAttribute('aria-current', 'page');

    // Moving in the app: within a tab it stays marked; to another tab, the mark follows.
    await admin.page.evaluate(() => {
      history.pushState(null, '', '/admin/manage-events');
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await expect(admin.heading).toHaveText('Manage events');
    await expect(admin.tab('Dashboard & Events')).toHaveAttribute('aria-current', 'page');
    await admin.tab('Schools').click();
    await expect(page).toHaveURL(/\/admin\/manage-schools$/);
    await expect(admin.tab('Schools')).toHaveAttribute('aria-current', 'page');
    await expect(admin.tab('Dashboard & Events')).not.toHaveAttribute('aria-current');

    await page.goto('/admin/event-detail/not-a-number');
    await expect(page.getByRole('heading', { name: '404: Dish Not Found' })).toBeVisible();

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/manage-events$/);
    await admin.tab('Accounts').click();
    await expect(page).toHaveURL(/\/admin\/manage-accounts$/);
    await expect(admin.heading).toHaveText('Manage accounts');
  });
});
