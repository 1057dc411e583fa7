/**
 * How a domain declares its routes (spec §2): one route group, written once,
 * from which the three route sets are derived (shared/routes.ts):
 * - the main set (system admin and tenants): every route of every group;
 * - the member set: the screens that carry permission codes (`value`), in
 *   groups that always show as a group, except the root;
 * - the enterprise set: the screens marked `enterprise`, their group going
 *   to the first of them.
 * A screen marked `everySet` (account info) is in all three, without a code.
 */
import type { PowerCode } from '../roles.js';
import { ROLE_VALUE } from '../roles.js';
import type { AppRoute, RouteDef, RouteMeta, RouteTitle } from './types.js';

/** A route as a domain declares it. */
export interface RouteDecl extends Omit<RouteDef, 'children'> {
  children?: readonly RouteDecl[];
  /** In the enterprise set (spec §2: its staff page). */
  enterprise?: true;
  /** In every set, with no code needed (account info: the profile menu offers it to everyone). */
  everySet?: true;
}

/** A top-level group with its place in the menu (smaller first). */
export interface RouteGroupDecl extends RouteDecl {
  order: number;
}

export const ADMIN_ONLY = [ROLE_VALUE.admin] as const;

type ViewOptions = Omit<RouteMeta, 'title'> & { enterprise?: true; everySet?: true };

/** A screen. */
export function view(
  path: string,
  name: string,
  title: RouteTitle,
  options: ViewOptions = {},
  hidden = false,
): RouteDecl {
  const { enterprise, everySet, ...meta } = options;
  return {
    path,
    name,
    meta: { title, ...meta },
    ...(hidden ? { hidden } : {}),
    ...(enterprise ? { enterprise } : {}),
    ...(everySet ? { everySet } : {}),
  };
}

/** A hidden screen reached from another one, which stays marked in the menu. */
export const detail = (
  path: string,
  name: string,
  title: RouteTitle,
  activeMenu: string,
  options: Omit<ViewOptions, 'activeMenu'> = {},
): RouteDecl => view(path, name, title, { noCache: true, activeMenu, ...options }, true);

/** A menu group at `order` in the menu. */
export const group = (
  order: number,
  path: string,
  meta: RouteMeta,
  children: readonly RouteDecl[],
  extra: Partial<RouteDef> = {},
): RouteGroupDecl => ({ order, path, meta, children, ...extra });

/**
 * Screens a domain adds to another domain's menu group (scene linkage in the
 * device group, complaints in the order group: spec §2 menus are not cut along
 * the code's domains). They go after the screen named `after`, or last.
 */
export interface RouteJoinDecl {
  into: string;
  after?: string;
  children: readonly RouteDecl[];
}

export const into = (groupPath: string, children: readonly RouteDecl[], after?: string): RouteJoinDecl => ({
  into: groupPath,
  children,
  ...(after !== undefined ? { after } : {}),
});

export const isJoin = (d: RouteGroupDecl | RouteJoinDecl): d is RouteJoinDecl => 'into' in d;

/** The groups with the screens other domains add to them; refuses a join into no group or after no screen. */
export function joinRouteGroups(decls: readonly (RouteGroupDecl | RouteJoinDecl)[]): RouteGroupDecl[] {
  const groups = decls.filter((d): d is RouteGroupDecl => !isJoin(d));
  for (const join of decls.filter(isJoin)) {
    if (!groups.some((g) => g.path === join.into))
      throw new Error(`routes: screens join ${join.into}, which no domain declares`);
  }
  return groups.map((g) => {
    const joins = decls.filter((d): d is RouteJoinDecl => isJoin(d) && d.into === g.path);
    if (!joins.length) return g;
    const children = [...(g.children ?? [])];
    for (const join of joins) {
      const at = join.after === undefined ? children.length : children.findIndex((c) => c.name === join.after) + 1;
      if (at === 0) throw new Error(`routes: screens join ${join.into} after ${join.after}, which it does not have`);
      children.splice(at, 0, ...join.children);
    }
    return { ...g, children };
  });
}

/** A group of one screen (a top-level view such as /person). */
export const single = (order: number, route: RouteDecl): RouteGroupDecl => ({ order, ...route });

/** The permission codes that open a screen in the member set. */
export const codes = (...c: PowerCode[]) => ({ value: c });

/** Joins a child path to its parent's; a child path starting with `/` is absolute. */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (!child) return parent;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/** A declared route as a plain RouteDef, keeping only the children `keep` allows. */
function toDef(d: RouteDecl, keep: (r: RouteDecl) => boolean, meta: (m: RouteMeta) => RouteMeta): RouteDef {
  const { children, enterprise: _e, everySet: _s, ...rest } = d;
  const out: RouteDef = { ...rest, meta: meta(d.meta ?? {}) };
  if (!d.meta) delete out.meta;
  if (children) out.children = children.filter(keep).map((c) => toDef(c, keep, meta));
  return out;
}

const withoutValue = ({ value: _v, ...meta }: RouteMeta): RouteMeta => meta;
const inMemberSet = (r: RouteDecl): boolean =>
  r.everySet === true || r.meta?.value !== undefined || (r.children ?? []).some(inMemberSet);
const inEnterpriseSet = (r: RouteDecl): boolean =>
  r.everySet === true || r.enterprise === true || (r.children ?? []).some(inEnterpriseSet);
const hasViews = (d: RouteDef) => !d.children || d.children.length > 0;

/** The three sets of spec §2, as written tables (paths relative; see resolveRoutes). */
export function deriveRouteSets(groups: readonly RouteGroupDecl[]): {
  main: RouteDef[];
  enterprise: RouteDef[];
  staff: RouteDef[];
} {
  const seen = new Set<string>();
  for (const g of groups) {
    if (seen.has(g.path)) throw new Error(`routes: the group ${g.path} is declared twice`);
    seen.add(g.path);
  }
  const ordered = [...groups].sort((a, b) => a.order - b.order).map(({ order: _o, ...g }) => g);
  const main = ordered.map((g) => toDef(g, () => true, withoutValue));
  const staff = ordered
    .filter(inMemberSet)
    .map((g) => toDef(g, inMemberSet, (m) => m))
    .filter(hasViews)
    .map((d) => (d.children && d.path !== '/' ? { ...d, alwaysShow: true } : d));
  const enterprise = ordered
    .filter(inEnterpriseSet)
    .map((g) => toDef(g, inEnterpriseSet, withoutValue))
    .filter(hasViews)
    .map(({ alwaysShow: _a, ...d }) => (d.children ? { ...d, redirect: joinPath(d.path, d.children[0]!.path) } : d));
  return { main, enterprise, staff };
}

/** The table with absolute paths. */
export function resolveRoutes(defs: readonly RouteDef[], parent = ''): AppRoute[] {
  return defs.map((d) => {
    const path = parent ? joinPath(parent, d.path) : d.path;
    const route: AppRoute = { path, meta: d.meta ?? {} };
    if (d.name !== undefined) route.name = d.name;
    if (d.hidden) route.hidden = true;
    if (d.alwaysShow) route.alwaysShow = true;
    if (d.redirect !== undefined) route.redirect = d.redirect;
    if (d.children) route.children = resolveRoutes(d.children, path);
    return route;
  });
}
