/** The tab strip's sideways scrolling (renderer/shell/tabScroll.ts). */
import { describe, expect, it } from 'vitest';
import { nextScroll, REVEAL_MARGIN, revealDelta, WHEEL_LINE_PX, wheelDelta } from '../../renderer/shell/tabScroll.js';

describe('bringing the active tab into view', () => {
  const view = { left: 100, right: 500 };

  it('leaves a visible tab where it is', () => {
    expect(revealDelta(view, { left: 200, right: 300 })).toBe(0);
  });

  it('scrolls right to a tab beyond the right edge, with the margin beside it', () => {
    expect(revealDelta(view, { left: 560, right: 640 })).toBe(640 + REVEAL_MARGIN - 500);
  });

  it('scrolls left to a tab before the left edge', () => {
    expect(revealDelta(view, { left: 20, right: 90 })).toBe(20 - REVEAL_MARGIN - 100);
  });

  it('shows the start of a tab wider than the strip', () => {
    expect(revealDelta(view, { left: 150, right: 900 }, 0)).toBe(50);
  });
});

describe('the mouse wheel over the strip', () => {
  it('turns a vertical turn into a horizontal scroll, lines into pixels', () => {
    expect(wheelDelta({ deltaX: 0, deltaY: 120, deltaMode: 0 })).toBe(120);
    expect(wheelDelta({ deltaX: 0, deltaY: -3, deltaMode: 1 })).toBe(-3 * WHEEL_LINE_PX);
  });

  it('leaves a sideways swipe to the browser', () => {
    expect(wheelDelta({ deltaX: 40, deltaY: 10, deltaMode: 0 })).toBe(0);
  });

  it('stays within the strip, so that at its end the wheel scrolls the page again', () => {
    expect(nextScroll(0, 300, 120)).toBe(120);
    expect(nextScroll(250, 300, 120)).toBe(300);
    expect(nextScroll(300, 300, 120)).toBe(300);
    expect(nextScroll(10, 300, -120)).toBe(0);
    expect(nextScroll(0, -5, 120)).toBe(0);
  });
});
