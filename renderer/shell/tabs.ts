/**
 * Visited-page tabs (spec §2 "Tabs") as a pure reducer: one entry per path,
 * pinned (affix) entries never close; where to go after closing.
 */
import type { RouteMeta, RouteTitle } from '../../shared/routes.js';

/** Spec tab entry: path, fullPath, name, meta, query, title. */
export interface TabView {
  path: string;
  fullPath: string;
  name: string;
  meta: RouteMeta;
  query: Record<string, string>;
  title: RouteTitle;
}

/** The query of a search string as a plain record (last value wins). */
export function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

export type TabAction =
  | { type: 'visit'; view: TabView }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' }
  | { type: 'reset'; views: TabView[] };

const isAffix = (v: TabView) => v.meta.affix === true;

export function tabsReducer(views: readonly TabView[], action: TabAction): TabView[] {
  switch (action.type) {
    case 'visit': {
      const i = views.findIndex((v) => v.path === action.view.path);
      if (i < 0) return [...views, action.view];
      const current = views[i]!;
      if (current.fullPath === action.view.fullPath) return views as TabView[];
      // Same screen, other query: the tab follows to the latest address (and its title: creating, or editing one).
      return views.map((v, j) =>
        j === i ? { ...v, fullPath: action.view.fullPath, query: action.view.query, title: action.view.title } : v,
      );
    }
    case 'close':
      return views.filter((v) => isAffix(v) || v.path !== action.path);
    case 'closeOthers':
      return views.filter((v) => isAffix(v) || v.path === action.path);
    case 'closeAll':
      return views.filter(isAffix);
    case 'reset':
      return action.views;
  }
}

/**
 * Where to go after tabs closed (spec: closing the active tab goes to the last
 * remaining tab, or `/` if none). `undefined`: stay where we are.
 */
export function afterClose(remaining: readonly TabView[], activePath: string): string | undefined {
  if (remaining.some((v) => v.path === activePath)) return undefined;
  return remaining[remaining.length - 1]?.fullPath ?? '/';
}
