/**
 * The dashboard's figures, read from the sales rollups only (server/order
 * rollup.ts): a range of days is the fewest summary rows that cover it
 * (`coverage`), so a year of a first-level tenant sums about a thousand rows
 * whatever its order count. Names (devices, points, products and their
 * categories) are joined to the sums in the same statement; a device's point
 * and a product's category are read as they are now.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, businessDay, daysBetween, monthStart, nextMonth, nextYear } from '../../shared/business-time.js';
import {
  DASHBOARD_LIMITS,
  type DashboardFigures,
  type DashboardRange,
  type DashboardToday,
  type Figures,
  type RankedRow,
  type SeriesGrain,
} from '../../shared/dashboard/index.js';
import type { Queryable } from '../db/index.js';
import { preparedRows } from '../db/prepared.js';
import type { Scope } from '../scope.js';
import { salesRollups as r } from '../order/index.js';
import { devices } from '../device/index.js';
import { points } from '../point/index.js';
import { productCategories, products } from '../product/index.js';

type Sums = { orders: string | number; quantity: string | number; sales: string | number; refunds: string | number };

const figuresOf = (s: Sums): Figures & { quantity: number } => {
  const sales = Number(s.sales);
  const refunds = Number(s.refunds);
  return { orders: Number(s.orders), quantity: Number(s.quantity), sales, refunds, net: sales - refunds };
};
const add = (a: Figures & { quantity: number }, b: Figures & { quantity: number }) => ({
  orders: a.orders + b.orders,
  quantity: a.quantity + b.quantity,
  sales: a.sales + b.sales,
  refunds: a.refunds + b.refunds,
  net: a.net + b.net,
});
const ZERO = { orders: 0, quantity: 0, sales: 0, refunds: 0, net: 0 };

const at = (day: string) => sql`${`${day} 00:00:00`}::timestamp`;

/** The rows a range sums: which, and the sign each counts with (-1 for days taken back off a month). */
export interface Coverage {
  where: SQL;
  sign: SQL;
}

/**
 * The rollup rows covering the days from…to, as few as can be: year rows for
 * the whole years inside, month rows for the whole months left, day rows for
 * the rest (consecutive ones in one condition) — or, where a month is mostly
 * in the range, its month row less the days outside it, so that an edge
 * never reads more than half a month of day rows. Nothing is recorded after
 * today, so a range reaching today reads this year and this month from
 * their rows too. `years: false` stops at months (a series by month: a
 * month's days taken off carry its label too).
 */
export function coverage(
  from: string,
  to: string,
  { today = businessDay(), years = true }: { today?: string; years?: boolean } = {},
): Coverage {
  const plus: SQL[] = [];
  const minus: SQL[] = [];
  const end = to >= today ? nextYear(to) : addDays(to, 1);
  const rows = (grain: 'year' | 'month' | 'day', a: string, b: string) =>
    sql`(${r.grain} = ${sql.raw(`'${grain}'`)} and ${r.bucket} >= ${at(a)} and ${r.bucket} < ${at(b)})`;
  const wholeYear = (day: string) => years && day.endsWith('-01-01') && nextYear(day) <= end;
  let cursor = from;
  while (cursor < end) {
    if (wholeYear(cursor)) {
      let last = nextYear(cursor);
      while (wholeYear(last)) last = nextYear(last);
      plus.push(rows('year', cursor, last));
      cursor = last;
    } else if (cursor === monthStart(cursor) && nextMonth(cursor) <= end) {
      let last = nextMonth(cursor);
      while (nextMonth(last) <= end && !wholeYear(last)) last = nextMonth(last);
      plus.push(rows('month', cursor, last));
      cursor = last;
    } else {
      const first = monthStart(cursor);
      const stop = nextMonth(cursor) < end ? nextMonth(cursor) : end;
      const inside = daysBetween(cursor, stop) - 1;
      const outside = daysBetween(first, nextMonth(cursor)) - 1 - inside;
      if (outside < inside) {
        plus.push(rows('month', first, nextMonth(cursor)));
        if (first < cursor) minus.push(rows('day', first, cursor));
        if (stop < nextMonth(cursor)) minus.push(rows('day', stop, nextMonth(cursor)));
      } else {
        plus.push(rows('day', cursor, stop));
      }
      cursor = stop;
    }
  }
  const all = [...plus, ...minus];
  return {
    where: all.length === 1 ? all[0]! : sql`(${sql.join(all, sql` or `)})`,
    sign: minus.length ? sql`(case when ${sql.join(minus, sql` or `)} then -1 else 1 end)` : sql`1`,
  };
}

/** Ranks rows by net sales: the first `limit`, then the rest as one row named `others`. */
function rank(rows: RankedRow[], limit: number): RankedRow[] {
  rows.sort((a, b) => b.net - a.net || b.sales - a.sales || (a.id ?? 0) - (b.id ?? 0));
  if (rows.length <= limit) return rows;
  const rest = rows
    .slice(limit)
    .reduce((acc, x) => ({ ...acc, ...add(acc, x) }), { id: null, name: '', detail: '', ...ZERO } as RankedRow);
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
  if (grain === 'day') for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  else for (let m = monthStart(from); m <= to; m = nextMonth(m)) out.push(m.slice(0, 7));
  return out;
}

/** Which rows a series sums, and its buckets' labels. */
function seriesOf(from: string, to: string, grain: SeriesGrain): Coverage & { label: SQL } {
  if (grain === 'hour') {
    return {
      where: sql`${r.grain} = 'hour' and ${r.bucket} >= ${at(from)} and ${r.bucket} < ${at(addDays(from, 1))}`,
      sign: sql`1`,
      label: sql`to_char(${r.bucket}, 'YYYY-MM-DD HH24:00')`,
    };
  }
  if (grain === 'day') {
    return {
      where: sql`${r.grain} = 'day' and ${r.bucket} >= ${at(from)} and ${r.bucket} < ${at(addDays(to, 1))}`,
      sign: sql`1`,
      label: sql`to_char(${r.bucket}, 'YYYY-MM-DD')`,
    };
  }
  return { ...coverage(from, to, { years: false }), label: sql`to_char(${r.bucket}, 'YYYY-MM')` };
}

interface FigureRow extends Sums {
  part: 'rank' | 'series';
  device_id: number | null;
  product_id: number | null;
  bucket: string | null;
  name: string | null;
  point_id: number | null;
  point_name: string | null;
  address: string | null;
  category: string | null;
}

/**
 * One statement, one round trip (on the embedded database a round trip costs
 * about what the sums do): the devices' order rows (product 0) and the
 * products' totals over the devices (device 0) with their names, and the
 * series. Sums over float8: every value is whole fen far below 2^53, so the
 * sums are exact, and they skip the numeric arithmetic a bigint sum does.
 * The parts are MATERIALIZED: otherwise PostgreSQL runs the union with
 * parallel workers, whose start costs it 5 ms — more than the work.
 */
async function readFigures(
  db: Queryable,
  scope: Scope,
  from: string,
  to: string,
  grain: SeriesGrain,
): Promise<FigureRow[]> {
  const mine = scope.whereDevice(r.tenantId, r.deviceId);
  // A member with assigned devices: the products' totals are summed from those devices' product rows (device 0 is every device's).
  const byDevice = scope.devices !== null;
  const range = coverage(from, to);
  const s = seriesOf(from, to, grain);
  const sums = (
    sign: SQL,
  ) => sql`sum(${sign} * ${r.orders})::float8 as orders, sum(${sign} * ${r.quantity})::float8 as quantity,
    sum(${sign} * ${r.sales}::float8) as sales, sum(${sign} * ${r.refunds}::float8) as refunds`;
  return preparedRows<FigureRow>(
    db,
    sql`
    with ranked as materialized (
      select ${byDevice ? sql`case when ${r.productId} > 0 then 0 else ${r.deviceId} end` : r.deviceId} as device_id, ${r.productId} as product_id, ${sums(range.sign)} from ${r}
      where ${mine} and ${range.where} and ${byDevice ? sql`true` : sql`(${r.productId} = 0 or ${r.deviceId} = 0)`}
      group by 1, 2
    ), timed as materialized (
      select ${s.label} as bucket, ${sums(s.sign)} from ${r} where ${mine} and ${r.productId} = 0 and ${s.where} group by 1
    )
    select 'rank' as part, x.device_id, x.product_id, null as bucket, x.orders, x.quantity, x.sales, x.refunds,
      coalesce(d.name, p.name) as name, d.point_id, pt.name as point_name, pt.address, c.name as category
    from ranked x
      left join ${devices} d on x.product_id = 0 and d.id = x.device_id
      left join ${points} pt on pt.id = d.point_id
      left join ${products} p on x.device_id = 0 and p.id = x.product_id
      left join ${productCategories} c on c.id = p.category_id
    union all
    select 'series', null, null, bucket, orders, quantity, sales, refunds, null, null, null, null, null from timed`,
  );
}

export async function dashboardFigures(
  db: Queryable,
  scope: Scope,
  { from, to }: DashboardRange,
): Promise<DashboardFigures> {
  const grain = seriesGrain(from, to);
  const all = await readFigures(db, scope, from, to, grain);
  const timed = new Map(all.filter((x) => x.part === 'series').map((x) => [x.bucket!, figuresOf(x)]));
  const series = buckets(grain, from, to).map((bucket) => {
    const { quantity: _q, ...f } = timed.get(bucket) ?? ZERO;
    return { bucket, ...f };
  });
  let totals = { ...ZERO };
  const byDevice = new Map<number, RankedRow>();
  const byPoint = new Map<number | null, RankedRow>();
  const byProduct = new Map<number, RankedRow>();
  const into = <K>(map: Map<K, RankedRow>, k: K, base: () => Omit<RankedRow, keyof typeof ZERO>, f: typeof ZERO) =>
    map.set(k, { ...(map.get(k) ?? { ...base(), ...ZERO }), ...add(map.get(k) ?? { ...ZERO }, f) } as RankedRow);
  for (const row of all) {
    if (row.part !== 'rank') continue;
    const f = figuresOf(row);
    const productId = row.product_id!;
    const deviceId = row.device_id!;
    if (productId > 0) {
      into(
        byProduct,
        productId,
        () => ({ id: productId, name: row.name ?? `#${productId}`, detail: row.category ?? '' }),
        f,
      );
      continue;
    }
    totals = add(totals, f);
    into(
      byDevice,
      deviceId,
      () => ({ id: deviceId, name: row.name ?? `#${deviceId}`, detail: row.point_name ?? '' }),
      f,
    );
    into(
      byPoint,
      row.point_id,
      () => ({ id: row.point_id, name: row.point_name ?? 'noPoint', detail: row.address ?? '' }),
      f,
    );
  }
  // Items sold are on the products' rows (the devices' order rows carry none).
  totals.quantity = [...byProduct.values()].reduce((n, p) => n + p.quantity, 0);
  return {
    from,
    to,
    totals,
    grain,
    series,
    byProduct: rank([...byProduct.values()], DASHBOARD_LIMITS.ranking),
    byDevice: rank([...byDevice.values()], DASHBOARD_LIMITS.ranking),
    byPoint: rank([...byPoint.values()], DASHBOARD_LIMITS.ranking),
  };
}

export async function dashboardToday(db: Queryable, scope: Scope, now = Date.now()): Promise<DashboardToday> {
  const day = businessDay(now);
  // The year's row, this month's and today's hours, and the devices online and offline: one statement.
  const rows = await preparedRows<Sums & { grain: string; bucket: string }>(
    db,
    sql`
    select ${r.grain}::text as grain, to_char(${r.bucket}, 'YYYY-MM-DD HH24:00') as bucket,
      sum(${r.orders})::float8 as orders, 0::float8 as quantity, sum(${r.sales}::float8) as sales, sum(${r.refunds}::float8) as refunds
    from ${r}
    where ${scope.whereDevice(r.tenantId, r.deviceId)} and ${r.productId} = 0 and (
      (${r.grain} = 'year' and ${r.bucket} = ${at(`${day.slice(0, 4)}-01-01`)})
      or (${r.grain} = 'month' and ${r.bucket} = ${at(monthStart(day))})
      or (${r.grain} = 'hour' and ${r.bucket} >= ${at(day)} and ${r.bucket} < ${at(addDays(day, 1))}))
    group by 1, 2
    union all
    select case when ${devices.online} then 'online' else 'offline' end, '', count(*)::float8, 0, 0, 0
    from ${devices} where ${scope.whereDevice(devices.tenantId, devices.id)} and ${devices.activated} group by 1`,
  );
  const strip = ({ quantity: _q, ...f }: typeof ZERO) => f;
  const sumOf = (grain: string) =>
    rows.filter((x) => x.grain === grain).reduce((acc, x) => add(acc, figuresOf(x)), { ...ZERO });
  const hourly = new Map(rows.filter((x) => x.grain === 'hour').map((x) => [x.bucket, figuresOf(x)]));
  const count = (state: string) => Number(rows.find((x) => x.grain === state)?.orders ?? 0);
  return {
    day,
    today: strip(sumOf('hour')),
    month: strip(sumOf('month')),
    year: strip(sumOf('year')),
    hours: buckets('hour', day, day).map((bucket) => ({ bucket, ...strip(hourly.get(bucket) ?? ZERO) })),
    devices: { online: count('online'), offline: count('offline') },
  };
}
