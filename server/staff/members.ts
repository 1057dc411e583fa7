/**
 * Members (shared/staff/members.ts): a tenant's staff accounts. Their
 * sessions live in the database (server/account), so disabling or deleting
 * one revokes its tokens in the same transaction: its next call, on any
 * instance, is refused. A member managing members (4-1) never acts on
 * itself, and binds only roles within its own codes — otherwise 4-1 would
 * be every code.
 */
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { MemberItem } from '../../shared/staff/index.js';
import type { PowerCode } from '../../shared/roles.js';
import { endSessions, createAccount, setAccountsEnabled, users } from '../account/index.js';
import type { Db, Queryable } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { points } from '../point/schema.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantInScope } from '../tenant/index.js';
import { storeStaff } from './schema.js';
import { memberDevices } from '../identity/schema.js';
import { devices } from '../device/schema.js';
import { roles, tenants } from '../identity/schema.js';

const stores = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name)
  from ${storeStaff} s join ${points} p on p.id = s.point_id where s.user_id = ${users.id}), '[]'::json)`;
const assigned = sql<number>`(select count(*)::int from ${memberDevices} md where md.user_id = ${users.id})`;
const columns = {
  devices: assigned,
  id: users.id,
  tenantId: users.tenantId,
  tenantName: tenants.name,
  name: users.name,
  username: users.username,
  phone: users.contact,
  roleId: users.roleId,
  roleName: roles.name,
  powers: roles.powers,
  disabled: users.disabled,
  stores,
  createdAt: users.createdAt,
};
const selectMembers = (db: Queryable) =>
  db
    .select(columns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(roles, eq(roles.id, users.roleId));
type Row = Awaited<ReturnType<ReturnType<typeof selectMembers>['where']>>[number];
const toItem = (r: Row): MemberItem => ({
  ...r,
  tenantId: r.tenantId!,
  powers: (r.powers ?? []) as PowerCode[],
  stores: r.stores,
  createdAt: r.createdAt.toISOString(),
});
const isMember = (scope: Scope) => and(eq(users.kind, 'member'), scope.where(users.tenantId));

export async function memberPage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: {
    keyword?: string | undefined;
    state?: 'enabled' | 'disabled' | undefined;
    roleId?: number | undefined;
    pointId?: number | undefined;
    tenantId?: number | undefined;
  },
) {
  const where: (SQL | undefined)[] = [isMember(scope)];
  if (filter.keyword) {
    const like = containsPattern(filter.keyword);
    where.push(
      or(sql`${users.name} ilike ${like}`, sql`${users.username} ilike ${like}`, sql`${users.contact} ilike ${like}`),
    );
  }
  if (filter.state) where.push(eq(users.disabled, filter.state === 'disabled'));
  if (filter.roleId !== undefined) {
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, filter.roleId), scope.where(roles.tenantId)));
    if (!role) throw new BizError(CODE.roleNotFound);
    where.push(eq(users.roleId, filter.roleId));
  }
  if (filter.pointId !== undefined) {
    const [point] = await db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.id, filter.pointId), scope.where(points.tenantId)));
    if (!point) throw new BizError(CODE.pointNotFound);
    where.push(
      sql`exists (select 1 from ${storeStaff} s where s.user_id = ${users.id} and s.point_id = ${filter.pointId})`,
    );
  }
  if (filter.tenantId !== undefined) {
    await tenantInScope(db, scope, filter.tenantId);
    where.push(eq(users.tenantId, filter.tenantId));
  }
  const rows = selectMembers(db)
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .$dynamic();
  return paged(
    query,
    rows,
    db
      .select({ total: count() })
      .from(users)
      .where(and(...where)),
    toItem,
  );
}

export async function memberOf(db: Queryable, scope: Scope, id: number): Promise<MemberItem> {
  const [row] = await selectMembers(db).where(and(eq(users.id, id), isMember(scope)));
  if (!row) throw new BizError(CODE.memberNotFound);
  return toItem(row);
}

/** A role of the tenant, which a managing member may hand out only when it holds all its codes. */
async function bindable(db: Queryable, user: AuthUser, tenantId: number, roleId: number) {
  const [role] = await db
    .select({ powers: roles.powers })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.tenantId, tenantId)))
    .for('share');
  if (!role) throw new BizError(CODE.roleNotFound);
  if (user.kind === 'member' && (roleId === user.roleId || role.powers.some((p) => !user.powers.includes(p))))
    throw new BizError(CODE.powerNotHeld);
}

export async function createMember(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: {
    name: string;
    phone: string;
    username: string;
    password: string;
    roleId?: number | undefined;
    tenantId?: number | undefined;
  },
): Promise<MemberItem> {
  const tenantId = await owningTenant(db, user, scope, body.tenantId);
  const id = await createAccount(db, body, async (tx, open) => {
    if (body.roleId !== undefined) await bindable(tx, user, tenantId, body.roleId);
    return open({ name: body.name, kind: 'member', tenantId, contact: body.phone, roleId: body.roleId ?? null });
  });
  return memberOf(db, scope, id);
}

export async function updateMember(
  db: Db,
  scope: Scope,
  id: number,
  body: { name: string; phone?: string | undefined },
): Promise<MemberItem> {
  const current = await memberOf(db, scope, id);
  if (body.phone !== undefined && body.phone === current.phone)
    throw new RequestValidationError({ phone: 'staff.validation.samePhone' });
  await db
    .update(users)
    .set({ name: body.name, ...(body.phone !== undefined ? { contact: body.phone } : {}) })
    .where(eq(users.id, id));
  return memberOf(db, scope, id);
}

/** The members named, locked in id order, all in scope (1524) and none of them the caller (1523); answers them with their tenants. */
async function lockMembers(tx: Queryable, user: AuthUser, scope: Scope, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.includes(user.id)) throw new BizError(CODE.powerNotHeld);
  const found = await tx
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(and(inArray(users.id, unique), isMember(scope)))
    .orderBy(users.id)
    .for('update');
  if (found.length !== unique.length) throw new BizError(CODE.memberNotFound);
  return found.map((m) => ({ id: m.id, tenantId: m.tenantId! }));
}
const idsOf = (members: readonly { id: number }[]) => members.map((m) => m.id);

export async function setMemberState(db: Db, user: AuthUser, scope: Scope, ids: readonly number[], disabled: boolean) {
  return db.transaction(async (tx) => {
    const unique = idsOf(await lockMembers(tx, user, scope, ids));
    const changed = await setAccountsEnabled(tx, unique, !disabled);
    return { changed: changed.length };
  });
}

export async function deleteMembers(db: Db, user: AuthUser, scope: Scope, ids: readonly number[]) {
  return db.transaction(async (tx) => {
    const unique = idsOf(await lockMembers(tx, user, scope, ids));
    await endSessions(tx, unique);
    // Their tokens, store places and export jobs go with them; device history keeps the moves without the actor.
    const gone = await tx.delete(users).where(inArray(users.id, unique)).returning({ id: users.id });
    return { deleted: gone.length };
  });
}

export async function bindRole(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  roleId: number | null,
): Promise<MemberItem> {
  await db.transaction(async (tx) => {
    const [member] = await lockMembers(tx, user, scope, [id]);
    if (roleId !== null) await bindable(tx, user, member!.tenantId, roleId);
    await tx.update(users).set({ roleId }).where(eq(users.id, id));
  });
  return memberOf(db, scope, id);
}

/** The store, a point in scope (1410) whose tenant is every member's (1525); the body names the path's store (spec §7 sends it twice). */
async function storeFor(
  tx: Queryable,
  scope: Scope,
  storeId: number,
  body: { storeId: number; employeeIds: readonly number[] },
) {
  const named = await tx
    .select({ id: points.id, tenantId: points.tenantId })
    .from(points)
    .where(and(inArray(points.id, [storeId, body.storeId]), scope.where(points.tenantId)));
  const point = named.find((p) => p.id === storeId);
  if (!point || !named.some((p) => p.id === body.storeId)) throw new BizError(CODE.pointNotFound);
  if (body.storeId !== storeId) throw new RequestValidationError({ storeId: 'validation.invalid' });
  const unique = [...new Set(body.employeeIds)];
  const found = await tx
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(and(inArray(users.id, unique), isMember(scope)));
  if (found.length !== unique.length) throw new BizError(CODE.memberNotFound);
  if (found.some((m) => m.tenantId !== point.tenantId)) throw new BizError(CODE.storeMismatch);
  return { point, unique };
}

export async function bindStore(
  db: Db,
  scope: Scope,
  storeId: number,
  body: { storeId: number; employeeIds: readonly number[] },
) {
  return db.transaction(async (tx) => {
    const { point, unique } = await storeFor(tx, scope, storeId, body);
    const added = await tx
      .insert(storeStaff)
      .values(unique.map((userId) => ({ pointId: point.id, userId })))
      .onConflictDoNothing()
      .returning({ userId: storeStaff.userId });
    return { bound: added.length };
  });
}

export async function unbindStore(
  db: Db,
  scope: Scope,
  storeId: number,
  body: { storeId: number; employeeIds: readonly number[] },
) {
  return db.transaction(async (tx) => {
    const { point, unique } = await storeFor(tx, scope, storeId, body);
    const removed = await tx
      .delete(storeStaff)
      .where(and(eq(storeStaff.pointId, point.id), inArray(storeStaff.userId, unique)))
      .returning({ userId: storeStaff.userId });
    return { unbound: removed.length };
  });
}

export async function memberDevicesOf(db: Queryable, scope: Scope, id: number) {
  await memberOf(db, scope, id);
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serial,
      pointId: devices.pointId,
      pointName: points.name,
    })
    .from(memberDevices)
    .innerJoin(devices, eq(devices.id, memberDevices.deviceId))
    .leftJoin(points, eq(points.id, devices.pointId))
    .where(eq(memberDevices.userId, id))
    .orderBy(points.name, devices.name, devices.id);
}

/**
 * Replaces a member's assigned devices: each of the member's tenant and seen
 * by the caller (a member assigning, only within its own). The member's row
 * is locked, so two saves take turns and the last one is the set.
 */
export async function assignDevices(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  deviceIds: readonly number[],
): Promise<MemberItem> {
  await db.transaction(async (tx) => {
    const [member] = await lockMembers(tx, user, scope, [id]);
    const unique = [...new Set(deviceIds)];
    if (unique.length) {
      const found = await tx
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(
            inArray(devices.id, unique),
            eq(devices.tenantId, member!.tenantId),
            scope.whereDevice(devices.tenantId, devices.id),
          ),
        );
      if (found.length !== unique.length) throw new BizError(CODE.deviceNotFound);
    }
    await tx.delete(memberDevices).where(eq(memberDevices.userId, id));
    if (unique.length) await tx.insert(memberDevices).values(unique.map((deviceId) => ({ userId: id, deviceId })));
  });
  return memberOf(db, scope, id);
}

export async function deviceChoices(
  db: Queryable,
  scope: Scope,
  id: number,
  filter: { keyword?: string | undefined; pointId?: number | undefined },
) {
  const member = await memberOf(db, scope, id);
  if (filter.pointId !== undefined) {
    const [point] = await db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.id, filter.pointId), scope.where(points.tenantId)));
    if (!point) throw new BizError(CODE.pointNotFound);
  }
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serial: devices.serial,
      pointId: devices.pointId,
      pointName: points.name,
    })
    .from(devices)
    .leftJoin(points, eq(points.id, devices.pointId))
    .where(
      and(
        eq(devices.tenantId, member.tenantId),
        scope.whereDevice(devices.tenantId, devices.id),
        like ? or(sql`${devices.name} ilike ${like}`, sql`${devices.serial} ilike ${like}`) : undefined,
        filter.pointId !== undefined ? eq(devices.pointId, filter.pointId) : undefined,
      ),
    )
    .orderBy(points.name, devices.name, devices.id)
    .limit(500);
}
