/**
 * What a customer is bound to: the points that honour its staff cards
 * (bindGroup) and its employee prices. A customer of a first-level tenant
 * may be honoured at its second-level tenants' points too (they sell on its
 * behalf); a point of any other tenant is refused (802), as a product not of
 * the customer's tenant is (803).
 */
import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { BoundPoint, StaffPriceItem } from '../../shared/customer/index.js';
import type { Db, Queryable } from '../db/index.js';
import { containsPattern } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { AuthUser } from '../http/principal.js';
import { points } from '../point/schema.js';
import { products } from '../product/schema.js';
import type { Scope } from '../scope.js';
import { customerTenant, reach } from './customers.js';
import { customerPoints, customerPrices, customers } from './schema.js';
import { tenants } from '../identity/schema.js';

export async function boundPoints(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  customerId: number,
): Promise<BoundPoint[]> {
  await customerTenant(db, user, scope, customerId);
  return db
    .select({
      id: points.id,
      name: points.name,
      tenantId: points.tenantId,
      tenantName: tenants.name,
      address: points.address,
    })
    .from(customerPoints)
    .innerJoin(points, eq(points.id, customerPoints.pointId))
    .innerJoin(tenants, eq(tenants.id, points.tenantId))
    .where(eq(customerPoints.customerId, customerId))
    .orderBy(asc(points.name), asc(points.id));
}

export async function pointChoices(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  customerId: number,
  keyword: string | undefined,
): Promise<BoundPoint[]> {
  const customer = await customerTenant(db, user, scope, customerId);
  return db
    .select({
      id: points.id,
      name: points.name,
      tenantId: points.tenantId,
      tenantName: tenants.name,
      address: points.address,
    })
    .from(points)
    .innerJoin(tenants, eq(tenants.id, points.tenantId))
    .where(
      and(
        scope.where(points.tenantId),
        or(eq(points.tenantId, customer.tenantId), eq(tenants.parentId, customer.tenantId)),
        keyword ? ilike(points.name, containsPattern(keyword)) : undefined,
        sql`not exists (select 1 from ${customerPoints} b where b.customer_id = ${customerId} and b.point_id = ${points.id})`,
      ),
    )
    .orderBy(asc(points.name), asc(points.id))
    .limit(500);
}

/** The points named, each in the caller's scope and of the customer's tenant or one of its second-level tenants. */
async function bindablePoints(tx: Queryable, scope: Scope, tenantId: number, pointIds: readonly number[]) {
  const unique = [...new Set(pointIds)];
  const found = await tx
    .select({ id: points.id, tenantId: points.tenantId, parentId: tenants.parentId })
    .from(points)
    .innerJoin(tenants, eq(tenants.id, points.tenantId))
    .where(and(inArray(points.id, unique), scope.where(points.tenantId)));
  if (found.length !== unique.length) throw new BizError(CODE.pointNotFound);
  if (found.some((p) => p.tenantId !== tenantId && p.parentId !== tenantId)) throw new BizError(CODE.pointNotCustomers);
  return unique;
}

export async function bindPoints(
  db: Db,
  user: AuthUser,
  scope: Scope,
  customerId: number,
  pointIds: readonly number[],
) {
  return db.transaction(async (tx) => {
    const customer = await customerTenant(tx, user, scope, customerId, true);
    const unique = await bindablePoints(tx, scope, customer.tenantId, pointIds);
    const added = await tx
      .insert(customerPoints)
      .values(unique.map((pointId) => ({ customerId, pointId })))
      .onConflictDoNothing()
      .returning({ pointId: customerPoints.pointId });
    return { bound: added.length };
  });
}

export async function unbindPoints(
  db: Db,
  user: AuthUser,
  scope: Scope,
  customerId: number,
  pointIds: readonly number[],
) {
  return db.transaction(async (tx) => {
    await customerTenant(tx, user, scope, customerId, true);
    const unique = [...new Set(pointIds)];
    const found = await tx
      .select({ id: points.id })
      .from(points)
      .where(and(inArray(points.id, unique), scope.where(points.tenantId)));
    if (found.length !== unique.length) throw new BizError(CODE.pointNotFound);
    const removed = await tx
      .delete(customerPoints)
      .where(and(eq(customerPoints.customerId, customerId), inArray(customerPoints.pointId, unique)))
      .returning({ pointId: customerPoints.pointId });
    return { unbound: removed.length };
  });
}

export async function staffPrices(
  db: Queryable,
  user: AuthUser,
  scope: Scope,
  query: PageQuery,
  filter: { customerId: number; keyword?: string | undefined; onlySet?: boolean | undefined },
) {
  const customer = await customerTenant(db, user, scope, filter.customerId);
  const price = and(eq(customerPrices.customerId, customer.id), eq(customerPrices.productId, products.id));
  const where = and(
    eq(products.tenantId, customer.tenantId),
    filter.keyword ? ilike(products.name, containsPattern(filter.keyword)) : undefined,
    filter.onlySet ? isNotNull(customerPrices.id) : undefined,
  );
  const rows = db
    .select({
      productId: products.id,
      productName: products.name,
      productNumber: products.number,
      retailPrice: products.price,
      priceId: customerPrices.id,
      price: customerPrices.price,
    })
    .from(products)
    .leftJoin(customerPrices, price)
    .where(where)
    .orderBy(asc(products.name), asc(products.id));
  const total = db.select({ total: count() }).from(products).leftJoin(customerPrices, price).where(where);
  return paged(query, rows, total, (r): StaffPriceItem => r);
}

export async function setStaffPrices(
  db: Db,
  user: AuthUser,
  scope: Scope,
  customerId: number,
  prices: readonly { productId: number; price: number }[],
) {
  return db.transaction(async (tx) => {
    const customer = await customerTenant(tx, user, scope, customerId, true);
    const latest = new Map(prices.map((p) => [p.productId, p.price]));
    const ids = [...latest.keys()];
    const found = await tx
      .select({ id: products.id, tenantId: products.tenantId })
      .from(products)
      .where(and(inArray(products.id, ids), scope.where(products.tenantId)));
    if (found.length !== ids.length) throw new BizError(CODE.productNotFound);
    if (found.some((p) => p.tenantId !== customer.tenantId)) throw new BizError(CODE.productNotCustomers);
    await tx
      .insert(customerPrices)
      .values(
        ids.map((productId) => ({ customerId, tenantId: customer.tenantId, productId, price: latest.get(productId)! })),
      )
      .onConflictDoUpdate({
        target: [customerPrices.customerId, customerPrices.productId],
        set: { price: sql`excluded.price` },
      });
    return { saved: ids.length };
  });
}

export async function deleteStaffPrice(db: Db, user: AuthUser, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: customerPrices.id })
    .from(customerPrices)
    .innerJoin(customers, eq(customers.id, customerPrices.customerId))
    .where(and(eq(customerPrices.id, id), reach(user, scope)));
  if (!row) throw new BizError(CODE.staffPriceNotFound);
  const gone = await db.delete(customerPrices).where(eq(customerPrices.id, id)).returning({ id: customerPrices.id });
  return { deleted: gone.length };
}

/** The customer's employee prices of these products, for a sale (product → fen). */
export async function customerPricesOf(
  db: Queryable,
  customerId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: customerPrices.productId, price: customerPrices.price })
    .from(customerPrices)
    .where(and(eq(customerPrices.customerId, customerId), inArray(customerPrices.productId, [...productIds])));
  return new Map(rows.map((r) => [r.productId, r.price]));
}
