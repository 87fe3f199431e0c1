// The login throttle as the panel shows it (docs/decisions/0003-login-throttle.md). It runs at
// laptop size only: the waits and messages do not depend on the screen (docs/decisions/0183).
import { expect, test, type Locator, type Response } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';

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

test.describe('login throttle in the header panel', () => {
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
});
