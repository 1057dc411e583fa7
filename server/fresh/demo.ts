/**
 * Demo batches, tenant A's fridge at 虹桥站 (虹桥站鲜食柜): each stocked
 * lane refilled by tenant1 with its batch — expiry from the product's shelf
 * life, a lot as printed on the label — and one lane's sandwiches left a day
 * past their expiry, for the batches screen to show what needs removing.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { addDays, businessDay } from '../../shared/business-time.js';
import { deviceChannels } from '../device/index.js';
import type { DemoData } from '../manifest.js';
import { products } from '../product/index.js';
import { followStock } from './follow.js';
import { freshBatches } from './schema.js';

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
  },
};
