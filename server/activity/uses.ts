/**
 * What an activity has used: the uses whose order still stands. An order
 * refunded in full or whose vend failed altogether gives its use back by
 * this rule alone (Vendure #1466 kept counting them): no counter is written
 * back by a refund, so none can be forgotten.
 *
 * Refunded means *settled*: a refund asked for and still pending gives
 * nothing back, since the provider may yet fail it (a merchant's balance too
 * low) and the customer keeps the money — and with it the discount, the
 * use and the coupon. `orders.refund_amount` holds the settled refunds plus
 * the pending ones (reserved when asked, so two requests cannot both take
 * the last fen), and `refund_state` is `pending` exactly while one is
 * pending (server/refund). So "the settled refunds reach what was received"
 * is `refund_amount >= received_amount` with none pending: no join to the
 * refunds is needed in the limits' hot path.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { orders } from '../order/schema.js';
import { activityUses } from './schema.js';

/** Whether the order `o` stands: not refunded in full by settled refunds, not a failed vend. The one rule every give-back reads. */
export const stands = sql`(o.delivery_state <> 'allFailed' and (o.received_amount = 0 or o.refund_amount < o.received_amount or o.refund_state = 'pending'))`;

/** An activity's standing uses and the fen they took off: `{ uses, discount }`. */
export const standingUses = (activityId: PgColumn | number): SQL<{ uses: number; discount: number }> =>
  sql`(select json_build_object('uses', count(*)::int, 'discount', coalesce(sum(u.discount), 0)::int)
    from ${activityUses} u join ${orders} o on o.id = u.order_id
    where u.activity_id = ${activityId} and ${stands})`;

/** Whether a coupon (alias `c`, its activity `a`) is free to use: never taken, or taken by an order that no longer stands and given back on refund. */
export const couponFree = sql`(c.order_id is null or (coalesce((a.coupon->>'returnOnRefund')::boolean, true)
  and not exists (select 1 from ${orders} o where o.id = c.order_id and ${stands})))`;
