/** The shapes of the console's route table (spec §2 "Route meta"). Pure data, no framework. */
import type { PowerCode, RoleValue } from '../roles.js';

/**
 * A route title is a UI-text key: `route.*` of the common texts, or
 * `<domain>.route.*` of a domain's (tests/shared/routes.test.ts checks that
 * every title of every set has a text in the three languages).
 */
export type RouteTitle = `route.${string}` | `${string}.route.${string}`;

/** Icon names the renderer maps to its icon set (shared/ holds no UI library). */
export const ICON_NAMES = [
  'dashboard',
  'device',
  'location',
  'account',
  'team',
  'product',
  'order',
  'member',
  'marketing',
  'tenant',
  'pool',
  'enterprise',
  'staff',
  'share',
  'books',
  'oplog',
  'fresh',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export interface RouteMeta {
  /** Menu, tab, breadcrumb and page title (i18n key). */
  title?: RouteTitle;
  /** The title instead when the address names the row the screen edits (`?id=`): a create screen that also edits. */
  editTitle?: RouteTitle;
  icon?: IconName;
  /** Pinned tab: opened on entry, never closable. */
  affix?: boolean;
  /** The view is never kept alive when left. */
  noCache?: boolean;
  /** Role values (ROLE_VALUE) allowed to have the route; none means every role of the set. */
  roles?: readonly RoleValue[];
  /** Permission codes of the member set: the route stays when the member holds any of them. */
  value?: readonly PowerCode[];
  /** For a hidden route: the menu entry marked active while it is shown. */
  activeMenu?: string;
  /** The breadcrumb shows this entry as plain text even when it is not the last. */
  noRedirect?: boolean;
  /** Leave this entry out of the breadcrumb. */
  breadcrumb?: false;
}

/**
 * A route as written in the table: children's paths are relative to their
 * parent unless they start with `/` (as the spec writes /sceneadmin under
 * /deviceList).
 */
export interface RouteDef {
  path: string;
  /** A view's name: the key of its screen component and of the view cache. */
  name?: string;
  hidden?: boolean;
  /** Shown as a group even with a single visible child. */
  alwaysShow?: boolean;
  /** Where the bare group path goes; the first visible child when absent. */
  redirect?: string;
  meta?: RouteMeta;
  children?: readonly RouteDef[];
}

/** A route with its absolute path; groups have children, views have a name. */
export interface AppRoute {
  path: string;
  /** A group whose path was forced to `/` keeps its own path here (member set). */
  alias?: string;
  name?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  meta: RouteMeta;
  children?: readonly AppRoute[];
}

/** What route selection needs to know of the signed-in user (a subset of SessionUser). */
export interface RouteUser {
  roleKind: 'admin' | 'tenant' | 'enterprise' | 'member';
  /** Role values and power values together (spec §3 allValue). */
  allValue: readonly string[];
}
