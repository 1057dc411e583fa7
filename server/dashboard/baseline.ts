/**
 * The dashboard's range figures the slow way: GROUP BY over the orders, their
 * items and the refunds, as a console without rollups would compute them. No
 * endpoint uses it. The bench times it against `dashboard.figures` (the
 * rollups must be at least 40× faster) and the tests check the two agree.
 */
import { sql } from 'drizzle-orm';
import { addDays, BUSINESS_TIME_ZONE } from '../../shared/business-time.js';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { refundLines, refunds } from '../refund/schema.js';
import { orderItems, orders } from '../order/schema.js';

export interface BaselineFigures {
  totals: { orders: number; sales: number; refunds: number; quantity: number };
  byDevice: Map<number, { orders: number; sales: number; refunds: number }>;
  byProduct: Map<number, { quantity: number; sales: number; refunds: number }>;
}

/** `tenantIds` null: every tenant (the system admin). */
export async function baselineFigures(
  db: Queryable,
  tenantIds: readonly number[] | null,
  from: string,
  to: string,
): Promise<BaselineFigures> {
  const tz = BUSINESS_TIME_ZONE;
  const start = sql`(${`${from} 00:00:00`}::timestamp at time zone ${tz})`;
  const end = sql`(${`${addDays(to, 1)} 00:00:00`}::timestamp at time zone ${tz})`;
  const mine = (column: string) =>
    tenantIds === null
      ? sql`true`
      : tenantIds.length
        ? sql`${sql.raw(column)} in (${sql.join(
            tenantIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`;
  const paid = sql`o.payment_state in ('success', 'completed') and o.created_at >= ${start} and o.created_at < ${end} and ${mine('o.tenant_id')}`;
  const settled = sql`r.state = 'success' and r.settled_at >= ${start} and r.settled_at < ${end} and ${mine('o.tenant_id')}`;
  const [sales, deviceRefunds, items, lineRefunds] = [
    await rowsOf<{ device_id: number; orders: string; sales: string }>(
      db,
      sql`
      select o.device_id, count(*) as orders, sum(o.received_amount) as sales from ${orders} o where ${paid} group by o.device_id`,
    ),
    await rowsOf<{ device_id: number; refunds: string }>(
      db,
      sql`
      select o.device_id, sum(r.amount) as refunds from ${refunds} r join ${orders} o on o.id = r.order_id where ${settled} group by o.device_id`,
    ),
    await rowsOf<{ product_id: number; quantity: string; sales: string }>(
      db,
      sql`
      select i.product_id, sum(i.count) as quantity, sum(i.unit_price * i.count) as sales
      from ${orders} o join ${orderItems} i on i.order_id = o.id where ${paid} and i.product_id is not null group by i.product_id`,
    ),
    await rowsOf<{ product_id: number; refunds: string }>(
      db,
      sql`
      select i.product_id, sum(l.amount) as refunds from ${refunds} r join ${orders} o on o.id = r.order_id
      join ${refundLines} l on l.refund_id = r.id join ${orderItems} i on i.id = l.order_item_id
      where ${settled} and i.product_id is not null group by i.product_id`,
    ),
  ];
  const byDevice = new Map<number, { orders: number; sales: number; refunds: number }>();
  const device = (id: number) => byDevice.get(id) ?? byDevice.set(id, { orders: 0, sales: 0, refunds: 0 }).get(id)!;
  for (const s of sales) Object.assign(device(s.device_id), { orders: Number(s.orders), sales: Number(s.sales) });
  for (const r of deviceRefunds) device(r.device_id).refunds = Number(r.refunds);
  const byProduct = new Map<number, { quantity: number; sales: number; refunds: number }>();
  const product = (id: number) =>
    byProduct.get(id) ?? byProduct.set(id, { quantity: 0, sales: 0, refunds: 0 }).get(id)!;
  for (const i of items) Object.assign(product(i.product_id), { quantity: Number(i.quantity), sales: Number(i.sales) });
  for (const l of lineRefunds) product(l.product_id).refunds = Number(l.refunds);
  const totals = { orders: 0, sales: 0, refunds: 0, quantity: 0 };
  for (const d of byDevice.values()) {
    totals.orders += d.orders;
    totals.sales += d.sales;
    totals.refunds += d.refunds;
  }
  for (const p of byProduct.values()) totals.quantity += p.quantity;
  return { totals, byDevice, byProduct };
}
