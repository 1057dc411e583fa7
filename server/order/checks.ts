/**
 * The sales rollups for the books (server/db/checks.ts): each tenant's
 * business day in the rollups (its devices' order rows) holds what its paid
 * orders of that day received and what its refunds settled that day gave
 * back (rollup.ts's rows, summed again from the orders), to the fen. A difference names the tenant's day.
 */
import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../shared/business-time.js';
import { tenantIn, type BookCheck, type Difference } from '../db/checks.js';
import { rowsOf } from '../db/sql.js';
import { paidOrderRows, settledRefundRows } from './rollup.js';
import { salesRollups } from './schema.js';

const TZ = BUSINESS_TIME_ZONE;

export const orderChecks: BookCheck[] = [
  {
    key: 'order.rollups',
    run: async (db, tenantIds, limit) => {
      const rows = await rowsOf<{
        tenantId: number;
        day: string;
        sales: number;
        refunds: number;
        keptSales: number;
        keptRefunds: number;
      }>(
        db,
        sql`with truth as (
          -- The rollups' own rows of the orders and refunds (rollup.ts), summed by business day from scratch.
          select tenant_id, date_trunc('day', at at time zone ${TZ}) as day, sum(sales) as sales, sum(refunds) as refunds from (
            ${paidOrderRows(tenantIn(sql`o.tenant_id`, tenantIds))}
            union all
            ${settledRefundRows(tenantIn(sql`o.tenant_id`, tenantIds))}
          ) x group by 1, 2
        ), kept as (
          select tenant_id, bucket as day, sum(sales) as sales, sum(refunds) as refunds from ${salesRollups}
          where grain = 'day' and product_id = 0 and device_id > 0 and ${tenantIn(sql`tenant_id`, tenantIds)} group by 1, 2
        )
        select coalesce(t.tenant_id, k.tenant_id) as "tenantId", to_char(coalesce(t.day, k.day), 'YYYY-MM-DD') as day,
          coalesce(t.sales, 0)::float8 as sales, coalesce(t.refunds, 0)::float8 as refunds,
          coalesce(k.sales, 0)::float8 as "keptSales", coalesce(k.refunds, 0)::float8 as "keptRefunds"
        from truth t full join kept k on k.tenant_id = t.tenant_id and k.day = t.day
        where coalesce(t.sales, 0) <> coalesce(k.sales, 0) or coalesce(t.refunds, 0) <> coalesce(k.refunds, 0)
        order by 1, 2 limit ${limit}`,
      );
      // A day is named by its number (20261120) and its text.
      return rows.flatMap((r): Difference[] => {
        const base = { tenantId: r.tenantId, subjectId: Number(r.day.replaceAll('-', '')), label: r.day };
        return [
          ...(r.sales !== r.keptSales
            ? [{ ...base, subject: 'rollupSales', expected: r.sales, actual: r.keptSales }]
            : []),
          ...(r.refunds !== r.keptRefunds
            ? [{ ...base, subject: 'rollupRefunds', expected: r.refunds, actual: r.keptRefunds }]
            : []),
        ];
      });
    },
  },
];
