/** Reading devices as the API shows them (`deviceItem`), with the name of their point. */
import { eq } from 'drizzle-orm';
import type { DeviceItem } from '../../shared/device/index.js';
import type { Queryable } from '../db/index.js';
import { devices } from './schema.js';
import { points } from '../point/schema.js';

const deviceColumns = {
  id: devices.id,
  name: devices.name,
  serial: devices.serial,
  type: devices.type,
  model: devices.model,
  allocation: devices.allocation,
  online: devices.online,
  activated: devices.activated,
  serviceExpiry: devices.serviceExpiry,
  channelCount: devices.channelCount,
  tenantId: devices.tenantId,
  pointId: devices.pointId,
  pointName: points.name,
};

/** `select … from devices left join points`; add where/order/limit. */
export const selectDevices = (db: Queryable) =>
  db.select(deviceColumns).from(devices).leftJoin(points, eq(points.id, devices.pointId));

type DeviceRow = Awaited<ReturnType<typeof selectDevices>>[number];

export const toDeviceItem = (row: DeviceRow): DeviceItem => ({
  ...row,
  serviceExpiry: row.serviceExpiry ? row.serviceExpiry.toISOString() : null,
});
