/**
 * Keeping the sales rollups (schema.ts `sales_rollups`) exact. Everything
 * that changes a paid amount adds its share in its own transaction:
 *
 * - a paid order counts on the business day (and hour, and month) it was
 *   created: one order, what it received, and each product's quantity and
 *   amount;
 * - a refund counts when it settles successfully, on the day it settled
 *   (not the order's day): a refund given back today lowers today's figures
 *   and leaves last month's as they were reported. A failed refund never
 *   counts; a pending one not yet.
 *
 * One piece of SQL does every case — the sale, the settlement, the seed's
 * batches and the rebuild — from a filter over the orders or the refunds, so
 * the four cannot disagree. It reads the refund domain's tables, typed,
 * through its schema.ts alone: the refund domain builds on the orders, so
 * nothing else of it may be imported here.
 *
 * Upserts add (`orders + excluded.orders`): two sales of one device at the
 * same moment each add their own, as PostgreSQL locks the row for the second
 * until the first commits. Rows go in key order, so two transactions never
 * wait for each other's rows crosswise.
 */
import { orderAtSql } from './months.js';
import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, addDays, monthStart, nextMonth, nextYear } from '../../shared/business-time.js';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { refundRows } from './ports.js';

const TZ = BUSINESS_TIME_ZONE;

/** Payment states in which the money was received. */
const PAID = sql`('success', 'completed')`;

/** Paid orders matching `where` (over `o`), as the device's order row of each (product 0): what a day received. */
export const paidOrderRows = (where: SQL) => sql`
  select o.tenant_id, o.created_at as at, o.device_id, 0 as product_id, 1 as orders, 0 as quantity, o.received_amount::bigint as sales, 0::bigint as refunds
  from orders o where ${where} and o.payment_state in ${PAID}`;

/** Successful refunds matching `where` (over `r`, joined to their order `o`), as the order row's, at the time they settled (the refund domain's rows). */
export const settledRefundRows = (where: SQL) => refundRows.use().settled(where);

/** Paid orders matching `where` (over `o`), as rollup contributions: the order row and one per product. */
const salesOf = (where: SQL) => sql`
  ${paidOrderRows(where)}
  union all
  select o.tenant_id, o.created_at, o.device_id, i.product_id, 0, i.count, (i.unit_price * i.count)::bigint, 0
  from orders o join order_items i on i.order_id = o.id
  where ${where} and o.payment_state in ${PAID} and i.product_id is not null`;

/** Successful refunds matching `where` (over `r`, joined to their order `o`), on the day they settled (the refund domain's rows). */
const refundsOf = (where: SQL) => refundRows.use().contributions(where);

/**
 * Adds the contributions to every grain. They are summed by hour first (a
 * seed's batch of 100 000 orders is a few thousand hours), then each hour
 * goes to its hour, day, month and year: hours carry the order rows; the
 * others every row, and each product's row once more under device 0 — the
 * tenant's product totals, so that a year's ranking of products reads a row
 * per product and month rather than one per device too.
 */
async function rollInto(db: Queryable, contributions: SQL): Promise<void> {
  await db.execute(sql`
    with c as (${contributions}),
    h as (
      select tenant_id, date_trunc('hour', at at time zone ${TZ}) as hour, device_id, product_id,
        sum(orders) as orders, sum(quantity) as quantity, sum(sales) as sales, sum(refunds) as refunds
      from c group by 1, 2, 3, 4
    ),
    x as (
      select h.tenant_id, h.hour, case when t.total then 0 else h.device_id end as device_id, h.product_id, h.orders, h.quantity, h.sales, h.refunds
      from h cross join (values (false), (true)) t(total) where not t.total or h.product_id > 0
    )
    insert into sales_rollups as s (tenant_id, grain, bucket, device_id, product_id, orders, quantity, sales, refunds)
    select x.tenant_id, g.grain, date_trunc(g.unit, x.hour), x.device_id, x.product_id, sum(x.orders), sum(x.quantity), sum(x.sales), sum(x.refunds)
    from x cross join (values ('hour'::rollup_grain, 'hour'), ('day'::rollup_grain, 'day'), ('month'::rollup_grain, 'month'), ('year'::rollup_grain, 'year')) g(grain, unit)
    where g.grain <> 'hour' or x.product_id = 0
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (tenant_id, grain, bucket, device_id, product_id) do update set
      orders = s.orders + excluded.orders, quantity = s.quantity + excluded.quantity,
      sales = s.sales + excluded.sales, refunds = s.refunds + excluded.refunds`);
}

/** A sale just recorded (inside its transaction). */
export const rollSale = (tx: Queryable, orderId: number, createdAt: Date) =>
  rollInto(tx, salesOf(orderAtSql(orderId, createdAt)));

/** A refund that just settled successfully (inside its transaction). */
export const rollRefund = (tx: Queryable, refundId: number) => rollInto(tx, refundsOf(sql`r.id = ${refundId}`));

/**
 * Orders written in bulk, and the refunds of them (the seeds): those with ids
 * from `first` to `last`. A range of ids, not a list: the index finds them
 * without reading the million orders already there.
 */
export async function rollOrders(db: Queryable, first: number, last: number): Promise<void> {
  await rollInto(db, salesOf(sql`o.id between ${first} and ${last}`));
  await rollInto(db, refundsOf(sql`r.order_id between ${first} and ${last}`));
}

/**
 * Orders whose amounts change after they were rolled up (the demo prices its
 * history at the activities' machines once the history is written): their
 * share is taken out, `change` runs, and their share as it now is goes back.
 * Their days and hours stay the same; only what they add changes.
 */
export async function rerollOrders(db: Queryable, ids: readonly number[], change: () => Promise<void>): Promise<void> {
  if (!ids.length) return change();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const shares = [salesOf(sql`o.id in (${list})`), refundsOf(sql`r.order_id in (${list})`)];
  for (const share of shares)
    await rollInto(
      db,
      sql`select tenant_id, at, device_id, product_id, -orders as orders, -quantity as quantity, -sales as sales,
        -refunds as refunds from (${share}) s`,
    );
  await change();
  for (const share of shares) await rollInto(db, share);
}

export interface RebuildRange {
  /** First business day, `YYYY-MM-DD`; none: from the first order. */
  from?: string;
  /** Last business day; none: up to now. */
  to?: string;
}

/**
 * Recomputes the rollups of a range of business days from the orders and
 * refunds (repair: `npm run rollup -- --rebuild`). The range widens to whole
 * months, so the month rows come out whole too, and the years it touches are
 * summed again from their months. Idempotent: run twice, the
 * same rows. The rollup table is locked against writers meanwhile: a sale
 * waits for the rebuild (at most a few seconds a year) rather than add to a
 * row the rebuild then overwrites.
 */
export async function rebuildRollups(
  db: Db,
  range: RebuildRange = {},
): Promise<{ from: string | null; to: string | null; rows: number }> {
  const from = range.from ? monthStart(range.from) : null;
  // The day after the last month's end.
  const to = range.to ? nextMonth(range.to) : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table sales_rollups in exclusive mode`);
    const bucketIn = (a: string | null, b: string | null) =>
      sql.join(
        [a ? sql`bucket >= ${a}::timestamp` : sql`true`, b ? sql`bucket < ${b}::timestamp` : sql`true`],
        sql` and `,
      );
    const instantIn = (column: SQL) =>
      sql.join(
        [
          from ? sql`${column} >= (${from}::timestamp at time zone ${TZ})` : sql`true`,
          to ? sql`${column} < (${to}::timestamp at time zone ${TZ})` : sql`true`,
        ],
        sql` and `,
      );
    await tx.execute(sql`delete from sales_rollups where grain <> 'year' and ${bucketIn(from, to)}`);
    await rollInto(tx, salesOf(instantIn(sql`o.created_at`)));
    await rollInto(tx, refundsOf(instantIn(sql`r.settled_at`)));
    // The years the range touches are the sums of their months (the rolls above added only the range's share to them).
    const years = bucketIn(from && `${from.slice(0, 4)}-01-01`, to && (to.endsWith('-01-01') ? to : nextYear(to)));
    await tx.execute(sql`delete from sales_rollups where grain = 'year' and ${years}`);
    await tx.execute(sql`
      insert into sales_rollups (tenant_id, grain, bucket, device_id, product_id, orders, quantity, sales, refunds)
      select tenant_id, 'year'::rollup_grain, date_trunc('year', bucket), device_id, product_id, sum(orders), sum(quantity), sum(sales), sum(refunds)
      from sales_rollups where grain = 'month' and ${years} group by 1, 2, 3, 4, 5`);
    const [counted] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from sales_rollups where ${bucketIn(from, to)}`,
    );
    return { from, to: to && addDays(to, -1), rows: counted!.n };
  });
}
