/**
 * Binding devices to a point (spec §2 bindDevice): all or nothing, every
 * device checked before any is bound, under the point's and the devices'
 * row locks, so two clerks binding at once cannot both win.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { devices, type PushPlaces } from '../device/index.js';
import type { Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { Scope } from '../scope.js';
import { lockPointInScope } from './queries.js';
import { points } from './schema.js';

/** The devices named in a bind/unbind request, locked; 1201 if any is unknown or out of scope. */
async function lockDevices(tx: Queryable, scope: Scope, deviceIds: readonly number[]) {
  const ids = [...new Set(deviceIds)];
  const rows = await tx
    .select({ id: devices.id, tenantId: devices.tenantId, pointId: devices.pointId })
    .from(devices)
    .where(and(inArray(devices.id, ids), scope.whereDevice(devices.tenantId, devices.id)))
    .for('update');
  if (rows.length !== ids.length) throw new BizError(CODE.deviceNotFound);
  return rows;
}

/** 1413 another tenant's device, 1412 one bound to another point. */
export async function bindDevices(db: Queryable, scope: Scope, pointId: number, deviceIds: readonly number[]) {
  await db.transaction(async (tx) => {
    const point = await lockPointInScope(tx, scope, pointId);
    const rows = await lockDevices(tx, scope, deviceIds);
    if (rows.some((d) => d.tenantId !== point.tenantId)) throw new BizError(CODE.deviceOtherTenant);
    if (rows.some((d) => d.pointId !== null && d.pointId !== point.id)) throw new BizError(CODE.deviceBoundElsewhere);
    await tx
      .update(devices)
      .set({ pointId: point.id })
      .where(
        inArray(
          devices.id,
          rows.map((d) => d.id),
        ),
      );
  });
}

/** Refused when any of them is not on this point. */
export async function unbindDevices(db: Queryable, scope: Scope, pointId: number, deviceIds: readonly number[]) {
  await db.transaction(async (tx) => {
    const point = await lockPointInScope(tx, scope, pointId);
    const rows = await lockDevices(tx, scope, deviceIds);
    if (rows.some((d) => d.pointId !== point.id)) throw new BizError(CODE.deviceNotOnPoint);
    await tx
      .update(devices)
      .set({ pointId: null })
      .where(
        inArray(
          devices.id,
          rows.map((d) => d.id),
        ),
      );
  });
}

/** A push to a point reaches its devices (the device domain's port: a push's target). */
export const pointPlaces: PushPlaces = {
  async devices(db, tenantId, pointId) {
    const [point] = await db
      .select({ id: points.id })
      .from(points)
      .where(and(eq(points.id, pointId), eq(points.tenantId, tenantId)));
    if (!point) return null;
    const rows = await db.select({ id: devices.id }).from(devices).where(eq(devices.pointId, pointId));
    return rows.map((d) => d.id);
  },
  list: (db, tenantId) =>
    db
      .select({ id: points.id, name: points.name })
      .from(points)
      .where(eq(points.tenantId, tenantId))
      .orderBy(asc(points.id)),
};
