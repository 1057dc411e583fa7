/**
 * Refunds that reach back into an earlier month: successful refunds settled
 * within a span of business days, of sales made before it. The sales
 * rollups count a refund on the day it settles (server/order/rollup.ts);
 * a revenue share whose earlier month is already issued needs to know which
 * sale day each such refund takes back from, so that it charges the party
 * that was paid for that sale (server/share/close.ts), not whoever holds
 * the point now.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { BUSINESS_ZONE, rowsOf } from '../db/sql.js';
import { orders } from '../order/index.js';
import { refunds } from './schema.js';

export interface LateRefund {
  tenantId: number;
  deviceId: number;
  /** The business day the refunded order was sold on, and the one its refund settled on (YYYY-MM-DD). */
  soldDay: string;
  settledDay: string;
  amount: number;
}

/** Per device, sale day and settling day: the refunds of these tenants' orders settled in [from, to) and sold before `from`. */
export async function refundsOfEarlierSales(
  db: Queryable,
  tenantIds: number[],
  from: string,
  to: string,
): Promise<LateRefund[]> {
  if (tenantIds.length === 0) return [];
  const start = sql`(${from}::timestamp at time zone ${BUSINESS_ZONE})`;
  return rowsOf<LateRefund>(
    db,
    sql`
    select o.tenant_id as "tenantId", o.device_id as "deviceId",
      to_char(o.created_at at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD') as "soldDay",
      to_char(r.settled_at at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD') as "settledDay",
      sum(r.amount)::float8 as amount
    from ${refunds} r join ${orders} o on o.id = r.order_id and o.created_at < ${start}
    where r.tenant_id = any(${`{${tenantIds.join(',')}}`}::int[]) and r.state = 'success'
      and r.settled_at >= ${start} and r.settled_at < (${to}::timestamp at time zone ${BUSINESS_ZONE})
    group by 1, 2, 3, 4`,
  );
}
