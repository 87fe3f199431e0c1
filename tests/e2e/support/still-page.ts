// Waits until the page is still: every finite animation or transition has ended and no open
// dialog (nor anything around it) is part transparent, which it is before its fade starts too.
// A modal that is still opening moves the focus to its first field when its transition ends, so
// text typed before then can land in the wrong field; a scan mid-fade reads faded text as low
// contrast.
import type { Page } from '@playwright/test';

export async function waitForStillPage(page: Page): Promise<void> {
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
}
