/**
 * Markdowns near expiry (server/fresh/markdowns.ts): a tenant's ladders,
 * checked at their fields, one per tenant and category under saves at once;
 * and a real sale of a batch within a step priced at its markdown by the one
 * pricing engine, the order's line saying so, while a fresh batch sells at
 * the channel's price.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { deviceChannels, devices } from '../../../server/device/index.js';
import { freshBatches, freshMarkdowns } from '../../../server/fresh/index.js';
import { refunds } from '../../../server/refund/index.js';
import { orderItems, orders } from '../../../server/order/schema.js';
import { productCategories, products } from '../../../server/product/index.js';
import { CODE } from '../../../shared/domains.js';
import { deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const SERIAL = 'VM2026000106';
const CHANNEL = 9;
const today = businessDay();
const GENERAL = [
  { hoursLeft: 48, percentOff: 30 },
  { hoursLeft: 12, percentOff: 60 },
];

const saveGeneral = (steps: object, token = t.token.tenant1) =>
  t.call('fresh.saveMarkdown', { body: { categoryId: null, steps } as never }, token);

const sell = async (saleId: string) => {
  const res = await t.call(
    'order.sale',
    {
      body: {
        saleId,
        thirdPartyNumber: `45${saleId}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel: CHANNEL, count: 1 }],
      },
    } as never,
    undefined,
    { authorization: deviceBasic(SERIAL) },
  );
  expect(res.body.code).toBe(CODE.ok);
  const [line] = await t.db
    .select({ unitPrice: orderItems.unitPrice, listPrice: orderItems.listPrice, markdown: orderItems.markdown })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.number, res.body.content.orderNumber));
  return line!;
};

describe('fresh.saveMarkdown', () => {
  it('keeps a ladder of steps, each nearer the expiry taking more off, refused at its field otherwise', async () => {
    const saved = await t.ok('fresh.saveMarkdown', { body: { categoryId: null, steps: GENERAL } }, t.token.tenant1);
    expect(saved).toMatchObject({ categoryId: null, categoryName: null, steps: GENERAL });
    const fields = async (steps: object) => (await saveGeneral(steps)).body.content?.fields;
    expect(
      await fields([
        { hoursLeft: 24, percentOff: 30 },
        { hoursLeft: 24, percentOff: 50 },
      ]),
    ).toEqual({ steps: 'fresh.validation.markdownSameHours' });
    expect(
      await fields([
        { hoursLeft: 24, percentOff: 60 },
        { hoursLeft: 6, percentOff: 30 },
      ]),
    ).toEqual({ steps: 'fresh.validation.markdownOrder' });
    expect(await fields([{ hoursLeft: 24, percentOff: 95 }])).toEqual({
      'steps.0.percentOff': 'fresh.validation.markdownPercent',
    });
    expect(await fields([{ hoursLeft: 200, percentOff: 20 }])).toEqual({
      'steps.0.hoursLeft': 'fresh.validation.markdownHours',
    });
    expect(await fields([])).toEqual({ steps: 'validation.required' });
  });

  it("keeps one ladder per category under saves at once, and refuses another tenant's category (1104)", async () => {
    const [category] = await t.db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.tenantId, t.ids.tenant('A')), eq(productCategories.number, 'FRESH-DAIRY')));
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call(
          'fresh.saveMarkdown',
          { body: { categoryId: category!.id, steps: [{ hoursLeft: 24, percentOff: 10 + i }] } },
          t.token.tenant1,
        ),
      ),
    );
    expect(saves.every((s) => s.body.code === CODE.ok)).toBe(true);
    const rows = await t.db
      .select({ id: freshMarkdowns.id })
      .from(freshMarkdowns)
      .where(eq(freshMarkdowns.categoryId, category!.id));
    expect(rows).toHaveLength(1);
    const foreign = await t.call(
      'fresh.saveMarkdown',
      { body: { categoryId: category!.id, steps: GENERAL } },
      t.token.tenant2,
    );
    expect(foreign.body.code).toBe(CODE.categoryNotFound);
  });
});

describe('fresh.markdowns', () => {
  it("lists the tenant's ladders, the general one first; another tenant sees none of them, the admin names one", async () => {
    const mine = await t.ok('fresh.markdowns', { body: {} }, t.token.tenant1);
    expect(mine.map((m) => m.categoryName)).toEqual([null, '乳制品']);
    expect(await t.ok('fresh.markdowns', { body: {} }, t.token.tenant2)).toEqual([]);
    expect((await t.call('fresh.markdowns', { body: {} }, t.token.admin)).body.code).toBe(CODE.tenantRequired);
    expect(await t.ok('fresh.markdowns', { body: { tenantId: t.ids.tenant('A') } }, t.token.admin)).toHaveLength(2);
  });
});

describe('fresh.deleteMarkdown', () => {
  it("removes a ladder once (1441 after), and not another tenant's", async () => {
    const [dairy] = (await t.ok('fresh.markdowns', { body: {} }, t.token.tenant1)).filter((m) => m.categoryId !== null);
    expect((await t.call('fresh.deleteMarkdown', { params: { id: dairy!.id } }, t.token.tenant2)).body.code).toBe(
      CODE.markdownNotFound,
    );
    await t.ok('fresh.deleteMarkdown', { params: { id: dairy!.id } }, t.token.tenant1);
    expect((await t.call('fresh.deleteMarkdown', { params: { id: dairy!.id } }, t.token.tenant1)).body.code).toBe(
      CODE.markdownNotFound,
    );
  });
});

describe('a sale of fresh food', () => {
  it("sells a batch within a step at its markdown, the order's line saying so, and a fresh batch at the channel's price", async () => {
    await t.db
      .update(devices)
      .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
      .where(eq(devices.serial, SERIAL));
    const where = and(eq(deviceChannels.deviceId, t.ids.device(SERIAL)), eq(deviceChannels.number, CHANNEL));
    const [channel] = await t.db
      .select({ productId: deviceChannels.productId, price: deviceChannels.price })
      .from(deviceChannels)
      .where(where);
    await t.db.update(products).set({ perishable: true, shelfLifeDays: 3 }).where(eq(products.id, channel!.productId!));
    await t.db.update(deviceChannels).set({ stock: 0, enabled: true, locked: false }).where(where);
    const refill = (expiresOn: string) =>
      t.ok(
        'device.channelRefill',
        {
          params: { id: t.ids.device(SERIAL) },
          body: { numbers: [CHANNEL], batches: [{ number: CHANNEL, expiresOn }] },
        },
        t.token.tenant1,
      );
    // Tomorrow's batch ends within 48 hours and not within 12: 30 % off.
    await refill(addDays(today, 1));
    const marked = await sell(`M1-${Date.now()}`);
    expect(marked).toEqual({
      markdown: 30,
      listPrice: channel!.price,
      unitPrice: Math.ceil((channel!.price! * 70) / 100),
    });
    const listed = await t.ok(
      'fresh.batches',
      { query: {}, body: { deviceId: t.ids.device(SERIAL) } },
      t.token.tenant1,
    );
    expect(listed.list.find((b) => b.channel === CHANNEL)).toMatchObject({ markdown: 30 });

    // Emptied and refilled with goods keeping five days: the channel's price.
    await t.ok(
      'device.channelUpdate',
      { params: { id: t.ids.device(SERIAL) }, body: { numbers: [CHANNEL], patch: { stock: 0 } } },
      t.token.tenant1,
    );
    await refill(addDays(today, 5));
    expect(await sell(`M2-${Date.now()}`)).toEqual({
      markdown: 0,
      listPrice: channel!.price,
      unitPrice: channel!.price,
    });
  });
});

describe('a sale of fresh food past its expiry', () => {
  it('is refunded at once for the expired units, in the sale itself', async () => {
    const where = and(eq(deviceChannels.deviceId, t.ids.device(SERIAL)), eq(deviceChannels.number, CHANNEL));
    await t.ok(
      'device.channelUpdate',
      { params: { id: t.ids.device(SERIAL) }, body: { numbers: [CHANNEL], patch: { stock: 0 } } },
      t.token.tenant1,
    );
    await t.ok(
      'device.channelRefill',
      {
        params: { id: t.ids.device(SERIAL) },
        body: { numbers: [CHANNEL], batches: [{ number: CHANNEL, expiresOn: today, lot: 'OLD-1' }] },
      },
      t.token.tenant1,
    );
    // The machine sold it offline after its day ended: the batch is past its expiry when the sale is recorded.
    await t.db
      .update(freshBatches)
      .set({ expiresOn: addDays(today, -1) })
      .where(eq(freshBatches.lot, 'OLD-1'));
    const saleId = `X1-${Date.now()}`;
    const line = await sell(saleId);
    expect(line.markdown).toBe(0);
    const [order] = await t.db
      .select({ id: orders.id, refundAmount: orders.refundAmount, amount: orders.amount })
      .from(orders)
      .where(eq(orders.saleId, saleId));
    const [item] = await t.db
      .select({ expired: orderItems.expired })
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id));
    expect(item!.expired).toBe(1);
    const asked = await t.db
      .select({ amount: refunds.amount, reason: refunds.reason })
      .from(refunds)
      .where(eq(refunds.orderId, order!.id));
    expect(asked).toEqual([{ amount: order!.amount, reason: '售出过期商品，自动退款' }]);
    const [ch] = await t.db.select({ stock: deviceChannels.stock }).from(deviceChannels).where(where);
    expect(ch!.stock).toBeGreaterThan(0);
  });
});
