/** Reading devices as the API shows them (`deviceItem`, `deviceDetail`), with the names of their point and tenant. */
import { and, eq, inArray } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { DeviceDetail, DeviceItem } from '../../shared/device/index.js';
import type { Queryable, Tx } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { devicePoint } from './ports.js';
import { devices } from './schema.js';
import { tenantInScope } from '../tenant/index.js';
import { tenants } from '../identity/schema.js';

// A function: the point's name comes through a port, met when the upstream starts.
const deviceColumns = () => ({
  id: devices.id,
  name: devices.name,
  serial: devices.serial,
  type: devices.type,
  model: devices.model,
  allocation: devices.allocation,
  online: devices.online,
  lastSeenAt: devices.lastSeenAt,
  activated: devices.activated,
  locked: devices.locked,
  authorised: devices.authorised,
  serviceExpiry: devices.serviceExpiry,
  channelCount: devices.channelCount,
  capacity: devices.capacity,
  salesNotice: devices.salesNotice,
  warningValue: devices.warningValue,
  tenantId: devices.tenantId,
  tenantName: tenants.name,
  pointId: devices.pointId,
  pointName: devicePoint.use().columns(devices.pointId).name,
});

/** `select … from devices left join tenants` (a pool device has no tenant), with its point's name; add where/order/limit. */
export const selectDevices = (db: Queryable) =>
  db.select(deviceColumns()).from(devices).leftJoin(tenants, eq(tenants.id, devices.tenantId));

type DeviceRow = Awaited<ReturnType<typeof selectDevices>>[number];

export const toDeviceItem = (row: DeviceRow): DeviceItem => ({
  ...row,
  lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  serviceExpiry: row.serviceExpiry ? row.serviceExpiry.toISOString() : null,
});

/** One device with its settings, or 1201 when it does not exist or lies outside the scope (the same answer). */
export async function deviceDetailInScope(db: Queryable, scope: Scope, id: number): Promise<DeviceDetail> {
  const [row] = await db
    .select({
      ...deviceColumns(),
      channelSalesLimit: devices.channelSalesLimit,
      orderLimit: devices.orderLimit,
      notifications: devices.notifications,
    })
    .from(devices)
    .leftJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(and(eq(devices.id, id), scope.whereDevice(devices.tenantId, devices.id)));
  if (!row) throw new BizError(CODE.deviceNotFound);
  return {
    ...toDeviceItem(row),
    channelSalesLimit: row.channelSalesLimit,
    orderLimit: row.orderLimit,
    notifications: row.notifications,
  };
}

/**
 * A filter naming a point or tenant the caller cannot see is refused like a
 * lookup of it (1410, 1401), not answered with an empty page: an empty page
 * would tell a prober nothing less, but a refusal keeps one rule for every id
 * a request names (tests/server/reliability/isolation.test.ts).
 */
export async function checkFilterIds(
  db: Queryable,
  scope: Scope,
  pointId: number | undefined,
  tenantId: number | undefined,
) {
  if (pointId !== undefined) await devicePoint.use().check(db, scope, pointId);
  if (tenantId !== undefined) await tenantInScope(db, scope, tenantId);
}

/**
 * A selection of devices for a change: the ids once each, and their rows in
 * scope locked in id order (two selections never wait on each other in a
 * circle); 1201 unless every one is there.
 */
export async function lockDevices(tx: Tx, scope: Scope, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: devices.id, tenantId: devices.tenantId, capacity: devices.capacity })
    .from(devices)
    .where(and(inArray(devices.id, unique), scope.whereDevice(devices.tenantId, devices.id)))
    .orderBy(devices.id)
    .for('update');
  if (rows.length !== unique.length) throw new BizError(CODE.deviceNotFound);
  return { unique, rows };
}
