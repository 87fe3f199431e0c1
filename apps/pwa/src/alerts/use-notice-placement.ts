import { useLayoutEffect, useState, type RefObject } from 'react';
import { placeNotice, type Box } from './notice-placement.ts';

/** What a user can press or type into. */
const ACTION_SELECTOR = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Space kept between a notice and an action, so a finger aiming at the button does not land on the notice. */
const ACTION_CLEARANCE = 6;
/** How often the place is checked while a notice shows: dialogs open and lists load under it. */
const RECHECK_MS = 250;

/**
 * The actions on screen right now: inside the viewport and not wholly hidden (under the sticky
 * header or behind an open dialog's overlay). The notice's own elements are looked through.
 */
function visibleActionBoxes(notice: HTMLElement, top: number): Box[] {
  const boxes: Box[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(ACTION_SELECTOR)) {
    if (notice.contains(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    // Above `top` (the header's own buttons) no notice ever goes.
    if (rect.bottom <= top || rect.right <= 0 || rect.top >= window.innerHeight || rect.left >= window.innerWidth)
      continue;
    if (!isReachable(element, rect, notice)) continue;
    boxes.push({
      left: rect.left - ACTION_CLEARANCE,
      top: rect.top - ACTION_CLEARANCE,
      right: rect.right + ACTION_CLEARANCE,
      bottom: rect.bottom + ACTION_CLEARANCE,
    });
  }
  return boxes;
}

/**
 * Whether any of the element's centre and corners (just inside them) shows on top: a button half
 * under the sticky header still counts, one behind a dialog's overlay does not.
 */
function isReachable(element: HTMLElement, rect: DOMRect, notice: HTMLElement): boolean {
  const inset = Math.min(2, rect.width / 2, rect.height / 2);
  const centre: [number, number] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
  const corners: [number, number][] = [
    [rect.left + inset, rect.top + inset],
    [rect.right - inset, rect.top + inset],
    [rect.left + inset, rect.bottom - inset],
    [rect.right - inset, rect.bottom - inset],
  ];
  // The centre answers for almost every element; the corners only for one partly hidden.
  return [centre, ...corners].some(([x, y]) => {
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
    const topmost = document.elementsFromPoint(x, y).find((hit) => !notice.contains(hit));
    return topmost !== undefined && (element.contains(topmost) || topmost.contains(element));
  });
}

/** Bars that stick just below the header: the judge's sync status stays in view, so notices go below it too. */
const STUCK_BELOW_HEADER = '[data-sync-bar]';

/** The bottom edge of the sticky header and the bars stuck to it, below which notices go. */
function headerBottom(): number {
  const header = document.querySelector('header');
  let bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  for (const bar of document.querySelectorAll(STUCK_BELOW_HEADER)) {
    const rect = bar.getBoundingClientRect();
    if (rect.height > 0 && rect.top <= bottom + remToPx(2)) bottom = Math.max(bottom, rect.bottom);
  }
  return bottom;
}

function remToPx(rem: number): number {
  return rem * parseFloat(getComputedStyle(document.documentElement).fontSize || '16');
}

export interface NoticePlace {
  left: number;
  top: number;
  width: number;
}

/**
 * Keeps the notice in `noticeRef` where it covers no action (notice-placement.ts), checked when
 * it appears, on scroll, resize and changes to the page, and every 250 ms while it shows. `null` until measured (the notice stays hidden till then).
 */
export function useNoticePlacement(
  noticeRef: RefObject<HTMLElement | null>,
  /** The notice shown (its id), or null: a new notice is placed afresh. */
  noticeKey: string | null,
  widthRem: number,
): NoticePlace | null {
  // The place is kept with the notice it was measured for: a new notice starts unplaced.
  const [placed, setPlaced] = useState<{ key: string; place: NoticePlace } | null>(null);

  useLayoutEffect(() => {
    if (noticeKey === null) return;
    const update = () => {
      const notice = noticeRef.current;
      if (!notice) return;
      const top = headerBottom();
      const box = placeNotice(
        { width: remToPx(widthRem), height: notice.offsetHeight },
        { top, width: window.innerWidth, height: window.innerHeight, margin: remToPx(1) },
        visibleActionBoxes(notice, top),
      );
      const place = { left: box.left, top: box.top, width: box.right - box.left };
      setPlaced((previous) =>
        previous?.key === noticeKey &&
        previous.place.left === place.left &&
        previous.place.top === place.top &&
        previous.place.width === place.width
          ? previous
          : { key: noticeKey, place },
      );
    };
    update();
    let frame = 0;
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    // A dialog that closes or a list that loads changes the page at once: placed again on the
    // next frame. The interval catches what moves without a change to the tree (transitions).
    const observer = new MutationObserver(onChange);
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setInterval(update, RECHECK_MS);
    window.addEventListener('scroll', onChange, { capture: true, passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      clearInterval(timer);
      window.removeEventListener('scroll', onChange, { capture: true });
      window.removeEventListener('resize', onChange);
    };
  }, [noticeKey, noticeRef, widthRem]);

  return placed !== null && placed.key === noticeKey ? placed.place : null;
}
