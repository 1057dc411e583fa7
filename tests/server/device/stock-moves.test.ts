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
