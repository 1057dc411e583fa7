/**
 * Batches in the channels (server/fresh/follow.ts): a refill of a perishable
 * product records its batch with the expiry and lot, or is refused (1440);
 * sales, counts, returns and edits move the batches oldest first; the
 * batches screen lists them nearest expiry first; and the books' fresh
 * checks find batches whose moves, or channels whose batches, no longer add up.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, businessDay } from '../../../shared/business-time.js';
import { reconcile } from '../../../server/books/index.js';
import { deviceChannels, devices } from '../../../server/device/index.js';
import { freshBatches, freshBatchMoves } from '../../../server/fresh/index.js';
import { products } from '../../../server/product/index.js';
import { CODE } from '../../../shared/domains.js';
import type { MachineState, RefillBatch } from '../../../shared/device/index.js';
import { deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const SERIAL = 'VM2026000106';
const CHANNEL = 5;
const today = businessDay();
let sales = 0;

const deviceId = () => t.ids.device(SERIAL);
const machine = (op: 'order.sale' | 'delivery.outcome' | 'device.stockReport', body: object) =>
  t.call(op, { body } as never, undefined, { authorization: deviceBasic(SERIAL) });

async function sell(count: number, channel = CHANNEL) {
  const saleId = `F${++sales}-${Date.now()}`;
  const res = await machine('order.sale', {
    saleId,
    thirdPartyNumber: `4300${sales}`,
    platform: 'wechat',
    paymentType: 'scan',
    items: [{ channel, count }],
  });
  expect(res.body.code).toBe(CODE.ok);
  return saleId;
}

const channel = async (number = CHANNEL) =>
  (
    await t.db
      .select({ stock: deviceChannels.stock, productId: deviceChannels.productId })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, deviceId()), eq(deviceChannels.number, number)))
  )[0]!;

const batches = async (number = CHANNEL) =>
  t.db
    .select({
      id: freshBatches.id,
      lot: freshBatches.lot,
      expiresOn: freshBatches.expiresOn,
      quantity: freshBatches.quantity,
      remaining: freshBatches.remaining,
      open: sql<boolean>`${freshBatches.closedAt} is null`,
    })
    .from(freshBatches)
    .where(and(eq(freshBatches.deviceId, deviceId()), eq(freshBatches.channel, number)))
    .orderBy(asc(freshBatches.id));

const freshDifferences = async () =>
  (await reconcile(t.db, [t.ids.tenant('A')])).filter((c) => c.key.startsWith('fresh.')).flatMap((c) => c.differences);

const refill = (batch: RefillBatch | undefined, token = t.token.tenant1) =>
  t.call(
    'device.channelRefill',
    { params: { id: deviceId() }, body: { numbers: [CHANNEL], ...(batch ? { batches: [batch] } : {}) } },
    token,
  );

/** The channel's product made perishable (two days' shelf life), the channel emptied, the machine able to sell. */
async function perishableChannel(number = CHANNEL) {
  await t.db
    .update(devices)
    .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
    .where(eq(devices.serial, SERIAL));
  const { productId } = await channel(number);
  await t.db.update(products).set({ perishable: true, shelfLifeDays: 2 }).where(eq(products.id, productId!));
  await t.db
    .update(deviceChannels)
    .set({ stock: 0, enabled: true, locked: false })
    .where(and(eq(deviceChannels.deviceId, deviceId()), eq(deviceChannels.number, number)));
  return productId!;
}

describe('device.channelRefill', () => {
  it("refuses a perishable product's refill without an expiry (1440), or with a past one, and records a batch with one", async () => {
    await perishableChannel();
    expect((await refill(undefined)).body.code).toBe(CODE.batchExpiryRequired);
    // Refill all is refused the same way: nothing is filled.
    const all = await t.call('device.channelRefill', { params: { id: deviceId() }, body: {} }, t.token.tenant1);
    expect(all.body.code).toBe(CODE.batchExpiryRequired);
    expect((await channel()).stock).toBe(0);
    const past = await refill({ number: CHANNEL, expiresOn: addDays(today, -1) });
    expect(past.body.content.fields).toEqual({ 'batches.0.expiresOn': 'fresh.validation.expired' });
    const far = await refill({ number: CHANNEL, expiresOn: addDays(today, 4000) });
    expect(far.body.content.fields).toEqual({ 'batches.0.expiresOn': 'fresh.validation.expiryTooFar' });

    const filled = await refill({ number: CHANNEL, expiresOn: addDays(today, 3), lot: 'L-0301' });
    expect(filled.body.code).toBe(CODE.ok);
    const capacity = (await channel()).stock;
    expect(capacity).toBeGreaterThan(4);
    expect(await batches()).toEqual([
      expect.objectContaining({
        lot: 'L-0301',
        expiresOn: addDays(today, 3),
        quantity: capacity,
        remaining: capacity,
        open: true,
      }),
    ]);
    // A second refill of a full channel adds no batch.
    await refill({ number: CHANNEL, expiresOn: addDays(today, 5) });
    expect(await batches()).toHaveLength(1);
    expect(await freshDifferences()).toEqual([]);
  });

  it('sells the batch that expires first, and counts, returns and edits move the batches too', async () => {
    const capacity = (await channel()).stock;
    await sell(3);
    // A batch expiring sooner than the one in the channel.
    await refill({ number: CHANNEL, expiresOn: addDays(today, 1), lot: 'L-0299' });
    let [later, sooner] = await batches();
    expect(later!.remaining).toBe(capacity - 3);
    expect(sooner).toEqual(expect.objectContaining({ lot: 'L-0299', quantity: 3, remaining: 3 }));
    await sell(4);
    [later, sooner] = await batches();
    expect(sooner).toEqual(expect.objectContaining({ remaining: 0, open: false }));
    expect(later!.remaining).toBe(capacity - 4);
    // A jam gives two back: they join the oldest open batch.
    const jammed = await sell(2);
    await machine('delivery.outcome', {
      saleId: jammed,
      items: [{ channel: CHANNEL, outcome: 'failed', failure: 'jam' }],
    });
    expect((await batches())[0]!.remaining).toBe(capacity - 4);
    // The machine counts 2 left.
    expect((await machine('device.stockReport', { channels: [{ number: CHANNEL, stock: 2 }] })).body.code).toBe(
      CODE.ok,
    );
    expect((await batches())[0]!.remaining).toBe(2);
    // More stock typed by hand is a refill without an expiry; less is taken from the batches.
    const up = await t.call(
      'device.channelUpdate',
      { params: { id: deviceId() }, body: { numbers: [CHANNEL], patch: { stock: 6 } } },
      t.token.tenant1,
    );
    expect(up.body.code).toBe(CODE.batchExpiryRequired);
    await t.ok(
      'device.channelUpdate',
      { params: { id: deviceId() }, body: { numbers: [CHANNEL], patch: { stock: 1 } } },
      t.token.tenant1,
    );
    expect((await batches())[0]!.remaining).toBe(1);
    const moves = await t.db
      .select({ delta: freshBatchMoves.delta, cause: freshBatchMoves.cause })
      .from(freshBatchMoves)
      .where(eq(freshBatchMoves.batchId, (await batches())[0]!.id))
      .orderBy(asc(freshBatchMoves.id));
    expect(moves.map((m) => m.cause)).toEqual(['refill', 'sale', 'sale', 'sale', 'returned', 'count', 'edit']);
    expect(await freshDifferences()).toEqual([]);
  });

  it("closes a channel's batches when it is given other goods", async () => {
    const other = (await channel(CHANNEL + 1)).productId!;
    await t.ok(
      'device.channelUpdate',
      { params: { id: deviceId() }, body: { numbers: [CHANNEL], patch: { productId: other } } },
      t.token.tenant1,
    );
    expect((await batches()).every((b) => !b.open)).toBe(true);
    expect(await freshDifferences()).toEqual([]);
  });

  it('keeps the batches adding up to the stock under sales at once', async () => {
    const number = CHANNEL + 2;
    await perishableChannel(number);
    await t.ok(
      'device.channelRefill',
      { params: { id: deviceId() }, body: { numbers: [number], batches: [{ number, expiresOn: addDays(today, 2) }] } },
      t.token.tenant1,
    );
    const full = (await channel(number)).stock;
    await sell(Math.min(3, full - 1), number);
    await t.ok(
      'device.channelRefill',
      { params: { id: deviceId() }, body: { numbers: [number], batches: [{ number, expiresOn: addDays(today, 1) }] } },
      t.token.tenant1,
    );
    const results = await Promise.all(
      Array.from({ length: full + 3 }, (_, i) =>
        machine('order.sale', {
          saleId: `R${i}-${Date.now()}`,
          thirdPartyNumber: `4400${i}`,
          platform: 'wechat',
          paymentType: 'scan',
          items: [{ channel: number, count: 1 }],
        }),
      ),
    );
    expect(results.map((r) => r.body.code).filter((c) => c !== CODE.insufficientStock)).toEqual(
      Array(full).fill(CODE.ok),
    );
    expect((await channel(number)).stock).toBe(0);
    expect((await batches(number)).every((b) => b.remaining === 0 && !b.open)).toBe(true);
    expect(await freshDifferences()).toEqual([]);
  });
});

describe('fresh.batches', () => {
  it("shows the demo fridge's batches refilled by tenant1, one a day past its expiry", async () => {
    const fridge = t.ids.device('VM2026000111');
    const page = await t.ok('fresh.batches', { query: { pageSize: 50 }, body: { deviceId: fridge } }, t.token.tenant1);
    expect(page.total).toBeGreaterThan(3);
    expect(page.list[0]).toEqual(
      expect.objectContaining({ deviceName: '虹桥站鲜食柜', state: 'expired', daysLeft: -1 }),
    );
    expect(page.list.every((b) => b.lot !== null && b.refilledBy !== null && b.expiresOn !== null)).toBe(true);
    expect(page.list.some((b) => b.state === 'today')).toBe(true);
  });

  it('lists open batches nearest expiry first, unknown expiry before any, by state, lot and device', async () => {
    const number = CHANNEL + 3;
    await perishableChannel(number);
    // Stock that came without a refill (a machine's count), held and then approved, is a batch of unknown expiry.
    await machine('device.stockReport', { channels: [{ number, stock: 2 }] });
    const held = await t.ok(
      'fresh.quarantine',
      { query: {}, body: { state: 'held', deviceId: deviceId() } },
      t.token.tenant1,
    );
    await t.ok(
      'fresh.decideQuarantine',
      { params: { id: held.list[0]!.id }, body: { approve: true } },
      t.token.tenant1,
    );
    const page = await t.ok('fresh.batches', { query: {}, body: { deviceId: deviceId() } }, t.token.tenant1);
    expect(page.list[0]).toEqual(
      expect.objectContaining({
        channel: number,
        state: 'undated',
        expiresOn: null,
        daysLeft: null,
        refilledBy: null,
        remaining: 2,
      }),
    );
    await t.ok(
      'device.channelRefill',
      {
        params: { id: deviceId() },
        body: { numbers: [number], batches: [{ number, expiresOn: today, lot: 'TODAY-1' }] },
      },
      t.token.tenant1,
    );
    const todays = await t.ok(
      'fresh.batches',
      { query: {}, body: { state: 'today', deviceId: deviceId() } },
      t.token.tenant1,
    );
    expect(todays.list).toEqual([
      expect.objectContaining({ lot: 'TODAY-1', state: 'today', daysLeft: 0, deviceName: expect.any(String) }),
    ]);
    expect(todays.list[0]!.refilledBy).not.toBeNull();
    const byLot = await t.ok('fresh.batches', { query: {}, body: { keyword: 'today-1' } }, t.token.tenant1);
    expect(byLot.total).toBe(1);
    // A batch past its day is expired.
    await t.db
      .update(freshBatches)
      .set({ expiresOn: addDays(today, -2) })
      .where(eq(freshBatches.lot, 'TODAY-1'));
    const expired = await t.ok(
      'fresh.batches',
      { query: {}, body: { state: 'expired', deviceId: deviceId() } },
      t.token.tenant1,
    );
    expect(expired.list).toEqual([expect.objectContaining({ lot: 'TODAY-1', state: 'expired', daysLeft: -2 })]);
    // The admin sees them; tenant B sees none of A's, and may not name A's device.
    expect((await t.ok('fresh.batches', { query: {}, body: {} }, t.token.admin)).total).toBeGreaterThan(0);
    expect((await t.ok('fresh.batches', { query: {}, body: {} }, t.token.tenant2)).total).toBe(0);
    const foreign = await t.call('fresh.batches', { query: {}, body: { deviceId: deviceId() } }, t.token.tenant2);
    expect(foreign.body.code).toBe(CODE.deviceNotFound);
  });

  it('names a batch whose moves were altered, and a channel whose batches do not hold its stock', async () => {
    const [open] = await t.db
      .select({ id: freshBatches.id })
      .from(freshBatches)
      .where(and(eq(freshBatches.deviceId, deviceId()), sql`${freshBatches.closedAt} is null`))
      .limit(1);
    await t.db
      .update(freshBatches)
      .set({ remaining: sql`${freshBatches.remaining} + 1` })
      .where(eq(freshBatches.id, open!.id));
    const found = await freshDifferences();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'batch', subjectId: open!.id }),
        expect.objectContaining({ subject: 'channel', subjectId: deviceId() }),
      ]),
    );
    await t.db
      .update(freshBatches)
      .set({ remaining: sql`${freshBatches.remaining} - 1` })
      .where(eq(freshBatches.id, open!.id));
    expect(await freshDifferences()).toEqual([]);
  });
});

describe('fresh.export', () => {
  it('exports the batches of the filter in the list order, in the language asked', async () => {
    const listed = await t.ok('fresh.batches', { query: { pageSize: 100 }, body: {} }, t.token.tenant1);
    const sheet = await t.ok('fresh.export', { query: { lang: 'en' }, body: {} }, t.token.tenant1);
    expect(sheet.rows).toBe(listed.total);
    expect(sheet.name).toMatch(/^Batches and expiry-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(Buffer.from(sheet.data, 'base64').subarray(0, 2).toString()).toBe('PK');
    const expired = await t.ok(
      'fresh.export',
      { query: { lang: 'zh-CN' }, body: { state: 'expired', deviceId: deviceId() } },
      t.token.tenant1,
    );
    expect(expired.rows).toBe(1);
    expect((await t.ok('fresh.export', { query: {}, body: {} }, t.token.tenant2)).rows).toBe(0);
  });
});

describe('fresh.removeBatch', () => {
  it("takes what is left of a batch out of its channel as waste, valued at the channel's price, once", async () => {
    const number = CHANNEL + 4;
    await perishableChannel(number);
    await t.ok(
      'device.channelRefill',
      { params: { id: deviceId() }, body: { numbers: [number], batches: [{ number, expiresOn: today, lot: 'W-1' }] } },
      t.token.tenant1,
    );
    await sell(2, number);
    const [batch] = await batches(number);
    const [row] = await t.db
      .select({ stock: deviceChannels.stock, price: deviceChannels.price })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, deviceId()), eq(deviceChannels.number, number)));
    expect(
      (await t.call('fresh.removeBatch', { params: { id: batch!.id }, body: { reason: 'expired' } }, t.token.tenant2))
        .body.code,
    ).toBe(CODE.batchGone);
    const removed = await t.ok(
      'fresh.removeBatch',
      { params: { id: batch!.id }, body: { reason: 'expired' } },
      t.token.tenant1,
    );
    expect(removed).toEqual({ units: row!.stock, value: row!.stock * row!.price! });
    expect((await channel(number)).stock).toBe(0);
    expect((await batches(number))[0]).toMatchObject({ remaining: 0, open: false });
    expect(
      (await t.call('fresh.removeBatch', { params: { id: batch!.id }, body: { reason: 'expired' } }, t.token.tenant1))
        .body.code,
    ).toBe(CODE.batchGone);
    expect(await freshDifferences()).toEqual([]);
  });
});

describe('fresh.waste', () => {
  it('reports waste per month, machine and product, and another tenant sees none of it', async () => {
    const month = today.slice(0, 7);
    const report = await t.ok('fresh.waste', { query: {}, body: { month, deviceId: deviceId() } }, t.token.tenant1);
    expect(report.list).toEqual([
      expect.objectContaining({ month, deviceName: '杭州东站饮料机', removals: 1, reasons: ['expired'] }),
    ]);
    expect(report.list[0]!.units).toBeGreaterThan(0);
    expect(report.total).toBe(1);
    expect((await t.ok('fresh.waste', { query: {}, body: { month: '2020-01' } }, t.token.tenant1)).total).toBe(0);
    expect((await t.ok('fresh.waste', { query: {}, body: {} }, t.token.tenant2)).total).toBe(0);
    expect(
      (await t.call('fresh.waste', { query: {}, body: { deviceId: deviceId() } }, t.token.tenant2)).body.code,
    ).toBe(CODE.deviceNotFound);
  });
});

describe('device.heartbeat', () => {
  it('names the channels whose oldest batch is past its expiry, for the machine to refuse', async () => {
    const channelsOf = async (serial: string) => {
      const beat = await t.call('device.heartbeat', { body: {} }, undefined, { authorization: deviceBasic(serial) });
      expect(beat.body.code).toBe(CODE.ok);
      return beat.body.content.channels as MachineState['channels'];
    };
    // The demo fridge's first lane holds a batch a day past its expiry; the others sell.
    expect((await channelsOf('VM2026000111')).filter((c) => c.expired).map((c) => c.number)).toEqual([1]);
    // A machine without fresh food has none.
    expect((await channelsOf('VM2026000101')).some((c) => c.expired)).toBe(false);
  });
});
