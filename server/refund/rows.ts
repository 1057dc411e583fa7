/**
 * The refund domain's side of the sales rollups (the order domain's port
 * `refundRows`, server/order/ports.ts): a successful refund takes off the
 * rollups what it gave back, at the time it settled — its order's row
 * (product 0) and, per refunded line, that line's product — and the seeded
 * orders marked refunded get their refund rows. `where` is over `r` (a
 * refund) and `o` (its order).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { tenants } from '../identity/schema.js';
import { orderItems, orders, type RefundRows } from '../order/index.js';
import { refundLines, refunds } from './schema.js';

const settled = (where: SQL) => sql`
  select o.tenant_id, r.settled_at as at, o.device_id, 0 as product_id, 0 as orders, 0 as quantity, 0::bigint as sales, r.amount::bigint as refunds
  from ${refunds} r join ${orders} o on o.id = r.order_id where ${where} and r.state = 'success'`;

const contributions = (where: SQL) => sql`
  ${settled(where)}
  union all
  select o.tenant_id, r.settled_at, o.device_id, i.product_id, 0, 0, 0, l.amount::bigint
  from ${refunds} r join ${orders} o on o.id = r.order_id join ${refundLines} l on l.refund_id = r.id
    join ${orderItems} i on i.id = l.order_item_id
  where ${where} and r.state = 'success' and i.product_id is not null`;

/** Each seeded refund as the provider settled it, 20 minutes after the sale (on its day: the shop is shut after 22:00), asked by the tenant. */
async function seed(db: Queryable, first: number, last: number, until: string): Promise<void> {
  await db.execute(sql`
    insert into ${refunds} (order_id, tenant_id, amount, reason, state, requested_by, settle_at, settled_at, created_at)
    select o.id, o.tenant_id, o.refund_amount, o.refund_reason, 'success', t.name, s.at, s.at, s.at - interval '1 minute'
    from ${orders} o join ${tenants} t on t.id = o.tenant_id
    cross join lateral (select least(o.created_at + interval '20 minutes', ${until}::timestamptz) as at) s
    where o.id between ${first} and ${last} and o.refund_state in ('partial', 'full') and o.refund_amount > 0`);
  // With the products each gave money back for.
  await db.execute(sql`
    insert into ${refundLines} (refund_id, order_item_id, amount)
    select r.id, i.id, i.refund_amount from ${refunds} r join ${orderItems} i on i.order_id = r.order_id
    where r.order_id between ${first} and ${last} and i.refund_amount > 0`);
}

export const refundRowsOf: RefundRows = { settled, contributions, seed };
