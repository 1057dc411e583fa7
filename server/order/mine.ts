/** A member's own orders, as the mini-program lists them (`order.mine`): newest first, each with the points it earned. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PageQuery } from '../../shared/api/define.js';
import type { Queryable } from '../db/index.js';
import { paged } from '../http/paged.js';
import { pointEntries } from '../member/index.js';
import { orders } from './schema.js';

export function ordersOfMember(db: Queryable, memberId: number, query: PageQuery) {
  const where = eq(orders.memberId, memberId);
  const earned = db
    .select({ orderId: pointEntries.orderId, points: sql<number>`sum(${pointEntries.points})::int`.as('points') })
    .from(pointEntries)
    .where(and(eq(pointEntries.memberId, memberId), eq(pointEntries.kind, 'earn')))
    .groupBy(pointEntries.orderId)
    .as('earned');
  return paged(
    query,
    db
      .select({
        number: orders.number,
        title: orders.title,
        deviceName: orders.deviceName,
        createdAt: orders.createdAt,
        amount: orders.receivedAmount,
        refundAmount: orders.refundAmount,
        refundState: orders.refundState,
        points: sql<number>`coalesce(${earned.points}, 0)::int`,
      })
      .from(orders)
      .leftJoin(earned, eq(earned.orderId, orders.id))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db.select({ total: count() }).from(orders).where(where),
    (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  );
}
