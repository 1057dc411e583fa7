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
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from './db/index.js';
import { tenants } from './tenant/schema.js';
import type { AuthUser } from './account/principal.js';

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

export async function scopeOf(db: Queryable, user: AuthUser): Promise<Scope> {
  if (user.kind === 'admin') return makeScope(true, []);
  if (user.tenantId === null) return makeScope(false, []);
  if (user.kind === 'tenant' && user.parentTenantId === null) {
    // Read with the user when it came from the token (server/account/principal.ts); asked here otherwise.
    const children = user.childTenantIds ?? (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.parentId, user.tenantId))).map((c) => c.id);
    return makeScope(false, [user.tenantId, ...children], user.tenantId, true);
  }
  return makeScope(false, [user.tenantId], user.parentTenantId ?? user.tenantId);
}
