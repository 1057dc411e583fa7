/**
 * A rollup rebuild of one month (server/order/rollup.ts, what
 * `npm run rollup -- --rebuild` does for a repair), timed over the last
 * whole business month of the seeded orders: orders per second, and as a
 * ratio the time a bare GROUP BY over the same month's orders and items takes
 * in the same run — the least a rebuild could read. Orders are partitioned by
 * month, so neither should slow as other months are added (docs/domains/order.md#by-month).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/index.js';
import { rowsOf } from '../server/db/sql.js';
import { rebuildRollups } from '../server/order/index.js';
import type { Budgets } from './support.js';

/** The rebuild at most this many times a bare GROUP BY of its month (measured 2026-11-28; see the docs). */
const BUDGET_RATIO = 12;
const DAY = 86_400_000;
/** The business time zone's offset: China time, which keeps no summer time. */
const CHINA = 8 * 3_600_000;

export async function benchRollupMonth(db: Db, budgets: Budgets): Promise<void> {
  const china = new Date(Date.now() + CHINA);
  const first = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), 1) - DAY);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const within = sql`o.created_at >= ${day(first)}::timestamp at time zone 'Asia/Shanghai'
    and o.created_at < (${day(last)}::timestamp + interval '1 day') at time zone 'Asia/Shanghai'`;
  const [month] = await rowsOf<{ orders: number }>(
    db,
    sql`select count(*)::int as orders from orders o where ${within}`,
  );
  let started = performance.now();
  await db.execute(sql`select count(*) from (
      select o.tenant_id, o.device_id, i.product_id, date_trunc('hour', o.created_at), count(*), sum(i.amount)
      from orders o left join order_items i on i.order_id = o.id where ${within} group by 1, 2, 3, 4) g`);
  const bareMs = performance.now() - started;
  started = performance.now();
  const rebuilt = await rebuildRollups(db, { from: day(first), to: day(last) });
  const ms = performance.now() - started;
  const orders = month!.orders;
  console.log(
    `rollup rebuild of ${day(first).slice(0, 7)}: ${orders} orders in ${(ms / 1000).toFixed(2)} s ` +
      `(${Math.round(orders / (ms / 1000))} orders/s, ${rebuilt.rows} rollup rows); a bare GROUP BY of them ${(bareMs / 1000).toFixed(2)} s`,
  );
  budgets.check('  rebuild ÷ bare GROUP BY', ms / bareMs, BUDGET_RATIO, '×');
}
