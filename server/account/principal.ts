/**
 * The authenticated user as every handler sees it: account, role kind, its
 * tenant (and that tenant's parent) and, for members, the custom role's powers.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../http/principal.js';
import type { Queryable } from '../db/index.js';
import { users } from './schema.js';
import { memberDevices, roles, tenants } from '../identity/schema.js';

export type { AuthUser } from '../http/principal.js';

/** Columns that build an AuthUser; usable in any select that joins the same tables. */
export const authUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  kind: users.kind,
  tenantId: users.tenantId,
  parentTenantId: tenants.parentId,
  // A first-level tenant's scope (server/scope.ts) in the same statement: its tenant's children. An alias, as the outer query already names `tenants`.
  childTenantIds: sql<
    number[] | null
  >`(select array_agg(c.id order by c.id) from tenants c where c.parent_id = ${users.tenantId} and ${users.kind} = 'tenant' and ${tenants.parentId} is null)`,
  // A member's assigned devices.
  deviceIds: sql<
    number[] | null
  >`(select array_agg(${memberDevices.deviceId} order by ${memberDevices.deviceId}) from ${memberDevices} where ${memberDevices.userId} = ${users.id} and ${users.kind} = 'member')`,
  roleId: roles.id,
  roleName: roles.name,
  rolePowers: roles.powers,
  disabled: users.disabled,
};

/** A row selected with `authUserColumns` (the joined columns are nullable). */
export interface AuthUserRow extends Omit<AuthUser, 'powers' | 'childTenantIds' | 'deviceIds'> {
  rolePowers: string[] | null;
  childTenantIds: number[] | null;
  deviceIds: number[] | null;
}

export function toAuthUser(row: AuthUserRow): AuthUser {
  const { rolePowers, childTenantIds, deviceIds, ...rest } = row;
  const firstLevel = row.kind === 'tenant' && row.tenantId !== null && row.parentTenantId === null;
  return {
    ...rest,
    powers: row.kind === 'member' ? (rolePowers ?? []) : [],
    ...(firstLevel ? { childTenantIds: childTenantIds ?? [] } : {}),
    ...(row.kind === 'member' && deviceIds?.length ? { deviceIds } : {}),
  };
}

/** A user by an arbitrary condition on `users` (joined with its tenant and role). */
export async function findAuthUser(db: Queryable, where: SQL): Promise<AuthUser | undefined> {
  const [row] = await db
    .select(authUserColumns)
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .limit(1);
  return row && toAuthUser(row);
}
