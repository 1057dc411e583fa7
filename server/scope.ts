/**
 * Tenant scoping, in one place (ARCHITECTURE §5). From the signed-in user it
 * computes which tenants' rows the user may see, and turns that into the
 * drizzle condition for any table's `tenant_id`. Handlers never work the
 * scope out themselves: they add `scope.where(table.tenantId)` to their
 * queries and ask `scope.has(tenantId)` about a tenant named in a request.
 *
 * - system admin: every tenant;
 * - first-level tenant: itself and its second-level tenants;
 * - second-level tenant: itself;
 * - member: its tenant (its power codes are checked per endpoint);
 * - enterprise customer: the tenant that owns it, for its customer data (the
 *   role checks keep it away from points and devices).
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RoleKind } from '../shared/roles.js';

/**
 * What the scope is worked out from: the signed-in user's kind and tenants
 * (server/http/principal.ts `AuthUser` has them). A first-level tenant's
 * second-level tenants are read with the user (server/account/principal.ts).
 */
export interface ScopeOwner {
  kind: RoleKind;
  tenantId: number | null;
  parentTenantId: number | null;
  childTenantIds?: readonly number[];
}

export interface Scope {
  /** True for the system admin: no tenant filter at all. */
  readonly all: boolean;
  /** The visible tenants when not `all`; the user's own tenant first. */
  readonly tenantIds: readonly number[];
  /**
   * The first-level tenant whose hierarchy holds every visible tenant (null
   * for the system admin): tables carrying a root-tenant column (orders)
   * match this one id first and keep their index's time order.
   */
  readonly root: number | null;
  /** True when the visible tenants are that whole hierarchy: the root alone says it, no IN list needed. */
  readonly wholeTree: boolean;
  /** Whether rows of this tenant are visible. */
  has(tenantId: number): boolean;
  /** The condition restricting a `tenant_id` column to the visible tenants. */
  where(column: PgColumn): SQL;
}

function makeScope(all: boolean, tenantIds: readonly number[], root: number | null = null, wholeTree = false): Scope {
  const visible = new Set(tenantIds);
  return {
    all,
    tenantIds,
    root,
    wholeTree,
    has: (tenantId) => all || visible.has(tenantId),
    where: (column) => (all ? sql`true` : tenantIds.length ? inArray(column, [...tenantIds]) : sql`false`),
  };
}

/** Every tenant: for the upstream's own chores (the alert sweep), never for a request. */
export const platformScope: Scope = makeScope(true, []);

export function scopeOf(user: ScopeOwner): Scope {
  if (user.kind === 'admin') return makeScope(true, []);
  if (user.tenantId === null) return makeScope(false, []);
  if (user.kind === 'tenant' && user.parentTenantId === null) {
    // Without them the scope would silently miss the second-level tenants: a caller's mistake, not the user's.
    if (!user.childTenantIds) throw new Error('a first-level tenant\'s scope needs its second-level tenants, read with the user');
    return makeScope(false, [user.tenantId, ...user.childTenantIds], user.tenantId, true);
  }
  return makeScope(false, [user.tenantId], user.parentTenantId ?? user.tenantId);
}
