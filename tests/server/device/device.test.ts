/** Devices (spec §3 Device, §5: notice and warning values required, channel sales limit 1–5, order limit 1–10). */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1'], { freshDemo: true });

describe('device.page', () => {
  it('filters by keyword, point, bound state and tenant, with the point name', async () => {
    const serials = async (body: object) =>
      (await t.ok('device.page', { query: { pageSize: 100 }, body }, t.token.tenant1)).list.map((d) => d.serial);
    expect(await serials({ keyword: '000105' })).toEqual(['VM2026000105']);
    expect(await serials({ keyword: '咖啡' })).toEqual(['VM2026000104']);
    expect(await serials({ pointId: t.ids.point('peoplesSquare') })).toEqual(['VM2026000104', 'VM2026000105']);
    expect(await serials({ bound: false, tenantId: t.ids.tenant('A') })).toEqual([
      'VM2026000107',
      'VM2026000108',
      'VM2026000109',
      'VM2026000110',
    ]);
    expect(await serials({ bound: false })).toEqual([
      'VM2026000107',
      'VM2026000108',
      'VM2026000109',
      'VM2026000110',
      'VM2026000203',
    ]);
    expect(await serials({ bound: true, tenantId: t.ids.tenant('A1') })).toEqual(['VM2026000201', 'VM2026000202']);
    const page = await t.ok('device.page', { query: {}, body: { keyword: 'VM2026000101' } }, t.token.tenant1);
    expect(page.list[0]).toMatchObject({
      pointName: '上海虹桥站 A 区',
      tenantId: t.ids.tenant('A'),
      serviceExpiry: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(page.total).toBe(1);
  });

  it("refuses a filter naming a point or tenant out of the caller's scope, like a lookup of it", async () => {
    const tenant2 = await t.signIn('tenant2');
    const foreignPoint = await t.call(
      'device.page',
      { query: {}, body: { pointId: t.ids.point('peoplesSquare') } },
      tenant2,
    );
    expect(foreignPoint.body).toMatchObject({ code: CODE.pointNotFound });
    expect(JSON.stringify(foreignPoint.body)).not.toContain('VM2026000104');
    expect(await t.code('device.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, tenant2)).toBe(
      CODE.tenantNotFound,
    );
    // A second-level tenant does not see its parent.
    const tenant11 = await t.signIn('tenant11');
    expect(await t.code('device.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, tenant11)).toBe(
      CODE.tenantNotFound,
    );
    expect(await t.code('device.page', { query: {}, body: { pointId: 2 ** 31 - 1 } }, t.token.tenant1)).toBe(
      CODE.pointNotFound,
    );
  });
});

describe('device.page filters', () => {
  it('filters by type, model, allocation, online, activation, lock, authorisation and service expiry', async () => {
    const serials = async (body: object) =>
      (await t.ok('device.page', { query: { pageSize: 100 }, body }, t.token.tenant1)).list.map((d) => d.serial);
    expect(await serials({ type: 'paymentBox' })).toEqual(['VM2026000103', 'VM2026000110']);
    expect(await serials({ model: 'c900' })).toEqual(['VM2026000104']);
    expect(await serials({ allocation: 'allocated' })).toEqual(['VM2026000201', 'VM2026000202', 'VM2026000203']);
    expect(await serials({ online: true, tenantId: t.ids.tenant('A1') })).toEqual(['VM2026000201']);
    expect(await serials({ activated: false })).toEqual(['VM2026000110']);
    expect(await serials({ locked: true })).toEqual(['VM2026000105']);
    expect(await serials({ authorised: true })).toEqual([]);
    // Expired ten days ago, or within the next month.
    const inAMonth = new Date(Date.now() + 31 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await serials({ expiresBy: inAMonth })).toEqual(['VM2026000104', 'VM2026000105']);
    const [online] = (await t.ok('device.page', { query: {}, body: { keyword: 'VM2026000101' } }, t.token.tenant1))
      .list;
    expect(Date.now() - Date.parse(online!.lastSeenAt!)).toBeLessThan(60_000);
    expect(online).toMatchObject({ capacity: 8, tenantName: '华东智售科技有限公司' });
  });
});

describe('device.info', () => {
  it("gives a device with its settings, and 1201 for another tenant's", async () => {
    const id = t.ids.device('VM2026000101');
    expect(await t.ok('device.info', { params: { id } }, t.token.tenant1)).toMatchObject({
      serial: 'VM2026000101',
      channelSalesLimit: 1,
      orderLimit: 5,
      warningValue: 2,
      salesNotice: 100,
      notifications: {
        fault: true,
        online: true,
        lock: true,
        replenish: true,
        sales: true,
        warning: true,
        complaint: true,
      },
    });
    expect(await t.code('device.info', { params: { id } }, await t.signIn('tenant2'))).toBe(CODE.deviceNotFound);
  });
});

describe('device.settings', () => {
  const settings = (over: Record<string, unknown> = {}) => ({
    name: '虹桥站饮料机 1 号',
    salesNotice: 50,
    warningValue: 3,
    channelSalesLimit: 2,
    orderLimit: 8,
    notifications: {
      fault: true,
      online: false,
      lock: true,
      replenish: true,
      sales: false,
      warning: true,
      complaint: true,
    },
    ...over,
  });

  it("saves a device's settings and switches", async () => {
    const id = t.ids.device('VM2026000106');
    const saved = await t.ok(
      'device.settings',
      { params: { id }, body: settings({ name: '杭州东站饮料机（新）' }) },
      t.token.tenant1,
    );
    expect(saved).toMatchObject({
      name: '杭州东站饮料机（新）',
      salesNotice: 50,
      warningValue: 3,
      channelSalesLimit: 2,
      orderLimit: 8,
      notifications: { online: false, sales: false },
    });
  });

  it('refuses limits outside 1–5 and 1–10, a missing notice value and a warning at the capacity, as field errors', async () => {
    const id = t.ids.device('VM2026000106');
    const refused = async (over: Record<string, unknown>) =>
      (await t.call('device.settings', { params: { id }, body: settings(over) as never }, t.token.tenant1)).body.content
        ?.fields;
    expect(await refused({ channelSalesLimit: 6 })).toEqual({ channelSalesLimit: 'device.validation.channelSales' });
    expect(await refused({ orderLimit: 0 })).toEqual({ orderLimit: 'device.validation.orderItems' });
    expect(await refused({ salesNotice: null })).toEqual({ salesNotice: 'device.validation.notice' });
    expect(await refused({ warningValue: 8 })).toEqual({ warningValue: 'device.validation.warningCapacity' });
    expect(await t.code('device.settings', { params: { id }, body: settings() }, await t.signIn('tenant2'))).toBe(
      CODE.deviceNotFound,
    );
  });
});

describe('device.lock', () => {
  it("locks and unlocks devices all or none, and refuses another tenant's (1201)", async () => {
    const ids = [t.ids.device('VM2026000107'), t.ids.device('VM2026000108')];
    expect(await t.ok('device.lock', { body: { ids, locked: true } }, t.token.tenant1)).toEqual({ changed: 2 });
    expect((await t.ok('device.info', { params: { id: ids[0]! } }, t.token.tenant1)).locked).toBe(true);
    const tenant2 = await t.signIn('tenant2');
    expect(
      await t.code(
        'device.lock',
        { body: { ids: [...ids, t.ids.device('VM2026000304')], locked: false } },
        t.token.tenant1,
      ),
    ).toBe(CODE.deviceNotFound);
    expect((await t.ok('device.info', { params: { id: ids[0]! } }, t.token.tenant1)).locked).toBe(true);
    expect(await t.code('device.lock', { body: { ids, locked: false } }, tenant2)).toBe(CODE.deviceNotFound);
    await t.ok('device.lock', { body: { ids, locked: false } }, t.token.tenant1);
  });
});

describe('device.channels', () => {
  it("lists a device's channels by number with products and both prices, and 1201 for another tenant's", async () => {
    const channels = await t.ok('device.channels', { params: { id: t.ids.device('VM2026000101') } }, t.token.tenant1);
    expect(channels).toHaveLength(60);
    expect(channels[0]).toMatchObject({
      number: 1,
      capacity: 8,
      productName: expect.any(String),
      price: expect.any(Number),
      customerStaffPrice: expect.any(Number),
    });
    expect(channels.every((c) => c.stock >= 0 && c.stock <= 8)).toBe(true);
    expect(
      (await t.call('device.channels', { params: { id: t.ids.device('VM2026000101') } }, await t.signIn('tenant2')))
        .body.code,
    ).toBe(CODE.deviceNotFound);
  });
});

describe('device.channelUpdate', () => {
  const id = () => t.ids.device('VM2026000107');

  it("changes a selection's prices, lock and switch all at once", async () => {
    const changed = await t.ok(
      'device.channelUpdate',
      {
        params: { id: id() },
        body: { numbers: [1, 2, 3], patch: { price: 450, customerStaffPrice: 400, locked: true } },
      },
      t.token.tenant1,
    );
    expect(changed.slice(0, 3).map((c) => [c.price, c.customerStaffPrice, c.locked])).toEqual([
      [450, 400, true],
      [450, 400, true],
      [450, 400, true],
    ]);
    expect(changed[3]!.locked).toBe(false);
  });

  it('empties a channel with its prices, and refuses a product without a staff price or over the capacity', async () => {
    const emptied = await t.ok(
      'device.channelUpdate',
      { params: { id: id() }, body: { numbers: [5], patch: { productId: null } } },
      t.token.tenant1,
    );
    expect(emptied[4]).toMatchObject({ productId: null, price: null, customerStaffPrice: null, stock: 0 });
    const [product] = (
      await t.ok('product.page', { query: {}, body: { tenantId: t.ids.tenant('A') } }, t.token.tenant1)
    ).list;
    const unpriced = await t.call(
      'device.channelUpdate',
      { params: { id: id() }, body: { numbers: [5], patch: { productId: product!.id, price: 300 } } },
      t.token.tenant1,
    );
    expect(unpriced.body.content.fields).toEqual({
      'patch.customerStaffPrice': 'device.validation.customerStaffPrice',
    });
    const over = await t.call(
      'device.channelUpdate',
      { params: { id: id() }, body: { numbers: [6], patch: { stock: 9 } } },
      t.token.tenant1,
    );
    expect(over.body.content.fields).toEqual({ 'patch.stock': 'device.validation.stockCapacity' });
    expect(
      (
        await t.call(
          'device.channelUpdate',
          { params: { id: id() }, body: { numbers: [61], patch: { locked: true } } },
          t.token.tenant1,
        )
      ).body.content.fields,
    ).toEqual({ numbers: 'device.validation.channel' });
  });

  it("refuses another tenant's product (1101) and device (1201)", async () => {
    const tenant2 = await t.signIn('tenant2');
    const [theirs] = (await t.ok('product.page', { query: {}, body: {} }, tenant2)).list;
    expect(
      await t.code(
        'device.channelUpdate',
        { params: { id: id() }, body: { numbers: [1], patch: { productId: theirs!.id } } },
        t.token.tenant1,
      ),
    ).toBe(CODE.productNotFound);
    expect(
      await t.code(
        'device.channelUpdate',
        { params: { id: id() }, body: { numbers: [1], patch: { locked: false } } },
        tenant2,
      ),
    ).toBe(CODE.deviceNotFound);
  });
});

describe('device.channelRefill', () => {
  it('fills the switched-on channels with a product to the capacity, or just those named', async () => {
    const id = t.ids.device('VM2026000108');
    const some = await t.ok('device.channelRefill', { params: { id }, body: { numbers: [2] } }, t.token.tenant1);
    expect(some[1]!.stock).toBe(12);
    const all = await t.ok('device.channelRefill', { params: { id }, body: {} }, t.token.tenant1);
    expect(all.filter((c) => c.enabled && c.productId !== null).every((c) => c.stock === 12)).toBe(true);
    expect(all.some((c) => !c.enabled && c.stock < 12)).toBe(true);
  });
});

describe('device.productOptions', () => {
  it("offers enabled products of the device's tenant by pinyin, and 1201 for another tenant's device", async () => {
    const id = t.ids.device('VM2026000101');
    const found = await t.ok('device.productOptions', { params: { id }, body: { keyword: 'kkkl' } }, t.token.tenant1);
    expect(found.map((p) => p.name).sort()).toEqual(['可口可乐 1.25L', '可口可乐 330ml', '可口可乐 500ml']);
    expect((await t.ok('device.productOptions', { params: { id }, body: {} }, t.token.tenant1)).length).toBe(20);
    // The device list's code is enough: member1 holds 2-1 and not 5-1.
    expect(
      (await t.ok('device.productOptions', { params: { id }, body: { keyword: 'kkkl' } }, await t.signIn('member1')))
        .length,
    ).toBe(3);
    expect(await t.code('device.productOptions', { params: { id }, body: {} }, await t.signIn('tenant2'))).toBe(
      CODE.deviceNotFound,
    );
  });
});

describe('device.settingsBulk', () => {
  it('sets what is given on every chosen device, all or none, switches merged', async () => {
    const ids = [t.ids.device('VM2026000107'), t.ids.device('VM2026000108')];
    expect(
      await t.ok(
        'device.settingsBulk',
        { body: { ids, patch: { salesNotice: 50, orderLimit: 3, notifications: { sales: false } } } },
        t.token.tenant1,
      ),
    ).toEqual({ changed: 2 });
    for (const id of ids) {
      const info = await t.ok('device.info', { params: { id } }, t.token.tenant1);
      expect(info).toMatchObject({ salesNotice: 50, orderLimit: 3, notifications: { sales: false, fault: true } });
    }
    // The drinks machine holds 8 a channel: a warning at 8 is refused for the whole selection.
    const refused = await t.call('device.settingsBulk', { body: { ids, patch: { warningValue: 8 } } }, t.token.tenant1);
    expect(refused.body.content.fields).toEqual({ 'patch.warningValue': 'device.validation.warningCapacity' });
    expect((await t.ok('device.info', { params: { id: ids[1]! } }, t.token.tenant1)).warningValue).not.toBe(8);
    expect(
      (await t.call('device.settingsBulk', { body: { ids, patch: { channelSalesLimit: 6 } } }, t.token.tenant1)).body
        .content.fields,
    ).toEqual({ 'patch.channelSalesLimit': 'device.validation.channelSales' });
    expect(await t.ok('device.settingsBulk', { body: { ids, patch: {} } }, t.token.tenant1)).toEqual({ changed: 0 });
    const tenant2 = await t.signIn('tenant2');
    expect(await t.code('device.settingsBulk', { body: { ids, patch: { orderLimit: 1 } } }, tenant2)).toBe(
      CODE.deviceNotFound,
    );
  });
});
