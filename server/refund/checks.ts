/**
 * Refunds for the books (server/db/checks.ts): what an order and each of its
 * lines hold as refunded is what its refunds asked and not failed, and never
 * more than was paid.
 */
import { sql } from 'drizzle-orm';
import { statementCheck, tenantIn, type BookCheck } from '../db/checks.js';
import { orderItems, orders } from '../order/index.js';
import { refundLines, refunds } from './schema.js';

export const refundChecks: BookCheck[] = [
  // The order's refunded amount: its pending and successful refunds, within what it received.
  statementCheck(
    'refund.orders',
    (tenantIds, limit) =>
      sql`select o.tenant_id as "tenantId", 'order' as subject, o.id as "subjectId", o.number as label,
          least(coalesce(r.amount, 0), o.received_amount)::int as expected, o.refund_amount as actual
        from ${orders} o
        left join (select order_id, sum(amount) as amount from ${refunds} where state in ('pending', 'success') group by order_id) r
          on r.order_id = o.id
        -- An order refunds of which were ever asked says so (refund_state leaves 'none' for good): only those are joined.
        where ${tenantIn(sql`o.tenant_id`, tenantIds)} and (o.refund_amount <> 0 or o.refund_state <> 'none')
          and (o.refund_amount <> coalesce(r.amount, 0) or o.refund_amount > o.received_amount)
        order by o.id limit ${limit}`,
  ),
  // Each line's refunded amount: its refunds' lines, within what the line paid.
  statementCheck(
    'refund.lines',
    (tenantIds, limit) =>
      sql`select i.tenant_id as "tenantId", 'orderItem' as subject, i.order_id as "subjectId", i.name as label,
          least(coalesce(r.amount, 0), i.amount)::int as expected, i.refund_amount as actual
        from ${orderItems} i
        left join (select l.order_item_id, sum(l.amount) as amount from ${refundLines} l join ${refunds} f on f.id = l.refund_id
          where f.state in ('pending', 'success') group by l.order_item_id) r on r.order_item_id = i.id
        -- A line refunded or asked to be holds a refunded amount, or its refund failed: only those are joined.
        where ${tenantIn(sql`i.tenant_id`, tenantIds)} and (i.refund_amount <> 0 or i.state <> 'normal')
          and (i.refund_amount <> coalesce(r.amount, 0) or i.refund_amount > i.amount)
        order by i.id limit ${limit}`,
  ),
];
