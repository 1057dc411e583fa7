/** A machine's sale (order.sale): the order with its items and the stock in one transaction; every refusal 902–905, 940–944; retries and races. */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CODE, type ApiInput } from '../../../shared/domains.js';
import { suiteApp, deviceBasic } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { customers } from '../../../server/customer/index.js';

const t = suiteApp([]);

let saleNo = 0;
type Sale = ApiInput<'order.sale'>['body'];
const sell = (serial: string, sale: Partial<Sale> = {}) =>
  t.call(
    'order.sale',
    {
      body: {
        saleId: `S${++saleNo}`,
        thirdPartyNumber: `4200002026${saleNo}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel: 1, count: 1 }],
        ...sale,
      },
    },
    undefined,
    { authorization: deviceBasic(serial) },
  );
const channel = (serial: string, number: number) =>
  and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, number));
const setChannel = (serial: string, number: number, patch: Partial<typeof deviceChannels.$inferInsert>) =>
  t.db.update(deviceChannels).set(patch).where(channel(serial, number));
const channelRow = async (serial: string, number: number) =>
  (await t.db.select().from(deviceChannels).where(channel(serial, number)))[0]!;
const setDevice = (serial: string, patch: Partial<typeof devices.$inferInsert>) =>
  t.db.update(devices).set(patch).where(eq(devices.serial, serial));

describe('order.sale', () => {
  it("records the order with its items at the channels' prices and takes the stock", async () => {
    await setDevice('VM2026000101', { channelSalesLimit: 3, orderLimit: 5 });
    await setChannel('VM2026000101', 3, { stock: 5 });
    await setChannel('VM2026000101', 4, { stock: 5 });
    const c3 = await channelRow('VM2026000101', 3);
    const c4 = await channelRow('VM2026000101', 4);
    const res = await sell('VM2026000101', {
      saleId: 'first',
      items: [
        { channel: 3, count: 2 },
        { channel: 4, count: 1 },
      ],
      platform: 'alipay',
      paymentType: 'face',
    });
    expect(res.body.code).toBe(CODE.ok);
    expect(res.body.content).toMatchObject({
      created: true,
      amount: c3.price! * 2 + c4.price!,
      orderNumber: expect.stringMatching(/^\d{20}$/),
    });
    expect((await channelRow('VM2026000101', 3)).stock).toBe(3);
    expect((await channelRow('VM2026000101', 4)).stock).toBe(4);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, res.body.content.orderNumber));
    expect(order).toMatchObject({
      kind: 'sale',
      tenantId: t.ids.tenant('A'),
      rootTenantId: t.ids.tenant('A'),
      deviceName: '虹桥站饮料机 1 号',
      pointId: t.ids.point('hongqiao'),
      platform: 'alipay',
      paymentType: 'face',
      paymentState: 'success',
      deliveryState: 'delivering',
      deliveryEnd: 'notEnded',
      refundState: 'none',
      receivedAmount: res.body.content.amount,
      thirdPartyNumber: expect.stringMatching(/^4200002026/),
    });
    expect(order!.title).toMatch(/×2、/);
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order!.id))
      .orderBy(orderItems.channel);
    expect(items.map((i) => [i.channel, i.count, i.unitPrice, i.state])).toEqual([
      [3, 2, c3.price, 'normal'],
      [4, 1, c4.price, 'normal'],
    ]);
  });

  it('sells at the staff price to the holder of a staff card, and the order names the staff and the enterprise customer', async () => {
    await setChannel('VM2026000101', 1, { stock: 3 });
    const c1 = await channelRow('VM2026000101', 1);
    const res = await sell('VM2026000101', { customerStaffCard: '31000103', items: [{ channel: 1, count: 1 }] });
    expect(res.body.content.amount).toBe(c1.customerStaffPrice);
    const [order] = await t.db.select().from(orders).where(eq(orders.number, res.body.content.orderNumber));
    expect(order).toMatchObject({
      customerStaff: true,
      customerStaffName: '李静',
      customerStaffPhone: '13916200103',
      customerStaffCard: '31000103',
      customerName: '虹桥枢纽餐饮管理有限公司',
    });
    expect(order!.customerStaffId).toBeTypeOf('number');
  });

  it("refuses a card no staff of the machine's tenant holds, or of a disabled customer (945), taking no stock", async () => {
    await setChannel('VM2026000101', 2, { stock: 3 });
    const refused = async (serial: string, customerStaffCard: string, channel: number) => {
      const res = await sell(serial, { customerStaffCard, items: [{ channel, count: 1 }] });
      expect(res.body.code).toBe(CODE.customerStaffCardInvalid);
    };
    await refused('VM2026000101', '99999999', 2);
    // Tenant A's customer's card at its second-level tenant's machine: not that tenant's customer.
    await setChannel('VM2026000201', 1, { stock: 3 });
    await refused('VM2026000201', '31000103', 1);
    await t.db.update(customers).set({ state: 'disabled' });
    try {
      await refused('VM2026000101', '31000103', 2);
    } finally {
      await t.db.update(customers).set({ state: 'normal' });
    }
    expect((await channelRow('VM2026000101', 2)).stock).toBe(3);
    // A payment box takes no staff card.
    const box = await sell('VM2026000103', { customerStaffCard: '31000103', items: [], amount: 500 });
    expect(box.body.code).toBe(CODE.badRequest);
  });

  it("files a second-level tenant's order under its first-level tenant", async () => {
    await setChannel('VM2026000201', 1, { stock: 3 });
    const res = await sell('VM2026000201', { items: [{ channel: 1, count: 1 }] });
    const [order] = await t.db.select().from(orders).where(eq(orders.number, res.body.content.orderNumber));
    expect(order).toMatchObject({
      tenantId: t.ids.tenant('A1'),
      rootTenantId: t.ids.tenant('A'),
      customerStaff: false,
      customerStaffName: null,
    });
  });

  it('answers a retried sale id with the order already made, taking no stock twice', async () => {
    await setChannel('VM2026000101', 5, { stock: 4 });
    const first = await sell('VM2026000101', { saleId: 'retry-1', items: [{ channel: 5, count: 1 }] });
    const again = await sell('VM2026000101', { saleId: 'retry-1', items: [{ channel: 5, count: 1 }] });
    expect(again.body.content).toEqual({ ...first.body.content, created: false });
    expect((await channelRow('VM2026000101', 5)).stock).toBe(3);
    // The same sale id from another machine is another sale.
    await setChannel('VM2026000102', 1, { stock: 4 });
    expect((await sell('VM2026000102', { saleId: 'retry-1' })).body.content.created).toBe(true);
  });

  it('makes one order of 20 retries of a sale id arriving at once', async () => {
    await setChannel('VM2026000101', 6, { stock: 30, enabled: true, locked: false });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell('VM2026000101', { saleId: 'retry-burst', items: [{ channel: 6, count: 1 }] }),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(answers.map(() => CODE.ok));
    expect(new Set(answers.map((a) => a.body.content.orderNumber)).size).toBe(1);
    expect(answers.filter((a) => a.body.content.created)).toHaveLength(1);
    expect((await channelRow('VM2026000101', 6)).stock).toBe(29);
    const made = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.deviceId, t.ids.device('VM2026000101')), eq(orders.saleId, 'retry-burst')));
    expect(made).toHaveLength(1);
  });

  it('takes payment on a payment box, which vends nothing (944 otherwise)', async () => {
    const paid = await sell('VM2026000103', { items: [], amount: 1250, platform: 'digitalRmb', paymentType: 'scan' });
    expect(paid.body.content).toMatchObject({ amount: 1250, created: true });
    const [order] = await t.db.select().from(orders).where(eq(orders.number, paid.body.content.orderNumber));
    expect(order).toMatchObject({ kind: 'payment', title: '虹桥站收款盒', deliveryState: 'notStarted' });
    expect((await sell('VM2026000103')).body.code).toBe(CODE.paymentBoxSale);
    expect((await sell('VM2026000103', { items: [] })).body.code).toBe(CODE.paymentBoxSale);
    expect((await sell('VM2026000101', { items: [] })).body.content.fields).toEqual({ items: 'validation.required' });
    expect((await sell('VM2026000101', { amount: 100 })).body.content.fields).toEqual({ amount: 'validation.invalid' });
  });

  it('refuses an offline (902), locked (903), not activated (904) or recycled (905) machine', async () => {
    await setChannel('VM2026000104', 1, { stock: 5 });
    expect((await sell('VM2026000104')).body.code).toBe(CODE.deviceOffline);
    expect((await sell('VM2026000105')).body.code).toBe(CODE.deviceLocked);
    await setDevice('VM2026000106', { activated: false });
    expect((await sell('VM2026000106')).body.code).toBe(CODE.deviceNotActivated);
    await setDevice('VM2026000106', { activated: true, allocation: 'recycled' });
    expect((await sell('VM2026000106')).body.code).toBe(CODE.deviceRecycled);
    await setDevice('VM2026000106', { allocation: 'normal' });
  });

  it("refuses a locked channel (903), a switched-off or empty one (943), too little stock (940) and the device's limits (941, 942), taking nothing", async () => {
    const serial = 'VM2026000106';
    await setDevice(serial, { channelSalesLimit: 2, orderLimit: 3 });
    for (const n of [1, 2, 3, 4]) await setChannel(serial, n, { stock: 5, enabled: true, locked: false });
    await setChannel(serial, 2, { locked: true });
    await setChannel(serial, 3, { enabled: false });
    await setChannel(serial, 4, { productId: null, price: null, customerStaffPrice: null, stock: 0 });
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const before = await count();
    /** The answer's code to a sale of these [channel, count] lines. */
    const codeOf = async (...lines: [number, number][]) =>
      (await sell(serial, { items: lines.map(([channel, count]) => ({ channel, count })) })).body.code;
    expect(await codeOf([1, 1], [2, 1])).toBe(CODE.deviceLocked);
    expect(await codeOf([3, 1])).toBe(CODE.channelUnavailable);
    expect(await codeOf([4, 1])).toBe(CODE.channelUnavailable);
    expect(await codeOf([61, 1])).toBe(CODE.channelUnavailable);
    expect(await codeOf([1, 2], [1, 1])).toBe(CODE.channelSalesLimit);
    await setChannel(serial, 2, { locked: false });
    expect(await codeOf([1, 2], [2, 2])).toBe(CODE.orderItemsLimit);
    await setChannel(serial, 2, { stock: 1 });
    expect(await codeOf([1, 2], [2, 1])).toBe(CODE.ok);
    expect(await codeOf([1, 1], [2, 1])).toBe(CODE.insufficientStock);
    // The refused sale took nothing from channel 1 either.
    expect((await channelRow(serial, 1)).stock).toBe(3);
    expect(await count()).toBe(before + 1);
  });

  it('sells exactly the stock to 50 parallel sales of a channel holding 10', async () => {
    const serial = 'VM2026000301';
    await setDevice(serial, { channelSalesLimit: 1 });
    await setChannel(serial, 7, { stock: 10, enabled: true, locked: false });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sell(serial, { saleId: `race-${i}`, items: [{ channel: 7, count: 1 }] })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === CODE.ok)).toHaveLength(10);
    expect(codes.filter((c) => c === CODE.insufficientStock)).toHaveLength(40);
    expect((await channelRow(serial, 7)).stock).toBe(0);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.deviceId, t.ids.device(serial)), sql`${orders.saleId} like 'race-%'`))) as [{ n: number }];
    expect(n).toBe(10);
  });
});
