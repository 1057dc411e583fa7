/**
 * Publishing a device's live events (shared/device/events.ts) within the
 * transaction that changed it: the device's name and serial, and whether its
 * switch for this kind of event is on.
 */
import { eq, inArray } from 'drizzle-orm';
import { EVENT_SWITCH, type DeviceEvent, type DeviceEventKind } from '../../shared/device/index.js';
import type { Queryable } from '../db/index.js';
import { publish } from '../http/events.js';
import { devices } from './schema.js';

type Extra = Omit<DeviceEvent, 'kind' | 'deviceId' | 'serial' | 'name' | 'at' | 'notify'>;

/** Announces `kind` for each device (at the commit of `db`'s transaction); `actor`: the console user who caused it. */
export async function publishDeviceEvents(db: Queryable, ids: readonly number[], kind: DeviceEventKind, extra: Extra = {}, actor?: number): Promise<void> {
  if (!ids.length) return;
  const rows = await db.select({ id: devices.id, tenantId: devices.tenantId, serial: devices.serial, name: devices.name, notifications: devices.notifications })
    .from(devices).where(ids.length === 1 ? eq(devices.id, ids[0]!) : inArray(devices.id, [...ids]));
  const at = new Date().toISOString();
  const knob = EVENT_SWITCH[kind];
  for (const d of rows) {
    const event: DeviceEvent = { kind, deviceId: d.id, serial: d.serial, name: d.name, at, notify: knob !== null && d.notifications[knob] === true, ...extra };
    await publish(db, 'device', d.tenantId, event, actor);
  }
}

export const publishDeviceEvent = (db: Queryable, id: number, kind: DeviceEventKind, extra: Extra = {}, actor?: number) =>
  publishDeviceEvents(db, [id], kind, extra, actor);
