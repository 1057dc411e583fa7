/**
 * The device-facing API's handlers (shared/device/machine.ts): what a
 * machine's heartbeat, stock report, fault and recovery change. The caller
 * is the machine itself (`ctx.device`), never a console user.
 */
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { CODE } from '../../shared/domains.js';
import { PRESENCE } from '../../shared/device/index.js';
import type { Db, Queryable } from '../db/index.js';
import { channelExpiries, markdownOffers, priceOffers, serviceVisit, stockBatches, updateOffer } from './ports.js';
import { BizError, RequestValidationError } from '../http/errors.js';
import { defineHandlers } from '../http/handlers.js';
import { deviceChannels as c, devices } from './schema.js';
import { publishDeviceEvent, publishDeviceEvents } from './events.js';
import { stockCause, touchDevice } from './stock.js';
import { recordModules } from './modules.js';

/** A recycled machine has no owner to report to any more (905). */
async function liveDevice(db: Queryable, id: number) {
  const [device] = await db
    .select({
      allocation: devices.allocation,
      locked: devices.locked,
      capacity: devices.capacity,
      priceVersion: devices.priceVersion,
    })
    .from(devices)
    .where(eq(devices.id, id));
  if (!device) throw new BizError(CODE.deviceCredentials);
  if (device.allocation === 'recycled') throw new BizError(CODE.deviceRecycled);
  return device;
}

/**
 * Machines silent for longer than PRESENCE.offlineAfterMs go offline, each
 * announced once: one conditional update, so of several instances sweeping
 * at once each device is taken (and announced) by one.
 */
export async function sweepOffline(
  db: Db,
  offlineAfterMs: number = PRESENCE.offlineAfterMs,
): Promise<{ id: number; tenantId: number | null }[]> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .update(devices)
      .set({ online: false })
      .where(
        and(
          eq(devices.online, true),
          lt(devices.lastSeenAt, sql`now() - make_interval(secs => ${offlineAfterMs / 1000}::double precision)`),
        ),
      )
      .returning({ id: devices.id, tenantId: devices.tenantId });
    await publishDeviceEvents(
      tx,
      gone.map((d) => d.id),
      'offline',
    );
    return gone;
  });
}

/** Seen now; online again (announced) if it was not. */
async function seen(db: Queryable, id: number): Promise<void> {
  const back = await db
    .update(devices)
    .set({ online: true, lastSeenAt: sql`now()` })
    .where(and(eq(devices.id, id), eq(devices.online, false)))
    .returning({ id: devices.id });
  if (back.length) await publishDeviceEvent(db, id, 'online');
  else await touchDevice(db, id);
}

export const machineHandlers = defineHandlers({
  'device.heartbeat': async ({ body }, { db, device: caller }) => {
    const device = await liveDevice(db, caller.id);
    await db.transaction((tx) => seen(tx, caller.id));
    // Due price changes are delivered before the channels are read: the answer names them beside the prices still in force.
    const prices = await priceOffers.use()(db, caller.id);
    if (body.modules?.length) await recordModules(db, caller.id, body.modules);
    const channels = await db
      .select({
        number: c.number,
        stock: c.stock,
        enabled: c.enabled,
        locked: c.locked,
        productId: c.productId,
        price: c.price,
        customerStaffPrice: c.customerStaffPrice,
      })
      .from(c)
      .where(eq(c.deviceId, caller.id))
      .orderBy(asc(c.number));
    // Goods past their expiry are not sold: the machine refuses those channels until the batch is removed; the others
    // it prices by their markdown ladder from the next unit's expiry.
    const expiries = await channelExpiries.use()(db, caller.id);
    return {
      serverTime: new Date().toISOString(),
      tenantId: caller.tenantId,
      locked: device.locked,
      capacity: device.capacity,
      channels: channels.map((ch) => ({
        ...ch,
        expired: expiries.get(ch.number)?.expired ?? false,
        expiresOn: expiries.get(ch.number)?.expiresOn ?? null,
      })),
      update: await updateOffer.use()(db, caller.id),
      priceVersion: device.priceVersion,
      prices,
      markdowns: await markdownOffers.use()(db, caller.id),
    };
  },

  'device.stockReport': async ({ body }, { db, device: caller }) =>
    db.transaction(async (tx) => {
      const device = await liveDevice(tx, caller.id);
      const numbers = [...new Set(body.channels.map((ch) => ch.number))];
      const known = await tx
        .select({ number: c.number })
        .from(c)
        .where(and(eq(c.deviceId, caller.id), inArray(c.number, numbers)));
      if (known.length !== numbers.length) throw new RequestValidationError({ channels: 'device.validation.channel' });
      const over = body.channels.findIndex((ch) => ch.stock > device.capacity);
      if (over >= 0)
        throw new RequestValidationError({ [`channels.${over}.stock`]: 'device.validation.stockCapacity' });
      await stockCause(tx, 'count');
      for (const ch of body.channels) {
        await tx
          .update(c)
          .set({ stock: ch.stock })
          .where(and(eq(c.deviceId, caller.id), eq(c.number, ch.number)));
      }
      await stockBatches.use()(tx, { deviceId: caller.id, numbers, cause: 'count' });
      await seen(tx, caller.id);
      // A stock report is a service visit: price changes sent "at the next visit" are due now (server/price).
      await serviceVisit.use()(tx, caller.id);
      await publishDeviceEvent(tx, caller.id, 'replenished');
      return { changed: numbers.length };
    }),

  'device.fault': async ({ body }, { db, device: caller }) =>
    db.transaction(async (tx) => {
      await liveDevice(tx, caller.id);
      await seen(tx, caller.id);
      const [row] = await tx
        .update(devices)
        .set({ faultCode: body.code, faultMessage: body.message ?? null, faultAt: sql`now()` })
        .where(eq(devices.id, caller.id))
        .returning({ faultAt: devices.faultAt });
      await publishDeviceEvent(tx, caller.id, 'fault', {
        code: body.code,
        ...(body.message ? { message: body.message } : {}),
      });
      return { faultAt: row!.faultAt!.toISOString() };
    }),

  'device.recover': async (_input, { db, device: caller }) =>
    db.transaction(async (tx) => {
      await liveDevice(tx, caller.id);
      await seen(tx, caller.id);
      const cleared = await tx
        .update(devices)
        .set({ faultCode: null, faultMessage: null, faultAt: null })
        .where(and(eq(devices.id, caller.id), isNotNull(devices.faultCode)))
        .returning({ id: devices.id });
      if (cleared.length) await publishDeviceEvent(tx, caller.id, 'recovered');
      return { recovered: cleared.length > 0 };
    }),
});
