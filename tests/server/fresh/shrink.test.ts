/**
 * The shrink report: a machine's product over a month — refilled, sold,
 * the visit's count, a machine's own count — adds up to what went missing,
 * valued at the product's cost; totals, the losses-only filter, months,
 * scope and the export.
 */
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../../shared/business-time.js';
import { deviceChannels, devices } from '../../../server/device/index.js';
import { products } from '../../../server/product/index.js';
import { CODE } from '../../../shared/domains.js';
import { deviceBasic, suiteApp } from '../helpers.js';
import { sheetRows } from '../sheets.js';

const t = suiteApp(['tenant1', 'tenant2', 'admin']);
const SERIAL = 'VM2026000107';
const CHANNEL = 2;
const COST = 180;
const month = businessDay().slice(0, 7);
let sales = 0;

const deviceId = () => t.ids.device(SERIAL);
const machine = (op: 'order.sale' | 'device.stockReport', body: object) =>
  t.call(op, { body } as never, undefined, { authorization: deviceBasic(SERIAL) });
const channel = async (number: number) =>
  (
    await t.db
      .select({ stock: deviceChannels.stock, productId: deviceChannels.productId })
      .from(deviceChannels)
      .where(and(eq(deviceChannels.deviceId, deviceId()), eq(deviceChannels.number, number)))
  )[0]!;
const report = (body: object, token = t.token.tenant1) =>
  t.ok('fresh.shrink', { query: { pageSize: 100 }, body }, token);
const rowOf = async (productId: number, body: object = { month, deviceId: deviceId() }) =>
  (await report(body)).list.find((r) => r.productId === productId);

/** The month of the machine's first channel: refilled, two sold, three found missing at the visit, one by the machine's count. */
async function monthOfMoves() {
  await t.db
    .update(devices)
    .set({ online: true, locked: false, channelSalesLimit: 5, orderLimit: 10 })
    .where(eq(devices.serial, SERIAL));
  const { productId } = await channel(CHANNEL);
  await t.db.update(products).set({ cost: COST }).where(eq(products.id, productId!));
  const { stock: before } = await channel(CHANNEL);
  await t.ok('device.channelRefill', { params: { id: deviceId() }, body: { numbers: [CHANNEL] } }, t.token.tenant1);
  const full = (await channel(CHANNEL)).stock;
  const res = await machine('order.sale', {
    saleId: `SH${++sales}-${Date.now()}`,
    thirdPartyNumber: `4400${sales}`,
    platform: 'wechat',
    paymentType: 'scan',
    items: [{ channel: CHANNEL, count: 2 }],
  });
  expect(res.body.code).toBe(CODE.ok);
  await t.ok(
    'device.countStock',
    { params: { id: deviceId() }, body: { counts: [{ number: CHANNEL, counted: full - 5 }] } },
    t.token.tenant1,
  );
  expect((await machine('device.stockReport', { channels: [{ number: CHANNEL, stock: full - 6 }] })).body.code).toBe(
    CODE.ok,
  );
  return { productId: productId!, full, refilled: full - before };
}

describe('fresh.shrink', () => {
  it('adds a month of moves up to what went missing, at the product cost', async () => {
    const before = await rowOf((await channel(CHANNEL)).productId!);
    const { productId, refilled } = await monthOfMoves();
    const row = await rowOf(productId);
    const grew = (key: 'refilled' | 'sold' | 'counted' | 'adjusted' | 'missing') => row![key] - (before?.[key] ?? 0);
    expect(row).toMatchObject({ month, deviceId: deviceId(), cost: COST, tenantName: expect.any(String) });
    expect(grew('refilled')).toBe(refilled);
    expect(grew('sold')).toBe(2);
    expect(grew('counted')).toBe(-3);
    expect(grew('adjusted')).toBe(-1);
    expect(grew('missing')).toBe(4);
    expect(row!.value).toBe(row!.missing * COST);
    expect(row!.productNumber).not.toBe('');
  });

  it('takes stock typed lower by hand as missing, higher as goods put in, and other goods in a channel as no shrink', async () => {
    const { productId } = await channel(CHANNEL);
    const before = (await rowOf(productId!))!;
    const edit = (patch: object) =>
      t.ok(
        'device.channelUpdate',
        { params: { id: deviceId() }, body: { numbers: [CHANNEL], patch } },
        t.token.tenant1,
      );
    const { stock } = await channel(CHANNEL);
    await edit({ stock: stock - 1 });
    await edit({ stock: stock + 2 });
    const after = (await rowOf(productId!))!;
    expect(after.adjusted - before.adjusted).toBe(-1);
    expect(after.missing - before.missing).toBe(1);
    expect(after.refilled - before.refilled).toBe(3);
    // The channel given another of the tenant's products with its stock: the old goods leave, the new come in.
    const [other] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.tenantId, t.ids.tenant('A')),
          eq(products.library, 'old'),
          eq(products.perishable, false),
          ne(products.id, productId!),
        ),
      )
      .limit(1);
    await edit({ productId: other!.id, stock: 4 });
    expect((await rowOf(productId!))!.missing).toBe(after.missing);
    const theirs = (await rowOf(other!.id))!;
    expect(theirs).toMatchObject({ refilled: expect.any(Number), missing: expect.any(Number) });
    expect(theirs.refilled).toBeGreaterThanOrEqual(4);
    await edit({ productId });
  });

  it('leaves out the rows without shrink when asked, and a month without moves is empty', async () => {
    const all = await report({ month, deviceId: deviceId() });
    const losses = await report({ month, deviceId: deviceId(), losses: true });
    expect(losses.list.length).toBeGreaterThan(0);
    expect(losses.list.every((r) => r.missing !== 0)).toBe(true);
    expect(losses.total).toBe(all.list.filter((r) => r.missing !== 0).length);
    expect((await report({ month: '2020-01' })).total).toBe(0);
    // The most value lost first.
    const values = all.list.map((r) => r.value ?? -Infinity);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it("keeps to the caller's scope: another tenant's device is 1201, another tenant's rows are not listed", async () => {
    expect(
      (await t.call('fresh.shrink', { query: {}, body: { deviceId: deviceId() } }, t.token.tenant2)).body.code,
    ).toBe(CODE.deviceNotFound);
    const theirs = await report({ month }, t.token.tenant2);
    expect(theirs.list.some((r) => r.deviceId === deviceId())).toBe(false);
    const admin = await report({ month, deviceId: deviceId() }, t.token.admin);
    expect(admin.total).toBe((await report({ month, deviceId: deviceId() })).total);
    expect(
      (await t.call('fresh.shrink', { query: {}, body: { month: '2026-13' } as never }, t.token.tenant1)).body.content
        ?.fields,
    ).toEqual({ month: 'validation.invalid' });
  });
});

describe('fresh.shrinkTotal', () => {
  it('totals the missing and found units, the value at cost and the units of products without a cost', async () => {
    const mine = await t.db
      .select({ number: deviceChannels.number, stock: deviceChannels.stock, productId: deviceChannels.productId })
      .from(deviceChannels)
      .where(eq(deviceChannels.deviceId, deviceId()));
    const first = mine.find((c) => c.number === CHANNEL)!;
    const other = mine.find((c) => c.productId !== null && c.productId !== first.productId && c.stock >= 2)!;
    const { productId: costless } = other;
    await t.db.update(products).set({ cost: null }).where(eq(products.id, costless!));
    const body = { month, deviceId: deviceId() };
    const before = await t.ok('fresh.shrinkTotal', { body }, t.token.tenant1);
    // Two missing in the product without a cost.
    await t.ok(
      'device.countStock',
      { params: { id: deviceId() }, body: { counts: [{ number: other.number, counted: other.stock - 2 }] } },
      t.token.tenant1,
    );
    const after = await t.ok('fresh.shrinkTotal', { body }, t.token.tenant1);
    expect(after.unvalued - before.unvalued).toBe(2);
    expect(after.value).toBe(before.value);
    const rows = (await report(body)).list;
    expect(after.missing).toBe(rows.reduce((s, r) => s + Math.max(0, r.missing), 0));
    expect(after.found).toBe(rows.reduce((s, r) => s + Math.max(0, -r.missing), 0));
    expect(after.value).toBe(rows.reduce((s, r) => s + (r.missing > 0 ? (r.value ?? 0) : 0), 0));
    expect(rows.find((r) => r.productId === costless)).toMatchObject({ cost: null, value: null });
    expect(await t.ok('fresh.shrinkTotal', { body: { month: '2020-01' } }, t.token.tenant1)).toEqual({
      missing: 0,
      found: 0,
      value: 0,
      unvalued: 0,
    });
  });
});

describe('fresh.shrinkExport', () => {
  it('exports the rows of the filter in the list order, in the language asked', async () => {
    const body = { month, deviceId: deviceId() };
    const listed = await report(body);
    const sheet = await t.ok('fresh.shrinkExport', { query: { lang: 'en' }, body }, t.token.tenant1);
    expect(sheet.rows).toBe(listed.total);
    expect(sheet.name).toBe(`Shrink-${month}.xlsx`);
    const rows = await sheetRows(sheet.data);
    expect(rows[0]).toEqual([
      'Month',
      'Device',
      'Product no.',
      'Product',
      'Refilled',
      'Sold',
      'Wasted',
      'Visit count',
      'Other differences',
      'Missing',
      'Unit cost',
      'Value lost',
    ]);
    expect(rows.slice(1).map((r) => [r[3], r[9]])).toEqual(listed.list.map((r) => [r.productName, r.missing]));
    const zh = await t.ok('fresh.shrinkExport', { query: { lang: 'zh-CN' }, body }, t.token.tenant1);
    expect((await sheetRows(zh.data))[0]![9]).toBe('盘亏数量');
  });
});
