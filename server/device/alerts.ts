/**
 * The alerts' episodes (beyond the spec). The dashboard works out which
 * devices have gone quiet and which channels will run out (from the sales
 * rollups, which this domain cannot read); this keeps them as episodes on the
 * device, so the exceptions view lists them and each is announced once: a
 * live event (and the OS notification, where the device's warning switch is
 * on) when it opens, another when it ends.
 *
 * One sweep at a time: the sweep takes a transaction-scoped advisory lock
 * and an instance that finds it held leaves that round to the holder. Even
 * two sweeps at once could not raise an episode twice: the partial unique
 * index keeps one open row per device, kind and channel, and only the
 * statement that inserted it announces it.
 */
import { sql } from 'drizzle-orm';
import type { DeviceAlertKind } from '../../shared/device/index.js';
import type { Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { publishDeviceNews, type DeviceNews } from './events.js';

/** An alert as the latest reading finds it. */
export interface AlertNow {
  deviceId: number;
  kind: DeviceAlertKind;
  /** runningOut: the channel; quiet: 0. */
  channel: number;
  /** quiet: hours since the last sale; runningOut: hours until empty. */
  hours: number;
  /** runningOut: what the channel holds. */
  stock?: number;
}

/** The advisory lock of the alert sweep. */
const SWEEP_LOCK = sql`hashtext('device_alerts.sweep')`;

interface Row {
  device_id: number;
  kind: DeviceAlertKind;
  channel: number;
  hours: number;
}

/**
 * Reads every alert of the platform with `read` (inside the sweep's
 * transaction, under its lock), opens the episodes that are new, brings the
 * hours of the open ones up to date, closes those no longer read, and
 * announces what opened and closed. Null when another sweep holds the lock.
 */
export async function sweepDeviceAlerts(
  db: Db,
  read: (db: Queryable) => Promise<readonly AlertNow[]>,
): Promise<{ opened: number; closed: number; open: number } | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`);
    if (!lock?.ok) return null;
    const current = await read(tx);
    const json = JSON.stringify(current.map((a) => ({ d: a.deviceId, k: a.kind, c: a.channel, h: a.hours })));
    const now = sql`jsonb_to_recordset(${json}::jsonb) as x(d int, k text, c int, h float8)`;
    // xmax is 0 on a row this statement inserted, not on one it updated: the new episodes.
    const upserted = await rowsOf<Row & { opened: boolean }>(
      tx,
      sql`
      insert into device_alerts (device_id, kind, channel, hours)
      select x.d, x.k::device_alert_kind, x.c, x.h from ${now} join devices d on d.id = x.d
      order by 1, 2, 3
      on conflict (device_id, kind, channel) where closed_at is null do update set hours = excluded.hours
      returning device_id, kind, channel, hours, (xmax = 0) as opened`,
    );
    const closed = await rowsOf<Row>(
      tx,
      sql`
      update device_alerts a set closed_at = now()
      where a.closed_at is null and not exists (select 1 from ${now} where x.d = a.device_id and x.k = a.kind::text and x.c = a.channel)
      returning device_id, kind, channel, hours`,
    );
    const stock = new Map(current.map((a) => [`${a.deviceId}/${a.kind}/${a.channel}`, a.stock]));
    const opened = upserted.filter((r) => r.opened);
    const news: DeviceNews[] = [
      ...opened.map((r): DeviceNews => {
        const held = stock.get(`${r.device_id}/${r.kind}/${r.channel}`);
        return {
          id: r.device_id,
          kind: r.kind,
          extra: {
            hours: r.hours,
            ...(r.kind === 'runningOut' ? { channel: r.channel, ...(held === undefined ? {} : { stock: held }) } : {}),
          },
        };
      }),
      ...closed.map((r): DeviceNews => ({
        id: r.device_id,
        kind: 'alertCleared',
        extra: { alert: r.kind, ...(r.kind === 'runningOut' ? { channel: r.channel } : {}) },
      })),
    ];
    await publishDeviceNews(tx, news);
    return { opened: opened.length, closed: closed.length, open: upserted.length };
  });
}
