/** The top bar folds by its own width, not by the mobile breakpoint (renderer/shell/navbarLayout.ts). */
import { describe, expect, it } from 'vitest';
import { FULL_NAVBAR, hasOverflow, NAVBAR_WIDTH_FOR, navbarLayout } from '../../renderer/shell/navbarLayout.js';
import { MOBILE_BREAKPOINT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../renderer/shell/settings.js';

describe('navbar layout', () => {
  it('keeps everything inline where there is room: 1366 px with the sidebar, 1024 px with it collapsed, 900 px with the drawer', () => {
    for (const width of [1366 - SIDEBAR_WIDTH, 1024 - SIDEBAR_COLLAPSED_WIDTH, 900]) {
      expect(navbarLayout(width), `${width}`).toEqual(FULL_NAVBAR);
      expect(hasOverflow(navbarLayout(width))).toBe(false);
    }
  });

  it('keeps search, fullscreen and font size at 1024 px beside the open sidebar, folding only the shortcuts', () => {
    expect(navbarLayout(1024 - SIDEBAR_WIDTH)).toEqual({
      shortcuts: false,
      labels: true,
      tools: true,
      compactSearch: false,
    });
  });

  it('does not fold at the mobile breakpoint itself', () => {
    expect(navbarLayout(MOBILE_BREAKPOINT - 1)).toEqual(FULL_NAVBAR);
  });

  it('folds progressively, largest first: shortcuts, then labels, then fullscreen and font size', () => {
    const steps = [NAVBAR_WIDTH_FOR.shortcuts, NAVBAR_WIDTH_FOR.labels, NAVBAR_WIDTH_FOR.tools];
    expect([...steps].sort((a, b) => b - a)).toEqual(steps);
    expect(navbarLayout(NAVBAR_WIDTH_FOR.shortcuts - 1)).toEqual({
      shortcuts: false,
      labels: true,
      tools: true,
      compactSearch: false,
    });
    expect(navbarLayout(NAVBAR_WIDTH_FOR.labels - 1)).toEqual({
      shortcuts: false,
      labels: false,
      tools: true,
      compactSearch: true,
    });
    expect(navbarLayout(NAVBAR_WIDTH_FOR.tools - 1)).toEqual({
      shortcuts: false,
      labels: false,
      tools: false,
      compactSearch: true,
    });
  });

  it('puts what folds in the "more" menu rather than dropping it (400 px: a phone)', () => {
    const narrow = navbarLayout(400);
    expect(hasOverflow(narrow)).toBe(true);
    expect(narrow.tools).toBe(false);
  });

  it('draws the full bar until measured', () => {
    expect(navbarLayout(0)).toEqual(FULL_NAVBAR);
  });
});
