/**
 * A machine's side of price changes: its heartbeat is offered the changes
 * due at it (the `priceOffers` provision: now, past their time, or after
 * the stock report of a service visit — `serviceVisit`), each then
 * delivered; the machine reports one applied — its channels take the new
 * prices and its price version rises by one — or failed with its reason.
 * A sale at an older version is priced at that version's prices
 * (`pricesAt`): what the machine showed is what the buyer paid.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PriceOffer } from '../../shared/device/index.js';
import { CODE } from '../../shared/domains.js';
import { PRICE_LIMITS } from '../../shared/price/index.js';
import type { Db, Queryable, Tx } from '../db/index.js';
import type { VersionPrices } from '../order/index.js';
import { deviceChannels as ch, devices, offerDue, OPEN_STEPS, reportPart } from '../device/index.js';
import { BizError } from '../http/errors.js';
import { announce } from './changes.js';
import { changePart, ofChange, pp } from './parts.js';
import {
  priceChangeChannels as pc,
  priceChangeDevices as d,
  priceChangeLines as l,
  priceChanges as c,
} from './schema.js';

/** The channels of the device holding the change's products, at the change's prices. */
async function channelsOf(db: Queryable, deviceId: number, changeId: number) {
  return db
    .select({
      number: ch.number,
      productId: l.productId,
      oldPrice: ch.price,
      oldStaffPrice: ch.customerStaffPrice,
      price: l.price,
      customerStaffPrice: l.customerStaffPrice,
    })
    .from(ch)
    .innerJoin(l, and(eq(l.changeId, changeId), eq(l.productId, ch.productId)))
    .where(eq(ch.deviceId, deviceId))
    .orderBy(asc(ch.number));
}

export async function priceOffers(db: Queryable, deviceId: number): Promise<PriceOffer[]> {
  // Most heartbeats find nothing: one read on the parts' device index, and no write.
  const open = await db
    .select({ changeId: pp.pushId, step: pp.step })
    .from(pp)
    .where(and(eq(pp.deviceId, deviceId), eq(pp.kind, 'price'), inArray(pp.step, [...OPEN_STEPS])));
  if (!open.length) return [];
  const due = sql`exists (select 1 from ${c} join ${d} on ${d.changeId} = ${c.id} where ${c.id} = ${pp.pushId}
    and ${d.partId} = ${pp.id}
    and (${c.timing} = 'now' or (${c.timing} = 'at' and ${c.applyAt} <= now()) or (${c.timing} = 'visit' and ${d.visited})))`;
  const fresh = !open.some((x) => x.step === 'waiting')
    ? []
    : (await offerDue(db, 'price', deviceId, due, new Date())).map((x) => ({ changeId: x.pushId }));
  if (fresh.length) {
    const owners = await db
      .select({ changeId: c.id, tenantId: c.tenantId })
      .from(c)
      .where(inArray(c.id, [...new Set(fresh.map((x) => x.changeId))]));
    for (const x of owners) await announce(db, x.tenantId, { kind: 'change', changeId: x.changeId });
  }
  // Delivered ones are offered again until the machine reports them (it may have lost one to a restart): those it
  // had and those delivered now.
  const delivered = [...new Set([...open.filter((x) => x.step === 'working'), ...fresh].map((x) => x.changeId))].sort(
    (a, b) => a - b,
  );
  const offers: PriceOffer[] = [];
  for (const changeId of delivered) {
    const channels = await channelsOf(db, deviceId, changeId);
    offers.push({
      changeId,
      channels: channels.map((x) => ({ number: x.number, price: x.price, customerStaffPrice: x.customerStaffPrice })),
    });
  }
  return offers;
}

/** A service visit (the machine's stock report): the changes waiting for it are due. */
export async function serviceVisit(db: Queryable, deviceId: number): Promise<void> {
  await db
    .update(d)
    .set({ visited: true })
    .where(
      and(
        eq(d.visited, false),
        sql`exists (select 1 from ${pp} join ${c} on ${c.id} = ${pp.pushId} where ${pp.id} = ${d.partId}
          and ${pp.deviceId} = ${deviceId} and ${pp.kind} = 'price' and ${pp.step} = 'waiting' and ${c.timing} = 'visit')`,
      ),
    );
}

export async function reportPrice(
  db: Db,
  deviceId: number,
  changeId: number,
  body: { result: 'applied' | 'failed'; reason?: string | undefined },
) {
  return db.transaction(async (tx) => {
    // The device's row first, as a change's creation locks it: its version rises once per applied change.
    const [device] = await tx
      .select({ version: devices.priceVersion })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .for('update');
    const [part] = await tx
      .select({ id: d.id, partId: pp.id, tenantId: c.tenantId })
      .from(pp)
      .innerJoin(d, changePart)
      .innerJoin(c, eq(c.id, d.changeId))
      .where(and(ofChange(changeId), eq(pp.deviceId, deviceId), eq(pp.step, 'working')))
      .for('update', { of: pp });
    if (!device || !part) throw new BizError(CODE.priceChangeNotActive);
    if (body.result === 'failed') {
      const reason = body.reason || 'failed';
      await reportPart(tx, part.partId, new Date(), { step: 'failed', reason });
      await announce(tx, part.tenantId, { kind: 'device', changeId, deviceId, state: 'failed', reason });
      return { state: 'failed' as const, version: device.version };
    }
    const version = device.version + 1;
    const channels = await channelsOf(tx, deviceId, changeId);
    if (channels.length) {
      await tx
        .insert(pc)
        .values(channels.map(({ number, ...x }) => ({ partId: part.id, deviceId, channel: number, version, ...x })));
      for (const x of channels)
        await tx
          .update(ch)
          .set({ price: x.price, customerStaffPrice: x.customerStaffPrice })
          .where(and(eq(ch.deviceId, deviceId), eq(ch.number, x.number)));
    }
    await tx.update(devices).set({ priceVersion: version }).where(eq(devices.id, deviceId));
    await reportPart(tx, part.partId, new Date(), { step: 'done' });
    await tx.update(d).set({ version }).where(eq(d.id, part.id));
    await announce(tx, part.tenantId, { kind: 'device', changeId, deviceId, state: 'applied', version });
    return { state: 'applied' as const, version };
  });
}

/**
 * The prices a device sold at in an older version: per channel, the price
 * the first later change replaced; and whether it left that version more
 * than PRICE_LIMITS.oldVersionMs ago.
 */
export async function pricesAt(tx: Tx, deviceId: number, version: number): Promise<VersionPrices> {
  const [left] = await tx
    .select({ at: pp.endedAt })
    .from(pp)
    .innerJoin(d, changePart)
    .where(and(eq(pp.deviceId, deviceId), eq(pp.kind, 'price'), eq(pp.step, 'done'), eq(d.version, version + 1)));
  const later = await tx
    .select({ channel: pc.channel, price: pc.oldPrice, customerStaffPrice: pc.oldStaffPrice })
    .from(pc)
    .where(and(eq(pc.deviceId, deviceId), gt(pc.version, version)))
    .orderBy(asc(pc.version));
  const prices = new Map<number, { price: number; customerStaffPrice: number }>();
  for (const x of later)
    if (!prices.has(x.channel) && x.price !== null && x.customerStaffPrice !== null)
      prices.set(x.channel, { price: x.price, customerStaffPrice: x.customerStaffPrice });
  const stale = left?.at ? Date.now() - left.at.getTime() > PRICE_LIMITS.oldVersionMs : false;
  return { stale, prices };
}
