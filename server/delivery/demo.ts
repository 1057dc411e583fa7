/**
 * The demo's review list: 苏州地铁零售 (tenant A1, under tenant1) refunds failed
 * vends by hand, so its orders of the last two weeks with a failed vend and
 * no refund wait for a decision; every other tenant keeps the default
 * (automatic refunds).
 */
import { sql } from 'drizzle-orm';
import type { DemoData } from '../manifest.js';
import { refundSettings } from '../refund/index.js';

/** The tenant domain's demo key, as a string (checked when the demo loads). */
const BY_HAND = 'A1';

export const deliveryDemo: DemoData = {
  after: ['tenant', 'order'],
  async load({ tx, ids }) {
    const tenantId = ids.get('tenant', BY_HAND);
    await tx.insert(refundSettings).values({ tenantId, periodDays: 30, autoRefund: false });
    await tx.execute(sql`
      insert into delivery_reviews (order_id, tenant_id, created_at)
      select o.id, o.tenant_id, o.created_at + interval '1 minute' from orders o
      where o.tenant_id = ${tenantId} and o.kind = 'sale' and o.refund_state = 'none' and o.created_at > now() - interval '14 days'
        and exists (select 1 from order_items i where i.order_id = o.id and i.outcome = 'failed')`);
  },
};
