/**
 * The tab strip scrolls sideways (pure, unit-tested): the active tab is
 * brought into view, and a mouse wheel — which only turns vertically —
 * scrolls the strip horizontally.
 */

/** A horizontal extent in the same coordinates (client pixels). */
export interface Span {
  left: number;
  right: number;
}

/** Room left beside a tab brought into view, so its neighbour shows it is not the last. */
export const REVEAL_MARGIN = 24;
/** Pixels per line for wheels that count lines (Firefox's `deltaMode` 1). */
export const WHEEL_LINE_PX = 16;

/**
 * How far to scroll a strip showing `view` so that `item` is wholly in view
 * with `margin` beside it: negative to the left, 0 when already visible. An
 * item wider than the view shows its start.
 */
export function revealDelta(view: Span, item: Span, margin = REVEAL_MARGIN): number {
  const toStart = item.left - margin - view.left;
  if (toStart < 0) return toStart;
  const toEnd = item.right + margin - view.right;
  return toEnd > 0 ? Math.min(toEnd, toStart) : 0;
}

export interface WheelLike {
  deltaX: number;
  deltaY: number;
  deltaMode: number;
}

/** The horizontal scroll a wheel turn asks of the strip: the vertical turn of a mouse wheel, none for a sideways gesture. */
export function wheelDelta({ deltaX, deltaY, deltaMode }: WheelLike): number {
  // A touchpad's sideways swipe scrolls the strip natively.
  if (Math.abs(deltaX) >= Math.abs(deltaY)) return 0;
  return deltaMode === 1 ? deltaY * WHEEL_LINE_PX : deltaY;
}

/** The strip's next scroll position within [0, max]; the same position means the wheel is the page's. */
export function nextScroll(scrollLeft: number, maxScroll: number, delta: number): number {
  return Math.min(Math.max(scrollLeft + delta, 0), Math.max(maxScroll, 0));
}
