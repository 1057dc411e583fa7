/**
 * Price changes as pushes, for the fleet's one view (the device domain's
 * `pricePushes` port): never held by a person; its waiting parts are due
 * now or at the change's time, when their machine next comes for them — a
 * part waiting for a service visit waits as long as it takes (no due time).
 */
import { sql } from 'drizzle-orm';
import { pushSelect, type PushSource } from '../device/index.js';
import { products } from '../product/schema.js';
import { priceChangeLines as l, priceChanges as c } from './schema.js';

export const pricePushes: PushSource = (scope) => sql`
  select ${pushSelect({
    kind: sql`'price'::push_kind`,
    id: c.id,
    tenant_id: c.tenantId,
    title: sql`(select coalesce(string_agg(${products.name}, '、' order by ${l.position}), '')
      from ${l} join ${products} on ${products.id} = ${l.productId} where ${l.changeId} = ${c.id})`,
    module: sql`null::text`,
    version: sql`null::text`,
    held: sql`false`,
    due_at: sql`case when ${c.timing} = 'visit' then null else coalesce(${c.applyAt}, ${c.createdAt}) end`,
    created_at: c.createdAt,
    created_by: c.createdBy,
  })}
  from ${c}
  where ${scope.where(c.tenantId)}`;
