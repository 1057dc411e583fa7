/**
 * The sandbox payment provider's answers. A refund is due at its `settle_at`
 * (REFUND_SETTLE_MS after it was asked, a minute by default), when the job
 * queued with it runs on whichever instance claims it (an idle instance
 * sleeps until then instead of looking every second); a slow sweep on every
 * instance is the net for a refund whose job was lost with its instance.
 * Each due refund is taken by one settlement only (SKIP LOCKED), so several
 * instances and restarts settle each refund exactly once.
 *
 * The sandbox refunds successfully unless told to fail: REFUND_SANDBOX=fail
 * fails every refund, and a reason containing `#fail` fails that one (what a
 * real provider's test mode does with magic values), so the failure path can
 * be shown and tested.
 */
import { and, eq, inArray, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/index.js';
import { sandboxesOn } from '../manifest.js';
import { publish } from '../http/events.js';
import { orderAt, orderItems, orders, rollRefund } from '../order/index.js';
import { returnSpent, reverseEarned } from '../member/index.js';
import { refundToWallet } from '../wallet/index.js';
import { refundLines, refunds } from './schema.js';
import { orderNews } from './refunds.js';

/** `unanswered`: no provider answered (the sandbox is off and no real platform is connected): it stays pending. */
export type Outcome = 'success' | 'failed' | 'unanswered';
type DueRefund = typeof refunds.$inferSelect;

export const sandboxOutcome = (refund: Pick<DueRefund, 'reason'>, env: NodeJS.ProcessEnv = process.env): Outcome =>
  !sandboxesOn()
    ? 'unanswered'
    : env.REFUND_SANDBOX === 'fail' || refund.reason.includes('#fail')
      ? 'failed'
      : 'success';

export const SETTLE_BATCH = 50;

/** A refund of an order paid from the member's wallet: no platform answers it, the wallet takes it back (settle). */
export const ofWalletOrder = sql`exists (select 1 from ${orders} where ${orders.id} = ${refunds.orderId} and ${orders.platform} = 'wallet')`;

/** Settles the sandbox's refunds due by now, up to `batch` of them (a wallet-paid order's are not its); answers how many. */
export async function settleDueRefunds(
  db: Db,
  decide: (refund: DueRefund) => Outcome = (r) => sandboxOutcome(r),
  batch = SETTLE_BATCH,
  which: SQL = not(ofWalletOrder),
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.state, 'pending'), lte(refunds.settleAt, sql`now()`), which))
      .orderBy(refunds.settleAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    let settled = 0;
    for (const refund of due) {
      const outcome = decide(refund);
      if (outcome === 'unanswered') continue;
      await settle(tx, refund, outcome);
      settled++;
    }
    return settled;
  });
}

/** The refunds of wallet-paid orders due by now, settled into the wallets whatever the sandboxes' setting. */
export const settleWalletRefunds = (db: Db, batch = SETTLE_BATCH) =>
  settleDueRefunds(db, () => 'success', batch, ofWalletOrder);

/** Records a refund's end — paid out, or refused and its reservation given back — as the provider answered it. */
export async function settle(tx: Tx, refund: DueRefund, outcome: Exclude<Outcome, 'unanswered'>) {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      memberId: orders.memberId,
      platform: orders.platform,
      receivedAmount: orders.receivedAmount,
      refundAmount: orders.refundAmount,
      pointsUsed: orders.pointsUsed,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, refund.orderId))
    .for('update');
  if (!order) return;
  const lines = await tx
    .select({ itemId: refundLines.orderItemId, amount: refundLines.amount })
    .from(refundLines)
    .where(eq(refundLines.refundId, refund.id));
  await tx
    .update(refunds)
    .set({ state: outcome, settledAt: sql`now()` })
    .where(eq(refunds.id, refund.id));
  let refunded = order.refundAmount;
  if (outcome === 'failed') {
    // The reservation goes back: the money was never returned.
    refunded -= refund.amount;
    for (const l of lines) {
      await tx
        .update(orderItems)
        .set({ refundAmount: sql`${orderItems.refundAmount} - ${l.amount}`, state: 'refundFailed' })
        .where(eq(orderItems.id, l.itemId));
    }
  } else {
    if (lines.length)
      await tx
        .update(orderItems)
        .set({ state: 'refundSuccess' })
        .where(
          inArray(
            orderItems.id,
            lines.map((l) => l.itemId),
          ),
        );
    if (order.memberId !== null) await takeBackPoints(tx, refund, { ...order, memberId: order.memberId });
    // Paid from the wallet: the money goes back into it, in the parts the sale took (server/wallet/ledger.ts).
    if (order.platform === 'wallet' && order.memberId !== null)
      await refundToWallet(
        tx,
        {
          memberId: order.memberId,
          key: `refund:refund:${refund.id}`,
          orderId: order.id,
          orderNumber: order.number,
          reason: refund.reason,
        },
        refund.amount,
      );
  }
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.state, 'pending')));
  const state =
    others!.n > 0
      ? ('pending' as const)
      : outcome === 'failed'
        ? ('failed' as const)
        : refunded >= order.receivedAmount
          ? ('full' as const)
          : ('partial' as const);
  await tx
    .update(orders)
    .set({
      refundAmount: refunded,
      refundState: state,
      // An automatic refund has no reason typed: the order's items say why (their failure).
      ...(outcome === 'success' && refund.failure === null ? { refundReason: refund.reason } : {}),
    })
    .where(orderAt(order.id, order.createdAt));
  await publish(tx, 'order', refund.tenantId, orderNews(order.id, outcome));
  // The money went back today: today's figures drop (server/order/rollup.ts). Last, just before the commit:
  // the tenant's rows of the hour and day are every settlement's and sale's, locked from here to the commit.
  if (outcome === 'success') await rollRefund(tx, refund.id);
}

/**
 * A member's order refunded: the points it earned go back, and the points it spent come back, each in the share
 * of it refunded by now (server/member/ledger.ts).
 */
async function takeBackPoints(
  tx: Tx,
  refund: DueRefund,
  order: { id: number; number: string; memberId: number; receivedAmount: number; pointsUsed: number },
) {
  const [done] = await tx
    .select({ amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.state, 'success')));
  const change = {
    memberId: order.memberId,
    reason: refund.reason,
    orderId: order.id,
    orderNumber: order.number,
    refunded: done!.amount,
    received: order.receivedAmount,
  };
  await reverseEarned(tx, { ...change, key: `reverse:refund:${refund.id}` }, new Date());
  if (order.pointsUsed > 0)
    await returnSpent(tx, { ...change, key: `return:refund:${refund.id}`, spent: order.pointsUsed }, new Date());
}
