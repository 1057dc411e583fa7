/**
 * The demo's review list: 苏州地铁零售 (tenant A1, under tenant1) refunds failed
 * vends by hand, so its orders with a failed vend and no refund wait for a
 * decision — the seed's own failures, and its four most
 * recent sales made into failed vends (the seed's 1 % would often leave a
 * small tenant's list empty). Every other tenant keeps the default:
 * automatic refunds.
 */
import { sql } from 'drizzle-orm';
import type { DemoData } from '../manifest.js';
import { refundSettings } from '../refund/index.js';
import { orderItems, orders } from '../order/schema.js';

/** The tenant domain's demo key, as a string (checked when the demo loads). */
const BY_HAND = 'A1';

export const deliveryDemo: DemoData = {
  after: ['tenant', 'order'],
  async load({ tx, ids }) {
    const tenantId = ids.get('tenant', BY_HAND);
    await tx.insert(refundSettings).values({ tenantId, periodDays: 30, autoRefund: false });
    // The first item of each of its four latest paid, unrefunded sales did not come out.
    await tx.execute(sql`
      with picked as (
        select o.id from ${orders} o where o.tenant_id = ${tenantId} and o.kind = 'sale' and o.payment_state = 'success' and o.refund_state = 'none'
        order by o.created_at desc limit 4
      ), first_items as (
        select distinct on (i.order_id) i.id, i.order_id from ${orderItems} i join picked p on p.id = i.order_id order by i.order_id, i.id
      ), failed as (
        update ${orderItems} i set outcome = 'failed', state = 'deliveryFailed', failure = (array['jam', 'motor', 'jam', 'door'])[1 + i.id % 4]::delivery_failure
        from first_items f where i.id = f.id returning i.order_id
      )
      update ${orders} o set delivery_end = 'error',
        delivery_state = case when exists (select 1 from ${orderItems} d where d.order_id = o.id and d.id not in (select id from first_items)) then 'partial' else 'allFailed' end::delivery_state
      where o.id in (select order_id from failed)`);
    await tx.execute(sql`
      insert into delivery_reviews (order_id, tenant_id, created_at)
      select o.id, o.tenant_id, o.created_at + interval '1 minute' from ${orders} o
      where o.tenant_id = ${tenantId} and o.kind = 'sale' and o.refund_state = 'none'
        and exists (select 1 from ${orderItems} i where i.order_id = o.id and i.outcome = 'failed')`);
  },
};
