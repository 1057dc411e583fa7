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
 * - member: its tenant (its power codes are checked per endpoint) — and,
 *   when devices are assigned to it, only those devices and what they did
 *   (orders, refunds, complaints, channels, figures): `device(column)`;
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
  /** A member's assigned devices; absent or empty: all its tenant's. */
  deviceIds?: readonly number[];
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
  /**
   * The same condition for a statement built once and prepared (server/db/prepared.ts `builtOnce`): the
   * tenants one array placeholder, `scopeTenants`, whatever their number. `shape` names the statement's
   * text (all tenants, or a list); `values` fills the placeholder.
   */
  wherePlaced(column: PgColumn): SQL;
  readonly placed: { readonly shape: 'all' | 'listed'; readonly values: { readonly scopeTenants?: string } };
  /** The devices visible within those tenants: null for all of them, else a member's assigned ones. */
  readonly devices: readonly number[] | null;
  /** The condition restricting a device id column (a device's own id, an order's device) to the visible devices. */
  device(column: PgColumn | SQL): SQL;
  /** Whether a row of this device is visible (its tenant asked apart). */
  hasDevice(deviceId: number | null): boolean;
  /** Both at once, for rows of devices or of what they did: the row's tenant visible, and its device. */
  whereDevice(tenantColumn: PgColumn, deviceColumn: PgColumn | SQL): SQL;
}

function makeScope(
  all: boolean,
  tenantIds: readonly number[],
  root: number | null = null,
  wholeTree = false,
  devices: readonly number[] | null = null,
): Scope {
  const visible = new Set(tenantIds);
  const assigned = devices && new Set(devices);
  const where = (column: PgColumn) =>
    all ? sql`true` : tenantIds.length ? inArray(column, [...tenantIds]) : sql`false`;
  // One array parameter, whatever the number of devices: the statement's text stays the same.
  const device = (column: PgColumn | SQL) =>
    devices === null ? sql`true` : sql`${column} = any(${`{${devices.join(',')}}`}::int[])`;
  return {
    all,
    tenantIds,
    root,
    wholeTree,
    has: (tenantId) => all || visible.has(tenantId),
    where,
    wherePlaced: (column) => (all ? sql`true` : sql`${column} = any(${sql.placeholder('scopeTenants')}::int[])`),
    placed: all
      ? { shape: 'all', values: {} }
      : { shape: 'listed', values: { scopeTenants: `{${tenantIds.join(',')}}` } },
    devices,
    device,
    hasDevice: (deviceId) => assigned === null || (deviceId !== null && assigned.has(deviceId)),
    whereDevice: (tenantColumn, deviceColumn) =>
      devices === null ? where(tenantColumn) : sql`(${where(tenantColumn)} and ${device(deviceColumn)})`,
  };
}

/** Every tenant: for the upstream's own chores (the alert sweep), never for a request. */
export const platformScope: Scope = makeScope(true, []);

export function scopeOf(user: ScopeOwner): Scope {
  if (user.kind === 'admin') return makeScope(true, []);
  if (user.tenantId === null) return makeScope(false, []);
  if (user.kind === 'tenant' && user.parentTenantId === null) {
    // Without them the scope would silently miss the second-level tenants: a caller's mistake, not the user's.
    if (!user.childTenantIds)
      throw new Error("a first-level tenant's scope needs its second-level tenants, read with the user");
    return makeScope(false, [user.tenantId, ...user.childTenantIds], user.tenantId, true);
  }
  const devices = user.kind === 'member' && user.deviceIds?.length ? user.deviceIds : null;
  return makeScope(false, [user.tenantId], user.parentTenantId ?? user.tenantId, false, devices);
}
