/**
 * The review list of failed vends (shared/delivery): read in the orders'
 * scope, decided once under the review's row lock. Approving refunds each
 * failed item what is left of it, through the refund path (the order's lock,
 * 920 as the truth behind the sum); dismissing keeps the note.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { PageQuery } from '../../shared/api/define.js';
import type { ReviewItem } from '../../shared/delivery/index.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import { paged } from '../http/paged.js';
import type { Scope } from '../scope.js';
import { orderItems, orders, orderScope } from '../order/index.js';
import { tenantFilter } from '../tenant/index.js';
import { itemsOf, refundFailedItems } from './outcome.js';
import { deliveryReviews as r } from './schema.js';
import { tenants } from '../identity/schema.js';

const columns = {
  id: r.id,
  orderId: r.orderId,
  orderNumber: orders.number,
  deviceName: orders.deviceName,
  tenantId: r.tenantId,
  tenantName: tenants.name,
  receivedAmount: orders.receivedAmount,
  state: r.state,
  note: r.note,
  decidedBy: r.decidedBy,
  decidedAt: r.decidedAt,
  createdAt: r.createdAt,
};

const select = (db: Queryable) =>
  db.select(columns).from(r).innerJoin(orders, eq(orders.id, r.orderId)).leftJoin(tenants, eq(tenants.id, r.tenantId));
type Row = Awaited<ReturnType<typeof select>>[number];

/** The failed items of some orders, each with what it cost. */
async function failedOf(db: Queryable, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      name: orderItems.name,
      channel: orderItems.channel,
      count: orderItems.count,
      failure: orderItems.failure,
      value: orderItems.amount,
    })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, [...orderIds]), eq(orderItems.outcome, 'failed')))
    .orderBy(orderItems.channel);
}

async function toItems(db: Queryable, rows: readonly Row[]): Promise<ReviewItem[]> {
  const failed = await failedOf(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => {
    const mine = failed.filter((f) => f.orderId === row.orderId);
    return {
      ...row,
      tenantName: row.tenantName ?? '',
      amount: mine.reduce((sum, f) => sum + Number(f.value), 0),
      failed: mine.map((f) => ({ name: f.name, channel: f.channel, count: f.count, failure: f.failure ?? 'timeout' })),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function reviewPage(
  db: Queryable,
  scope: Scope,
  query: PageQuery,
  filter: { state?: ReviewItem['state'] | undefined; tenantId?: number | undefined },
) {
  const byTenant = await tenantFilter(db, scope, r.tenantId, filter.tenantId);
  const where = and(orderScope(scope), filter.state ? eq(r.state, filter.state) : undefined, byTenant);
  const page = await paged(
    query,
    select(db)
      .where(where)
      .orderBy(sql`${r.state} = 'pending' desc`, desc(r.createdAt), desc(r.id)),
    db.select({ total: count() }).from(r).innerJoin(orders, eq(orders.id, r.orderId)).where(where),
    (row) => row,
  );
  return { ...page, list: await toItems(db, page.list) };
}

async function reviewOf(db: Queryable, scope: Scope, id: number): Promise<ReviewItem> {
  const [row] = await select(db).where(and(eq(r.id, id), orderScope(scope)));
  if (!row) throw new BizError(CODE.reviewNotFound);
  return (await toItems(db, [row]))[0]!;
}

export async function decideReview(
  db: Db,
  scope: Scope,
  id: number,
  decision: { approve: boolean; note?: string | undefined },
  by: { name: string; id: number },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: r.id, orderId: r.orderId, state: r.state })
      .from(r)
      .innerJoin(orders, eq(orders.id, r.orderId))
      .where(and(eq(r.id, id), orderScope(scope)))
      .for('update', { of: r });
    if (!row) throw new BizError(CODE.reviewNotFound);
    if (row.state !== 'pending') throw new BizError(CODE.reviewDecided);
    if (decision.approve) {
      // The order's lock first, as every refund takes it; then the failed items refunded as the automatic path refunds them.
      const [order] = await tx
        .select({ received: orders.receivedAmount, refunded: orders.refundAmount })
        .from(orders)
        .where(eq(orders.id, row.orderId))
        .for('update');
      const failed = (await itemsOf(tx, row.orderId)).filter((i) => i.outcome === 'failed');
      await refundFailedItems(tx, row.orderId, order!.received - order!.refunded, failed, {
        scope,
        requestedBy: by.name,
        reason: decision.note ?? '',
        actor: by.id,
      });
    }
    await tx
      .update(r)
      .set({
        state: decision.approve ? 'approved' : 'dismissed',
        note: decision.note ?? null,
        decidedBy: by.name,
        decidedAt: sql`now()`,
      })
      .where(eq(r.id, id));
  });
  return reviewOf(db, scope, id);
}
