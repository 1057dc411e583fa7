/**
 * Demo price changes, tenant A's: last week's new price of the first drink
 * at Hangzhou East's machine, applied (so the history has rows), and a new
 * price at People's Square's drinks machine waiting for its next service
 * visit; and tenant B's new price sent three hours ago to Shenzhen North's
 * drinks machine, which has been offline since and never took it (the
 * fleet's view shows it stalled).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { deviceChannels, devices, pushParts } from '../device/index.js';
import type { Tx } from '../db/index.js';
import type { DemoData } from '../manifest.js';
import { priceChangeChannels, priceChangeDevices, priceChangeLines, priceChanges } from './schema.js';

const DAY = 86_400_000;

/** A device's part in a change: its push part (step and times) and the change's own row; answers the latter's id. */
async function addPart(
  tx: Tx,
  changeId: number,
  deviceId: number,
  part: Partial<typeof pushParts.$inferInsert> & { heardAt: Date },
  version?: number,
) {
  const [pushed] = await tx
    .insert(pushParts)
    .values({ kind: 'price', pushId: changeId, deviceId, ...part })
    .returning({ id: pushParts.id });
  const [row] = await tx
    .insert(priceChangeDevices)
    .values({ changeId, partId: pushed!.id, version })
    .returning({ id: priceChangeDevices.id });
  return row!.id;
}

export const priceDemo: DemoData = {
  after: ['tenant', 'account', 'device', 'product'],
  async load({ tx, ids, now }) {
    const tenantId = ids.get('tenant', 'A');
    const createdBy = ids.get('account', 'tenant1');
    const firstProduct = async (serial: string) => {
      const deviceId = ids.get('device', serial);
      const [first] = await tx
        .select({
          productId: deviceChannels.productId,
          price: deviceChannels.price,
          staff: deviceChannels.customerStaffPrice,
        })
        .from(deviceChannels)
        .where(and(eq(deviceChannels.deviceId, deviceId), isNotNull(deviceChannels.productId)))
        .orderBy(asc(deviceChannels.number))
        .limit(1);
      return first ? { deviceId, productId: first.productId!, price: first.price!, staff: first.staff! } : undefined;
    };
    const applied = await firstProduct('VM2026000106');
    if (applied) {
      const at = new Date(now - 7 * DAY);
      const price = applied.price + 50;
      const staff = applied.staff + 50;
      const [change] = await tx
        .insert(priceChanges)
        .values({ tenantId, timing: 'now', createdBy, createdAt: at })
        .returning({ id: priceChanges.id });
      await tx
        .insert(priceChangeLines)
        .values({ changeId: change!.id, position: 0, productId: applied.productId, price, customerStaffPrice: staff });
      const ended = new Date(at.getTime() + 45_000);
      const partId = await addPart(
        tx,
        change!.id,
        applied.deviceId,
        { step: 'done', startedAt: new Date(at.getTime() + 20_000), heardAt: ended, endedAt: ended },
        1,
      );
      const channels = await tx
        .select({ number: deviceChannels.number })
        .from(deviceChannels)
        .where(and(eq(deviceChannels.deviceId, applied.deviceId), eq(deviceChannels.productId, applied.productId)));
      await tx.insert(priceChangeChannels).values(
        channels.map((x) => ({
          partId,
          deviceId: applied.deviceId,
          channel: x.number,
          productId: applied.productId,
          version: 1,
          oldPrice: applied.price,
          oldStaffPrice: applied.staff,
          price,
          customerStaffPrice: staff,
          appliedAt: new Date(at.getTime() + 45_000),
        })),
      );
      await tx
        .update(deviceChannels)
        .set({ price, customerStaffPrice: staff })
        .where(and(eq(deviceChannels.deviceId, applied.deviceId), eq(deviceChannels.productId, applied.productId)));
      await tx.update(devices).set({ priceVersion: 1 }).where(eq(devices.id, applied.deviceId));
    }
    const waiting = await firstProduct('VM2026000105');
    if (waiting) {
      const [change] = await tx
        .insert(priceChanges)
        .values({ tenantId, timing: 'visit', createdBy, createdAt: new Date(now - DAY) })
        .returning({ id: priceChanges.id });
      await tx.insert(priceChangeLines).values({
        changeId: change!.id,
        position: 0,
        productId: waiting.productId,
        price: waiting.price + 100,
        customerStaffPrice: waiting.staff + 100,
      });
      await addPart(tx, change!.id, waiting.deviceId, { heardAt: new Date(now - DAY) });
    }
    const unreached = await firstProduct('VM2026000303');
    if (unreached) {
      const [change] = await tx
        .insert(priceChanges)
        .values({
          tenantId: ids.get('tenant', 'B'),
          timing: 'now',
          createdBy: ids.get('account', 'tenant2'),
          createdAt: new Date(now - 3 * 3_600_000),
        })
        .returning({ id: priceChanges.id });
      await tx.insert(priceChangeLines).values({
        changeId: change!.id,
        position: 0,
        productId: unreached.productId,
        price: unreached.price + 100,
        customerStaffPrice: unreached.staff + 100,
      });
      await addPart(tx, change!.id, unreached.deviceId, { heardAt: new Date(now - 3 * 3_600_000) });
    }
  },
};
