/**
 * Enterprise customers (shared/customer/api.ts): a tenant's business
 * customers with their platform accounts. A tenant reaches its own and its
 * second-level tenants' (its scope); an enterprise account reaches only
 * itself. Disabling a customer disables its account in the same
 * transaction — its sessions end on every instance — and its staff cards
 * stop at the machines (server/customer/queries.ts reads the state).
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { CustomerItem, CustomerState } from '../../shared/customer/index.js';
import { createAccount, setAccountsEnabled, users } from '../account/index.js';
import type { Db, Queryable } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { owningTenant, tenantFilter, tenantInScope } from '../tenant/index.js';
import { customerPoints, customers, customerStaff } from './schema.js';
import { tenants } from '../identity/schema.js';

const columns = {
  id: customers.id,
  tenantId: customers.tenantId,
  tenantName: tenants.name,
  name: customers.name,
  userId: customers.userId,
  username: users.username,
  state: customers.state,
  buyNow: customers.buyNow,
  createdAt: customers.createdAt,
  points: sql<number>`(select count(*)::int from ${customerPoints} cp where cp.customer_id = ${customers.id})`,
  staff: sql<number>`(select count(*)::int from ${customerStaff} cs where cs.customer_id = ${customers.id})`,
};
const select = (db: Queryable) =>
  db
    .select(columns)
    .from(customers)
    .innerJoin(tenants, eq(tenants.id, customers.tenantId))
    .leftJoin(users, eq(users.id, customers.userId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
const toItem = (r: Row): CustomerItem => ({ ...r, createdAt: r.createdAt.toISOString() });

/** The customers a caller reaches: its own for an enterprise account, its scope's otherwise. */
export const reach = (user: AuthUser, scope: Scope): SQL =>
  user.kind === 'enterprise' ? eq(customers.userId, user.id) : scope.where(customers.tenantId);

export async function customerPage(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  query: PageQuery,
  filter: {
    keyword?: string | undefined;
    state?: CustomerState | undefined;
    tenantId?: number | undefined;
  },
) {
  const byTenant = await tenantFilter(db, scope, customers.tenantId, filter.tenantId);
  const like = filter.keyword ? containsPattern(filter.keyword) : undefined;
  const where = and(
    reach(user, scope),
    like
      ? or(
          ilike(customers.name, like),
          sql`exists (select 1 from ${users} u where u.id = ${customers.userId} and u.username ilike ${like})`,
        )
      : undefined,
    filter.state ? eq(customers.state, filter.state) : undefined,
    byTenant,
  );
  return paged(
    query,
    select(db).where(where).orderBy(desc(customers.createdAt), desc(customers.id)),
    db.select({ total: count() }).from(customers).where(where),
    toItem,
  );
}

/** The one customer a condition names among those the caller reaches, or 801 (missing and out of reach alike). */
async function oneCustomer(db: Queryable, user: AuthUser, scope: Scope, which: SQL): Promise<CustomerItem> {
  const [row] = await select(db).where(and(which, reach(user, scope)));
  if (!row) throw new BizError(CODE.customerNotFound);
  return toItem(row);
}

/** A customer by its id. */
export const customerOf = (db: Queryable, user: AuthUser, scope: Scope, id: number) =>
  oneCustomer(db, user, scope, eq(customers.id, id));

/** The customer of an enterprise account (spec `/customer/get/{id}`). */
export const customerOfUser = (db: Queryable, user: AuthUser, scope: Scope, userId: number) =>
  oneCustomer(db, user, scope, eq(customers.userId, userId));

export async function customerChoices(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  filter: { keyword?: string | undefined; tenantId?: number | undefined },
) {
  if (filter.tenantId !== undefined) await tenantInScope(db, scope, filter.tenantId);
  return db
    .select({ id: customers.id, name: customers.name, tenantId: customers.tenantId })
    .from(customers)
    .where(
      and(
        reach(user, scope),
        filter.keyword ? ilike(customers.name, containsPattern(filter.keyword)) : undefined,
        filter.tenantId !== undefined ? eq(customers.tenantId, filter.tenantId) : undefined,
      ),
    )
    .orderBy(customers.name, customers.id)
    .limit(500);
}

export async function createCustomer(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: {
    name: string;
    username: string;
    password: string;
    buyNow: boolean;
    tenantId?: number | undefined;
  },
): Promise<CustomerItem> {
  const tenantId = await owningTenant(db, user, scope, body.tenantId);
  // The enterprise's account, then the customer it speaks for.
  const id = await createAccount(db, body, async (tx, open) => {
    const userId = await open({ name: body.name, kind: 'enterprise', tenantId });
    const [row] = await tx
      .insert(customers)
      .values({ tenantId, userId, name: body.name, buyNow: body.buyNow })
      .returning({ id: customers.id });
    return row!.id;
  });
  return customerOf(db, user, scope, id);
}

export async function updateCustomer(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  body: { name: string; buyNow: boolean },
): Promise<CustomerItem> {
  const current = await customerOf(db, user, scope, id);
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ name: body.name, buyNow: body.buyNow }).where(eq(customers.id, id));
    // The account shows the enterprise's name at the top of its console.
    if (current.userId !== null) await tx.update(users).set({ name: body.name }).where(eq(users.id, current.userId));
  });
  return customerOf(db, user, scope, id);
}

export async function setCustomerState(
  db: Db,
  user: AuthUser,
  scope: Scope,
  id: number,
  state: CustomerState,
): Promise<CustomerItem> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: customers.userId })
      .from(customers)
      .where(and(eq(customers.id, id), reach(user, scope)))
      .for('update');
    if (!row) throw new BizError(CODE.customerNotFound);
    await tx.update(customers).set({ state }).where(eq(customers.id, id));
    if (row.userId !== null) await setAccountsEnabled(tx, [row.userId], state !== 'disabled');
  });
  return customerOf(db, user, scope, id);
}

/** The customer's tenant, for the rows bound to it (points, prices, staff). */
export async function customerTenant(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  id: number,
  lock = false,
): Promise<{ id: number; tenantId: number }> {
  const query = db
    .select({ id: customers.id, tenantId: customers.tenantId })
    .from(customers)
    .where(and(eq(customers.id, id), reach(user, scope)));
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw new BizError(CODE.customerNotFound);
  return row;
}
