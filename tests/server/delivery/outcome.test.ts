/**
 * Vend outcomes (delivery.outcome): §4 delivery state and end from the
 * items' outcomes, a repeat changing nothing, the automatic refund of what
 * failed (once, within what was paid), stock and self-locking channels, the
 * time-out, and the review list of a tenant that refunds by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { CODE, type ApiInput } from '../../../shared/domains.js';
import { deliveryOf, type ItemOutcome } from '../../../shared/order/index.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { orderItems, orders } from '../../../server/order/index.js';
import { refunds, refundSettings, settleDueRefunds } from '../../../server/refund/index.js';
import { deliveryReviews, endTimedOut } from '../../../server/delivery/index.js';

const t = suiteApp(['tenant1', 'tenant11', 'tenant2', 'admin']);
const A = 'VM2026000106';
const A1 = 'VM2026000201';
let saleNo = 0;

beforeAll(async () => {
  process.env.REFUND_SETTLE_MS = '0';
  await t.db
    .update(devices)
    .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
    .where(eq(devices.serial, A));
  await t.db
    .update(devices)
    .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
    .where(eq(devices.serial, A1));
});
afterAll(() => {
  delete process.env.REFUND_SETTLE_MS;
});

const channelOf = (serial: string, number: number) =>
  and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, number));
const channel = async (serial: string, number: number) =>
  (await t.db.select().from(deviceChannels).where(channelOf(serial, number)))[0]!;
const fill = (serial: string, numbers: number[]) =>
  Promise.all(
    numbers.map((n) =>
      t.db
        .update(deviceChannels)
        .set({ stock: 20, enabled: true, locked: false, failStreak: 0, selfLockedAt: null })
        .where(channelOf(serial, n)),
    ),
  );

/** A sale of one item from each channel; answers its sale id and order. */
async function sale(serial: string, channels: number[]) {
  await fill(serial, channels);
  const saleId = `D${++saleNo}`;
  const res = await t.call(
    'order.sale',
    {
      body: {
        saleId,
        thirdPartyNumber: `42000${saleNo}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: channels.map((c) => ({ channel: c, count: 1 })),
      },
    },
    undefined,
    { authorization: deviceBasic(serial) },
  );
  expect(res.body.code).toBe(CODE.ok);
  const [order] = await t.db.select().from(orders).where(eq(orders.number, res.body.content.orderNumber));
  return { saleId, order: order! };
}
type Items = ApiInput<'delivery.outcome'>['body']['items'];
const report = (serial: string, saleId: string, items: Items) =>
  t.call('delivery.outcome', { body: { saleId, items } }, undefined, { authorization: deviceBasic(serial) });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('delivery.outcome', () => {
  it('a sale is delivering until every item is reported, then all delivered and complete; a repeat changes nothing', async () => {
    const { saleId, order } = await sale(A, [1, 2]);
    expect(order).toMatchObject({ deliveryState: 'delivering', deliveryEnd: 'notEnded' });
    const first = await report(A, saleId, [{ channel: 1, outcome: 'delivered' }]);
    expect(first.body.content).toMatchObject({ deliveryState: 'delivering', deliveryEnd: 'notEnded', recorded: 1 });
    const second = await report(A, saleId, [
      { channel: 1, outcome: 'failed', failure: 'jam' },
      { channel: 2, outcome: 'delivered' },
    ]);
    expect(second.body.content).toMatchObject({
      orderNumber: order.number,
      deliveryState: 'allDelivered',
      deliveryEnd: 'complete',
      recorded: 1,
    });
    const again = await report(A, saleId, [{ channel: 2, outcome: 'failed', failure: 'motor' }]);
    expect(again.body.content).toMatchObject({ deliveryState: 'allDelivered', recorded: 0 });
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.channel);
    expect(items.map((i) => [i.state, i.outcome, i.failure])).toEqual([
      ['deliverySuccess', 'delivered', null],
      ['deliverySuccess', 'delivered', null],
    ]);
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  it('refunds a failed item automatically, once, and the order says so', async () => {
    const { saleId, order } = await sale(A, [3, 4]);
    const res = await report(A, saleId, [
      { channel: 3, outcome: 'delivered' },
      { channel: 4, outcome: 'failed', failure: 'jam' },
    ]);
    expect(res.body.content).toMatchObject({ deliveryState: 'partial', deliveryEnd: 'error', recorded: 2 });
    await report(A, saleId, [{ channel: 4, outcome: 'failed', failure: 'jam' }]);
    const [item] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.channel, 4)));
    const made = await refundsOf(order.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: item!.unitPrice, failure: 'jam', requestedBy: '', state: 'pending' });
    expect(await orderRow(order.id)).toMatchObject({
      autoRefunded: true,
      refundState: 'pending',
      refundAmount: item!.unitPrice,
    });
    await settleDueRefunds(t.db);
    const [after] = await t.db.select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(after).toMatchObject({
      state: 'refundSuccess',
      outcome: 'failed',
      failure: 'jam',
      refundAmount: item!.unitPrice,
    });
    expect(await orderRow(order.id)).toMatchObject({ refundState: 'partial', deliveryState: 'partial' });
    // The list filter and the detail show it.
    const page = await t.ok(
      'order.page',
      { query: { pageNum: 1, pageSize: 50 }, body: { autoRefunded: true, deviceId: t.ids.device(A) } },
      t.token.tenant1,
    );
    expect(page.list.map((o) => o.id)).toContain(order.id);
    expect(page.list.every((o) => o.autoRefunded)).toBe(true);
    const detail = await t.ok('order.info', { params: { id: order.id } }, t.token.tenant1);
    expect(detail.items.find((i) => i.channel === 4)).toMatchObject({
      outcome: 'failed',
      failure: 'jam',
      outcomeAt: expect.any(String),
    });
    const listed = await t.ok('refund.list', { params: { id: order.id } }, t.token.tenant1);
    expect(listed[0]).toMatchObject({ failure: 'jam', state: 'success' });
  });

  it('never refunds more than is left: a manual refund of the whole order first leaves nothing to refund', async () => {
    const { saleId, order } = await sale(A, [5]);
    await t.ok(
      'refund.create',
      { params: { id: order.id }, body: { reason: '顾客投诉，先行退款', amount: order.receivedAmount } },
      t.token.tenant1,
    );
    const res = await report(A, saleId, [{ channel: 5, outcome: 'failed', failure: 'motor' }]);
    expect(res.body.code).toBe(CODE.ok);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).refundAmount).toBe(order.receivedAmount);
  });

  it("an empty channel's stock becomes 0; a jam gives the item back to the stock; jams and motor failures in a row lock the channel at the tenant's count, a delivery resets it", async () => {
    await t.ok('refund.saveSettings', { body: { periodDays: 30, lockAfter: 2 } }, t.token.tenant1);
    const empty = await sale(A, [6]);
    await report(A, empty.saleId, [{ channel: 6, outcome: 'failed', failure: 'empty' }]);
    expect(await channel(A, 6)).toMatchObject({ stock: 0, failStreak: 0, locked: false });

    const one = await sale(A, [7]);
    await report(A, one.saleId, [{ channel: 7, outcome: 'failed', failure: 'jam' }]);
    // The jammed item is still in the spiral: what the sale took comes back.
    expect(await channel(A, 7)).toMatchObject({ failStreak: 1, locked: false, stock: 20 });
    const ok = await t.call(
      'order.sale',
      {
        body: {
          saleId: `D${++saleNo}`,
          thirdPartyNumber: 'x1',
          platform: 'wechat',
          paymentType: 'scan',
          items: [{ channel: 7, count: 1 }],
        },
      },
      undefined,
      { authorization: deviceBasic(A) },
    );
    await report(A, `D${saleNo}`, [{ channel: 7, outcome: 'delivered' }]);
    expect(ok.body.code).toBe(CODE.ok);
    expect((await channel(A, 7)).failStreak).toBe(0);
    for (const failure of ['motor', 'jam'] as const) {
      const id = `D${++saleNo}`;
      await t.call(
        'order.sale',
        {
          body: {
            saleId: id,
            thirdPartyNumber: id,
            platform: 'wechat',
            paymentType: 'scan',
            items: [{ channel: 7, count: 1 }],
          },
        },
        undefined,
        { authorization: deviceBasic(A) },
      );
      await report(A, id, [{ channel: 7, outcome: 'failed', failure }]);
    }
    expect(await channel(A, 7)).toMatchObject({ failStreak: 2, locked: true, selfLockedAt: expect.any(Date) });
    const locked = await t.call(
      'order.sale',
      {
        body: {
          saleId: 'after-lock',
          thirdPartyNumber: 'y',
          platform: 'wechat',
          paymentType: 'scan',
          items: [{ channel: 7, count: 1 }],
        },
      },
      undefined,
      { authorization: deviceBasic(A) },
    );
    expect(locked.body.code).toBe(CODE.deviceLocked);

    const exceptions = await t.ok(
      'device.exceptions',
      { query: { pageNum: 1, pageSize: 50 }, body: { problem: 'channelLocked' } },
      t.token.tenant1,
    );
    expect(exceptions.list.find((d) => d.serial === A)).toMatchObject({
      lockedChannels: [7],
      problems: expect.arrayContaining(['channelLocked']),
    });
    await t.ok(
      'device.channelUpdate',
      { params: { id: t.ids.device(A) }, body: { numbers: [7], patch: { locked: false } } },
      t.token.tenant1,
    );
    expect(await channel(A, 7)).toMatchObject({ failStreak: 0, locked: false, selfLockedAt: null });
    const cleared = await t.ok(
      'device.exceptions',
      { query: { pageNum: 1, pageSize: 50 }, body: { problem: 'channelLocked' } },
      t.token.tenant1,
    );
    expect(cleared.list.find((d) => d.serial === A)).toBeUndefined();
    await t.ok('refund.saveSettings', { body: { periodDays: 30, lockAfter: 3 } }, t.token.tenant1);
  });

  it('ends a sale whose outcome never came as timed out, once, refunding what is unknown; a late report changes nothing', async () => {
    const { saleId, order } = await sale(A, [8, 9]);
    await report(A, saleId, [{ channel: 8, outcome: 'delivered' }]);
    await new Promise((r) => setTimeout(r, 30));
    const ended = await Promise.all([endTimedOut(t.db, 10), endTimedOut(t.db, 10)]);
    expect(ended.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order.id)).toMatchObject({
      deliveryState: 'partial',
      deliveryEnd: 'timeout',
      autoRefunded: true,
    });
    const [nine] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.channel, 9)));
    expect(nine).toMatchObject({ outcome: 'failed', failure: 'timeout' });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await channel(A, 9)).failStreak).toBe(0);
    const late = await report(A, saleId, [{ channel: 9, outcome: 'delivered' }]);
    expect(late.body.content).toMatchObject({ deliveryEnd: 'timeout', recorded: 0 });
    expect(await endTimedOut(t.db, 10)).toBe(0);
  });

  it('refuses an unknown sale (901), a channel not in the sale and a failure without its reason (field errors)', async () => {
    expect((await report(A, 'no-such-sale', [{ channel: 1, outcome: 'delivered' }])).body.code).toBe(
      CODE.orderNotFound,
    );
    const { saleId } = await sale(A, [10]);
    const stray = await report(A, saleId, [{ channel: 11, outcome: 'delivered' }]);
    expect(stray.status).toBe(400);
    expect(stray.body.content.fields).toEqual({ 'items.0.channel': 'delivery.validation.channel' });
    const noReason = await report(A, saleId, [{ channel: 10, outcome: 'failed' }]);
    expect(noReason.body.content.fields).toEqual({ 'items.0.failure': 'delivery.validation.failure' });
    // Another machine cannot report on this one's sale.
    expect((await report('VM2026000101', saleId, [{ channel: 10, outcome: 'delivered' }])).body.code).toBe(
      CODE.orderNotFound,
    );
  });

  it('follows §4 from any order of item outcomes (fast-check)', async () => {
    const step = fc.record({
      channel: fc.integer({ min: 0, max: 2 }),
      outcome: fc.constantFrom<ItemOutcome>('delivered', 'failed'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (n, steps) => {
          const channels = [21, 22, 23].slice(0, n);
          const { saleId, order } = await sale(A, channels);
          const model: (ItemOutcome | null)[] = channels.map(() => null);
          for (const s of steps) {
            const at = s.channel % n;
            const res = await report(A, saleId, [
              {
                channel: channels[at]!,
                outcome: s.outcome,
                ...(s.outcome === 'failed' ? { failure: 'door' as const } : {}),
              },
            ]);
            if (model[at] === null) model[at] = s.outcome;
            const want = deliveryOf(model);
            expect(res.body.content).toMatchObject({ deliveryState: want.state, deliveryEnd: want.end });
          }
          const row = await orderRow(order.id);
          const want = deliveryOf(model);
          expect([row.deliveryState, row.deliveryEnd]).toEqual([want.state, want.end]);
          expect(await refundsOf(order.id)).toHaveLength(model.filter((m) => m === 'failed').length);
        },
      ),
      { numRuns: 12 },
    );
  });
});

// A tenant that refunds failed vends by hand: its review list.
describe('delivery.reviews', () => {
  it('refunds nothing, puts the order on the review list when it ends, and a decision is taken once', async () => {
    const [setting] = await t.db
      .select()
      .from(refundSettings)
      .where(eq(refundSettings.tenantId, t.ids.tenant('A1')));
    expect(setting?.autoRefund).toBe(false);
    // The demo's: A1's four latest sales failed a vend (server/delivery/demo.ts).
    const demo = await t.ok(
      'delivery.reviews',
      { query: { pageNum: 1, pageSize: 50 }, body: { state: 'pending', tenantId: t.ids.tenant('A1') } },
      t.token.tenant1,
    );
    expect(demo.total).toBeGreaterThanOrEqual(4);
    expect(demo.list.every((r) => r.failed.length > 0 && r.amount > 0)).toBe(true);
    const { saleId, order } = await sale(A1, [1, 2]);
    await report(A1, saleId, [{ channel: 1, outcome: 'failed', failure: 'jam' }]);
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await t.db.select().from(deliveryReviews).where(eq(deliveryReviews.orderId, order.id))).toHaveLength(0);
    await report(A1, saleId, [{ channel: 2, outcome: 'delivered' }]);
    const [review] = await t.db.select().from(deliveryReviews).where(eq(deliveryReviews.orderId, order.id));
    expect(review).toMatchObject({ state: 'pending', tenantId: t.ids.tenant('A1') });

    const listed = await t.ok(
      'delivery.reviews',
      { query: { pageNum: 1, pageSize: 50 }, body: { state: 'pending' } },
      t.token.tenant1,
    );
    const mine = listed.list.find((r) => r.id === review!.id);
    const [jammed] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.channel, 1)));
    expect(mine).toMatchObject({
      orderNumber: order.number,
      amount: jammed!.unitPrice,
      failed: [{ channel: 1, count: 1, failure: 'jam' }],
    });
    // Not another root tenant's.
    expect(
      (await t.ok('delivery.reviews', { query: { pageNum: 1, pageSize: 50 }, body: {} }, t.token.tenant2)).list.find(
        (r) => r.id === review!.id,
      ),
    ).toBeUndefined();
    expect(
      (await t.call('delivery.decide', { params: { id: review!.id }, body: { approve: true } }, t.token.tenant2)).body
        .code,
    ).toBe(CODE.reviewNotFound);

    const noNote = await t.call(
      'delivery.decide',
      { params: { id: review!.id }, body: { approve: false } },
      t.token.tenant11,
    );
    expect(noNote.body.content.fields).toEqual({ note: 'delivery.validation.noteRequired' });
    const approved = await t.ok(
      'delivery.decide',
      { params: { id: review!.id }, body: { approve: true } },
      t.token.tenant11,
    );
    expect(approved).toMatchObject({ state: 'approved', decidedAt: expect.any(String), amount: jammed!.unitPrice });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ amount: jammed!.unitPrice, failure: 'jam', state: 'pending' }),
    ]);
    const twice = await t.call(
      'delivery.decide',
      { params: { id: review!.id }, body: { approve: false, note: '重复' } },
      t.token.tenant1,
    );
    expect(twice.body.code).toBe(CODE.reviewDecided);
  });
});

describe('delivery.decide', () => {
  it('approves within what is left of the order: a manual refund of part of it first, the failed items share the rest', async () => {
    const { saleId, order } = await sale(A1, [4, 5]);
    await report(A1, saleId, [
      { channel: 4, outcome: 'failed', failure: 'jam' },
      { channel: 5, outcome: 'failed', failure: 'motor' },
    ]);
    const manual = order.receivedAmount - 1;
    await t.ok(
      'refund.create',
      { params: { id: order.id }, body: { reason: '顾客投诉，先行退款', amount: manual } },
      t.token.tenant11,
    );
    const [review] = await t.db.select().from(deliveryReviews).where(eq(deliveryReviews.orderId, order.id));
    expect(
      await t.ok('delivery.decide', { params: { id: review!.id }, body: { approve: true } }, t.token.tenant11),
    ).toMatchObject({ state: 'approved' });
    const made = await refundsOf(order.id);
    expect(made.filter((r) => r.failure !== null).map((r) => r.amount)).toEqual([1]);
    expect((await orderRow(order.id)).refundAmount).toBe(order.receivedAmount);
  });

  it('dismisses with a note, refunding nothing', async () => {
    const { saleId, order } = await sale(A1, [3]);
    await report(A1, saleId, [{ channel: 3, outcome: 'failed', failure: 'door' }]);
    const [review] = await t.db.select().from(deliveryReviews).where(eq(deliveryReviews.orderId, order.id));
    const dismissed = await t.ok(
      'delivery.decide',
      { params: { id: review!.id }, body: { approve: false, note: '顾客已当场取走商品' } },
      t.token.tenant11,
    );
    expect(dismissed).toMatchObject({ state: 'dismissed', note: '顾客已当场取走商品' });
    expect(await refundsOf(order.id)).toHaveLength(0);
  });
});

describe('refund settings', () => {
  it('carry the rule and the lock count with their defaults, and refuse a count out of 1–20', async () => {
    expect(await t.ok('refund.settings', { body: {} }, t.token.tenant2)).toMatchObject({
      autoRefund: true,
      lockAfter: 3,
      periodDays: 30,
    });
    const bad = await t.call('refund.saveSettings', { body: { periodDays: 30, lockAfter: 21 } }, t.token.tenant2);
    expect(bad.body.content.fields).toEqual({ lockAfter: 'refund.validation.lockAfter' });
    expect(
      await t.ok('refund.saveSettings', { body: { periodDays: 20, autoRefund: false } }, t.token.tenant2),
    ).toMatchObject({ periodDays: 20, autoRefund: false, lockAfter: 3 });
    expect(
      await t.ok('refund.saveSettings', { body: { periodDays: 30, autoRefund: true } }, t.token.tenant2),
    ).toMatchObject({ autoRefund: true });
  });
});
