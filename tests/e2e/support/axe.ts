// What axe-core finds against WCAG 2.1 A and AA on the page as it stands: each rule broken, with
// the elements that break it, so a failure names what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { waitForStillPage } from './still-page.ts';

export async function wcagViolations(page: Page): Promise<string[]> {
  await waitForStillPage(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join('; ')})`,
  );
}
