/**
 * The demo's sales history at the activities' machines, priced by them. The
 * order demo writes three months of sales in bulk at the channels' prices,
 * before any activity exists (the activity domain is built on orders). Here
 * each paid sale at those machines since the first activity began is priced
 * again by the engine as it would have been at its moment: the activities
 * live then, what the uses before it had left of their limits, the buyer's
 * groups. A sale an activity priced then carries the discount in its items
 * and amount, records its use (dated with the sale), and counts in the
 * sales rollups at its new amount. Without this, the demo's running
 * activities showed no orders and no discount.
 *
 * Members of the software-park staff group make one sale in two at these
 * machines with the mini-program (so the group-only offer has its buyers),
 * and earn their points as any member's sale does.
 *
 * Passed over: sales later refunded, whose refunds were drawn against the
 * channels' prices; enterprise staff buying at their card price, their
 * customer's own deal; and a basket a purchase limit would split into lines
 * of two prices (no demo activity with a limit has begun).
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { priceBasket } from '../../shared/activity/index.js';
import type { Tx } from '../db/index.js';
import { earnForOrder, memberForSale, pointsForAmount } from '../member/index.js';
import { orderItems, orders, rerollOrders } from '../order/index.js';
import { customerOf, liveActivities, rulesOf } from './pricing.js';
import { activityUses } from './schema.js';

export async function priceDemoHistory(
  tx: Tx,
  { deviceIds, since, members }: { deviceIds: number[]; since: Date; members: readonly number[] },
): Promise<number> {
  const sales = await tx
    .select({
      id: orders.id,
      number: orders.number,
      tenantId: orders.tenantId,
      deviceId: orders.deviceId,
      platform: orders.platform,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.deviceId, deviceIds),
        gte(orders.createdAt, since),
        eq(orders.kind, 'sale'),
        eq(orders.paymentState, 'success'),
        eq(orders.refundState, 'none'),
        eq(orders.customerStaff, false),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = sales.map((s) => s.id);
  const items = ids.length
    ? await tx
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          channel: orderItems.channel,
          productId: orderItems.productId,
          count: orderItems.count,
          price: orderItems.unitPrice,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id))
    : [];
  let priced = 0;
  await rerollOrders(tx, ids, async () => {
    // One at a time, oldest first: each sale's uses count against the limits of the ones after it.
    for (const [i, sale] of sales.entries()) {
      const lines = items.filter((l) => l.orderId === sale.id && l.productId !== null);
      if (!lines.length || sale.deviceId === null) continue;
      const memberId = i % 2 === 0 && members.length ? members[(i / 2) % members.length]! : null;
      const who = { memberId, staffId: null };
      const list = await liveActivities(tx, sale.deviceId, sale.createdAt);
      const result = priceBasket({
        lines: lines.map((l) => ({
          key: l.channel,
          productId: l.productId!,
          count: l.count,
          price: l.price,
          staffPrice: null,
        })),
        rules: await rulesOf(tx, list, who, sale.createdAt),
        coupons: [],
        customer: await customerOf(tx, sale.tenantId, who, list),
        at: sale.createdAt,
        platform: sale.platform,
      });
      if (memberId !== null) await tx.update(orders).set({ memberId }).where(eq(orders.id, sale.id));
      const discounted = result.applied.length > 0 && result.lines.length === lines.length;
      if (discounted) {
        for (const line of result.lines)
          await tx
            .update(orderItems)
            .set({ unitPrice: line.unitPrice, amount: line.amount, activityIds: line.activityIds })
            .where(and(eq(orderItems.orderId, sale.id), eq(orderItems.channel, line.key)));
        const amount = result.lines.reduce((sum, l) => sum + l.amount, 0);
        await tx.update(orders).set({ amount, receivedAmount: amount }).where(eq(orders.id, sale.id));
        await tx.insert(activityUses).values(
          result.applied.map((a) => ({
            activityId: a.activityId,
            tenantId: sale.tenantId,
            orderId: sale.id,
            memberId,
            discount: a.discount,
            units: a.units,
            createdAt: sale.createdAt,
          })),
        );
        priced += 1;
      }
      if (memberId !== null) {
        const member = await memberForSale(tx, memberId, [sale.tenantId]);
        const amount = (discounted ? result.lines : lines.map((l) => ({ amount: l.price * l.count }))).reduce(
          (sum, l) => sum + l.amount,
          0,
        );
        const points = member.earns ? pointsForAmount(amount, member.pointsPercent) : 0;
        if (points > 0) await earnForOrder(tx, member, points, sale, sale.createdAt);
      }
    }
  });
  return priced;
}
