/**
 * Roles (shared/staff/roles.ts): a tenant's named sets of power codes. The
 * members holding a role read its codes on every call (server/account's
 * principal joins them), so an edit takes effect on their next call. A
 * member managing roles grants only what it holds and leaves its own role
 * alone: otherwise 4-2 would be every code.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { RoleInput, RoleItem } from '../../shared/staff/index.js';
import type { PowerCode } from '../../shared/roles.js';
import { users } from '../account/schema.js';
import type { Db, Queryable } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { BizError, uniqueAs } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantInScope } from '../tenant/index.js';
import { roles, tenants } from '../identity/schema.js';

const memberCount = sql<number>`(select count(*)::int from ${users} where ${users.roleId} = ${roles.id})`;
const columns = {
  id: roles.id,
  tenantId: roles.tenantId,
  tenantName: tenants.name,
  name: roles.name,
  description: roles.description,
  powers: roles.powers,
  members: memberCount,
  createdAt: roles.createdAt,
};
const selectRoles = (db: Queryable) =>
  db.select(columns).from(roles).innerJoin(tenants, eq(tenants.id, roles.tenantId));
type Row = Awaited<ReturnType<ReturnType<typeof selectRoles>['where']>>[number];
// The column holds only codes the schema let through.
const toItem = (r: Row): RoleItem => ({ ...r, powers: r.powers as PowerCode[], createdAt: r.createdAt.toISOString() });

export async function rolePage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: { keyword?: string | undefined; tenantId?: number | undefined },
) {
  const where: SQL[] = [scope.where(roles.tenantId)];
  if (filter.keyword) where.push(sql`${roles.name} ilike ${containsPattern(filter.keyword)}`);
  if (filter.tenantId !== undefined) {
    await tenantInScope(db, scope, filter.tenantId);
    where.push(eq(roles.tenantId, filter.tenantId));
  }
  const rows = selectRoles(db)
    .where(and(...where))
    .orderBy(desc(roles.createdAt), desc(roles.id))
    .$dynamic();
  return paged(
    query,
    rows,
    db
      .select({ total: count() })
      .from(roles)
      .where(and(...where)),
    toItem,
  );
}

export async function roleOf(db: Queryable, scope: Scope, id: number): Promise<RoleItem> {
  const [row] = await selectRoles(db).where(and(eq(roles.id, id), scope.where(roles.tenantId)));
  if (!row) throw new BizError(CODE.roleNotFound);
  return toItem(row);
}

/** A member grants only the codes it holds, and never to its own role (1523). */
function checkGrant(user: AuthUser, input: RoleInput, roleId?: number) {
  if (user.kind !== 'member') return;
  if (roleId !== undefined && roleId === user.roleId) throw new BizError(CODE.powerNotHeld);
  if (input.powers.some((p) => !user.powers.includes(p))) throw new BizError(CODE.powerNotHeld);
}

async function nameFree(db: Queryable, tenantId: number, name: string, except?: number) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.tenantId, tenantId),
        eq(roles.name, name),
        except === undefined ? undefined : sql`${roles.id} <> ${except}`,
      ),
    );
  if (taken) throw new BizError(CODE.roleNameTaken);
}

const valuesOf = (input: RoleInput) => ({
  name: input.name,
  description: input.description,
  powers: [...new Set(input.powers)],
});

export async function createRole(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: RoleInput & { tenantId?: number | undefined },
): Promise<RoleItem> {
  checkGrant(user, input);
  const tenantId = await owningTenant(db, user, scope, input.tenantId);
  await nameFree(db, tenantId, input.name);
  const [row] = await uniqueAs(CODE.roleNameTaken, () =>
    db
      .insert(roles)
      .values({ tenantId, ...valuesOf(input) })
      .returning({ id: roles.id }),
  );
  return roleOf(db, scope, row!.id);
}

export async function updateRole(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  input: RoleInput,
): Promise<RoleItem> {
  const current = await roleOf(db, scope, id);
  checkGrant(user, input, id);
  await nameFree(db, current.tenantId, input.name, id);
  await uniqueAs(CODE.roleNameTaken, () => db.update(roles).set(valuesOf(input)).where(eq(roles.id, id)));
  return roleOf(db, scope, id);
}

export async function deleteRole(db: Db, user: AuthUser, scope: Scope, id: number): Promise<{ deleted: boolean }> {
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, id), scope.where(roles.tenantId)))
      .for('update');
    if (!role) throw new BizError(CODE.roleNotFound);
    if (user.kind === 'member' && user.roleId === id) throw new BizError(CODE.powerNotHeld);
    // A member bound meanwhile waits for this lock in its own bind (which reads the role for update): no member is left holding a deleted role.
    const [held] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, id));
    if (held!.n > 0) throw new BizError(CODE.roleInUse);
    await tx.delete(roles).where(eq(roles.id, id));
    return { deleted: true };
  });
}
