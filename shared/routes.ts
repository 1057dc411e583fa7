/**
 * Routes by role and permission code (spec §2 "Route selection by role",
 * "Shell behaviour"; ARCHITECTURE §5): which routes a user has, which of them
 * the menu shows, where a path goes, the breadcrumb and the route search.
 * Pure functions over the route sets derived from the domains' route groups
 * (shared/routes/define.ts, assembled in shared/domains.ts).
 */
import { ROLE_VALUE, type PermissionValue } from './roles.js';
import { ENTERPRISE_ROUTES, MAIN_ROUTES, STAFF_ROUTES } from './domains.js';
import { resolveRoutes } from './routes/define.js';
import type { AppRoute, IconName, RouteTitle, RouteUser } from './routes/types.js';
import { ROUTE_PINYIN } from './route-pinyin.js';

export type { AppRoute, IconName, RouteDef, RouteMeta, RouteTitle, RouteUser } from './routes/types.js';
export { ICON_NAMES } from './routes/types.js';
export { ENTERPRISE_ROUTES, MAIN_ROUTES, STAFF_ROUTES } from './domains.js';
export { joinPath, resolveRoutes } from './routes/define.js';

export const DASHBOARD_NAME = 'Dashboard';

/** The three sets with absolute paths, unfiltered. */
export const ROUTE_SETS = {
  main: resolveRoutes(MAIN_ROUTES),
  enterprise: resolveRoutes(ENTERPRISE_ROUTES),
  staff: resolveRoutes(STAFF_ROUTES),
} as const satisfies Record<string, readonly AppRoute[]>;

// ------------------------------------------------------------ permissions

/**
 * Whether `allValue` holds any of `values` (spec §2 permission directive and
 * navbar rules). The list is required: an empty one is a programming error.
 */
export function hasAny(allValue: readonly string[], values: readonly PermissionValue[]): boolean {
  if (values.length === 0) throw new Error('hasAny: the list of values is required and may not be empty');
  return values.some((v) => allValue.includes(v));
}

/**
 * Navbar items (spec §2): the dashboard links (the payment centre and bill
 * shortcuts, hidden children of the dashboard root) need role value 0 or 1;
 * the information (complaints) icon needs 0 or 6-3.
 */
export const NAVBAR_RULES = {
  dashboard: [ROLE_VALUE.admin, ROLE_VALUE.tenant],
  information: [ROLE_VALUE.admin, '6-3'],
} as const satisfies Record<string, readonly PermissionValue[]>;

/** Spec "filter by role on route meta": no `roles` means every role of the set. */
export const allowedByRole = (route: AppRoute, user: RouteUser): boolean =>
  !route.meta.roles || hasAny(user.allValue, route.meta.roles);

/** Spec member set: no `value` means no code is needed. */
export const allowedByValue = (route: AppRoute, user: RouteUser): boolean =>
  !route.meta.value || hasAny(user.allValue, route.meta.value);

/** Keeps the routes `keep` allows; a group whose children are all gone goes too. */
export function filterRoutes(routes: readonly AppRoute[], keep: (r: AppRoute) => boolean): AppRoute[] {
  const out: AppRoute[] = [];
  for (const route of routes) {
    if (!keep(route)) continue;
    if (route.children) {
      const children = filterRoutes(route.children, keep);
      if (children.length === 0) continue;
      out.push({ ...route, children });
    } else {
      out.push(route);
    }
  }
  return out;
}

// -------------------------------------------------------------- selection

/** The first view of a route tree: visible ones first, else any. */
export function firstView(routes: readonly AppRoute[]): AppRoute | undefined {
  const search = (list: readonly AppRoute[], visibleOnly: boolean): AppRoute | undefined => {
    for (const route of list) {
      if (visibleOnly && route.hidden) continue;
      if (!route.children) return route;
      const found = search(route.children, visibleOnly);
      if (found) return found;
    }
    return undefined;
  };
  return search(routes, true) ?? search(routes, false);
}

/** Spec: the member set's first route path is forced to `/` (so `/` opens what the member may see). */
export function forceFirstToRoot(routes: readonly AppRoute[]): AppRoute[] {
  const [first, ...rest] = routes;
  if (!first || first.path === '/') return [...routes];
  // A group keeps its children's paths (links and bookmarks stay valid) and
  // answers to its own path too; a lone view becomes the only child of `/`.
  const forced: AppRoute = first.children
    ? { ...first, path: '/', alias: first.path, redirect: firstView(first.children)?.path ?? first.path }
    : { path: '/', redirect: first.path, meta: {}, children: [first], ...(first.hidden ? { hidden: true } : {}) };
  return [forced, ...rest];
}

/**
 * Spec "Route selection by role": the enterprise role gets the enterprise set;
 * a member the staff set filtered by its power values, first route forced to
 * `/`; every other role the main set filtered by role on route meta.
 */
export function selectRoutes(user: RouteUser): AppRoute[] {
  switch (user.roleKind) {
    case 'enterprise':
      return [...ROUTE_SETS.enterprise];
    case 'member':
      return forceFirstToRoot(filterRoutes(ROUTE_SETS.staff, (r) => allowedByValue(r, user)));
    default:
      return filterRoutes(ROUTE_SETS.main, (r) => allowedByRole(r, user));
  }
}

/** Spec: a menu item shows when it is not hidden and, for members, the user holds its code. */
export function isMenuVisible(route: AppRoute, user: RouteUser): boolean {
  if (route.hidden) return false;
  if (user.roleKind === 'member' && !allowedByValue(route, user)) return false;
  return allowedByRole(route, user);
}

// ------------------------------------------------------------------- menu

export type MenuEntry =
  | { kind: 'item'; path: string; title: RouteTitle | undefined; icon: IconName | undefined }
  | { kind: 'group'; path: string; title: RouteTitle | undefined; icon: IconName | undefined; children: MenuEntry[] };

/**
 * The side menu of a route set. A group with one visible child and no
 * `alwaysShow` is shown as that child (the dashboard under `/`, the device
 * pool); a group with no visible children is not shown.
 */
export function menuEntries(routes: readonly AppRoute[], user: RouteUser): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const route of routes) {
    if (!isMenuVisible(route, user)) continue;
    const icon = route.meta.icon;
    if (!route.children) {
      out.push({ kind: 'item', path: route.path, title: route.meta.title, icon });
      continue;
    }
    const children = menuEntries(route.children, user);
    if (children.length === 0) continue;
    const [only] = children;
    if (children.length === 1 && only && only.kind === 'item' && !route.alwaysShow) {
      out.push({ ...only, icon: only.icon ?? icon });
      continue;
    }
    out.push({ kind: 'group', path: route.alias ?? route.path, title: route.meta.title, icon, children });
  }
  return out;
}

/** The menu path marked active for a view: its `activeMenu` when hidden, else its own path. */
export const activeMenuPath = (route: AppRoute): string => route.meta.activeMenu ?? route.path;

// ------------------------------------------------------------- resolution

/** `route` and its ancestors, outermost first, for the view or group at `path`. */
export function matchChain(routes: readonly AppRoute[], path: string): AppRoute[] | undefined {
  for (const route of routes) {
    if (!route.children && route.path === path) return [route];
    if (route.children) {
      const inner = matchChain(route.children, path);
      if (inner) return [route, ...inner];
      if (route.path === path || route.alias === path) return [route];
    }
  }
  return undefined;
}

/** Every view of a tree. */
export function allViews(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => (r.children ? allViews(r.children) : [r]));
}

/** Where `/` goes: the root group's redirect, else the first menu view. */
export function homePath(routes: readonly AppRoute[]): string | undefined {
  const root = routes.find((r) => r.path === '/');
  if (root?.redirect) return root.redirect;
  return firstView(routes)?.path;
}

/** Trailing slashes off (but `/` stays). */
export const normalisePath = (path: string): string =>
  path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/';

export type Resolution =
  | { kind: 'view'; route: AppRoute; chain: AppRoute[] }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'unknown' };

const EVERY_SET: readonly (readonly AppRoute[])[] = [ROUTE_SETS.main, ROUTE_SETS.enterprise, ROUTE_SETS.staff];

/**
 * What a path is for a user with `routes`: one of its views; a group (or `/`)
 * that goes on to its first view; a screen of the console it may not open
 * (the no-permission page); or nothing at all (404).
 */
export function resolvePath(routes: readonly AppRoute[], rawPath: string): Resolution {
  const path = normalisePath(rawPath);
  const chain = matchChain(routes, path);
  const last = chain?.[chain.length - 1];
  if (chain && last && !last.children) return { kind: 'view', route: last, chain };
  if (last?.children) {
    const to = last.redirect ?? firstView(last.children)?.path;
    if (to && to !== path) return { kind: 'redirect', to };
  }
  if (path === '/') {
    const to = homePath(routes);
    return to && to !== '/' ? { kind: 'redirect', to } : { kind: 'forbidden' };
  }
  // A group of the full table (e.g. a member's forced-root group by its own path).
  for (const set of EVERY_SET) {
    const known = matchChain(set, path);
    const target = known?.[known.length - 1];
    if (!target) continue;
    if (target.children) {
      const mine = allViews(target.children).find((v) => matchChain(routes, v.path) && !v.hidden);
      if (mine) return { kind: 'redirect', to: mine.path };
    }
    return { kind: 'forbidden' };
  }
  return { kind: 'unknown' };
}

// ------------------------------------------------------------- breadcrumb

/** A view's title at an address: its edit title when the query names a row (`?id=`) and it has one. */
export function titleAt(route: AppRoute, search: string): RouteTitle | undefined {
  return route.meta.editTitle && new URLSearchParams(search).has('id') ? route.meta.editTitle : route.meta.title;
}

export interface Crumb {
  title: RouteTitle;
  /** Where the crumb goes when followed; absent for plain text (no-redirect or last). */
  to?: string;
}

/** Fills `:param` segments of a path. */
export function fillParams(path: string, params: Readonly<Record<string, string | undefined>> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)\??/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

/**
 * A detail screen (hidden, with the list it belongs to as `activeMenu`) is
 * shown under that list's own chain — "Categories / Attribute settings", not
 * the group's first screen — when the user may open the list; else as matched.
 */
function underItsList(routes: readonly AppRoute[], chain: readonly AppRoute[]): readonly AppRoute[] {
  const view = chain[chain.length - 1];
  const list =
    view?.hidden && view.meta.activeMenu && view.meta.activeMenu !== view.path
      ? matchChain(routes, view.meta.activeMenu)
      : undefined;
  return list && !list[list.length - 1]!.children ? [...list, view!] : chain;
}

/**
 * Spec breadcrumb: the matched routes that have a title; the dashboard first
 * unless the first match is the dashboard (and only when the user has one:
 * the enterprise set has none to go to); a group titled as its screen is
 * left out; plain text when marked no-redirect or last; route parameters
 * filled when followed.
 */
export function breadcrumbs(
  routes: readonly AppRoute[],
  matchedChain: readonly AppRoute[],
  params: Readonly<Record<string, string | undefined>> = {},
  search = '',
): Crumb[] {
  const chain = underItsList(routes, matchedChain);
  // A group of one screen titled as the screen (the device pool) says it once, as the screen.
  const matched = chain.filter(
    (r, i) => r.meta.title && r.meta.breadcrumb !== false && !(r.children && chain[i + 1]?.meta.title === r.meta.title),
  );
  const first = matched[0];
  const items: { route?: AppRoute; title: RouteTitle; path: string }[] = matched.map((r) => ({
    route: r,
    title: (r.children ? r.meta.title : titleAt(r, search))!,
    path: r.path,
  }));
  const dashboard = allViews(routes).find((r) => r.name === DASHBOARD_NAME);
  if (dashboard && first?.name !== DASHBOARD_NAME) items.unshift({ title: 'route.dashboard', path: dashboard.path });
  return items.map((item, i) => {
    const last = i === items.length - 1;
    if (last || item.route?.meta.noRedirect) return { title: item.title };
    const route = item.route;
    const target = route?.children ? (route.redirect ?? firstView(route.children)?.path ?? route.path) : item.path;
    return { title: item.title, to: fillParams(target, params) };
  });
}

// ----------------------------------------------------------------- search

export interface SearchEntry {
  /** Localised titles from the outermost group to the view. */
  title: string[];
  /** The Chinese titles' pinyin, initials then full (`spzx shangpinzhongxin`); empty for other languages. */
  pinyin: string[];
  path: string;
}

/** Spec search: Fuse over titles and paths, title weight 0.7, path 0.3, threshold 0.4. */
export interface RouteSearchOptions {
  shouldSort: boolean;
  threshold: number;
  location: number;
  distance: number;
  minMatchCharLength: number;
  keys: { name: keyof SearchEntry; weight: number }[];
}

/** Fuse.js options of the route search (shared/ holds no Fuse import; the shape is Fuse's). */
export const ROUTE_SEARCH_OPTIONS: Readonly<RouteSearchOptions> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    // Pinyin (beyond the spec): `spzx` or `shangpin` finds 商品中心.
    { name: 'pinyin', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/** Spec "max pattern length 32": Fuse 7 has no such option, so queries are cut. */
export const SEARCH_MAX_LENGTH = 32;
export const searchQuery = (raw: string): string => raw.trim().slice(0, SEARCH_MAX_LENGTH);

/**
 * The searchable routes: the views the menu reaches (visible all the way
 * down), titles localised. A view titled like its group (the device pool)
 * says its title once, not "Device pool > Device pool".
 */
export function searchEntries(
  routes: readonly AppRoute[],
  user: RouteUser,
  translate: (key: RouteTitle) => string,
  prefix: string[] = [],
): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (const route of routes) {
    if (!isMenuVisible(route, user)) continue;
    const own = route.meta.title ? translate(route.meta.title) : undefined;
    const title = own !== undefined && own !== prefix.at(-1) ? [...prefix, own] : prefix;
    if (route.children) out.push(...searchEntries(route.children, user, translate, title));
    else if (route.meta.title) out.push({ title, pinyin: title.map((x) => ROUTE_PINYIN[x] ?? ''), path: route.path });
  }
  return out;
}

// ------------------------------------------------------------------- tabs

/** The pinned (affix) views of a set, in table order: the tabs a session opens with. */
export const affixViews = (routes: readonly AppRoute[]): AppRoute[] => allViews(routes).filter((r) => r.meta.affix);
