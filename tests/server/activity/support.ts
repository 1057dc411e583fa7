/** What the activity tests share: a stocked machine of tenant A with two products, an activity body, a sale there. */
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import type { ActivityInput } from '../../../shared/activity/index.js';
import { activities } from '../../../server/activity/index.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { products } from '../../../server/product/schema.js';
import type { TestApp } from '../helpers.js';
import { sell as sellAt } from '../member/support.js';

/** Tenant A's spare drinks machine: no demo activity names it. */
export const SERIAL = 'VM2026000107';

/** Puts two of tenant A's products on channels 1 (¥10, staff ¥8) and 2 (¥6), 50 each; the machine online. */
export async function stockMachine(t: TestApp) {
  const deviceId = t.ids.device(SERIAL);
  const two = await t.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.tenantId, t.ids.tenant('A')))
    .orderBy(asc(products.id))
    .limit(2);
  await t.db
    .update(devices)
    .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
    .where(eq(devices.id, deviceId));
  const prices = [1000, 600];
  for (const [i, p] of two.entries())
    await t.db
      .update(deviceChannels)
      .set({ productId: p.id, price: prices[i]!, customerStaffPrice: 800, stock: 50, enabled: true, locked: false })
      .where(and(eq(deviceChannels.deviceId, deviceId), eq(deviceChannels.number, i + 1)));
  return { deviceId, productA: two[0]!.id, productB: two[1]!.id };
}

let made = 0;
/** A discount body on the machine, active from a minute ago for a day; `over` wins. */
export const activityBody = (
  deviceId: number,
  productId: number,
  over: Partial<ActivityInput> = {},
): ActivityInput => ({
  name: `测试活动${process.pid}-${++made}`,
  type: 'discount',
  tag: '测试',
  startAt: new Date(Date.now() - 60_000).toISOString(),
  endAt: new Date(Date.now() + 86_400_000).toISOString(),
  target: 'devices',
  deviceIds: [deviceId],
  products: [{ productId, price: 700 }],
  ...over,
});

export const sell = (t: TestApp, sale: Parameters<typeof sellAt>[2] = {}) => sellAt(t, SERIAL, sale);

/** Before each test of the file: the spare machine stocked afresh and tenant A's activities gone. `m()` is the machine. */
export function freshMachine(t: TestApp): () => Awaited<ReturnType<typeof stockMachine>> {
  let m: Awaited<ReturnType<typeof stockMachine>> | undefined;
  beforeEach(async () => {
    m = await stockMachine(t);
    await t.db.delete(activities).where(eq(activities.tenantId, t.ids.tenant('A')));
  });
  return () => m!;
}
