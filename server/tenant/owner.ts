/**
 * Whose new row this is (spec §5 "admin must choose a tenant"): the tenant a
 * create call names, else the caller's own. The system admin belongs to no
 * tenant and must name one (1402); a named tenant must exist within the
 * caller's scope (1401, the same answer as a missing one).
 */
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CODE } from '../../shared/domains.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { tenants } from '../identity/schema.js';

export async function owningTenant(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  requested: number | undefined,
): Promise<number> {
  const tenantId = requested ?? user.tenantId;
  if (tenantId === null) throw new BizError(CODE.tenantRequired);
  await tenantInScope(db, scope, tenantId);
  return tenantId;
}

/** A tenant a request names (a filter, a new row's owner): it exists and lies in the caller's scope — 1401 otherwise, one answer for both. */
export async function tenantInScope(db: Queryable, scope: Scope, tenantId: number): Promise<void> {
  if (!scope.has(tenantId)) throw new BizError(CODE.tenantNotFound);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new BizError(CODE.tenantNotFound);
}

/**
 * A list filter's tenant as a condition on the list's tenant column: none when
 * the filter names no tenant, 1401 when it names one out of the caller's reach
 * (so a filter never answers "no rows" for a tenant the caller may not see).
 */
export async function tenantFilter(
  db: Queryable,
  scope: Scope,
  column: AnyPgColumn,
  tenantId: number | undefined,
): Promise<SQL | undefined> {
  if (tenantId === undefined) return undefined;
  await tenantInScope(db, scope, tenantId);
  return eq(column, tenantId);
}
