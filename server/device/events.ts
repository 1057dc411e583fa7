/**
 * Publishing a device's live events (shared/device/events.ts) within the
 * transaction that changed it: the device's name and serial, and whether its
 * switch for this kind of event is on. The devices are read once for all the
 * events of one change (a sale announces itself, its low channels and its
 * sales notice together).
 */
import { inArray } from 'drizzle-orm';
import { EVENT_SWITCH, type DeviceEvent, type DeviceEventKind } from '../../shared/device/index.js';
import type { Queryable } from '../db/index.js';
import { publish } from '../http/events.js';
import { devices } from './schema.js';

type Extra = Omit<DeviceEvent, 'kind' | 'deviceId' | 'serial' | 'name' | 'at' | 'notify'>;

/** One event of one device. */
export interface DeviceNews {
  id: number;
  kind: DeviceEventKind;
  extra?: Extra;
}

/** Announces each event (at the commit of `db`'s transaction); `actor`: the console user who caused them. */
export async function publishDeviceNews(db: Queryable, news: readonly DeviceNews[], actor?: number): Promise<void> {
  if (!news.length) return;
  const rows = await db
    .select({
      id: devices.id,
      tenantId: devices.tenantId,
      serial: devices.serial,
      name: devices.name,
      notifications: devices.notifications,
    })
    .from(devices)
    .where(inArray(devices.id, [...new Set(news.map((n) => n.id))]));
  const byId = new Map(rows.map((d) => [d.id, d]));
  const at = new Date().toISOString();
  for (const { id, kind, extra } of news) {
    const d = byId.get(id);
    if (!d) continue;
    const knob = EVENT_SWITCH[kind];
    const event: DeviceEvent = {
      kind,
      deviceId: d.id,
      serial: d.serial,
      name: d.name,
      at,
      notify: knob !== null && d.notifications[knob] === true,
      ...extra,
    };
    await publish(db, 'device', d.tenantId, event, actor);
  }
}

/** Announces `kind` for each device. */
export const publishDeviceEvents = (
  db: Queryable,
  ids: readonly number[],
  kind: DeviceEventKind,
  extra: Extra = {},
  actor?: number,
) =>
  publishDeviceNews(
    db,
    ids.map((id) => ({ id, kind, extra })),
    actor,
  );

export const publishDeviceEvent = (
  db: Queryable,
  id: number,
  kind: DeviceEventKind,
  extra: Extra = {},
  actor?: number,
) => publishDeviceEvents(db, [id], kind, extra, actor);
