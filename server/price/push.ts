/**
 * Price changes as pushes, for the fleet's one view (the device domain's
 * `pricePushes` port): running while a device has not applied, failed or
 * had it cancelled; its devices by the push's steps (pending waits, a
 * delivered one works); stalled, a part delivered and not answered since
 * the cut, or one due now or at a set time that its machine has not come
 * for since (a part waiting for a service visit waits as long as it takes).
 */
import { sql } from 'drizzle-orm';
import { pushSelect, type PushSource } from '../device/index.js';
import { products } from '../product/schema.js';
import { priceChangeDevices as d, priceChangeLines as l, priceChanges as c } from './schema.js';

export const pricePushes: PushSource = (scope, stallBefore) => {
  const cut = sql`${stallBefore.toISOString()}::timestamptz`;
  return sql`
  select ${pushSelect({
    kind: sql`'price'::text`,
    id: c.id,
    tenant_id: c.tenantId,
    title: sql`(select coalesce(string_agg(${products.name}, '、' order by ${l.position}), '')
      from ${l} join ${products} on ${products.id} = ${l.productId} where ${l.changeId} = ${c.id})`,
    module: sql`null::text`,
    version: sql`null::text`,
    state: sql`case when parts.waiting + parts.working > 0 then 'running' else 'finished' end`,
    waiting: sql`parts.waiting`,
    working: sql`parts.working`,
    done: sql`parts.done`,
    failed: sql`parts.failed`,
    cancelled: sql`parts.cancelled`,
    stalled: sql`parts.stalled`,
    created_at: c.createdAt,
    created_by: c.createdBy,
    moved_at: sql`parts.moved_at`,
  })}
  from ${c}
  cross join lateral (
    select count(*) filter (where ${d.state} = 'pending')::int as waiting,
      count(*) filter (where ${d.state} = 'delivered')::int as working,
      count(*) filter (where ${d.state} = 'applied')::int as done,
      count(*) filter (where ${d.state} = 'failed')::int as failed,
      count(*) filter (where ${d.state} = 'cancelled')::int as cancelled,
      count(*) filter (where (${d.state} = 'delivered' and ${d.deliveredAt} < ${cut})
        or (${d.state} = 'pending' and ${c.timing} <> 'visit' and coalesce(${c.applyAt}, ${c.createdAt}) < ${cut}))::int
        as stalled,
      count(*)::int as seen,
      greatest(max(${d.deliveredAt}), max(${d.endedAt})) as moved_at
    from ${d} where ${d.changeId} = ${c.id} and ${scope.device(d.deviceId)}
  ) parts
  where ${scope.where(c.tenantId)} and ${scope.devices === null ? sql`true` : sql`parts.seen > 0`}`;
};
