// /login opens the header's login panel: it must be open as the page first shows, not unfold
// afterwards and push the page down (issue 21 items 10 and 11: CLS 0.325 measured; Lighthouse's
// goal is ≤ 0.1).
import { expect, test } from '@playwright/test';

test('/login shows its login panel without shifting the page', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('region', { name: 'Log in' }).getByRole('textbox', { name: 'Email' })).toBeVisible();
  // Whatever the panel's transition would have moved has moved by now.
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  const cumulative = shifts.reduce((sum, value) => sum + value, 0);
  expect(cumulative, `layout shifts: ${shifts.join(', ')}`).toBeLessThanOrEqual(0.1);
});
