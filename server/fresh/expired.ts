/**
 * Fresh food a machine sold past its expiry (it sold while offline, before it
 * heard the batch was expired): the order domain marks the units on the
 * order's lines (`order_items.expired`) and says so on its `created` event;
 * here, in the sale's own transaction, those units are refunded at once —
 * the part of each line's amount they came to — through the refund domain's
 * one path, with the reason in the tenant's business language. The console
 * was told by the machine's `expiredSale` event (server/order/sale.ts).
 */
import { and, eq, gt } from 'drizzle-orm';
import { freshTexts } from '../../shared/fresh/index.js';
import type { OrderEvent } from '../../shared/order/index.js';
import type { Queryable, Tx } from '../db/index.js';
import { orderItems } from '../order/index.js';
import { requestRefund } from '../refund/index.js';
import { platformScope } from '../scope.js';

export async function refundExpiredSale(db: Queryable, topic: string, _tenantId: number | null, data: unknown) {
  const event = data as OrderEvent;
  if (topic !== 'order' || event.kind !== 'created' || !event.expired) return;
  const items = await db
    .select({ id: orderItems.id, amount: orderItems.amount, count: orderItems.count, expired: orderItems.expired })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, event.orderId), gt(orderItems.expired, 0)));
  const lines = items
    .map((i) => ({
      itemId: i.id,
      amount: i.expired >= i.count ? i.amount : Math.floor((i.amount * i.expired) / i.count),
    }))
    .filter((l) => l.amount > 0);
  if (!lines.length) return;
  await requestRefund(db as Tx, {
    scope: platformScope,
    orderId: event.orderId,
    input: { reason: freshTexts['zh-CN'].expiredRefund, items: lines },
    requestedBy: '',
  });
}
