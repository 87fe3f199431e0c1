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

/**
 * After a category is chosen, its school list comes into view just under the sticky bars, and
 * the focus moves to its heading: on a tablet held upright the list starts below the fold, and
 * a tap that changed nothing on screen reads as a tap that did nothing. Skipped on a return from
 * a school (that school's row is brought into view instead).
 */
export function useSchoolsInView(categoryId: number, isReturn: boolean) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = headingRef.current;
    if (isReturn || !heading) return;
    const top = heading.getBoundingClientRect().top;
    const coverBottom = stickyCoverBottom();
    const firstSchool = heading.closest('section')?.querySelector('tbody tr') ?? heading;
    const isShown = top >= coverBottom && firstSchool.getBoundingClientRect().bottom <= window.innerHeight;
    if (!isShown) window.scrollBy({ top: top - coverBottom - 8, behavior: 'instant' });
    heading.focus({ preventScroll: true });
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
