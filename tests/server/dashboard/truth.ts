/**
 * What the sales rollups must hold, worked out the slow way: every order,
 * item, refund and refund line read back and summed in JavaScript, with the
 * business calendar of shared/business-time.ts. Independent of the SQL in
 * server/order/rollup.ts on purpose: the two must agree.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.js';
import { rowsOf } from '../../../server/db/sql.js';
import { businessDay, businessHour } from '../../../shared/business-time.js';

export type RollupRows = Map<string, { orders: number; quantity: number; sales: number; refunds: number }>;

const key = (tenant: number, grain: string, bucket: string, device: number, product: number) =>
  `${tenant}|${grain}|${bucket}|${device}|${product}`;

function buckets(at: Date, orderRow: boolean): [string, string][] {
  const day = businessDay(at);
  const out: [string, string][] = [
    ['day', `${day} 00:00:00`],
    ['month', `${day.slice(0, 8)}01 00:00:00`],
    ['year', `${day.slice(0, 5)}01-01 00:00:00`],
  ];
  if (orderRow) out.push(['hour', `${day} ${String(businessHour(at)).padStart(2, '0')}:00:00`]);
  return out;
}

export async function expectedRollups(db: Db): Promise<RollupRows> {
  const out: RollupRows = new Map();
  const add = (k: string, v: Partial<{ orders: number; quantity: number; sales: number; refunds: number }>) => {
    const row = out.get(k) ?? { orders: 0, quantity: 0, sales: 0, refunds: 0 };
    for (const [f, n] of Object.entries(v)) row[f as keyof typeof row] += n;
    out.set(k, row);
  };
  const paid = await rowsOf<{
    id: number;
    tenant_id: number;
    device_id: number;
    received_amount: number;
    created_at: string | Date;
  }>(
    db,
    sql`select id, tenant_id, device_id, received_amount, created_at from orders where payment_state in ('success', 'completed')`,
  );
  const byId = new Map(paid.map((o) => [o.id, o]));
  for (const o of paid) {
    for (const [grain, bucket] of buckets(new Date(o.created_at), true))
      add(key(o.tenant_id, grain, bucket, o.device_id, 0), { orders: 1, sales: o.received_amount });
  }
  const items = await rowsOf<{
    id: number;
    order_id: number;
    product_id: number | null;
    unit_price: number;
    count: number;
  }>(db, sql`select id, order_id, product_id, unit_price, count from order_items`);
  const itemById = new Map(items.map((i) => [i.id, i]));
  for (const i of items) {
    const o = byId.get(i.order_id);
    if (!o || i.product_id === null) continue;
    for (const [grain, bucket] of buckets(new Date(o.created_at), false)) {
      // Each device's, and the tenant's over its devices (device 0).
      for (const device of [o.device_id, 0])
        add(key(o.tenant_id, grain, bucket, device, i.product_id), {
          quantity: i.count,
          sales: i.unit_price * i.count,
        });
    }
  }
  const refunds = await rowsOf<{
    id: number;
    tenant_id: number;
    device_id: number;
    amount: number;
    settled_at: string | Date;
  }>(
    db,
    sql`select r.id, o.tenant_id, o.device_id, r.amount, r.settled_at from refunds r join orders o on o.id = r.order_id where r.state = 'success'`,
  );
  const refundById = new Map(refunds.map((r) => [r.id, r]));
  for (const r of refunds) {
    for (const [grain, bucket] of buckets(new Date(r.settled_at), true))
      add(key(r.tenant_id, grain, bucket, r.device_id, 0), { refunds: r.amount });
  }
  const lines = await rowsOf<{ refund_id: number; order_item_id: number; amount: number }>(
    db,
    sql`select refund_id, order_item_id, amount from refund_lines`,
  );
  for (const l of lines) {
    const r = refundById.get(l.refund_id);
    const i = itemById.get(l.order_item_id);
    if (!r || !i || i.product_id === null) continue;
    for (const [grain, bucket] of buckets(new Date(r.settled_at), false)) {
      for (const device of [r.device_id, 0])
        add(key(r.tenant_id, grain, bucket, device, i.product_id), { refunds: l.amount });
    }
  }
  return out;
}

/** The rollup table as it is. */
export async function actualRollups(db: Db): Promise<RollupRows> {
  const rows = await rowsOf<{
    tenant_id: number;
    grain: string;
    bucket: string | Date;
    device_id: number;
    product_id: number;
    orders: number;
    quantity: number;
    sales: string | number;
    refunds: string | number;
  }>(
    db,
    sql`select tenant_id, grain, to_char(bucket, 'YYYY-MM-DD HH24:MI:SS') as bucket, device_id, product_id, orders, quantity, sales, refunds from sales_rollups`,
  );
  return new Map(
    rows.map((r) => [
      key(r.tenant_id, r.grain, String(r.bucket), r.device_id, r.product_id),
      { orders: r.orders, quantity: r.quantity, sales: Number(r.sales), refunds: Number(r.refunds) },
    ]),
  );
}

/** The differences between two sets of rows, for a readable failure (empty when they agree). */
export function differences(expected: RollupRows, actual: RollupRows, limit = 10): string[] {
  const out: string[] = [];
  for (const k of new Set([...expected.keys(), ...actual.keys()])) {
    const e = JSON.stringify(expected.get(k) ?? null);
    const a = JSON.stringify(actual.get(k) ?? null);
    if (e !== a && out.length < limit) out.push(`${k}: expected ${e}, got ${a}`);
  }
  return out;
}
