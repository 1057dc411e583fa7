/**
 * Device binding (shared/device/handover.ts): devices move between a
 * first-level tenant and one of its second-level tenants, all or none, in
 * one transaction that locks them in id order (two moves of overlapping
 * devices take turns, and the second finds them where the first left them).
 * The channels keep their products and prices: the second-level tenant sells
 * its parent's goods until someone changes them.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import type { Db } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import type { Scope } from '../scope.js';
import { publishDeviceEvents } from './events.js';
import { deviceAllocations, deviceChannels, devices } from './schema.js';
import { memberDevices, tenants } from '../identity/schema.js';

export async function handOver(
  db: Db,
  user: AuthUser,
  scope: Scope,
  input: { tenantId: number; deviceIds: readonly number[]; back: boolean; unbindPoints?: boolean | undefined },
) {
  return db.transaction(async (tx) => {
    // The second-level tenant: any for the admin, one's own children for a first-level tenant (and its members holding 7-3).
    const [child] = await tx
      .select({ id: tenants.id, parentId: tenants.parentId })
      .from(tenants)
      .where(eq(tenants.id, input.tenantId));
    if (
      !child ||
      child.parentId === null ||
      !scope.has(child.id) ||
      (user.kind !== 'admin' && child.parentId !== user.tenantId)
    )
      throw new BizError(CODE.tenantNotFound);
    const from = input.back ? child.id : child.parentId;
    const to = input.back ? child.parentId : child.id;
    const unique = [...new Set(input.deviceIds)];
    const rows = await tx
      .select({ id: devices.id, tenantId: devices.tenantId, pointId: devices.pointId })
      .from(devices)
      .where(inArray(devices.id, unique))
      .orderBy(devices.id)
      .for('update');
    if (rows.length !== unique.length || rows.some((d) => d.tenantId !== from)) throw new BizError(CODE.deviceNotFound);
    if (rows.some((d) => d.pointId !== null) && !input.unbindPoints) throw new BizError(CODE.deviceOnPoint);
    // A point is its tenant's: the device leaves it (the point's own foreign key insists).
    await tx
      .update(devices)
      .set({ pointId: null })
      .where(and(inArray(devices.id, unique), isNotNull(devices.pointId)));
    await tx.update(devices).set({ tenantId: to, updatedAt: new Date() }).where(inArray(devices.id, unique));
    await tx.update(deviceChannels).set({ tenantId: to }).where(inArray(deviceChannels.deviceId, unique));
    // Members of the tenant it leaves lose it; none of its new tenant's members had it.
    await tx.delete(memberDevices).where(inArray(memberDevices.deviceId, unique));
    await tx.insert(deviceAllocations).values(
      unique.map((id) => ({
        deviceId: id,
        action: input.back ? ('takeBack' as const) : ('handOver' as const),
        tenantId: child.id,
        actorId: user.id,
      })),
    );
    // Its new owner's open lists take it in (the parent hears its second-level tenant's events too).
    await publishDeviceEvents(tx, unique, 'allocated', {}, user.id);
    return { changed: unique.length };
  });
}
