/**
 * The quarantine (server/fresh/cold.ts `sortJumps`, quarantine.ts): a
 * reading 20 °C from the one before it within a minute is held, not stored
 * and not dropped; approved it counts as if it had come then, rejected it
 * stays a record; decided once, by the fridge's own tenant only.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { reconcile } from '../../../server/books/index.js';
import { deviceChannels, devices } from '../../../server/device/index.js';
import { describe, expect, it } from 'vitest';
import { freshBatches, freshQuarantine, freshTemperatures } from '../../../server/fresh/index.js';
import { CODE } from '../../../shared/domains.js';
import type { QuarantineItem, TemperatureJumpDetail } from '../../../shared/fresh/index.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { coldFridge, FRIDGE, MINUTE, minutesAgo, series } from './cold-support.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const { fridgeId, report } = coldFridge(t);

const storedAt = async (at: number) =>
  (
    await t.db
      .select({ tenths: freshTemperatures.tenths })
      .from(freshTemperatures)
      .where(and(eq(freshTemperatures.deviceId, fridgeId()), eq(freshTemperatures.at, new Date(at))))
  ).map((r) => r.tenths);
const jumpOf = (h: QuarantineItem) => h.detail as TemperatureJumpDetail;
const decide = (id: number, approve: boolean, token = t.token.tenant1) =>
  t.call('fresh.decideQuarantine', { params: { id }, body: { approve } }, token);

describe('fresh.quarantine', () => {
  it('holds a reading 20 °C from the one before within a minute, compared with the last taken', async () => {
    const start = minutesAgo(600);
    const sent = await report(series(start, [4, 4.2, 25, 4.1, 4]));
    expect(sent.body.content).toMatchObject({ stored: 4, held: 1, excursion: null });
    expect(await storedAt(start + 2 * MINUTE)).toEqual([]);
    // Across reports: the next report's first reading is compared with the last stored.
    expect((await report(series(start + 5 * MINUTE, [-30, 4]))).body.content).toMatchObject({ stored: 1, held: 1 });
    // Sent twice, held once.
    expect((await report(series(start, [4, 4.2, 25]))).body.content).toMatchObject({ stored: 0, held: 1 });
    const listed = await t.ok('fresh.quarantine', { query: {}, body: { deviceId: fridgeId() } }, t.token.tenant1);
    expect(listed.total).toBe(2);
    expect(listed.list.map((h) => jumpOf(h).celsius).sort()).toEqual([-30, 25]);
    expect(listed.list[0]).toMatchObject({ kind: 'temperatureJump', state: 'held', deviceName: '虹桥站鲜食柜' });
    const jumped = listed.list.find((h) => jumpOf(h).celsius === 25)!;
    expect(jumped.detail).toEqual({
      at: new Date(start + 2 * MINUTE).toISOString(),
      celsius: 25,
      previousAt: new Date(start + MINUTE).toISOString(),
      previousCelsius: 4.2,
    });
    expect((await t.ok('fresh.quarantine', { query: {}, body: {} }, t.token.tenant2)).total).toBe(0);
  });
});

describe('fresh.decideQuarantine', () => {
  it('applies an approved reading as if it had come then, keeps a rejected one, and decides once', async () => {
    const held = (await t.ok('fresh.quarantine', { query: {}, body: { state: 'held' } }, t.token.tenant1)).list;
    const warm = held.find((h) => jumpOf(h).celsius === 25)!;
    const cold = held.find((h) => jumpOf(h).celsius === -30)!;
    expect((await decide(warm.id, true, t.token.tenant2)).body.code).toBe(CODE.quarantineDecided);
    const approved = await t.ok(
      'fresh.decideQuarantine',
      { params: { id: warm.id }, body: { approve: true } },
      t.token.tenant1,
    );
    expect(approved).toMatchObject({ state: 'approved', decidedBy: expect.any(String) });
    expect(await storedAt(Date.parse(jumpOf(warm).at))).toEqual([250]);
    expect((await decide(warm.id, false)).body.code).toBe(CODE.quarantineDecided);
    const rejected = await t.ok(
      'fresh.decideQuarantine',
      { params: { id: cold.id }, body: { approve: false } },
      t.token.tenant1,
    );
    expect(rejected.state).toBe('rejected');
    expect(await storedAt(Date.parse(jumpOf(cold).at))).toEqual([]);
    const left = await t.db
      .select({ state: freshQuarantine.state })
      .from(freshQuarantine)
      .where(eq(freshQuarantine.deviceId, fridgeId()));
    expect(left.map((l) => l.state).sort()).toEqual(['approved', 'rejected']);
  });
});

describe('a count raising fresh food without a refill', () => {
  it('is held with the channel taken back to its batches, and put in as goods of unknown expiry once approved', async () => {
    const fridge = fridgeId();
    const [lane] = await t.db
      .select({ number: deviceChannels.number, stock: deviceChannels.stock })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, fridge), eq(deviceChannels.number, 4)));
    const open = async () =>
      (
        await t.db
          .select({ remaining: freshBatches.remaining, expiresOn: freshBatches.expiresOn })
          .from(freshBatches)
          .where(and(eq(freshBatches.deviceId, fridge), eq(freshBatches.channel, 4), isNull(freshBatches.closedAt)))
      ).sort((a, b) => (a.expiresOn ?? '').localeCompare(b.expiresOn ?? ''));
    const before = await open();
    const held = before.reduce((sum, b) => sum + b.remaining, 0);
    expect(held).toBe(lane!.stock);
    const counted = await t.call(
      'device.stockReport',
      { body: { channels: [{ number: 4, stock: 6 }] } } as never,
      undefined,
      {
        authorization: deviceBasic(FRIDGE),
      },
    );
    expect(counted.body.code).toBe(CODE.ok);
    const stockNow = async () =>
      (
        await t.db
          .select({ stock: deviceChannels.stock })
          .from(deviceChannels)
          .where(and(eq(deviceChannels.deviceId, fridge), eq(deviceChannels.number, 4)))
      )[0]!.stock;
    // Taken back: the channel holds what its batches hold, and nothing of unknown expiry was made.
    expect(await stockNow()).toBe(held);
    expect(await open()).toEqual(before);
    const listed = await t.ok('fresh.quarantine', { query: {}, body: { state: 'held' } }, t.token.tenant1);
    const rise = listed.list.find((h) => h.kind === 'stockRise')!;
    expect(rise.detail).toEqual({ channel: 4, productName: expect.any(String), from: held, to: 6 });
    await t.ok('fresh.decideQuarantine', { params: { id: rise.id }, body: { approve: true } }, t.token.tenant1);
    expect(await stockNow()).toBe(6);
    const after = await open();
    expect(after.reduce((sum, b) => sum + b.remaining, 0)).toBe(6);
    // The books still balance: stock moves = stock, batches' moves = batches, channels = their batches.
    const checks = await reconcile(t.db, [t.ids.tenant('A')]);
    expect(
      checks.filter((c) => c.key.startsWith('fresh.') || c.key === 'device.stock').flatMap((c) => c.differences),
    ).toEqual([]);
  });
});

describe('a sale of a channel the console does not know', () => {
  it('is refused at the machine (943) and held once, approved as real without moving any stock', async () => {
    await t.db.update(devices).set({ online: true, locked: false }).where(eq(devices.serial, FRIDGE));
    const saleId = `UNKNOWN-${Date.now()}`;
    const sale = () =>
      t.call(
        'order.sale',
        {
          body: {
            saleId,
            thirdPartyNumber: `4500${Date.now()}`,
            platform: 'wechat',
            paymentType: 'scan',
            items: [
              { channel: 1, count: 1 },
              { channel: 98, count: 1 },
            ],
          },
        } as never,
        undefined,
        { authorization: deviceBasic(FRIDGE) },
      );
    const stockBefore = await t.db
      .select({ number: deviceChannels.number, stock: deviceChannels.stock })
      .from(deviceChannels)
      .where(eq(deviceChannels.deviceId, fridgeId()))
      .orderBy(deviceChannels.number);
    expect((await sale()).body.code).toBe(CODE.channelUnavailable);
    expect((await sale()).body.code).toBe(CODE.channelUnavailable);
    const held = (await t.ok('fresh.quarantine', { query: { pageSize: 100 }, body: {} }, t.token.tenant1)).list.filter(
      (h) => h.kind === 'unknownChannel' && 'saleId' in h.detail && h.detail.saleId === saleId,
    );
    expect(held).toHaveLength(1);
    expect(held[0]!.detail).toEqual({
      saleId,
      channels: [98],
      items: [
        { channel: 1, count: 1 },
        { channel: 98, count: 1 },
      ],
    });
    expect((await decide(held[0]!.id, true)).body.content).toMatchObject({ state: 'approved' });
    const stockAfter = await t.db
      .select({ number: deviceChannels.number, stock: deviceChannels.stock })
      .from(deviceChannels)
      .where(eq(deviceChannels.deviceId, fridgeId()))
      .orderBy(deviceChannels.number);
    expect(stockAfter).toEqual(stockBefore);
    // Another tenant sees none of it.
    expect(
      (await t.ok('fresh.quarantine', { query: { pageSize: 100 }, body: {} }, t.token.tenant2)).list.some(
        (h) => h.id === held[0]!.id,
      ),
    ).toBe(false);
  });
});
