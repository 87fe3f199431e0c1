// Where the dashboard scrolls: the schools after a category is chosen, and the school the judge
// came back from. Both stay clear of the sticky header and the sync status bar.
import { useEffect, useRef } from 'react';

/** The bottom of what sticks to the top of the screen (the header, the sync status bar). */
function stickyCoverBottom(): number {
  let bottom = 0;
  for (const element of document.querySelectorAll<HTMLElement>('header, [aria-label="Sync status"]')) {
    const position = getComputedStyle(element).position;
    if (position === 'sticky' || position === 'fixed')
      bottom = Math.max(bottom, element.getBoundingClientRect().bottom);
  }
  return bottom;
}

/** How long the list is kept in view while the page above it settles (the readiness check, a reload). */
const SETTLE_MS = 3000;

/** Scrolls so the heading sits just under the sticky bars, unless it and the first school already show. */
function bringIntoView(heading: HTMLElement): void {
  const top = heading.getBoundingClientRect().top;
  const coverBottom = stickyCoverBottom();
  const firstSchool = heading.closest('section')?.querySelector('tbody tr') ?? heading;
  const isShown = top >= coverBottom && firstSchool.getBoundingClientRect().bottom <= window.innerHeight;
  if (!isShown) window.scrollBy({ top: top - coverBottom - 8, behavior: 'instant' });
}

/**
 * After a category is chosen, its school list comes into view just under the sticky bars, and
 * the focus moves to its heading: on a tablet held upright the list starts below the fold, and
 * a tap that changed nothing on screen reads as a tap that did nothing. The panels above it can
 * still change height for a moment (the readiness check's first answer), so the list is kept in
 * view until the page settles or the judge scrolls or taps. Skipped on a return from a school
 * (that school's row is brought into view instead).
 */
export function useSchoolsInView(categoryId: number, isReturn: boolean) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = headingRef.current;
    if (isReturn || !heading) return;
    bringIntoView(heading);
    heading.focus({ preventScroll: true });
    const observer = new ResizeObserver(() => bringIntoView(heading));
    observer.observe(document.body);
    const judgeActs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const name of judgeActs) window.removeEventListener(name, stop);
    };
    const timer = setTimeout(stop, SETTLE_MS);
    for (const name of judgeActs) window.addEventListener(name, stop, { passive: true });
    return stop;
    // Once per category chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categoryId]);
  return headingRef;
}

/**
 * Scrolls the row of the school the judge came back from to the middle of the screen (clear of
 * the sticky header and status bar) and puts the focus on its button, once per return.
 */
export function useReturnToSchool(returnToSchoolId: number | undefined) {
  const tableRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (returnToSchoolId === undefined) return;
    const row = tableRef.current?.querySelector<HTMLElement>(`[data-school-id="${returnToSchoolId}"]`);
    if (!row) return;
    row.scrollIntoView({ block: 'center' });
    row.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
  }, [returnToSchoolId]);
  return tableRef;
}
