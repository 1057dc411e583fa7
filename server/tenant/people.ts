/**
 * Distributors (shared/tenant/people.ts): the tenants a caller manages — every
 * tenant for the system admin, its second-level tenants for a first-level
 * tenant (and its members holding 7-1) — with their accounts. A tenant never
 * manages itself: it cannot disable or rename itself here.
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { MemberConfig, TenantItem } from '../../shared/tenant/index.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { containsPattern } from '../db/sql.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { tenantInScope } from './owner.js';
import { createAccount, revokeTenantTokens, setPassword, users } from '../account/index.js';
import { tenants } from '../identity/schema.js';
import { tenantDevices } from './ports.js';

const parent = alias(tenants, 'parent');

/**
 * The tenants `user` manages: all (admin), else its own tenant's children —
 * within its scope (server/scope.ts), so a member, whose scope is its own
 * tenant, manages none until members get their tenant's span.
 */
export const managed = (user: AuthUser, scope: Scope): SQL | undefined =>
  user.kind === 'admin'
    ? undefined
    : user.tenantId === null
      ? sql`false`
      : and(eq(tenants.parentId, user.tenantId), scope.where(tenants.id));

/** Built per statement: the device count comes from the device domain, known once the domains are assembled. */
const columns = () => ({
  tenantId: tenants.id,
  name: tenants.name,
  contact: tenants.contact,
  parent: tenants.parentId,
  parentName: parent.name,
  disabled: tenants.disabled,
  createdAt: tenants.createdAt,
  // The distributor's own account (created with it); by subquery so a tenant without one still lists.
  username: sql<
    string | null
  >`(select ${users.username} from ${users} where ${users.tenantId} = ${tenants.id} and ${users.kind} = 'tenant' order by ${users.id} limit 1)`,
  // As the device domain (which builds on tenants) counts them.
  devices: tenantDevices.use()(tenants.id),
  children: sql<number>`(select count(*)::int from tenants c where c.parent_id = ${tenants.id})`,
});
const select = (db: Queryable) => db.select(columns()).from(tenants).leftJoin(parent, eq(parent.id, tenants.parentId));
const toItem = (row: Awaited<ReturnType<typeof select>>[number]): TenantItem => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function tenantPage(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  query: PageQuery,
  filter: { keyword?: string | undefined; state?: 'enabled' | 'disabled' | undefined; parentId?: number | undefined },
) {
  if (filter.parentId !== undefined) await tenantInScope(db, scope, filter.parentId);
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where = and(
    managed(user, scope),
    like
      ? or(
          ilike(tenants.name, like),
          ilike(tenants.contact, like),
          sql`exists (select 1 from ${users} where ${users.tenantId} = ${tenants.id} and ${users.kind} = 'tenant' and ${users.username} ilike ${like})`,
        )
      : undefined,
    filter.state ? eq(tenants.disabled, filter.state === 'disabled') : undefined,
    filter.parentId !== undefined ? eq(tenants.parentId, filter.parentId) : undefined,
  );
  return paged(
    query,
    select(db).where(where).orderBy(desc(tenants.createdAt), desc(tenants.id)),
    db.select({ total: count() }).from(tenants).where(where),
    toItem,
  );
}

/** A tenant the user manages, or 1401 (out of reach and missing answer alike). */
async function managedTenant(db: Queryable, user: AuthUser, scope: Scope, id: number) {
  const [row] = await db
    .select({
      id: tenants.id,
      contact: tenants.contact,
      parentId: tenants.parentId,
      memberCardName: tenants.memberCardName,
      membersEnabled: tenants.membersEnabled,
      pointsEnabled: tenants.pointsEnabled,
      pointsExpiryMonths: tenants.pointsExpiryMonths,
    })
    .from(tenants)
    .where(and(eq(tenants.id, id), managed(user, scope)));
  if (!row) throw new BizError(CODE.tenantNotFound);
  return row;
}

export async function tenantDetail(db: Queryable, user: AuthUser, scope: Scope, id: number) {
  const row = await managedTenant(db, user, scope, id);
  const [item] = await select(db).where(eq(tenants.id, id));
  return {
    ...toItem(item!),
    memberConfig: {
      cardName: row.memberCardName,
      members: row.membersEnabled,
      points: row.pointsEnabled,
      pointsExpiryMonths: row.pointsExpiryMonths,
    },
  };
}

export async function createTenant(
  db: Db,
  user: AuthUser,
  body: { name: string; username: string; password: string; contact: string; parentId?: number | undefined },
) {
  let parentId: number | null;
  if (user.kind === 'admin') {
    parentId = body.parentId ?? null;
    if (parentId !== null) {
      const [p] = await db.select({ parentId: tenants.parentId }).from(tenants).where(eq(tenants.id, parentId));
      if (!p) throw new BizError(CODE.tenantNotFound);
      if (p.parentId !== null) throw new BizError(CODE.parentNotFirstLevel);
    }
  } else {
    // A first-level tenant creates its own second-level tenants; a second-level tenant creates none.
    if (user.tenantId === null || user.parentTenantId !== null) throw new BizError(CODE.forbidden);
    if (body.parentId !== undefined && body.parentId !== user.tenantId) throw new BizError(CODE.tenantNotFound);
    parentId = user.tenantId;
  }
  // The distributor and its own account, made together.
  const id = await createAccount(db, body, async (tx, open) => {
    const [row] = await tx
      .insert(tenants)
      .values({ name: body.name, contact: body.contact, parentId })
      .returning({ id: tenants.id });
    await open({ name: body.name, kind: 'tenant', tenantId: row!.id, contact: body.contact });
    return row!.id;
  });
  const [item] = await select(db).where(eq(tenants.id, id));
  return toItem(item!);
}

export async function updateTenant(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  body: { name: string; contact?: string | undefined },
) {
  const row = await managedTenant(db, user, scope, id);
  if (body.contact !== undefined && body.contact === row.contact)
    throw new RequestValidationError({ contact: 'tenant.validation.samePhone' });
  await db
    .update(tenants)
    .set({ name: body.name, ...(body.contact !== undefined ? { contact: body.contact } : {}) })
    .where(eq(tenants.id, id));
  const [item] = await select(db).where(eq(tenants.id, id));
  return toItem(item!);
}

export async function setTenantState(db: Db, user: AuthUser, scope: Scope, ids: readonly number[], disabled: boolean) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(inArray(tenants.id, unique), managed(user, scope)))
      .for('update');
    if (found.length !== unique.length) throw new BizError(CODE.tenantNotFound);
    const changed = await tx
      .update(tenants)
      .set({ disabled })
      .where(and(inArray(tenants.id, unique), sql`${tenants.disabled} <> ${disabled}`))
      .returning({ id: tenants.id });
    if (disabled) {
      // Signed out now, on every instance: their tokens and their second-level tenants' (whose sign-in the parent's state refuses too).
      const children = await tx.select({ id: tenants.id }).from(tenants).where(inArray(tenants.parentId, unique));
      await revokeTenantTokens(tx, [...unique, ...children.map((c) => c.id)]);
    }
    return { changed: changed.length };
  });
}

export async function resetTenantPassword(db: Db, user: AuthUser, scope: Scope, id: number, password: string) {
  await managedTenant(db, user, scope, id);
  const accounts = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, id), eq(users.kind, 'tenant')));
  if (!accounts.length) throw new BizError(CODE.tenantNotFound);
  for (const a of accounts) await setPassword(db, a, password);
}

export async function saveMemberConfig(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  config: MemberConfig,
): Promise<MemberConfig> {
  await managedTenant(db, user, scope, id);
  await db
    .update(tenants)
    .set({
      memberCardName: config.cardName,
      membersEnabled: config.members,
      pointsEnabled: config.points,
      // A new rule applies to points earned from now on: lots keep the expiry they were earned with.
      pointsExpiryMonths: config.pointsExpiryMonths,
    })
    .where(eq(tenants.id, id));
  return config;
}
