/**
 * What needs someone now (beyond the spec), computed when asked from the
 * sales rollups and the devices, in the caller's scope:
 *
 * - **quiet**: an online device that usually sells (on 4 of the last 7 days)
 *   and has sold nothing since a moment after which its own hours of the day
 *   would usually have brought 3 sales — so a machine that sells once an
 *   evening is not quiet all morning, and a busy one is after half an hour;
 *   or, where its tenant set a number of hours (alert_settings), for that long;
 * - **silent**: an activated device without a heartbeat (offline) — listed
 *   there only, not as quiet too: one cause, one alert;
 * - **stock-out forecast**: each channel's hours until empty at its
 *   product's sales rate on its device over the last 7 days (shared between
 *   the device's channels of that product), within 48 hours, and by device
 *   the order to visit them in.
 *
 * Read from hour and day rows (a week of one device is at most 168 + 7
 * rows), never the orders.
 */
import { sql } from 'drizzle-orm';
import { addDays, businessDay } from '../../shared/business-time.js';
import { ALERT_LIMITS, type DashboardAlerts } from '../../shared/dashboard/index.js';
import type { Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import type { Scope } from '../scope.js';
import { salesRollups as r } from '../order/index.js';
import { devices } from '../device/index.js';
import { deviceChannels } from '../device/schema.js';
import { points } from '../point/index.js';
import { products } from '../product/index.js';
import { alertSettings } from './schema.js';

export const HOUR_MS = 3_600_000;
/** China time is UTC+8 all year (no daylight saving): an hour bucket's wall clock is its instant plus eight hours. */
const CHINA_OFFSET_MS = 8 * HOUR_MS;
const WEEK = 7;

interface HourRow {
  device_id: number;
  name: string;
  serial: string;
  point_name: string | null;
  quiet_hours: number | null;
  hour: number;
  orders: number;
  days: number;
  last_sale: string | null;
}

/** The instant of a business-zone hour bucket (`YYYY-MM-DD HH:00`). */
const instantOf = (bucket: string) => new Date(`${bucket.replace(' ', 'T')}:00+08:00`);

/** `rows`: the length of each list; null, all of them (the sweep). */
export async function dashboardAlerts(
  db: Queryable,
  scope: Scope,
  now = Date.now(),
  rows: number | null = ALERT_LIMITS.rows,
): Promise<DashboardAlerts> {
  const today = businessDay(now);
  const since = `${addDays(today, -WEEK)} 00:00:00`;
  // Each device's sales by hour of the day over the week, the days it sold on and its last sale.
  const hours = await rowsOf<HourRow>(
    db,
    sql`
    with week as (
      select ${r.deviceId} as device_id, ${r.bucket} as bucket, ${r.orders} as orders from ${r}
      where ${scope.whereDevice(r.tenantId, r.deviceId)} and ${r.grain} = 'hour' and ${r.productId} = 0 and ${r.bucket} >= ${since}::timestamp and ${r.orders} > 0
    ), per as (
      select device_id, count(distinct date_trunc('day', bucket))::int as days, to_char(max(bucket), 'YYYY-MM-DD HH24:00') as last_sale from week group by 1
    )
    select w.device_id, d.name, d.serial, pt.name as point_name, st.quiet_hours, extract(hour from w.bucket)::int as hour, sum(w.orders)::int as orders, per.days, per.last_sale
    from week w join per on per.device_id = w.device_id join ${devices} d on d.id = w.device_id left join ${points} pt on pt.id = d.point_id
      left join ${alertSettings} st on st.tenant_id = d.tenant_id
    where per.days >= ${ALERT_LIMITS.usualDays} and d.activated and d.online
    group by 1, 2, 3, 4, 5, 6, 8, 9`,
  );
  const byDevice = new Map<number, { row: HourRow; profile: number[] }>();
  for (const h of hours) {
    const entry = byDevice.get(h.device_id) ?? { row: h, profile: Array<number>(24).fill(0) };
    entry.profile[h.hour] = h.orders / WEEK;
    byDevice.set(h.device_id, entry);
  }
  const quiet: DashboardAlerts['quiet'] = [];
  for (const { row, profile } of byDevice.values()) {
    // The sales its hours of the day would usually have brought since the hour of its last sale; of the hour under way, its share so far.
    let missed = 0;
    for (let t = instantOf(row.last_sale!).getTime() + HOUR_MS; t < now; t += HOUR_MS) {
      missed += profile[new Date(t + CHINA_OFFSET_MS).getUTCHours()]! * Math.min(1, (now - t) / HOUR_MS);
    }
    const since = instantOf(row.last_sale!).getTime();
    if (row.quiet_hours === null ? missed >= ALERT_LIMITS.missedSales : now - since >= row.quiet_hours * HOUR_MS) {
      quiet.push({
        deviceId: row.device_id,
        name: row.name,
        serial: row.serial,
        pointName: row.point_name,
        lastSaleAt: new Date(since).toISOString(),
        perDay: Math.round(profile.reduce((a, b) => a + b, 0) * 10) / 10,
        missed: Math.round(missed * 10) / 10,
      });
    }
  }
  quiet.sort((a, b) => b.missed - a.missed);

  const silent = await rowsOf<{
    id: number;
    name: string;
    serial: string;
    point_name: string | null;
    last_seen_at: string | Date | null;
  }>(
    db,
    sql`
    select ${devices.id} as id, ${devices.name} as name, ${devices.serial} as serial, pt.name as point_name, ${devices.lastSeenAt} as last_seen_at
    from ${devices} left join ${points} pt on pt.id = ${devices.pointId}
    where ${scope.whereDevice(devices.tenantId, devices.id)} and ${devices.activated} and not ${devices.online} and ${devices.allocation} <> 'recycled'
    order by ${devices.lastSeenAt} asc nulls first limit ${rows}`,
  );

  // Each stocked channel's share of its product's week on its device.
  const channels = await rowsOf<{
    device_id: number;
    name: string;
    serial: string;
    point_name: string | null;
    channel: number;
    product_name: string;
    stock: number;
    per_day: number;
  }>(
    db,
    sql`
    with sold as (
      select ${r.deviceId} as device_id, ${r.productId} as product_id, sum(${r.quantity})::float8 / ${WEEK} as per_day from ${r}
      where ${scope.whereDevice(r.tenantId, r.deviceId)} and ${r.grain} = 'day' and ${r.bucket} >= ${since}::timestamp and ${r.deviceId} > 0 and ${r.productId} > 0
      group by 1, 2
    ), shared as (
      select c.device_id, c.product_id, count(*)::int as n from ${deviceChannels} c where c.product_id is not null and c.enabled group by 1, 2
    )
    select c.device_id, ${devices.name} as name, ${devices.serial} as serial, pt.name as point_name, c.number as channel, p.name as product_name, c.stock, s.per_day / sh.n as per_day
    from sold s
      join ${deviceChannels} c on c.device_id = s.device_id and c.product_id = s.product_id and c.enabled
      join shared sh on sh.device_id = c.device_id and sh.product_id = c.product_id
      join ${devices} on ${devices.id} = c.device_id
      join ${products} p on p.id = c.product_id
      left join ${points} pt on pt.id = ${devices.pointId}
    where ${devices.activated} and ${scope.whereDevice(devices.tenantId, devices.id)} and c.stock * 24 <= s.per_day / sh.n * ${ALERT_LIMITS.forecastHours}
    order by c.stock / (s.per_day / sh.n), c.device_id, c.number limit ${rows}`,
  );
  const stockOut = channels.map((c) => ({
    deviceId: c.device_id,
    name: c.name,
    serial: c.serial,
    pointName: c.point_name,
    channel: c.channel,
    productName: c.product_name,
    stock: c.stock,
    perDay: Math.round(c.per_day * 10) / 10,
    hoursLeft: Math.round((c.stock / c.per_day) * 24 * 10) / 10,
  }));
  const visits = new Map<number, DashboardAlerts['visits'][number]>();
  for (const c of stockOut) {
    const v = visits.get(c.deviceId);
    if (v) v.channels += 1;
    else
      visits.set(c.deviceId, {
        deviceId: c.deviceId,
        name: c.name,
        serial: c.serial,
        pointName: c.pointName,
        channels: 1,
        hoursLeft: c.hoursLeft,
      });
  }
  return {
    quiet: rows === null ? quiet : quiet.slice(0, rows),
    silent: silent.map((d) => ({
      deviceId: d.id,
      name: d.name,
      serial: d.serial,
      pointName: d.point_name,
      lastSeenAt: d.last_seen_at === null ? null : new Date(d.last_seen_at).toISOString(),
    })),
    stockOut,
    visits: [...visits.values()].sort((a, b) => a.hoursLeft - b.hoursLeft || b.channels - a.channels),
  };
}
