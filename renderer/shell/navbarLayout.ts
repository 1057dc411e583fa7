/**
 * What the top bar shows at its width (pure thresholds, unit-tested, and a
 * measuring hook). The bar folds by the room it has, not by the mobile
 * breakpoint: at 900 px the drawer replaces the sidebar but the bar has all
 * the width it needs. What folds goes to the "more" menu rather than away,
 * largest first: the four shortcuts, then the names beside the language and
 * profile icons, then fullscreen and font size. Search and refresh stay.
 */
import { createContext, useContext, useLayoutEffect, useState, type RefObject } from 'react';

export interface NavbarLayout {
  /** The shortcuts (account info, payment centre, bill, complaints) inline; else in the "more" menu. */
  shortcuts: boolean;
  /** The language's and the user's names beside their icons. */
  labels: boolean;
  /** Fullscreen and font size inline; else in the "more" menu. */
  tools: boolean;
  /** The search box narrower, leaving the breadcrumb some room. */
  compactSearch: boolean;
}

/**
 * The bar widths (px) from which each part is inline, measured with the
 * longest labels (a long tenant name) so that the breadcrumb keeps room for
 * three levels: at 1024 px beside the open sidebar (814 px) the shortcuts
 * fold, and come back with the sidebar collapsed (970 px).
 */
export const NAVBAR_WIDTH_FOR = { shortcuts: 880, labels: 660, tools: 520 } as const;

export const FULL_NAVBAR: NavbarLayout = { shortcuts: true, labels: true, tools: true, compactSearch: false };

/** The layout at a bar width; 0 (not measured yet) is the full one. */
export function navbarLayout(width: number): NavbarLayout {
  if (width <= 0) return FULL_NAVBAR;
  return {
    shortcuts: width >= NAVBAR_WIDTH_FOR.shortcuts,
    labels: width >= NAVBAR_WIDTH_FOR.labels,
    tools: width >= NAVBAR_WIDTH_FOR.tools,
    compactSearch: width < NAVBAR_WIDTH_FOR.labels,
  };
}

/** Whether the "more" menu has anything to hold. */
export const hasOverflow = (layout: NavbarLayout): boolean => !layout.shortcuts || !layout.tools;

/** The bar's layout, measured before paint and again whenever the bar resizes. */
export function useNavbarLayout(bar: RefObject<HTMLElement | null>): NavbarLayout {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [bar]);
  return navbarLayout(width);
}

/** The layout for what the bar holds but does not draw itself (the profile menu of the account domain). */
export const NavbarLayoutContext = createContext<NavbarLayout>(FULL_NAVBAR);
export const useNavbarLabels = (): boolean => useContext(NavbarLayoutContext).labels;
