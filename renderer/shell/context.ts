/** What the shell's parts share: the user's routes, the current view, tabs, and the actions on them. */
import type { useModalAttributes } from '@fluentui/react-components';
import { createContext, useContext, type RefObject } from 'react';
import type { Location } from 'react-router';
import type { AppRoute, Resolution } from '../../shared/routes.js';
import type { TabView } from './tabs.js';

export interface ShellState {
  /** The routes of the signed-in user (spec "Route selection by role"). */
  routes: readonly AppRoute[];
  /** What the current address is. */
  resolution: Resolution;
  location: Location;
  tabs: readonly TabView[];
  /** Re-mounts the view at `fullPath` (by default the address shown now) through /redirect, dropping its cached
   * instance, and shows it. */
  refresh: (fullPath?: string) => void;
  /** Drops every cached view and re-mounts the current one (font size change). */
  refreshAll: () => void;
  closeTab: (tab: TabView) => void;
  /** Closes the current view's tab and goes to `to`: a create screen, done, back to its list. */
  leaveView: (to: string) => void;
  closeOthers: (tab: TabView) => void;
  closeAll: () => void;
  sidebar: {
    opened: boolean;
    mobile: boolean;
    /** The last change was made without animation (mobile closing). */
    withoutAnimation: boolean;
    toggle: () => void;
    close: (withoutAnimation: boolean) => void;
    /** On the button that opens the narrow window's drawer: focus comes back to it when the drawer closes. */
    triggerAttributes: ReturnType<typeof useModalAttributes>['triggerAttributes'];
    /** That button: the focus goes back to it when the drawer closes. */
    toggleRef: RefObject<HTMLButtonElement | null>;
  };
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside the shell');
  return value;
}
