/**
 * Asking for a refund and reading an order's refunds. The order's row is
 * locked while a refund is decided, so two requests for one order take
 * turns: each sees what the other reserved, and the one that would go over
 * what was paid is refused with 920 (the check constraints behind it hold
 * whatever happens). The amount is reserved at once, given back if the
 * provider refuses (settle.ts).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CODE, type Api } from '../../shared/domains.js';
import {
  LOCK_AFTER,
  REFUND_PERIOD,
  REFUND_SETTLE_MS,
  type RefundDeadline,
  type RefundInput,
  type RefundItem,
  type RefundRequestState,
  type RefundSettings,
} from '../../shared/refund/index.js';
import type { DeliveryFailure } from '../../shared/order/index.js';
import type { OrderEvent } from '../../shared/order/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { publish } from '../http/events.js';
import type { Scope } from '../scope.js';
import type { HandlerInput } from '../http/handlers.js';
import type { AuthUser } from '../http/principal.js';
import { owningTenant } from '../tenant/index.js';
import { envInteger } from '../manifest.js';
import { enqueue } from '../jobs/index.js';
import { orderAt, orderItems, orders, orderScope } from '../order/index.js';
import { refundLines, refunds, refundSettings } from './schema.js';
import { tenants } from '../identity/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job that settles the refunds due when it runs (settle.ts `settleJob`): one queued for each refund's `settle_at`. */
export const SETTLE_JOB = 'refund.settle';

/** How long the sandbox provider takes to answer (REFUND_SETTLE_MS; a minute by default, as the spec's "1–2 minutes"). */
export const settleDelayMs = (env: NodeJS.ProcessEnv = process.env): number =>
  envInteger(env, 'REFUND_SETTLE_MS', 0, REFUND_SETTLE_MS);

/** A tenant's refund settings: its own, else its first-level tenant's, else the defaults. */
export async function refundSettingsOf(db: Queryable, tenantId: number): Promise<RefundSettings> {
  const [tenant] = await db.select({ parentId: tenants.parentId }).from(tenants).where(eq(tenants.id, tenantId));
  const rows = await db
    .select()
    .from(refundSettings)
    .where(inArray(refundSettings.tenantId, [tenantId, ...(tenant?.parentId ? [tenant.parentId] : [])]));
  const row = rows.find((r) => r.tenantId === tenantId) ?? rows[0];
  return {
    tenantId,
    periodDays: row?.periodDays ?? REFUND_PERIOD.defaultDays,
    autoRefund: row?.autoRefund ?? true,
    lockAfter: row?.lockAfter ?? LOCK_AFTER.default,
  };
}

/** A tenant's refund period (refundSettingsOf). */
export const periodDaysOf = async (db: Queryable, tenantId: number): Promise<number> =>
  (await refundSettingsOf(db, tenantId)).periodDays;

/** What an order's event says of a refund (shared/order/events.ts; shared by asking and settling). */
export const orderNews = (orderId: number, state: RefundRequestState): OrderEvent => ({
  kind: 'refund',
  orderId,
  state,
});

export interface RefundRequest {
  scope: Scope;
  orderId: number;
  input: RefundInput;
  /** Who asks, as the refund will show it. */
  requestedBy: string;
  /** The console user asking (no notification of their own action). */
  actor?: number;
  /** An automatic refund of an item the machine failed to dispense (server/delivery): why it failed. */
  failure?: DeliveryFailure;
}

/** The end of an order's refund period: its payment (its creation when unpaid) plus the period. */
function deadlineOf(
  order: { paidAt: Date | null; createdAt: Date },
  periodDays: number,
  now = Date.now(),
): RefundDeadline {
  const until = (order.paidAt ?? order.createdAt).getTime() + periodDays * DAY_MS;
  return { periodDays, until: new Date(until).toISOString(), passed: now > until };
}

/** refund.deadline: the same rule refund.create refuses by (982), asked before anything is typed. */
export async function refundDeadline(db: Queryable, scope: Scope, orderId: number): Promise<RefundDeadline> {
  const [order] = await db
    .select({ tenantId: orders.tenantId, paidAt: orders.paidAt, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(scope)));
  if (!order) throw new BizError(CODE.orderNotFound);
  return deadlineOf(order, await periodDaysOf(db, order.tenantId));
}

/** In a transaction of its own, or as part of the caller's (a complaint's refund and its log line commit together). */
export async function requestRefund(
  db: Db | Tx,
  { scope, orderId, input, requestedBy, actor, failure }: RefundRequest,
): Promise<RefundItem> {
  const id = await (db as Db).transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        tenantId: orders.tenantId,
        paymentState: orders.paymentState,
        receivedAmount: orders.receivedAmount,
        refundAmount: orders.refundAmount,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
        platform: orders.platform,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), orderScope(scope)))
      .for('update');
    if (!order) throw new BizError(CODE.orderNotFound);
    if ((order.paymentState !== 'success' && order.paymentState !== 'completed') || order.receivedAmount === 0)
      throw new BizError(CODE.refundUnpaid);
    if (deadlineOf(order, await periodDaysOf(tx, order.tenantId)).passed) throw new BizError(CODE.refundPeriodPassed);

    let lines: { itemId: number; amount: number }[] = [];
    if (input.items) {
      const ids = input.items.map((i) => i.itemId);
      const items = await tx
        .select({
          id: orderItems.id,
          amount: orderItems.amount,
          refundAmount: orderItems.refundAmount,
        })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, ids)))
        .orderBy(orderItems.id)
        .for('update');
      if (items.length !== ids.length) throw new RequestValidationError({ items: 'validation.invalid' });
      const left = new Map(items.map((i) => [i.id, i.amount - i.refundAmount]));
      if (input.items.some((i) => i.amount > left.get(i.itemId)!)) throw new BizError(CODE.refundOverPaid);
      lines = input.items;
    }
    const amount = input.amount ?? lines.reduce((sum, l) => sum + l.amount, 0);
    if (amount > order.receivedAmount - order.refundAmount) throw new BizError(CODE.refundOverPaid);

    // Paid from the member's wallet, nothing waits on a platform: it settles at once, back into the wallet (settle.ts).
    const settleAt = new Date(Date.now() + (order.platform === 'wallet' ? 0 : settleDelayMs()));
    const [created] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        tenantId: order.tenantId,
        amount,
        reason: input.reason,
        requestedBy,
        failure: failure ?? null,
        settleAt,
      })
      .returning({ id: refunds.id });
    // The provider's answer is due then: a job for that moment, queued with the refund (rolled back with it).
    await enqueue(tx, SETTLE_JOB, {}, { runAt: settleAt });
    if (lines.length) {
      await tx
        .insert(refundLines)
        .values(lines.map((l) => ({ refundId: created!.id, orderItemId: l.itemId, amount: l.amount })));
      for (const l of lines) {
        await tx
          .update(orderItems)
          .set({ refundAmount: sql`${orderItems.refundAmount} + ${l.amount}` })
          .where(eq(orderItems.id, l.itemId));
      }
    }
    await tx
      .update(orders)
      .set({
        refundAmount: sql`${orders.refundAmount} + ${amount}`,
        refundState: 'pending',
        // The order says why a refund was asked for from the moment it is (it said "—" until the provider answered);
        // an automatic refund has no reason typed: the order's items say why.
        ...(failure ? {} : { refundReason: input.reason }),
      })
      .where(orderAt(order.id, order.createdAt));
    await publish(tx, 'order', order.tenantId, orderNews(order.id, 'pending'), actor);
    return created!.id;
  });
  const [item] = await refundsOf(db, { ids: [id] });
  return item!;
}

/** Refunds as the API shows them: of one order (newest first), or by id. */
export async function refundsOf(db: Queryable, by: { orderId: number } | { ids: number[] }): Promise<RefundItem[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where('orderId' in by ? eq(refunds.orderId, by.orderId) : inArray(refunds.id, by.ids))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  if (!rows.length) return [];
  const lines = await db
    .select({
      refundId: refundLines.refundId,
      itemId: refundLines.orderItemId,
      name: orderItems.name,
      amount: refundLines.amount,
    })
    .from(refundLines)
    .innerJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
    .where(
      inArray(
        refundLines.refundId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderItems.channel);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    amount: r.amount,
    reason: r.reason,
    state: r.state,
    requestedBy: r.requestedBy,
    failure: r.failure,
    lines: lines.filter((l) => l.refundId === r.id).map(({ itemId, name, amount }) => ({ itemId, name, amount })),
    createdAt: r.createdAt.toISOString(),
    expectedAt: r.settleAt.toISOString(),
    settledAt: r.settledAt ? r.settledAt.toISOString() : null,
    platformCode: r.platformCode,
  }));
}

/** An order's refunds, or 901 when the order is not in scope. */
export async function orderRefunds(db: Queryable, scope: Scope, orderId: number): Promise<RefundItem[]> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(scope)));
  if (!order) throw new BizError(CODE.orderNotFound);
  return refundsOf(db, { orderId });
}

/** A tenant's refund settings (its own, or one the caller manages): the period, and automatic refunds of failed vends. */
export async function refundSettingsFor(db: Db, user: AuthUser, scope: Scope, tenantId: number | undefined) {
  return refundSettingsOf(db, await owningTenant(db, user, scope, tenantId));
}

/** What is not given stays as it was (inherited from the first-level tenant or the default, until set). */
export async function saveRefundSettings(
  db: Db,
  user: AuthUser,
  scope: Scope,
  body: HandlerInput<Api['refund.saveSettings']>['body'],
) {
  const tenantId = await owningTenant(db, user, scope, body.tenantId);
  const now = await refundSettingsOf(db, tenantId);
  const set = {
    periodDays: body.periodDays,
    autoRefund: body.autoRefund ?? now.autoRefund,
    lockAfter: body.lockAfter ?? now.lockAfter,
  };
  await db
    .insert(refundSettings)
    .values({ tenantId, ...set })
    .onConflictDoUpdate({ target: refundSettings.tenantId, set });
  return { tenantId, ...set };
}
