/**
 * The stock ledger (stock_moves): every move of a channel's stock is recorded
 * with its cause whichever code makes it — a sale, a jam giving the item
 * back, an empty channel, a refill, a machine's count, a console edit — and
 * the books' `device.stock` check finds a channel whose moves no longer sum
 * to its stock.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reconcile } from '../../../server/books/index.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels, stockMoves } from '../../../server/device/schema.js';
import { CODE } from '../../../shared/domains.js';
import { deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1']);
const SERIAL = 'VM2026000106';
const CHANNEL = 3;
let sales = 0;

const moves = async () =>
  t.db
    .select({ delta: stockMoves.delta, cause: stockMoves.cause })
    .from(stockMoves)
    .where(and(eq(stockMoves.deviceId, t.ids.device(SERIAL)), eq(stockMoves.channel, CHANNEL)))
    .orderBy(asc(stockMoves.id));
const stock = async () =>
  (
    await t.db
      .select({ stock: deviceChannels.stock })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, t.ids.device(SERIAL)), eq(deviceChannels.number, CHANNEL)))
  )[0]!.stock;
const machine = (op: 'order.sale' | 'delivery.outcome' | 'device.stockReport', body: object) =>
  t.call(op, { body } as never, undefined, { authorization: deviceBasic(SERIAL) });

async function sell(count: number) {
  const saleId = `S${++sales}-${Date.now()}`;
  const res = await machine('order.sale', {
    saleId,
    thirdPartyNumber: `4200${sales}`,
    platform: 'wechat',
    paymentType: 'scan',
    items: [{ channel: CHANNEL, count }],
  });
  expect(res.body.code).toBe(CODE.ok);
  return saleId;
}

const stockDifferences = async () =>
  (await reconcile(t.db, [t.ids.tenant('A')])).find((c) => c.key === 'device.stock')!.differences;

describe('the stock ledger', () => {
  it('records each move with its cause, and the moves always sum to the stock', async () => {
    await t.db
      .update(devices)
      .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
      .where(eq(devices.serial, SERIAL));
    const before = (await moves()).length;
    const sum = async () => (await moves()).reduce((s, m) => s + m.delta, 0);

    await t.ok(
      'device.channelRefill',
      { params: { id: t.ids.device(SERIAL) }, body: { numbers: [CHANNEL] } },
      t.token.tenant1,
    );
    const full = await stock();
    const jammed = await sell(2);
    await sell(1);
    expect(await stock()).toBe(full - 3);
    // A jam: both items are still in the spiral, so they come back.
    await machine('delivery.outcome', {
      saleId: jammed,
      items: [{ channel: CHANNEL, outcome: 'failed', failure: 'jam' }],
    });
    expect(await stock()).toBe(full - 1);
    expect((await machine('device.stockReport', { channels: [{ number: CHANNEL, stock: 4 }] })).body.code).toBe(
      CODE.ok,
    );
    const emptied = await sell(1);
    await machine('delivery.outcome', {
      saleId: emptied,
      items: [{ channel: CHANNEL, outcome: 'failed', failure: 'empty' }],
    });
    expect(await stock()).toBe(0);

    const recorded = (await moves()).slice(before).filter((m) => m.cause !== 'refill' || m.delta !== 0);
    expect(recorded.map((m) => m.cause)).toEqual(expect.arrayContaining(['sale', 'returned', 'count', 'empty']));
    expect(recorded.filter((m) => m.cause === 'sale').map((m) => m.delta)).toEqual([-2, -1, -1]);
    expect(recorded.find((m) => m.cause === 'returned')!.delta).toBe(2);
    expect(recorded.find((m) => m.cause === 'empty')!.delta).toBe(-3);
    expect(await sum()).toBe(await stock());
    expect(await stockDifferences()).toEqual([]);
  });

  it('names a channel whose moves were altered behind the ledger', async () => {
    const [last] = await t.db
      .select({ id: stockMoves.id })
      .from(stockMoves)
      .where(eq(stockMoves.deviceId, t.ids.device(SERIAL)))
      .orderBy(sql`${stockMoves.id} desc`)
      .limit(1);
    await t.db
      .update(stockMoves)
      .set({ delta: sql`${stockMoves.delta} + 5` })
      .where(eq(stockMoves.id, last!.id));
    const found = await stockDifferences();
    expect(found).toEqual([expect.objectContaining({ subject: 'channel', subjectId: t.ids.device(SERIAL) })]);
    await t.db
      .update(stockMoves)
      .set({ delta: sql`${stockMoves.delta} - 5` })
      .where(eq(stockMoves.id, last!.id));
    expect(await stockDifferences()).toEqual([]);
  });
});

describe('device.countStock', () => {
  const COUNTED = 5;
  const device = () => t.ids.device(SERIAL);
  const count = (counts: object[], token = t.token.tenant1) =>
    t.call('device.countStock', { params: { id: device() }, body: { counts } as never }, token);
  const channelRows = () =>
    t.db
      .select({ number: deviceChannels.number, stock: deviceChannels.stock, productId: deviceChannels.productId })
      .from(deviceChannels)
      .where(eq(deviceChannels.deviceId, device()))
      .orderBy(asc(deviceChannels.number));

  it('sets each channel to what was counted and records the difference as counted at the visit, with its goods', async () => {
    await t.ok('device.channelRefill', { params: { id: device() }, body: { numbers: [CHANNEL] } }, t.token.tenant1);
    const before = await stock();
    const other = (await channelRows()).find((r) => r.number !== CHANNEL && r.productId !== null && r.stock > 0)!;
    const res = await t.ok(
      'device.countStock',
      {
        params: { id: device() },
        body: {
          counts: [
            { number: CHANNEL, counted: COUNTED },
            { number: other.number, counted: other.stock + 1 },
          ],
        },
      },
      t.token.tenant1,
    );
    expect(res.missing).toBe(before - COUNTED);
    expect(res.found).toBe(1);
    expect(res.channels.map((ch) => [ch.number, ch.expected, ch.counted])).toEqual(
      [
        [CHANNEL, before, COUNTED],
        [other.number, other.stock, other.stock + 1],
      ].sort((a, b) => a[0]! - b[0]!),
    );
    expect(res.channels.every((ch) => ch.productName !== '')).toBe(true);
    expect(await stock()).toBe(COUNTED);
    const [last] = await t.db
      .select({
        delta: stockMoves.delta,
        cause: stockMoves.cause,
        productId: stockMoves.productId,
        tenantId: stockMoves.tenantId,
      })
      .from(stockMoves)
      .where(and(eq(stockMoves.deviceId, device()), eq(stockMoves.channel, CHANNEL)))
      .orderBy(sql`${stockMoves.id} desc`)
      .limit(1);
    const productId = (await channelRows()).find((r) => r.number === CHANNEL)!.productId;
    expect(last).toEqual({ delta: COUNTED - before, cause: 'visit', productId, tenantId: t.ids.tenant('A') });
    // Counted as the books say: nothing moves.
    const moved = (await moves()).length;
    expect((await count([{ number: CHANNEL, counted: COUNTED }])).body.content).toMatchObject({ missing: 0, found: 0 });
    expect((await moves()).length).toBe(moved);
    expect(await stockDifferences()).toEqual([]);
  });

  it('refuses a count above the capacity, of an empty or missing channel, twice for one channel or negative, all or nothing', async () => {
    const rows = await channelRows();
    const empty = rows.find((r) => r.productId === null);
    const fields = async (counts: object[]) => (await count(counts)).body.content?.fields;
    expect(await fields([{ number: CHANNEL, counted: 10_000 }])).toEqual({
      'counts.0.counted': 'device.validation.stockCapacity',
    });
    expect(await fields([{ number: 998, counted: 1 }])).toEqual({ 'counts.0.number': 'device.validation.channel' });
    if (empty)
      expect(await fields([{ number: empty.number, counted: 0 }])).toEqual({
        'counts.0.number': 'device.validation.countEmpty',
      });
    expect(await fields([{ number: CHANNEL, counted: -1 }])).toEqual({
      'counts.0.counted': 'device.validation.counted',
    });
    expect(
      await fields([
        { number: CHANNEL, counted: 1 },
        { number: CHANNEL, counted: 2 },
      ]),
    ).toEqual({ counts: 'device.validation.countRepeat' });
    // One bad line keeps the good one from landing.
    const kept = await stock();
    expect(
      await fields([
        { number: CHANNEL, counted: 0 },
        { number: 998, counted: 1 },
      ]),
    ).toEqual({ 'counts.1.number': 'device.validation.channel' });
    expect(await stock()).toBe(kept);
  });

  it("answers another tenant's device as missing (1201)", async () => {
    const tenant2 = await t.signIn('tenant2');
    expect((await count([{ number: CHANNEL, counted: 1 }], tenant2)).body.code).toBe(CODE.deviceNotFound);
  });

  it('writes a channel given other goods as the old goods leaving and the new coming, the moves still summing to its stock', async () => {
    const rows = await channelRows();
    const channel = rows.find((r) => r.number === CHANNEL)!;
    const other = rows.find((r) => r.productId !== null && r.productId !== channel.productId)!;
    const before = (await moves()).length;
    await t.ok(
      'device.channelUpdate',
      { params: { id: device() }, body: { numbers: [CHANNEL], patch: { productId: other.productId!, stock: 2 } } },
      t.token.tenant1,
    );
    const made = await t.db
      .select({ delta: stockMoves.delta, cause: stockMoves.cause, productId: stockMoves.productId })
      .from(stockMoves)
      .where(and(eq(stockMoves.deviceId, device()), eq(stockMoves.channel, CHANNEL)))
      .orderBy(asc(stockMoves.id))
      .offset(before);
    expect(made).toEqual([
      { delta: -channel.stock, cause: 'changed', productId: channel.productId },
      { delta: 2, cause: 'edit', productId: other.productId },
    ]);
    expect(await stockDifferences()).toEqual([]);
  });
});
