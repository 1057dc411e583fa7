/**
 * A sale's outcome (shared/delivery): the machine says per item what it
 * dispensed; a sale it never answers for is ended as timed out by whichever
 * upstream instance sweeps it first. Both take the order's row lock — the one
 * a refund takes — so an outcome, a time-out, a manual refund and a
 * complaint's refund of one order take turns, and each sees what the other
 * reserved: what is refunded automatically is at most what is left to refund.
 *
 * In one transaction with the items' outcomes: the order's delivery state and
 * end (shared/order/states.ts deliveryOf), the channels (server/device/outcome.ts),
 * the automatic refund of each failed item (per item, once: an item's outcome
 * is recorded once) or, for a tenant that turned that off, the review list
 * when the order's delivery ends, and the live events.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { DELIVERY_TIMEOUT_MS, type OutcomeInput } from '../../shared/delivery/index.js';
import { deliveryOf, type DeliveryFailure, type ItemOutcome, type OrderEvent } from '../../shared/order/index.js';
import type { Db, Tx } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { publish } from '../http/events.js';
import type { DeviceCaller } from '../http/principal.js';
import { envInteger } from '../manifest.js';
import { platformScope, type Scope } from '../scope.js';
import { applyChannelOutcomes, publishDeviceNews } from '../device/index.js';
import { orderAt, orderItems, orders, saleOrder } from '../order/index.js';
import { refundSettingsOf, requestRefund } from '../refund/index.js';
import { deliveryReviews } from './schema.js';

/** How long a sale may wait for its outcome (DELIVERY_TIMEOUT_MS; three minutes by default). */
export const deliveryTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number =>
  envInteger(env, 'DELIVERY_TIMEOUT_MS', 1, DELIVERY_TIMEOUT_MS);

const openOrder = {
  id: orders.id,
  number: orders.number,
  tenantId: orders.tenantId,
  deviceId: orders.deviceId,
  deliveryState: orders.deliveryState,
  deliveryEnd: orders.deliveryEnd,
  receivedAmount: orders.receivedAmount,
  refundAmount: orders.refundAmount,
  createdAt: orders.createdAt,
};

const itemColumns = {
  id: orderItems.id,
  channel: orderItems.channel,
  name: orderItems.name,
  unitPrice: orderItems.unitPrice,
  count: orderItems.count,
  amount: orderItems.amount,
  state: orderItems.state,
  refundAmount: orderItems.refundAmount,
  outcome: orderItems.outcome,
  failure: orderItems.failure,
};
/** An order's items, locked (after the order's row: the order refunds take). */
export const itemsOf = (tx: Tx, orderId: number) =>
  tx.select(itemColumns).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id).for('update');
type Item = Awaited<ReturnType<typeof itemsOf>>[number];
const lockOrders = (tx: Tx) => tx.select(openOrder).from(orders);
type OpenOrder = Awaited<ReturnType<ReturnType<typeof lockOrders>['where']>>[number];

interface Fresh {
  item: Item;
  outcome: ItemOutcome;
  failure: DeliveryFailure | null;
}

/**
 * Refunds each failed item what is left of it, within what is left of the
 * order (`orderLeft`, read under the order's lock), one refund per item —
 * the automatic path and an approved review alike. Answers whether any was made.
 */
export async function refundFailedItems(
  tx: Tx,
  orderId: number,
  orderLeft: number,
  items: readonly Item[],
  by: { scope: Scope; requestedBy: string; reason: string; actor?: number },
) {
  let refunded = false;
  for (const item of items) {
    const amount = Math.min(item.amount - item.refundAmount, orderLeft);
    // Already refunded by hand (or the order as a whole): nothing is left to give back for it.
    if (amount <= 0) continue;
    orderLeft -= amount;
    await requestRefund(tx, {
      scope: by.scope,
      orderId,
      input: { reason: by.reason, items: [{ itemId: item.id, amount }] },
      requestedBy: by.requestedBy,
      ...(by.actor !== undefined ? { actor: by.actor } : {}),
      failure: item.failure ?? 'timeout',
    });
    refunded = true;
  }
  return refunded;
}

/** Records fresh outcomes of an order's items and everything that follows from them. */
async function record(tx: Tx, order: OpenOrder, items: Item[], fresh: readonly Fresh[], timedOut: boolean) {
  for (const f of fresh) {
    // An item refunded by hand before its outcome keeps its refund's state; its outcome is still recorded.
    const state =
      f.item.state === 'normal'
        ? f.outcome === 'delivered'
          ? ('deliverySuccess' as const)
          : ('deliveryFailed' as const)
        : f.item.state;
    await tx
      .update(orderItems)
      .set({ outcome: f.outcome, failure: f.failure, outcomeAt: sql`now()`, state })
      .where(eq(orderItems.id, f.item.id));
    Object.assign(f.item, { outcome: f.outcome, failure: f.failure, state });
  }
  const settings = await refundSettingsOf(tx, order.tenantId);
  const news = await applyChannelOutcomes(
    tx,
    order.deviceId,
    fresh.map((f) => ({ channel: f.item.channel, outcome: f.outcome, failure: f.failure, count: f.item.count })),
    settings.lockAfter,
  );
  const { state, end } = deliveryOf(
    items.map((i) => i.outcome),
    timedOut,
  );
  await tx.update(orders).set({ deliveryState: state, deliveryEnd: end }).where(orderAt(order.id, order.createdAt));

  const failed = fresh.filter((f) => f.outcome === 'failed').map((f) => f.item);
  const refunded =
    settings.autoRefund &&
    failed.length > 0 &&
    (await refundFailedItems(tx, order.id, order.receivedAmount - order.refundAmount, failed, {
      scope: platformScope,
      requestedBy: '',
      reason: '',
    }));
  if (refunded) await tx.update(orders).set({ autoRefunded: true }).where(orderAt(order.id, order.createdAt));
  if (!settings.autoRefund && end !== 'notEnded' && items.some((i) => i.outcome === 'failed')) {
    await tx.insert(deliveryReviews).values({ orderId: order.id, tenantId: order.tenantId }).onConflictDoNothing();
  }
  await publishDeviceNews(tx, news);
  if (fresh.length)
    await publish(tx, 'order', order.tenantId, {
      kind: 'delivery',
      orderId: order.id,
      state,
      autoRefund: refunded,
    } satisfies OrderEvent);
  return { state, end };
}

/** delivery.outcome: a machine's report on one of its sales. */
export async function reportOutcome(db: Db, caller: DeviceCaller, input: OutcomeInput) {
  return db.transaction(async (tx) => {
    const sale = await saleOrder(tx, caller.id, input.saleId);
    if (!sale) throw new BizError(CODE.orderNotFound);
    const [order] = await lockOrders(tx)
      .where(and(orderAt(sale.id, sale.createdAt), eq(orders.kind, 'sale'), eq(orders.paymentState, 'success')))
      .for('update');
    if (!order) throw new BizError(CODE.orderNotFound);
    const items = await itemsOf(tx, order.id);
    const byChannel = new Map(items.map((i) => [i.channel, i]));
    const stray = input.items.findIndex((i) => !byChannel.has(i.channel));
    if (stray >= 0) throw new RequestValidationError({ [`items.${stray}.channel`]: 'delivery.validation.channel' });
    const fresh =
      order.deliveryEnd !== 'notEnded'
        ? []
        : input.items
            // A channel's outcome is that of every item of it: a purchase limit may have split one channel's units in two lines.
            .flatMap((i) =>
              items
                .filter((item) => item.channel === i.channel && item.outcome === null)
                .map((item) => ({ item, outcome: i.outcome, failure: i.failure ?? null })),
            );
    // Nothing new: the order as it stands (read under its lock).
    const { state, end } = fresh.length
      ? await record(tx, order, items, fresh, false)
      : { state: order.deliveryState, end: order.deliveryEnd };
    return { orderNumber: order.number, deliveryState: state, deliveryEnd: end, recorded: fresh.length };
  });
}

/**
 * Ends the sales whose outcome did not come within `timeoutMs`: what is still
 * unknown counts as failed ("timeout"). Up to `batch` a round; every instance
 * sweeps, each sale taken by one (SKIP LOCKED, and a sale ended meanwhile no
 * longer matches when its lock is granted).
 */
export async function endTimedOut(db: Db, timeoutMs = deliveryTimeoutMs(), batch = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await lockOrders(tx)
      .where(
        and(
          eq(orders.deliveryEnd, 'notEnded'),
          eq(orders.kind, 'sale'),
          eq(orders.paymentState, 'success'),
          lt(orders.createdAt, sql`now() - make_interval(secs => ${timeoutMs / 1000})`),
        ),
      )
      .orderBy(orders.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const order of due) {
      const items = await itemsOf(tx, order.id);
      await record(
        tx,
        order,
        items,
        items
          .filter((i) => i.outcome === null)
          .map((item) => ({ item, outcome: 'failed' as const, failure: 'timeout' as const })),
        true,
      );
    }
    return due.length;
  });
}
