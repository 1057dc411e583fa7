/**
 * The device-facing API's handlers (shared/device/machine.ts): what a
 * machine's heartbeat, stock report, fault and recovery change. The caller
 * is the machine itself (`ctx.device`), never a console user.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { PRESENCE } from '../../shared/device/index.js';
import type { Queryable } from '../db/index.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { deviceChannels as c, devices } from './schema.js';

/** A recycled machine has no owner to report to any more (905). */
async function liveDevice(db: Queryable, id: number) {
  const [device] = await db.select({ allocation: devices.allocation, locked: devices.locked, capacity: devices.capacity })
    .from(devices).where(eq(devices.id, id));
  if (!device) throw new BizError(CODE.deviceCredentials);
  if (device.allocation === 'recycled') throw new BizError(CODE.deviceRecycled);
  return device;
}

/** Machines silent for longer than PRESENCE.offlineAfterMs go offline: one statement, so of several instances sweeping one wins each device. */
export async function sweepOffline(db: Queryable): Promise<{ id: number; tenantId: number }[]> {
  return db.update(devices).set({ online: false })
    .where(and(eq(devices.online, true), lt(devices.lastSeenAt, sql`now() - make_interval(secs => ${PRESENCE.offlineAfterMs / 1000}::double precision)`)))
    .returning({ id: devices.id, tenantId: devices.tenantId });
}

export const machineHandlers = defineHandlers({
  'device.heartbeat': async (_input, { db, device: caller }) => {
    const device = await liveDevice(db, caller.id);
    await db.update(devices).set({ online: true, lastSeenAt: sql`now()` }).where(eq(devices.id, caller.id));
    const channels = await db.select({ number: c.number, stock: c.stock, enabled: c.enabled, locked: c.locked, productId: c.productId, price: c.price, staffPrice: c.staffPrice })
      .from(c).where(eq(c.deviceId, caller.id)).orderBy(asc(c.number));
    return { serverTime: new Date().toISOString(), locked: device.locked, capacity: device.capacity, channels };
  },

  'device.stockReport': async ({ body }, { db, device: caller }) => db.transaction(async (tx) => {
    const device = await liveDevice(tx, caller.id);
    const numbers = [...new Set(body.channels.map((ch) => ch.number))];
    const known = await tx.select({ number: c.number }).from(c).where(and(eq(c.deviceId, caller.id), inArray(c.number, numbers)));
    if (known.length !== numbers.length) throw new RequestValidationError({ channels: 'device.validation.channel' });
    const over = body.channels.findIndex((ch) => ch.stock > device.capacity);
    if (over >= 0) throw new RequestValidationError({ [`channels.${over}.stock`]: 'device.validation.stockCapacity' });
    for (const ch of body.channels) {
      await tx.update(c).set({ stock: ch.stock }).where(and(eq(c.deviceId, caller.id), eq(c.number, ch.number)));
    }
    await tx.update(devices).set({ online: true, lastSeenAt: sql`now()` }).where(eq(devices.id, caller.id));
    return { changed: numbers.length };
  }),

  'device.fault': async ({ body }, { db, device: caller }) => {
    await liveDevice(db, caller.id);
    const [row] = await db.update(devices)
      .set({ faultCode: body.code, faultMessage: body.message ?? null, faultAt: sql`now()`, online: true, lastSeenAt: sql`now()` })
      .where(eq(devices.id, caller.id)).returning({ faultAt: devices.faultAt });
    return { faultAt: row!.faultAt!.toISOString() };
  },

  'device.recover': async (_input, { db, device: caller }) => {
    await liveDevice(db, caller.id);
    const cleared = await db.update(devices)
      .set({ faultCode: null, faultMessage: null, faultAt: null, online: true, lastSeenAt: sql`now()` })
      .where(and(eq(devices.id, caller.id), sql`${devices.faultCode} is not null`)).returning({ id: devices.id });
    if (!cleared.length) await db.update(devices).set({ online: true, lastSeenAt: sql`now()` }).where(and(eq(devices.id, caller.id), isNull(devices.faultCode)));
    return { recovered: cleared.length > 0 };
  },
});
