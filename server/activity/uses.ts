/**
 * What an activity has used: the uses whose order still stands. An order
 * refunded in full or whose vend failed altogether gives its use back by
 * this rule alone (Vendure #1466 kept counting them): no counter is written
 * back by a refund, so none can be forgotten.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { orders } from '../order/schema.js';
import { activityUses } from './schema.js';

/** Whether the order of the use row `u` stands: not refunded in full, not a failed vend. */
export const stands = sql`(o.delivery_state <> 'allFailed' and (o.received_amount = 0 or o.refund_amount < o.received_amount))`;

/** An activity's standing uses and the fen they took off: `{ uses, discount }`. */
export const standingUses = (activityId: PgColumn | number): SQL<{ uses: number; discount: number }> =>
  sql`(select json_build_object('uses', count(*)::int, 'discount', coalesce(sum(u.discount), 0)::int)
    from ${activityUses} u join ${orders} o on o.id = u.order_id
    where u.activity_id = ${activityId} and ${stands})`;

/** Whether a coupon (alias `c`, its activity `a`) is free to use: never taken, or taken by an order that no longer stands and given back on refund. */
export const couponFree = sql`(c.order_id is null or (coalesce((a.coupon->>'returnOnRefund')::boolean, true)
  and not exists (select 1 from ${orders} o where o.id = c.order_id and ${stands})))`;
