/** A rectangle in viewport pixels, as `getBoundingClientRect` gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where a notice may go: below `top` (the sticky header's bottom edge), inside the viewport, `margin` from its edges. */
export interface NoticeFrame {
  top: number;
  width: number;
  height: number;
  margin: number;
}

export interface NoticeSize {
  width: number;
  height: number;
}

/** How far apart the positions tried down the screen are, in pixels. */
const SCAN_STEP = 8;

export function boxesIntersect(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where a notice sits so that it covers no action (`actions`: the boxes of the buttons, links
 * and fields a user can reach right now). Preferred: top centre just below the header, then
 * bottom centre, then the corners; when all of those cover something, the first free place
 * down the centre, left and right columns. If the screen has no free place of the notice's size,
 * the place that covers the least.
 */
export function placeNotice(size: NoticeSize, frame: NoticeFrame, actions: readonly Box[]): Box {
  const width = Math.min(size.width, frame.width - 2 * frame.margin);
  const columns = {
    centre: (frame.width - width) / 2,
    left: frame.margin,
    right: frame.width - frame.margin - width,
  };
  const top = frame.top + frame.margin;
  const bottom = Math.max(top, frame.height - frame.margin - size.height);
  const at = (left: number, y: number): Box => ({ left, top: y, right: left + width, bottom: y + size.height });

  const candidates: Box[] = [
    at(columns.centre, top),
    at(columns.centre, bottom),
    at(columns.left, bottom),
    at(columns.right, bottom),
    at(columns.left, top),
    at(columns.right, top),
  ];
  for (const left of [columns.centre, columns.left, columns.right]) {
    for (let y = top + SCAN_STEP; y < bottom; y += SCAN_STEP) candidates.push(at(left, y));
  }

  let best = candidates[0]!;
  let bestOverlap = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const overlap = actions.reduce((sum, action) => sum + overlapArea(candidate, action), 0);
    if (overlap === 0) return candidate;
    if (overlap < bestOverlap) {
      best = candidate;
      bestOverlap = overlap;
    }
  }
  return best;
}
