// What axe-core finds against WCAG 2.1 A and AA on the page as it stands: each rule broken, with
// the elements that break it, so a failure names what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function wcagViolations(page: Page): Promise<string[]> {
  // A modal fades in: scanned mid-fade, its text is part transparent and reads as low contrast.
  // So the page is scanned once every finite transition has ended and no open dialog (nor
  // anything around it) is still part transparent, which it is before its fade starts too.
  await page.waitForFunction(() => {
    const isMoving = document
      .getAnimations()
      .some(
        (animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    const isFaded = (element: Element | null): boolean =>
      element !== null && (Number(getComputedStyle(element).opacity) < 1 || isFaded(element.parentElement));
    return !isMoving && !Array.from(document.querySelectorAll('[role="dialog"]')).some(isFaded);
  });
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
