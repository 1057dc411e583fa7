/**
 * The dashboard's figures, read from the sales rollups only (server/order
 * rollup.ts): a range of days is its whole months' month rows and its edge
 * days' day rows, so a year of a first-level tenant sums a few thousand rows
 * whatever its order count. Names (devices, points, products and their
 * categories) are looked up for the rows found, by id; a device's point and
 * a product's category are read as they are now.
 */
import { and, eq, inArray, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { addDays, businessDay, daysBetween, monthStart } from '../../shared/business-time.js';
import { DASHBOARD_LIMITS, type DashboardFigures, type DashboardRange, type DashboardToday, type Figures, type RankedRow, type SeriesGrain, type SeriesPoint } from '../../shared/dashboard/index.js';
import type { Queryable } from '../db/index.js';
import type { Scope } from '../scope.js';
import { salesRollups as r } from '../order/index.js';
import { devices } from '../device/index.js';
import { points } from '../point/index.js';
import { productCategories, products } from '../product/index.js';

const sum = (column: AnyColumn) => sql<string>`coalesce(sum(${column}), 0)`;
const SUMS = { orders: sum(r.orders), quantity: sum(r.quantity), sales: sum(r.sales), refunds: sum(r.refunds) };
type Sums = { orders: string | number; quantity: string | number; sales: string | number; refunds: string | number };

const figuresOf = (s: Sums): Figures & { quantity: number } => {
  const sales = Number(s.sales);
  const refunds = Number(s.refunds);
  return { orders: Number(s.orders), quantity: Number(s.quantity), sales, refunds, net: sales - refunds };
};
const add = (a: Figures & { quantity: number }, b: Figures & { quantity: number }) => ({
  orders: a.orders + b.orders, quantity: a.quantity + b.quantity, sales: a.sales + b.sales, refunds: a.refunds + b.refunds, net: a.net + b.net,
});
const ZERO = { orders: 0, quantity: 0, sales: 0, refunds: 0, net: 0 };

const at = (day: string) => sql`${`${day} 00:00:00`}::timestamp`;

/** The rollup rows covering the days from…to: month rows for the whole months inside, day rows for the rest. */
export function coverage(from: string, to: string): SQL {
  const parts: SQL[] = [];
  const end = addDays(to, 1);
  let cursor = from;
  while (cursor < end) {
    const nextMonth = monthStart(addDays(monthStart(cursor), 32));
    if (cursor === monthStart(cursor) && nextMonth <= end) {
      // Consecutive whole months are one condition.
      let last = nextMonth;
      while (monthStart(addDays(last, 32)) <= end) last = monthStart(addDays(last, 32));
      parts.push(sql`(${r.grain} = 'month' and ${r.bucket} >= ${at(cursor)} and ${r.bucket} < ${at(last)})`);
      cursor = last;
    } else {
      const stop = nextMonth < end ? nextMonth : end;
      parts.push(sql`(${r.grain} = 'day' and ${r.bucket} >= ${at(cursor)} and ${r.bucket} < ${at(stop)})`);
      cursor = stop;
    }
  }
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

/** Ranks rows by net sales: the first `limit`, then the rest as one row named `others`. */
function rank(rows: RankedRow[], limit: number): RankedRow[] {
  rows.sort((a, b) => b.net - a.net || b.sales - a.sales || (a.id ?? 0) - (b.id ?? 0));
  if (rows.length <= limit) return rows;
  const rest = rows.slice(limit).reduce((acc, x) => ({ ...acc, ...add(acc, x) }), { id: null, name: '', detail: '', ...ZERO } as RankedRow);
  return [...rows.slice(0, limit), { ...rest, name: 'others' }];
}

function seriesGrain(from: string, to: string): SeriesGrain {
  const days = daysBetween(from, to);
  return days === 1 ? 'hour' : days <= DASHBOARD_LIMITS.dailySeriesDays ? 'day' : 'month';
}

/** Every bucket of the range, so that days without sales show as zero. */
function buckets(grain: SeriesGrain, from: string, to: string): string[] {
  if (grain === 'hour') return Array.from({ length: 24 }, (_, h) => `${from} ${String(h).padStart(2, '0')}:00`);
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const label = grain === 'day' ? d : d.slice(0, 7);
    if (out.at(-1) !== label) out.push(label);
  }
  return out;
}

async function series(db: Queryable, scope: Scope, from: string, to: string, grain: SeriesGrain): Promise<SeriesPoint[]> {
  const where = grain === 'hour'
    ? sql`${r.grain} = 'hour' and ${r.bucket} >= ${at(from)} and ${r.bucket} < ${at(addDays(from, 1))}`
    : grain === 'day' ? sql`${r.grain} = 'day' and ${r.bucket} >= ${at(from)} and ${r.bucket} < ${at(addDays(to, 1))}` : coverage(from, to);
  const label = grain === 'hour' ? sql<string>`to_char(${r.bucket}, 'YYYY-MM-DD HH24:00')`
    : grain === 'day' ? sql<string>`to_char(${r.bucket}, 'YYYY-MM-DD')` : sql<string>`to_char(${r.bucket}, 'YYYY-MM')`;
  const rows = await db.select({ bucket: label, ...SUMS }).from(r)
    .where(and(scope.where(r.tenantId), eq(r.productId, 0), where)).groupBy(label);
  const found = new Map(rows.map((x) => [x.bucket, figuresOf(x)]));
  return buckets(grain, from, to).map((bucket) => {
    const { quantity: _q, ...f } = found.get(bucket) ?? ZERO;
    return { bucket, ...f };
  });
}

export async function dashboardFigures(db: Queryable, scope: Scope, { from, to }: DashboardRange): Promise<DashboardFigures> {
  const rows = await db.select({ deviceId: r.deviceId, productId: r.productId, ...SUMS }).from(r)
    .where(and(scope.where(r.tenantId), coverage(from, to))).groupBy(r.deviceId, r.productId);
  const deviceIds = [...new Set(rows.map((x) => x.deviceId))];
  const productIds = [...new Set(rows.filter((x) => x.productId > 0).map((x) => x.productId))];
  const [deviceRows, productRows] = await Promise.all([
    deviceIds.length ? db.select({ id: devices.id, name: devices.name, pointId: devices.pointId, pointName: points.name, address: points.address })
      .from(devices).leftJoin(points, eq(points.id, devices.pointId)).where(inArray(devices.id, deviceIds)) : [],
    productIds.length ? db.select({ id: products.id, name: products.name, category: productCategories.name })
      .from(products).leftJoin(productCategories, eq(productCategories.id, products.categoryId)).where(inArray(products.id, productIds)) : [],
  ]);
  const deviceById = new Map(deviceRows.map((d) => [d.id, d]));
  const productById = new Map(productRows.map((p) => [p.id, p]));
  let totals = { ...ZERO };
  const byDevice = new Map<number, RankedRow>();
  const byPoint = new Map<number | null, RankedRow>();
  const byProduct = new Map<number, RankedRow>();
  const into = <K>(map: Map<K, RankedRow>, k: K, base: () => Omit<RankedRow, keyof typeof ZERO>, f: typeof ZERO) =>
    map.set(k, { ...(map.get(k) ?? { ...base(), ...ZERO }), ...add(map.get(k) ?? { ...ZERO }, f) } as RankedRow);
  for (const row of rows) {
    const f = figuresOf(row);
    if (row.productId > 0) {
      const p = productById.get(row.productId);
      into(byProduct, row.productId, () => ({ id: row.productId, name: p?.name ?? `#${row.productId}`, detail: p?.category ?? '' }), f);
      continue;
    }
    totals = add(totals, f);
    const d = deviceById.get(row.deviceId);
    into(byDevice, row.deviceId, () => ({ id: row.deviceId, name: d?.name ?? `#${row.deviceId}`, detail: d?.pointName ?? '' }), f);
    const pointId = d?.pointId ?? null;
    into(byPoint, pointId, () => ({ id: pointId, name: d?.pointName ?? 'noPoint', detail: d?.address ?? '' }), f);
  }
  // Items sold are counted on the products' rows; orders on the devices'.
  totals.quantity = [...byProduct.values()].reduce((n, p) => n + p.quantity, 0);
  for (const d of byDevice.values()) d.quantity = 0;
  const grain = seriesGrain(from, to);
  return {
    from, to, totals, grain,
    series: await series(db, scope, from, to, grain),
    byProduct: rank([...byProduct.values()], DASHBOARD_LIMITS.ranking),
    byDevice: rank([...byDevice.values()], DASHBOARD_LIMITS.ranking),
    byPoint: rank([...byPoint.values()], DASHBOARD_LIMITS.ranking),
  };
}

export async function dashboardToday(db: Queryable, scope: Scope, now = Date.now()): Promise<DashboardToday> {
  const day = businessDay(now);
  const year = `${day.slice(0, 4)}-01-01`;
  const rows = await db.select({ grain: r.grain, bucket: sql<string>`to_char(${r.bucket}, 'YYYY-MM-DD HH24:00')`, ...SUMS }).from(r)
    .where(and(scope.where(r.tenantId), eq(r.productId, 0), sql`((${r.grain} = 'month' and ${r.bucket} >= ${at(year)}) or (${r.grain} = 'hour' and ${r.bucket} >= ${at(day)} and ${r.bucket} < ${at(addDays(day, 1))}))`))
    .groupBy(r.grain, r.bucket);
  const strip = ({ quantity: _q, ...f }: typeof ZERO) => f;
  let yearSum = { ...ZERO };
  let monthSum = { ...ZERO };
  let todaySum = { ...ZERO };
  const hourly = new Map<string, typeof ZERO>();
  for (const row of rows) {
    const f = figuresOf(row);
    if (row.grain === 'month') {
      yearSum = add(yearSum, f);
      if (row.bucket.startsWith(day.slice(0, 7))) monthSum = add(monthSum, f);
    } else {
      todaySum = add(todaySum, f);
      hourly.set(row.bucket, f);
    }
  }
  const counts = await db.select({ online: devices.online, n: sql<number>`count(*)::int` }).from(devices)
    .where(and(scope.where(devices.tenantId), eq(devices.activated, true))).groupBy(devices.online);
  return {
    day,
    today: strip(todaySum), month: strip(monthSum), year: strip(yearSum),
    hours: buckets('hour', day, day).map((bucket) => ({ bucket, ...strip(hourly.get(bucket) ?? ZERO) })),
    devices: { online: counts.find((c) => c.online)?.n ?? 0, offline: counts.find((c) => !c.online)?.n ?? 0 },
  };
}
