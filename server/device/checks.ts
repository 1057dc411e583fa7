/**
 * Stock for the books (server/db/checks.ts): each channel's stock is the sum
 * of its moves (stock_moves, recorded by a trigger whichever code moves it).
 * A difference is a move removed or altered, or stock written with the
 * trigger switched off (a restore under `session_replication_role`).
 */
import { sql } from 'drizzle-orm';
import { statementCheck, tenantIn, type BookCheck } from '../db/checks.js';
import { deviceChannels, devices, stockMoves } from './schema.js';

export const deviceChecks: BookCheck[] = [
  statementCheck(
    'device.stock',
    (tenantIds, limit) =>
      sql`select d.tenant_id as "tenantId", 'channel' as subject, d.id as "subjectId",
          d.name || ' · ' || c.number as label, coalesce(m.stock, 0)::int as expected, c.stock as actual
        from ${deviceChannels} c join ${devices} d on d.id = c.device_id
        left join (select device_id, channel, sum(delta) as stock from ${stockMoves} group by device_id, channel) m
          on m.device_id = c.device_id and m.channel = c.number
        -- The books are a tenant's: a device in the pool (no tenant) is checked once it is allocated.
        where d.tenant_id is not null and ${tenantIn(sql`d.tenant_id`, tenantIds)} and c.stock <> coalesce(m.stock, 0)
        order by d.id, c.number limit ${limit}`,
  ),
];
