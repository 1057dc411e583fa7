/**
 * Demo batches, tenant A's fridge at 虹桥站 (虹桥站鲜食柜): each stocked
 * lane refilled by tenant1 with its batch — expiry from the product's shelf
 * life, a lot as printed on the label — and one lane's sandwiches left a day
 * past their expiry, for the batches screen to show what needs removing; and
 * three weeks ago a batch of the second lane, thrown away at its expiry;
 * and the fridge's temperatures (demo-cold.ts).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { addDays, businessDay } from '../../shared/business-time.js';
import { deviceChannels } from '../device/index.js';
import type { Tx } from '../db/index.js';
import type { DemoData } from '../manifest.js';
import { products } from '../product/index.js';
import { coldDemo } from './demo-cold.js';
import { doorsDemo, visitDemo } from './demo-doors.js';
import { followStock } from './follow.js';
import { freshBatches, freshBatchMoves, freshWaste } from './schema.js';

const FRIDGE = 'VM2026000111';
const DAY = 86_400_000;

export const freshDemo: DemoData = {
  after: ['account', 'device', 'product'],
  async load({ tx, ids, now }) {
    const deviceId = ids.get('device', FRIDGE);
    const today = businessDay(now);
    const lanes = await tx
      .select({ number: deviceChannels.number, shelfLifeDays: products.shelfLifeDays })
      .from(deviceChannels)
      .innerJoin(products, eq(products.id, deviceChannels.productId))
      .where(and(eq(deviceChannels.deviceId, deviceId), isNotNull(deviceChannels.productId)));
    await followStock(tx, {
      deviceId,
      numbers: null,
      cause: 'refill',
      batches: lanes.map((l) => ({
        number: l.number,
        expiresOn: addDays(today, l.number % 3 === 0 ? 0 : (l.shelfLifeDays ?? 1)),
        lot: `${today.replaceAll('-', '').slice(2)}-${String(l.number).padStart(2, '0')}`,
      })),
      actor: ids.get('account', 'tenant1'),
    });
    // The first lane's batch was refilled three days ago and is a day past its expiry.
    const [first] = await tx
      .select({ id: freshBatches.id })
      .from(freshBatches)
      .where(eq(freshBatches.deviceId, deviceId))
      .orderBy(freshBatches.channel)
      .limit(1);
    if (first)
      await tx
        .update(freshBatches)
        .set({ expiresOn: addDays(today, -1), refilledAt: new Date(now - 3 * DAY) })
        .where(eq(freshBatches.id, first.id));
    await pastWaste(tx, deviceId, ids.get('tenant', 'A'), ids.get('account', 'tenant1'), now);
    await coldDemo(tx, deviceId, ids.get('tenant', 'A'), ids.get('account', 'tenant1'), now);
    await doorsDemo(tx, { deviceId, tenantId: ids.get('tenant', 'A') }, now);
    await visitDemo(tx, ids.get('device', 'VM2026000104'));
  },
};

/** A batch of the second lane refilled 24 days ago and thrown away at its expiry three weeks ago: its moves, closed, and its waste. */
async function pastWaste(tx: Tx, deviceId: number, tenantId: number, by: number, now: number) {
  const [lane] = await tx
    .select({ productId: deviceChannels.productId, price: deviceChannels.price })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceId, deviceId), eq(deviceChannels.number, 2)));
  if (!lane?.productId) return;
  const refilledAt = new Date(now - 24 * DAY);
  const removedAt = new Date(now - 21 * DAY);
  const [batch] = await tx
    .insert(freshBatches)
    .values({
      tenantId,
      deviceId,
      channel: 2,
      productId: lane.productId,
      lot: `${businessDay(refilledAt).replaceAll('-', '').slice(2)}-02`,
      expiresOn: addDays(businessDay(refilledAt), 2),
      quantity: 6,
      remaining: 0,
      refilledAt,
      refilledBy: by,
      closedAt: removedAt,
    })
    .returning({ id: freshBatches.id });
  await tx.insert(freshBatchMoves).values([
    { batchId: batch!.id, delta: 6, cause: 'refill', at: refilledAt },
    { batchId: batch!.id, delta: -4, cause: 'sale', at: new Date(now - 23 * DAY) },
    { batchId: batch!.id, delta: -2, cause: 'waste', at: removedAt },
  ]);
  await tx.insert(freshWaste).values({
    tenantId,
    deviceId,
    channel: 2,
    productId: lane.productId,
    batchId: batch!.id,
    units: 2,
    value: 2 * (lane.price ?? 0),
    reason: 'expired',
    removedBy: by,
    removedAt,
  });
}
