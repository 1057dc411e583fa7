/**
 * Statements for the books (server/db/checks.ts):
 * - a statement's figures are its lines' sums and each line's its days';
 * - each line's device-day is the sales rollups' day of that device
 *   (a difference is a change after the close: close again, or adjust);
 * - no device-day is counted twice by statements of one party kind.
 */
import { sql } from 'drizzle-orm';
import { statementCheck, tenantIn, type BookCheck } from '../db/checks.js';
import { salesRollups } from '../order/index.js';
import { shareLineDays, shareLines, shareStatements } from './schema.js';

export const shareChecks: BookCheck[] = [
  statementCheck(
    'share.sums',
    (tenantIds, limit) =>
      sql`select s.tenant_id as "tenantId", 'statement' as subject, s.id as "subjectId",
          s.party_name || ' ' || to_char(s.month, 'YYYY-MM') as label,
          coalesce(l.sales, 0)::float8 as expected, s.sales::float8 as actual
        from ${shareStatements} s
        left join (select l.statement_id, sum(l.sales) as sales, bool_and(l.sales = coalesce(d.sales, 0)) as whole
          from ${shareLines} l left join (select line_id, sum(sales) as sales from ${shareLineDays} group by line_id) d on d.line_id = l.id
          group by l.statement_id) l on l.statement_id = s.id
        where ${tenantIn(sql`s.tenant_id`, tenantIds)} and (s.sales <> coalesce(l.sales, 0) or not coalesce(l.whole, true))
        order by s.id limit ${limit}`,
  ),
  statementCheck(
    'share.days',
    (tenantIds, limit) =>
      sql`select s.tenant_id as "tenantId", 'statement' as subject, s.id as "subjectId",
          s.party_name || ' ' || to_char(d.day, 'YYYY-MM-DD') as label,
          coalesce(r.sales, 0)::float8 as expected, d.sales::float8 as actual
        from ${shareLineDays} d join ${shareLines} l on l.id = d.line_id join ${shareStatements} s on s.id = l.statement_id
        -- The rollup row of the device's day, under the tenant whose machine it is: the payer's own for a host,
        -- the second-level tenant's for its statement.
        left join ${salesRollups} r on r.tenant_id = (case when s.party = 'tenant' then s.party_id else s.tenant_id end)
          and r.grain = 'day' and r.bucket = d.day::timestamp and r.device_id = d.device_id and r.product_id = 0
        where ${tenantIn(sql`s.tenant_id`, tenantIds)} and s.stale = false and d.sales <> coalesce(r.sales, 0)
        order by s.id, d.day limit ${limit}`,
  ),
  statementCheck(
    'share.once',
    (tenantIds, limit) =>
      sql`select min(s.tenant_id) as "tenantId", 'statement' as subject, min(s.id) as "subjectId",
          to_char(d.day, 'YYYY-MM-DD') as label, 1 as expected, count(*)::int as actual
        from ${shareLineDays} d join ${shareLines} l on l.id = d.line_id join ${shareStatements} s on s.id = l.statement_id
        where ${tenantIn(sql`s.tenant_id`, tenantIds)}
        group by s.tenant_id, s.party, d.device_id, d.day having count(*) > 1
        order by 2, 3 limit ${limit}`,
  ),
];
