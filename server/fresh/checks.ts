/**
 * Fresh food for the books (server/db/checks.ts): each batch's remaining
 * units are the sum of its moves, and each channel of a perishable product
 * that has had a batch of it holds what its open batches hold — so stock
 * moves by batch add up to the stock. (A channel whose product was made
 * perishable after it was filled holds unbatched stock until its next move
 * puts it in a batch of unknown expiry: server/fresh/follow.ts.)
 */
import { sql } from 'drizzle-orm';
import { statementCheck, tenantIn, type BookCheck } from '../db/checks.js';
import { deviceChannels, devices } from '../device/index.js';
import { products } from '../product/index.js';
import { freshBatches, freshBatchMoves } from './schema.js';

export const freshChecks: BookCheck[] = [
  statementCheck(
    'fresh.batches',
    (tenantIds, limit) =>
      sql`select b.tenant_id as "tenantId", 'batch' as subject, b.id as "subjectId",
          coalesce(b.lot, '#' || b.id) as label, coalesce(m.units, 0)::int as expected, b.remaining as actual
        from ${freshBatches} b
        left join (select batch_id, sum(delta) as units from ${freshBatchMoves} group by batch_id) m
          on m.batch_id = b.id
        where ${tenantIn(sql`b.tenant_id`, tenantIds)} and b.remaining <> coalesce(m.units, 0)
        order by b.id limit ${limit}`,
  ),
  statementCheck(
    'fresh.channels',
    (tenantIds, limit) =>
      sql`select d.tenant_id as "tenantId", 'channel' as subject, d.id as "subjectId",
          d.name || ' · ' || c.number as label, coalesce(o.units, 0)::int as expected, c.stock as actual
        from ${deviceChannels} c
        join ${devices} d on d.id = c.device_id
        join ${products} p on p.id = c.product_id and p.perishable
        left join (select device_id, channel, product_id, sum(remaining) as units from ${freshBatches}
          where closed_at is null group by device_id, channel, product_id) o
          on o.device_id = c.device_id and o.channel = c.number and o.product_id = c.product_id
        where d.tenant_id is not null and ${tenantIn(sql`d.tenant_id`, tenantIds)}
          and exists (select 1 from ${freshBatches} e
            where e.device_id = c.device_id and e.channel = c.number and e.product_id = c.product_id)
          and c.stock <> coalesce(o.units, 0)
        order by d.id, c.number limit ${limit}`,
  ),
];
